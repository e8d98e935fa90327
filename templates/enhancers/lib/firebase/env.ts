/**
 * What the Firebase clients need from the outside world, passed in so that unit tests can drive
 * the clock and the network (no real waiting, no real requests). Requests need only the network;
 * the token manager also needs the clock.
 */
export interface Net {
  fetch: typeof fetch;
  /** A signal that aborts after `ms` (the request time-outs). */
  timeout(ms: number): AbortSignal;
}

export interface Env extends Net {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

/** The browser's network (wrapped: window functions must not be called on another object). */
export const browserNet: Net = {
  fetch: (input, init) => fetch(input, init),
  timeout: (ms) => AbortSignal.timeout(ms),
};

export const browserEnv = (): Env => ({
  ...browserNet,
  now: Date.now,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as number),
});
