import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './DownloadApp.css';

type Store = 'appStore' | 'googlePlay';

/** One store badge: a link to the app's store page, drawn in CSS (no raster badge to translate). */
export function StoreBadge({ store }: { store: Store }) {
  const { t, site } = useI18n();
  return (
    <a className="store-badge" href={site.links[store]} rel="noopener">
      <Icon name={store === 'appStore' ? 'apple' : 'googlePlay'} className="store-badge__icon" />
      <span className="store-badge__text">
        <span className="store-badge__small">{t(`download.${store}.small`)}</span>
        <span className="store-badge__name">{t(`download.${store}.name`)}</span>
      </span>
    </a>
  );
}

export function StoreBadges() {
  return (
    <div className="store-badges">
      <StoreBadge store="appStore" />
      <StoreBadge store="googlePlay" />
    </div>
  );
}

/** The download-the-app block: a call to action with both store badges. */
export function DownloadApp() {
  const { t, localePath } = useI18n();
  return (
    <section className="download-app" aria-labelledby="download-app-title">
      <div className="container download-app__inner">
        <div className="download-app__copy">
          <h2 id="download-app-title">{t('download.title')}</h2>
          <p>{t('download.text')}</p>
          <a className="download-app__more" href={localePath('/getalightmotion')}>
            {t('download.moreOptions')}
            <Icon name="arrowRight" />
          </a>
        </div>
        <StoreBadges />
      </div>
    </section>
  );
}
