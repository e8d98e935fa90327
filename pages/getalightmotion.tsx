import { useI18n, type PageHead } from 'sitegen';
import { Icon, type IconName } from '../templates/components/Icon.tsx';
import { StoreBadge, StoreBadges } from '../templates/components/DownloadApp.tsx';
import { EditorIllustration } from '../templates/components/EditorIllustration.tsx';
import '../templates/styles/pages/get-app.css';

/** Download page: store links per platform, what is included, requirements. */
export const head: PageHead = { title: 'getApp.meta.title', description: 'getApp.meta.description' };

const PLATFORMS: readonly { id: string; icon: IconName; store: 'appStore' | 'googlePlay' }[] = [
  { id: 'android', icon: 'phone', store: 'googlePlay' },
  { id: 'ios', icon: 'tablet', store: 'appStore' },
  { id: 'chromebook', icon: 'laptop', store: 'googlePlay' },
];
const INCLUDED = ['free', 'membership', 'projects', 'updates'] as const;
const REQUIREMENTS = ['android', 'ios', 'storage', 'hardware'] as const;

export default function GetTheApp() {
  const { t, localePath } = useI18n();
  return (
    <>
      <section className="page-hero">
        <div className="container page-hero__split page-hero__split--roomy get-app__hero">
          <div>
            <h1>{t('getApp.title')}</h1>
            <p className="page-hero__lead">{t('getApp.lead')}</p>
            <StoreBadges />
          </div>
          <EditorIllustration />
        </div>
      </section>

      <section className="section" aria-labelledby="platforms-title">
        <div className="container">
          <h2 id="platforms-title">{t('getApp.platformsTitle')}</h2>
          <ul className="grid get-app__platforms">
            {PLATFORMS.map((p) => (
              <li key={p.id} className="get-app__platform">
                <span className="get-app__platform-icon">
                  <Icon name={p.icon} />
                </span>
                <h3>{t(`getApp.platforms.${p.id}.title`)}</h3>
                <p>{t(`getApp.platforms.${p.id}.text`)}</p>
                <StoreBadge store={p.store} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--alt">
        <div className="container get-app__columns">
          <div>
            <h2>{t('getApp.includedTitle')}</h2>
            <ul className="check-list">
              {INCLUDED.map((id) => (
                <li key={id}>{t(`getApp.included.${id}`)}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2>{t('getApp.requirementsTitle')}</h2>
            <dl className="get-app__requirements">
              {REQUIREMENTS.map((id) => (
                <div key={id}>
                  <dt>{t(`getApp.requirementLabels.${id}`)}</dt>
                  <dd>{t(`getApp.requirements.${id}`)}</dd>
                </div>
              ))}
            </dl>
            <p>
              {t('getApp.helpText')} <a href={localePath('/support-center')}>{t('common.visitSupport')}</a>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
