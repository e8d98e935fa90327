/**
 * The loading progress of a client navigation, as a small state machine over an injected clock so
 * that its timing is testable: shown only after THROTTLE ms, grows over DURATION ms, finishes at
 * 100 and hides HIDE ms later; a failure turns it red (and it hides the same way).
 */
export const THROTTLE = 200;
export const DURATION = 5000;
export const HIDE = 500;
const TICK = 100;

export interface ProgressState {
  visible: boolean;
  /** 0 to 100. */
  value: number;
  failed: boolean;
}

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export interface Progress {
  start(): void;
  finish(): void;
  fail(): void;
}

export function createProgress(render: (s: ProgressState) => void, clock: Clock = globalThis as unknown as Clock): Progress {
  const state: ProgressState = { visible: false, value: 0, failed: false };
  let timer: unknown;
  const show = () => render({ ...state });
  const later = (fn: () => void, ms: number) => {
    clock.clearTimeout(timer);
    timer = clock.setTimeout(fn, ms);
  };
  // While loading: every TICK ms grow by the share of DURATION, never quite reaching 100.
  const grow = () => {
    state.value = Math.min(99, state.value + (100 * TICK) / DURATION);
    show();
    later(grow, TICK);
  };
  const end = (failed: boolean) => {
    // Finished before the throttle ran out: nothing was shown, nothing to finish.
    if (!state.visible && !failed) {
      clock.clearTimeout(timer);
      return;
    }
    Object.assign(state, { visible: true, value: 100, failed });
    show();
    later(() => {
      state.visible = false;
      show();
    }, HIDE);
  };
  return {
    start() {
      Object.assign(state, { visible: false, value: 0, failed: false });
      show();
      later(() => {
        state.visible = true;
        show();
        later(grow, TICK);
      }, THROTTLE);
    },
    finish: () => end(false),
    fail: () => end(true),
  };
}
