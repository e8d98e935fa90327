import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './AboutCover.css';

/** The "about us" cover: a dark band with who we are, one figure and a link to careers. */
export function AboutCover() {
  const { t, localePath, locales } = useI18n();
  return (
    <section className="section section--night about-cover" aria-labelledby="about-cover-title">
      <div className="container about-cover__inner">
        <div className="about-cover__art" aria-hidden="true">
          <span className="about-cover__ring about-cover__ring--1" />
          <span className="about-cover__ring about-cover__ring--2" />
          <span className="about-cover__dot" />
        </div>
        <div className="about-cover__copy">
          <h2 id="about-cover-title">{t('about.title')}</h2>
          <p>{t('about.text')}</p>
          <p className="about-cover__stat">{t('about.stat', { count: locales.length })}</p>
          <a className="btn btn--light" href={localePath('/jobs')}>
            {t('about.cta')}
            <Icon name="arrowRight" className="btn__icon" />
          </a>
        </div>
      </div>
    </section>
  );
}
