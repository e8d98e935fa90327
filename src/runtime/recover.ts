/**
 * What to do when a script chunk or a payload does not arrive (network error, `Loading chunk`
 * error, timeout): one full page load, at most once per 60 s across reloads (the time is kept in
 * sessionStorage); past that, the error view, so a broken deploy cannot loop.
 */
import { showError } from './error-view.ts';

export const RELOAD_EVERY_MS = 60_000;
const KEY = 'sitegen:reloaded-at';

/** A failure to load, as opposed to an HTTP status or a broken file. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function recover(error: unknown, url = location.href): void {
  if (error instanceof HttpError) return showError(error.status, error.message);
  if (error instanceof SyntaxError) return showError(500, error.message);
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY)) || 0;
  } catch {
    // storage disabled: treat as never reloaded, and the set below fails too (no loop: see catch)
  }
  if (navigator.onLine && Date.now() - last > RELOAD_EVERY_MS) {
    try {
      sessionStorage.setItem(KEY, '' + Date.now());
      return url == location.href ? location.reload() : location.assign(url);
    } catch {
      // cannot remember the reload: fall through to the error view rather than risk a loop
    }
  }
  showError(0, (error as Error)?.message || '' + error);
}
