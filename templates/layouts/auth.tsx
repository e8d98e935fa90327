import type { LayoutProps } from 'sitegen';
import { SkipLink } from '../components/SkipLink.tsx';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import '../styles/site.css';
import './auth.css';

/**
 * Account actions: nothing to distract, only the logo, one centered card (the `<main>` itself, so
 * that client navigation, which swaps the inside of `#main`, keeps the card) and a small footer.
 */
export default function AuthLayout({ children }: LayoutProps) {
  return (
    <div className="auth-shell">
      <SkipLink />
      <Header minimal />
      <main id="main" tabIndex={-1} className="auth-card">
        {children}
      </main>
      <Footer variant="minimal" />
    </div>
  );
}
