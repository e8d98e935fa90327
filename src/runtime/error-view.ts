/**
 * Shows the error view (lazy/error-view.ts, a chunk of its own: it is not needed on first load) in
 * place of the main content. If that fails (the chunk does not load, there is no #main, ...), the
 * last resort stays here in the core: "An error occurred while showing the error page" with a
 * link home replaces the body.
 */
import { page, homePath } from './page.ts';

export function showError(status: number, message: string): void {
  const m = page!.messages;
  const home = document.createElement('a');
  home.href = homePath();
  home.textContent = m.backHome || 'Go back to home';
  // The chunk gets everything it needs: importing page.ts there would split it out of the core.
  import('./lazy/error-view.ts')
    .then((view) => view.default(m, status, message, home))
    // Plain text and the link, nothing that could fail in turn.
    .catch(() => document.body.replaceChildren(m.errorPageFailed || 'An error occurred while showing the error page', ' ', home));
}
