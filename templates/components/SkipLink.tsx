import { useI18n } from 'sitegen';

/** First focusable element of every layout: jumps past the header to `#main`. Styles: layout.css. */
export function SkipLink() {
  const { t } = useI18n();
  return (
    <a className="skip-link" href="#main">
      {t('a11y.skipToContent')}
    </a>
  );
}
