import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './CareersCover.css';

/**
 * The careers cover: a dark hero with the pitch, one figure and a jump to the openings.
 * On /jobs it carries the page's h1; elsewhere pass `headingLevel={2}`.
 */
export function CareersCover({
  headingLevel = 1,
  countries,
  openingsAnchor = '#openings',
}: {
  headingLevel?: 1 | 2;
  /** How many countries the team lives in. */
  countries: number;
  openingsAnchor?: string;
}) {
  const { t } = useI18n();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="careers-cover page-hero" aria-labelledby="careers-cover-title">
      <div className="container careers-cover__inner">
        <div>
          <p className="page-hero__eyebrow">{t('jobs.title')}</p>
          <Heading id="careers-cover-title">{t('careers.title')}</Heading>
          <p className="page-hero__lead">{t('careers.text')}</p>
          <p className="careers-cover__stat">{t('careers.stat', { count: countries })}</p>
          <a className="btn btn--light" href={openingsAnchor}>
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
