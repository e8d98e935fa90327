/**
 * The error view, shown in place of the main content when a page cannot be shown: 404 gives the
 * not-found message, other errors their status code and message. If even that fails (no #main,
 * broken messages), a last-resort message with a link home replaces the body.
 */
import { page, DEFAULT_LOCALE } from './page.ts';
import { homePath } from './paths.ts';

const el = (tag: string, text: string) => {
  const e = document.createElement(tag);
  e.textContent = text;
  return e;
};

export function showError(status: number, message: string): void {
  const m = page!.messages;
  const home = el('a', m.backHome || 'Go back to home') as HTMLAnchorElement;
  home.href = homePath(page!.locale, DEFAULT_LOCALE);
  try {
    const main = document.getElementById('main')!;
    const title =
      status == 404 ? m.notFound || 'This page could not be found' : (m.errorTitle || 'Error {status}').replace('{status}', '' + (status || ''));
    const box = el('div', '');
    box.className = 'page-error';
    box.setAttribute('role', 'alert');
    box.append(el('h1', title), el('p', message), home);
    main.replaceChildren(box);
    main.focus();
    document.title = title;
  } catch {
    document.body.replaceChildren(el('p', m.errorPageFailed || 'An error occurred while showing the error page'), home);
  }
}
