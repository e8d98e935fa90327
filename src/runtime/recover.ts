/**
 * What to do when a script chunk or a payload does not arrive (network error, `Loading chunk`
 * error, timeout): one full page load, at most once per 60 s across reloads (the time is kept in
 * sessionStorage); past that, or offline, the error view, so a broken deploy cannot loop.
 * An HTTP error status or a broken file shows the error view at once.
 */
import { showError } from './error-view.ts';

const KEY = 'sitegen:reloaded-at';

/** An HTTP error status of a payload or manifest. */
export const httpError = (status: number, message: string) => Object.assign(new Error(message), { status });

export function recover(error: any, url = location.href): void {
  if (error.status || error instanceof SyntaxError) return showError(error.status || 500, error.message);
  try {
    if (navigator.onLine && Date.now() - Number(sessionStorage.getItem(KEY)) > 60_000) {
      sessionStorage.setItem(KEY, '' + Date.now());
      return url == location.href ? location.reload() : location.assign(url);
    }
  } catch {
    // No storage to remember the reload in: show the error rather than risk a reload loop.
  }
  showError(0, error.message);
}
