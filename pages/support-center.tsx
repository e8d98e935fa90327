import { useI18n, type PageHead } from 'sitegen';
import { Icon } from '../templates/components/Icon.tsx';
import { SupportArticle } from '../templates/components/SupportArticle.tsx';
import '../templates/styles/pages/support.css';

/**
 * Support Center: articles grouped by category, a search box (the `support-search` chunk; without
 * script the whole grouped list) and a contact link.
 */
export const head: PageHead = { title: 'support.meta.title', description: 'support.meta.description' };

/** Article ids (keys under `support.articles`) by category (keys under `support.categories`). */
const CATEGORIES: readonly { id: string; articles: readonly string[] }[] = [
  { id: 'gettingStarted', articles: ['firstProject', 'importMedia', 'interface', 'projectPackages'] },
  { id: 'animation', articles: ['keyframes', 'easing', 'groups', 'masks'] },
  { id: 'effects', articles: ['effectsAdd', 'chromaKey', 'colorCorrection', 'presets'] },
  { id: 'export', articles: ['exportVideo', 'exportQuality', 'shareLink'] },
  { id: 'account', articles: ['membership', 'restorePurchase', 'cancel'] },
  { id: 'troubleshooting', articles: ['crash', 'exportFails'] },
];

const ARTICLE_COUNT = CATEGORIES.reduce((n, c) => n + c.articles.length, 0);

export default function SupportCenter() {
  const { t, site, pluralTemplates } = useI18n();
  const contact = `mailto:${site.links.supportEmail}?subject=${encodeURIComponent(t('support.contactSubject'))}`;
  return (
    <>
      <section className="page-hero support-hero">
        <div className="container">
          <h1>{t('support.title')}</h1>
          <p className="page-hero__lead">{t('support.lead')}</p>
          <p className="support-hero__total">{t('support.total', { count: ARTICLE_COUNT, categories: CATEGORIES.length })}</p>
        </div>
      </section>

      <div className="section">
        <div className="container support" data-enhance="support-search" data-plural={JSON.stringify(pluralTemplates('support.resultCount'))}>
          <form className="support__search" data-search-form="" role="search" hidden>
            <label className="support__label" htmlFor="support-q">
              {t('support.searchLabel')}
            </label>
            <div className="support__field">
              <Icon name="search" className="support__search-icon" />
              <input
                id="support-q"
                className="support__input"
                type="search"
                name="q"
                autoComplete="off"
                placeholder={t('support.searchPlaceholder')}
                data-search-input=""
              />
            </div>
          </form>
          <p className="support__count" data-search-count="" aria-live="polite" hidden />
          {CATEGORIES.map((category) => (
            <section key={category.id} className="support__category" data-search-category="" aria-labelledby={`cat-${category.id}`}>
              <h2 id={`cat-${category.id}`} className="support__category-title">
                {t(`support.categories.${category.id}`)}
              </h2>
              <ul className="support__list">
                {category.articles.map((id) => (
                  <SupportArticle key={id} id={id} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      </div>

      <section className="section section--alt" aria-labelledby="contact-title">
        <div className="container support-contact">
          <span className="support-contact__icon" aria-hidden="true">
            <Icon name="mail" />
          </span>
          <div>
            <h2 id="contact-title">{t('support.contactTitle')}</h2>
            <p>{t('support.contactText')}</p>
            <a className="btn btn--primary" href={contact}>
              {t('support.contactLink')}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
