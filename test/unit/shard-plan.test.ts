import { describe, expect, it } from 'vitest';
import { parseShard, shareOf } from '../../src/shard.ts';
import { planJobs, planLocales } from '../../src/plan.ts';
import { SitegenError } from '../../src/errors.ts';

const files = ['/p/index.tsx', '/p/about.tsx', '/p/jobs.tsx', '/p/404.tsx'];
const locales = ['en', 'ar', 'de', 'fr', 'ja'];
const key = (j: { file: string; locale: string }) => `${j.locale} ${j.file}`;

describe('parseShard', () => {
  it('reads k/n', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
    expect(parseShard(' 12 / 40 ')).toEqual({ index: 12, count: 40 });
  });

  it.each([
    ['0/3', 'k must be between 1 and 3'],
    ['4/3', 'k must be between 1 and 3'],
    ['a/b', 'not of the form k/n'],
    ['1/0', 'n, the number of shards, must be at least 1'],
    ['2', 'not of the form k/n'],
    ['-1/3', 'not of the form k/n'],
    ['1.5/3', 'not of the form k/n'],
    ['', 'not of the form k/n'],
  ])('refuses %j as a user error saying why', (value, why) => {
    let caught: unknown;
    try {
      parseShard(value);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SitegenError);
    expect((caught as SitegenError).code).toBe('BadShard');
    expect((caught as SitegenError).message).toContain(`--shard ${value}: `);
    expect((caught as SitegenError).message).toContain(why);
  });
});

describe('shareOf', () => {
  it('cuts n contiguous runs whose lengths differ by at most one and whose union is the list', () => {
    const items = Array.from({ length: 17 }, (_, i) => i);
    for (const count of [1, 2, 3, 5, 16, 17, 20]) {
      const shares = Array.from({ length: count }, (_, i) => shareOf(items, { index: i + 1, count }));
      expect(shares.flat()).toEqual(items);
      const lengths = shares.map((s) => s.length);
      expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
    }
  });
});

describe('planJobs', () => {
  const all = planJobs({ files, locales, shard: null });

  it('plans every (page, locale) pair page by page for the whole build', () => {
    expect(all).toHaveLength(20);
    expect(all.slice(0, 5).map(key)).toEqual(locales.map((l) => `${l} /p/index.tsx`));
  });

  it('gives the shards disjoint, balanced shares whose union is the whole build, en included', () => {
    for (const count of [2, 3, 4, 7]) {
      const shares = Array.from({ length: count }, (_, i) => planJobs({ files, locales, shard: { index: i + 1, count } }));
      const keys = shares.flat().map(key);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.sort()).toEqual(all.map(key).sort());
      const lengths = shares.map((s) => s.length);
      expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
      expect(shares[0]!.some((j) => j.locale === 'en')).toBe(true);
    }
  });

  it('keeps whole locales together when the shards are no more than the locales', () => {
    const shard = (index: number) => planLocales(planJobs({ files, locales, shard: { index, count: 5 } }), locales);
    expect([1, 2, 3, 4, 5].map(shard)).toEqual([['en'], ['ar'], ['de'], ['fr'], ['ja']]);
  });

  it('splits a locale between shards when there are more shards than locales', () => {
    const shares = Array.from({ length: 10 }, (_, i) => planJobs({ files, locales, shard: { index: i + 1, count: 10 } }));
    expect(shares.map((s) => s.length)).toEqual(Array(10).fill(2));
    expect(shares[0]!.map(key)).toEqual(['en /p/index.tsx', 'en /p/about.tsx']);
    expect(shares[1]!.map(key)).toEqual(['en /p/jobs.tsx', 'en /p/404.tsx']);
  });

  it('is the same wherever it is computed: a function of the routes, the locales and k/n only', () => {
    const a = planJobs({ files, locales, shard: { index: 2, count: 3 } });
    const b = planJobs({ files: [...files], locales: [...locales], shard: { index: 2, count: 3 } });
    expect(b).toEqual(a);
  });

  it('lists a shard’s pairs in the page-by-page order of the whole build', () => {
    const share = planJobs({ files, locales, shard: { index: 1, count: 2 } }).map(key);
    expect(share).toEqual(all.map(key).filter((k) => share.includes(k)));
  });
});
