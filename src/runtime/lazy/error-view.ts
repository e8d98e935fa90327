/**
 * The error view, loaded only when needed (see ../error-view.ts): 404 gives the not-found message,
 * other errors "Error {status}" and their message, with the link home it is given. Throws when
 * there is no #main, so that the core falls back to its last-resort message. Styles: ../runtime.css.
 */
import type { RuntimeMessages } from '../types.ts';

export default function errorView(m: RuntimeMessages, status: number, message: string, home: HTMLElement): void {
  const main = document.getElementById('main')!;
  const title =
    status == 404 ? m.notFound || 'This page could not be found' : (m.errorTitle || 'Error {status}').replace('{status}', '' + (status || ''));
  const box = document.createElement('div');
  const h1 = document.createElement('h1');
  const p = document.createElement('p');
  box.className = 'page-error';
  box.role = 'alert';
  h1.textContent = document.title = title.trim();
  p.textContent = message;
  box.append(h1, p, home);
  main.replaceChildren(box);
  main.focus();
}
