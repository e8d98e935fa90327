/**
 * Shows the error view (lazy/error-view.ts) in place of the main content. If that fails (the
 * chunk does not load, there is no #main, ...), a last-resort message with a link home replaces
 * the body: "An error occurred while showing the error page".
 */
import { page, DEFAULT_LOCALE } from './page.ts';

const homeLink = (text = 'Go back to home') => {
  const a = document.createElement('a');
  a.href = page!.locale == DEFAULT_LOCALE ? '/' : '/' + page!.locale;
  a.textContent = text;
  return a;
};

export function showError(status: number, message: string): void {
  const m = page!.messages;
  import('./lazy/error-view.ts')
    .then((view) => view.default(document.getElementById('main')!, m, status, message, homeLink(m.backHome)))
    .catch(() => {
      const p = document.createElement('p');
      p.textContent = m.errorPageFailed || 'An error occurred while showing the error page';
      document.body.replaceChildren(p, homeLink(m.backHome));
    });
}
