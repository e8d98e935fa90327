import { describe, expect, it } from 'vitest';
import { createProgress, DURATION, HIDE, THROTTLE, type Clock } from '../../src/runtime/progress.ts';

/** A manual clock: timers fire only when the test advances time. */
function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let next = 1;
  const clock: Clock = {
    setTimeout: (fn, ms) => (timers.push({ at: now + ms, fn, id: next }), next++),
    clearTimeout: (id) => void (timers = timers.filter((t) => t.id !== id)),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = end;
  };
  return { clock, advance };
}

function setup() {
  const { clock, advance } = fakeClock();
  const state = { visible: false, value: 0, failed: false };
  const progress = createProgress((visible, value, failed) => Object.assign(state, { visible, value, failed }), clock);
  return { progress, state, advance };
}

describe('progress timing', () => {
  it('stays hidden when the page is ready within the throttle', () => {
    const { progress, state, advance } = setup();
    progress.start();
    advance(THROTTLE - 1);
    progress.finish();
    advance(10_000);
    expect(state.visible).toBe(false);
  });

  it('shows after the throttle and grows over the duration without reaching the end', () => {
    const { progress, state, advance } = setup();
    progress.start();
    advance(THROTTLE - 1);
    expect(state.visible).toBe(false);
    advance(1);
    expect(state.visible).toBe(true);
    advance(DURATION / 2);
    expect(state.value).toBeGreaterThan(40);
    expect(state.value).toBeLessThan(60);
    advance(DURATION * 2);
    expect(state.value).toBe(99);
  });

  it('finishes at 100 and hides 500 ms later', () => {
    const { progress, state, advance } = setup();
    progress.start();
    advance(1000);
    progress.finish();
    expect(state).toEqual({ visible: true, value: 100, failed: false });
    advance(HIDE - 1);
    expect(state.visible).toBe(true);
    advance(1);
    expect(state.visible).toBe(false);
  });

  it('turns red on failure, even before the throttle, and hides the same way', () => {
    const { progress, state, advance } = setup();
    progress.start();
    advance(50);
    progress.fail();
    expect(state).toEqual({ visible: true, value: 100, failed: true });
    advance(HIDE);
    expect(state.visible).toBe(false);
    progress.start();
    expect(state.failed).toBe(false);
  });
});
