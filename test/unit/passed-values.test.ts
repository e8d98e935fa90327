/**
 * addPassedValues: the value names the pages' calls passed, per key, united over every result;
 * results that share one record (pages of a route, from the render cache) count it once.
 */
import { describe, expect, it } from 'vitest';
import { addPassedValues } from '../../src/shard-usage.ts';
import type { JobResult } from '../../src/render/context.ts';

const result = (passedValues: Record<string, string[]>): JobResult => ({
  file: 'pages/jobs.tsx', route: '/jobs', locale: 'de', paths: [], bytes: 0, usedKeys: [], passedValues, fallbacks: [], links: [], alternates: 0, enhancers: [],
});

describe('addPassedValues', () => {
  it('unites the names of every result, a shared record and equal copies alike', () => {
    const shared = Object.freeze({ 'profile.following': Object.freeze(['counter', 'count']) }) as unknown as Record<string, string[]>;
    const into = new Map<string, Set<string>>([['jobs.count', new Set(['n'])]]);
    addPassedValues(into, [result(shared), result(shared), result({ 'profile.following': ['count'], 'jobs.count': ['count'] }), result(shared)]);
    expect(into).toEqual(new Map([['jobs.count', new Set(['n', 'count'])], ['profile.following', new Set(['counter', 'count'])]]));
  });
});
