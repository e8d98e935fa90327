import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { HEADER_LINKS } from './nav-links.ts';
import './Header.css';

/**
 * Site header: logo, main navigation, language menu and a download button.
 * Without script the menu simply wraps under the logo on narrow screens; the `mobile-menu` chunk
 * reveals the toggle button and collapses the menu behind it, and moves the nav's
 * `aria-current="page"` along with client navigation (contract: templates/enhancers/README.md).
 */
export function Header({ minimal = false }: { minimal?: boolean }) {
  const { t, localePath, path } = useI18n();
  if (minimal) {
    return (
      <header className="site-header site-header--minimal">
        <div className="container site-header__inner">
          <Logo tone="dark" />
        </div>
      </header>
    );
  }
  return (
    <header className="site-header" data-enhance="mobile-menu">
      <div className="container site-header__inner">
        <Logo />
        <button
          type="button"
          className="site-header__toggle"
          data-menu-toggle=""
          aria-expanded="false"
          aria-controls="site-menu"
          aria-label={t('a11y.menu')}
          hidden
        >
          <Icon name="menu" className="site-header__toggle-open" />
          <Icon name="close" className="site-header__toggle-close" />
        </button>
        <div className="site-header__menu" id="site-menu" data-menu="">
          <nav className="site-nav" aria-label={t('a11y.mainNav')} data-current-links="">
            <ul className="site-nav__list">
              {HEADER_LINKS.map((link) => (
                <li key={link.label}>
                  <a
                    className="site-nav__link"
                    href={localePath(link.path) + (link.hash ?? '')}
                    aria-current={path === link.path && !link.hash ? 'page' : undefined}
                  >
                    {t(link.label)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitcher variant="menu" id="language-menu" />
          <a className="btn btn--primary site-header__cta" href={localePath('/getalightmotion')}>
            <Icon name="download" className="btn__icon" />
            {t('common.getTheApp')}
          </a>
        </div>
      </div>
    </header>
  );
}
