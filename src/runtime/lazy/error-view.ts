/**
 * The error view, loaded only when needed: 404 gives the not-found message, other errors
 * "Error {status}" and their message, with a link home. Throws when there is no #main, so that
 * error-view.ts falls back to its last-resort message.
 */
import type { RuntimeMessages } from '../types.ts';

export default function errorView(main: HTMLElement, m: RuntimeMessages, status: number, message: string, home: HTMLElement): void {
  const title =
    status == 404 ? m.notFound || 'This page could not be found' : (m.errorTitle || 'Error {status}').replace('{status}', '' + (status || ''));
  const box = document.createElement('div');
  box.className = 'page-error';
  box.role = 'alert';
  box.style.cssText = 'padding:4rem 1rem;text-align:center';
  const h1 = document.createElement('h1');
  const p = document.createElement('p');
  h1.textContent = document.title = title.trim();
  p.textContent = message;
  box.append(h1, p, home);
  main.replaceChildren(box);
  main.focus();
}
