import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import { Logo } from './Logo.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { FOOTER_GROUPS, LEGAL_LINKS, SOCIAL_LINKS } from './nav-links.ts';
import './Footer.css';

/**
 * Site footer.
 * - `full` (default layout): brand, social links, navigation columns, languages, legal line.
 * - `slim` (other layout): legal links, social links, languages and the copyright on a few lines.
 * - `minimal` (auth layout): copyright, two legal links and the languages, centered.
 * The copyright year is `site.year` from sitegen.config.ts, never the clock, so builds stay reproducible.
 */
export function Footer({ variant = 'full' }: { variant?: 'full' | 'slim' | 'minimal' }) {
  const { t, localePath, site } = useI18n();
  const copyright = <p className="site-footer__copyright">{t('footer.copyright', { year: String(site.year) })}</p>;
  const legal = (links = LEGAL_LINKS) => (
    <nav aria-label={t('a11y.legalNav')}>
      <ul className="site-footer__inline">
        {links.map((link) => (
          <li key={link.path}>
            <a href={localePath(link.path)}>{t(link.label)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
  const social = (
    <ul className="site-footer__social" aria-label={t('a11y.socialNav')}>
      {SOCIAL_LINKS.map((name) => (
        <li key={name}>
          <a href={site.links[name]} aria-label={t(`footer.social.${name}`)} rel="noopener">
            <Icon name={name} />
          </a>
        </li>
      ))}
    </ul>
  );

  if (variant === 'minimal') {
    return (
      <footer className="site-footer site-footer--minimal">
        <div className="container">
          {legal(LEGAL_LINKS.slice(0, 2))}
          <LanguageSwitcher variant="list" id="footer-languages" />
          {copyright}
        </div>
      </footer>
    );
  }
  if (variant === 'slim') {
    return (
      <footer className="site-footer site-footer--slim">
        <div className="container site-footer__slim">
          {legal()}
          {social}
          <LanguageSwitcher variant="list" id="footer-languages" />
          {copyright}
        </div>
      </footer>
    );
  }
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Logo />
            <p className="site-footer__tagline">{t('footer.tagline')}</p>
            {social}
          </div>
          <nav className="site-footer__columns" aria-label={t('a11y.footerNav')}>
            {[...FOOTER_GROUPS, { heading: 'footer.legalHeading', links: LEGAL_LINKS }].map((group) => (
              <div key={group.heading}>
                <h2 className="site-footer__heading">{t(group.heading)}</h2>
                <ul className="site-footer__list">
                  {group.links.map((link) => (
                    <li key={link.path}>
                      <a href={localePath(link.path)}>{t(link.label)}</a>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>
        <div className="site-footer__languages">
          <h2 className="site-footer__heading">{t('footer.languageHeading')}</h2>
          <LanguageSwitcher variant="list" id="footer-languages" />
        </div>
        {copyright}
      </div>
    </footer>
  );
}
