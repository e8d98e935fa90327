import { useI18n } from 'sitegen';
import './CookieNotice.css';

/**
 * A short notice about cookies. It is rendered hidden: only the `cookie-notice` chunk shows it,
 * when the visitor has not answered it yet, because without script the site sets no cookies
 * (contract: src/runtime/README.md).
 */
export function CookieNotice() {
  const { t, localePath } = useI18n();
  return (
    <section className="cookie-notice" data-enhance="cookie-notice" aria-label={t('cookieNotice.label')} hidden>
      <p className="cookie-notice__text">
        {t('cookieNotice.text')}{' '}
        <a href={localePath('/privacy_and_cookie_policy')}>{t('cookieNotice.policyLink')}</a>
      </p>
      <button type="button" className="btn btn--primary cookie-notice__accept" data-cookie-accept="">
        {t('cookieNotice.accept')}
      </button>
      <button type="button" className="btn btn--ghost cookie-notice__dismiss" data-cookie-dismiss="">
        {t('cookieNotice.dismiss')}
      </button>
    </section>
  );
}
