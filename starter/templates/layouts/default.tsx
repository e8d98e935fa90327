import { useI18n, type LayoutProps } from 'sitegen';
import './default.css';

// Every page is rendered inside this layout. The language switcher links each language's version
// of the current page; sitegen's runtime keeps the links right as visitors navigate (it reads the
// locale code from each link's hreflang).
export default function DefaultLayout({ children }: LayoutProps) {
  const { t, locale, locales, localePath, switchLocalePath } = useI18n();
  return (
    <>
      <header>
        <a className="brand" href={localePath('/')}>{t('site.name')}</a>
        <nav data-language-switcher aria-label={t('nav.languages')}>
          {locales.map((l) => (
            <a key={l.code} href={switchLocalePath(l.code)} hrefLang={l.code} lang={l.iso} aria-current={l.code === locale.code ? 'true' : undefined}>
              {l.name}
            </a>
          ))}
        </nav>
      </header>
      <main id="main" tabIndex={-1}>{children}</main>
    </>
  );
}
