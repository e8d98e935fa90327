import { useId } from 'react';
import { useI18n } from 'sitegen';
import './Logo.css';

/**
 * The brand mark (a play triangle swept by a motion arc) and the product name, linking home.
 * The mark is decorative; the link's text is the product name, its accessible name says "home".
 */
export function Logo({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, localePath } = useI18n();
  return (
    <a className={`logo logo--${tone}`} href={localePath('/')} aria-label={t('a11y.homeLink')}>
      <LogoMark />
      <span className="logo__name">{t('common.brand')}</span>
    </a>
  );
}

export function LogoMark() {
  // The header and the footer both draw the mark: each needs its own gradient id.
  const gradient = useId();
  return (
    <svg className="logo__mark" width={32} height={32} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7b5cff" />
          <stop offset="0.6" stopColor="#ff4f9a" />
          <stop offset="1" stopColor="#ffb020" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
      <path d="M12 9.5v13l10.5-6.5z" fill="#fff" />
      <path d="M7 23.5c-1.6-4.6-.6-10 3.4-13.4" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" opacity="0.75" />
    </svg>
  );
}
