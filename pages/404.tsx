import { useI18n, type PageHead } from 'sitegen';
import { Icon } from '../templates/components/Icon.tsx';
import '../templates/styles/pages/not-found.css';

/** The not-found page, written as 404.html per locale; static hosts serve it with status 404. */
export const head: PageHead = { title: 'notFound.meta.title', description: 'notFound.meta.description' };

export default function NotFound() {
  const { t, localePath } = useI18n();
  return (
    <section className="page-hero not-found">
      <div className="container not-found__inner">
        {/* The big number is drawn by CSS: a text node "404" would read the same in every language. */}
        <div className="not-found__code gradient-text" aria-hidden="true" />
        <p className="page-hero__eyebrow">{t('notFound.code')}</p>
        <h1>{t('notFound.title')}</h1>
        <p className="page-hero__lead">{t('notFound.text')}</p>
        <div className="actions not-found__actions">
          <a className="btn btn--primary" href={localePath('/')}>
            <Icon name="arrowLeft" className="btn__icon" />
            {t('notFound.home')}
          </a>
          <a className="btn btn--outline-light" href={localePath('/support-center')}>
            {t('notFound.support')}
          </a>
        </div>
      </div>
    </section>
  );
}
