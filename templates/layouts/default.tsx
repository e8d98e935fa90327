import type { LayoutProps } from 'sitegen';
import { SkipLink } from '../components/SkipLink.tsx';
import { Header } from '../components/Header.tsx';
import { Footer } from '../components/Footer.tsx';
import { CookieNotice } from '../components/CookieNotice.tsx';
import '../styles/site.css';

/** The marketing pages: full header, full footer, cookie notice. */
export default function DefaultLayout({ children }: LayoutProps) {
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <CookieNotice />
      <Footer />
    </>
  );
}
