import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './CareersCover.css';

/**
 * The careers cover: a dark hero with the pitch, one figure and a jump to the openings.
 * It carries the h1 of /jobs.
 */
export function CareersCover({
  countries,
}: {
  /** How many countries the team lives in. */
  countries: number;
}) {
  const { t } = useI18n();
  return (
    <section className="careers-cover page-hero" aria-labelledby="careers-cover-title">
      <div className="container page-hero__split">
        <div>
          <p className="page-hero__eyebrow">{t('jobs.title')}</p>
          <h1 id="careers-cover-title">{t('careers.title')}</h1>
          <p className="page-hero__lead">{t('careers.text')}</p>
          <p className="careers-cover__stat">{t('careers.stat', { count: countries })}</p>
          <a className="btn btn--light" href="#openings">
            {t('careers.cta')}
            <Icon name="arrowRight" className="btn__icon" />
          </a>
        </div>
        <div className="careers-cover__art" aria-hidden="true">
          {Array.from({ length: 12 }, (_, i) => (
            <span key={i} className="careers-cover__tile" style={{ animationDelay: `${i * 90}ms` }} />
          ))}
        </div>
      </div>
    </section>
  );
}
