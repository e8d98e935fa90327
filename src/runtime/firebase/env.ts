/**
 * What the Firebase clients need from the outside world, passed in so that unit tests can drive
 * the clock and the network (no real waiting, no real requests).
 */
export interface Env {
  fetch: typeof fetch;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The real browser: window.fetch, Date.now and the window timers. */
export const browserEnv = (): Env => ({
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
});
