/**
 * The loading progress of a client navigation, as a small state machine over an injected clock so
 * that its timing is testable: shown only after THROTTLE ms, grows over DURATION ms (never quite
 * reaching the end), jumps to 100 when done and hides HIDE ms later; a failure turns it red
 * (`failed`) and it hides the same way. Done before THROTTLE ms: it never shows.
 */
export const THROTTLE = 200;
export const DURATION = 5000;
export const HIDE = 500;
const TICK = 100;

export type Render = (visible: boolean, value: number, failed: boolean) => void;

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface Progress {
  start(): void;
  finish(): void;
  fail(): void;
}

export function createProgress(render: Render, clock: Clock = globalThis as unknown as Clock): Progress {
  let visible = false;
  let value = 0;
  let failed = false;
  let timer: unknown;
  const set = (v: number, show: boolean, fail = failed) => render((visible = show), (value = v), (failed = fail));
  const after = (ms: number, fn: () => void) => {
    clock.clearTimeout(timer);
    timer = clock.setTimeout(fn, ms);
  };
  const grow = () => {
    set(Math.min(99, value + (100 * TICK) / DURATION), true);
    after(TICK, grow);
  };
  const end = (fail: boolean) => {
    if (!visible && !fail) return clock.clearTimeout(timer);
    set(100, true, fail);
    after(HIDE, () => set(100, false));
  };
  return {
    start() {
      set(0, false, false);
      after(THROTTLE, grow);
    },
    finish: () => end(false),
    fail: () => end(true),
  };
}
