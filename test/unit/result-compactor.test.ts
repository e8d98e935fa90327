/**
 * Job results at 20 times the real site's size: equal used-key lists and passed values are kept
 * once, so the results a build keeps until the end do not grow with a copy per page.
 */
import { describe, expect, it } from 'vitest';
import { ResultCompactor } from '../../src/render/compact.ts';
import type { JobResult } from '../../src/render/context.ts';

const result = (locale: string, usedKeys: string[], passedValues: Record<string, string[]>): JobResult => ({
  file: '/site/pages/index.tsx', locale, paths: [`/${locale}/`], bytes: 1, usedKeys, passedValues, fallbacks: [], links: [], alternates: 0, enhancers: [],
});

describe('ResultCompactor', () => {
  it('gives equal lists and values of two pages one shared, frozen copy, with the same contents', () => {
    const compactor = new ResultCompactor();
    // As a worker's results arrive: equal contents, separate copies.
    const a = compactor.compact(result('de', ['home.title', 'runtime.loading'], { 'home.title': ['name'] }));
    const b = compactor.compact(result('fr', ['home.title', 'runtime.loading'], { 'home.title': ['name'] }));
    expect(a.usedKeys).toEqual(['home.title', 'runtime.loading']);
    expect(a.passedValues).toEqual({ 'home.title': ['name'] });
    expect(b.usedKeys).toBe(a.usedKeys);
    expect(b.passedValues).toBe(a.passedValues);
    expect(Object.isFrozen(a.usedKeys) && Object.isFrozen(a.passedValues)).toBe(true);
    expect([a.locale, b.locale]).toEqual(['de', 'fr']);
  });

  it('keeps lists that differ apart, in their order', () => {
    const compactor = new ResultCompactor();
    const a = compactor.compact(result('de', ['a', 'b'], {}));
    const b = compactor.compact(result('de', ['b', 'a'], { a: [] }));
    const c = compactor.compact(result('de', ['a\0b'], {}));
    expect([a.usedKeys, b.usedKeys, c.usedKeys]).toEqual([['a', 'b'], ['b', 'a'], ['a\0b']]);
    expect(b.passedValues).toEqual({ a: [] });
  });
});
