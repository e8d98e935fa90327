/**
 * UsageRecorder: what a page asks of the messages while it renders (the keys, and the names of the
 * values each t/rich call passes), as a job result and a cache entry carry it.
 */
import { describe, expect, it } from 'vitest';
import { UsageRecorder } from '../../src/render/usage.ts';

describe('UsageRecorder', () => {
  it('gives each key asked the names of the values passed for it, tag renderers left out', () => {
    const usage = new UsageRecorder();
    usage.call('profile.following', { counter: '1,204', count: 1204 });
    usage.call('home.intro', { b: (chunks: unknown) => chunks });
    usage.call('profile.following', { count: 3 });
    usage.call('home.title', undefined);
    expect(usage.passedValues()).toEqual({ 'profile.following': ['counter', 'count'], 'home.intro': [], 'home.title': [] });
    expect([...usage.keys]).toEqual(['profile.following', 'home.intro', 'home.title']);
  });

  it('gives the keys asked without values one shared, frozen empty list (most calls pass none)', () => {
    const usage = new UsageRecorder();
    usage.call('a', undefined);
    usage.call('b', {});
    usage.call('c', { n: 1 });
    const values = usage.passedValues();
    expect(values.a).toBe(values.b);
    expect(Object.isFrozen(values.a)).toBe(true);
    expect(new UsageRecorder().passedValues()).toEqual({});
    expect(values.c).toEqual(['n']);
    expect(Object.isFrozen(values.c)).toBe(false);
    expect(JSON.stringify(values)).toBe('{"a":[],"b":[],"c":["n"]}');
  });
});
