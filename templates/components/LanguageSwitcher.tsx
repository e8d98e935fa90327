import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './LanguageSwitcher.css';

/**
 * Links to the same page in every published language, each written in its own language.
 * - `menu`: a button and a drop-down list, for the header. The runtime toggles `aria-expanded`;
 *   without script the menu is not shown at all (the footer carries the `list` variant).
 * - `list`: every language visible, for footers; works without script.
 * Either way the links are plain `<a hreflang>` that the runtime intercepts to store the cookie.
 */
export function LanguageSwitcher({ variant, id }: { variant: 'menu' | 'list'; id: string }) {
  const { t, locale, locales, switchLocalePath } = useI18n();
  const list = (
    <ul className="lang__list" id={id}>
      {locales.map((l) => (
        <li key={l.code}>
          <a
            className="lang__link"
            href={switchLocalePath(l.code)}
            hrefLang={l.code}
            lang={l.iso}
            dir={l.dir}
            aria-current={l.code === locale.code ? 'true' : undefined}
          >
            {l.name}
          </a>
        </li>
      ))}
    </ul>
  );
  if (variant === 'list') {
    return (
      <nav className="lang lang--list" data-language-switcher="" aria-label={t('languageSwitcher.listLabel')}>
        {list}
      </nav>
    );
  }
  return (
    <nav className="lang lang--menu" data-language-switcher="" aria-label={t('languageSwitcher.label')}>
      <button type="button" className="lang__toggle" data-language-toggle="" aria-expanded="false" aria-controls={id}>
        <Icon name="globe" />
        <span className="visually-hidden">{t('languageSwitcher.label')}: </span>
        <span lang={locale.iso}>{locale.name}</span>
        <Icon name="chevronDown" className="lang__chevron" />
      </button>
      {list}
    </nav>
  );
}
