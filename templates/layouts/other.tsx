import type { LayoutProps } from 'sitegen';
import { SkipLink } from '../components/SkipLink.tsx';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import { CookieNotice } from '../components/CookieNotice.tsx';
import '../styles/site.css';

/** Task pages (redeem a code, notices): full header, slim footer, cookie notice. */
export default function OtherLayout({ children }: LayoutProps) {
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="main--other">
        {children}
      </main>
      <CookieNotice />
      <Footer variant="slim" />
    </>
  );
}
