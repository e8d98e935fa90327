/**
 * What the Firebase clients need from the outside world, passed in so that unit tests can drive
 * the clock and the network (no real waiting, no real requests).
 */
export interface Env {
  fetch: typeof fetch;
  now(): number;
  /** A signal that aborts after `ms` (the request time-outs). */
  timeout(ms: number): AbortSignal;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The real browser (wrapped: the window functions must not be called on another object). */
export const browserEnv = (): Env => ({
  fetch: (input, init) => fetch(input, init),
  now: Date.now,
  timeout: (ms) => AbortSignal.timeout(ms),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
});
