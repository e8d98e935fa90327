/**
 * The render's batches shared by its threads: each thread starts with the jobs of its own share of
 * the locales (page by page, in batches of one locale), so that it compiles and keeps the messages
 * of few of them, and takes the others' work when its own is done, a locale at a time; every job
 * is handed out exactly once.
 */
import { describe, expect, it } from 'vitest';
import { LocaleQueue, type Batch } from '../../src/render/queue.ts';
import type { PageInfo, RenderJob } from '../../src/render/context.ts';

const LOCALES = ['en', 'ar', 'de', 'fr'];
const page = (i: number): PageInfo => ({ file: `/site/pages/p${i}.tsx`, key: `pages/p${i}.tsx`, path: `/p${i}`, base: `/p${i}`, layout: 'default', aliases: [], head: { title: 't', description: 'd' } });
/** Jobs as the plan lists them: page by page, each in every locale. */
const jobs: RenderJob[] = Array.from({ length: 10 }, (_, i) => LOCALES.map((locale) => ({ page: page(i), locale }))).flat();

const drain = (queue: LocaleQueue, thread: number): Batch[] => {
  const taken: Batch[] = [];
  for (let b = queue.take(thread); b; b = queue.take(thread)) taken.push(b);
  return taken;
};

describe('LocaleQueue', () => {
  it('starts each thread on its own locales', () => {
    const queue = new LocaleQueue(jobs, LOCALES, 2, 4);
    expect([...queue.localesOf(0)]).toEqual(['en', 'ar']);
    expect([...queue.localesOf(1)]).toEqual(['de', 'fr']);
    const first = queue.take(1)!;
    const second = queue.take(1)!;
    expect(first.jobs.map((j) => `${j.page.path} ${j.locale}`)).toEqual(['/p0 de', '/p1 de', '/p2 de', '/p3 de']);
    expect(second.jobs.map((j) => `${j.page.path} ${j.locale}`)).toEqual(['/p0 fr', '/p1 fr', '/p2 fr', '/p3 fr']);
    expect(first.indexes.map((i) => jobs[i])).toEqual(first.jobs);
  });

  it('has a thread that helps another take one locale at a time, batches of locales it has rendered first', () => {
    const queue = new LocaleQueue(jobs, LOCALES, 2, 4);
    const ofThread1 = queue.localesOf(1);
    // Thread 1 renders its first batch of each of its locales, then thread 0 does all the rest.
    const own = [queue.take(1)!, queue.take(1)!];
    const helped = drain(queue, 0).filter((b) => b.jobs.some((j) => ofThread1.has(j.locale)));
    const locales = helped.map((b) => [...new Set(b.jobs.map((j) => j.locale))].join());
    // Every batch is of one locale, and thread 0 finished one of thread 1's locales before it began the other.
    expect(locales.every((l) => ofThread1.has(l))).toBe(true);
    expect(locales.filter((l, i) => l !== locales[i - 1])).toHaveLength(2);
    expect([...own, ...helped].flatMap((b) => b.jobs)).toHaveLength(20);
  });

  it('hands out every job once, a thread that is done taking from the back of the run with most left', () => {
    const queue = new LocaleQueue(jobs, LOCALES, 3, 4);
    const ownOf2 = queue.localesOf(2);
    const taken = drain(queue, 0);
    // Thread 0 took its own run, then the others' last batches (locales it did not start with).
    expect(taken.some((b) => b.jobs.some((j) => ownOf2.has(j.locale)))).toBe(true);
    expect(queue.take(1)).toBeNull();
    const indexes = taken.flatMap((b) => b.indexes).sort((a, b) => a - b);
    expect(indexes).toEqual(jobs.map((_, i) => i));
  });

  it('shares work evenly: two threads taking in turn render the same number of batches', () => {
    const queue = new LocaleQueue(jobs, LOCALES, 2, 4);
    const counts = [0, 0];
    for (let turn = 0; ; turn++) {
      const batch = queue.take(turn % 2);
      if (!batch) break;
      counts[turn % 2]!++;
    }
    // Each thread's 20 jobs: two locales of 10 pages, each in batches of 4, 4 and 2.
    expect(counts).toEqual([6, 6]);
  });
});
