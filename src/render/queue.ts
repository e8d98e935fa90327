/**
 * The batches of a render shared by several threads (render/pool.ts), handed out so that each
 * thread renders few locales. A thread compiles the messages of every locale it renders (a
 * translator per locale), and with batches taken in page order from one queue every thread
 * rendered every locale: at 20 times the real site's size both the main thread and the worker
 * compiled all 18 locales' messages and kept them. Here the locales are shared out among the
 * threads, and each thread's jobs are cut into its run of batches of one locale each; a thread
 * takes batches from the front of its own run, and when that is empty, from the run with the most
 * left, a batch of a locale it has rendered already where there is one, so no thread waits while
 * another has work, and one that helps another compiles one more locale at a time.
 */
import type { RenderJob } from './context.ts';

export interface Batch {
  /** Indexes into the job list the queue was made from. */
  indexes: number[];
  jobs: RenderJob[];
}

/** Each locale's thread: the locales in table order cut into `threads` runs of about as many jobs. */
function localeGroups(jobs: readonly RenderJob[], locales: readonly string[], threads: number): Map<string, number> {
  const count = new Map<string, number>();
  for (const job of jobs) count.set(job.locale, (count.get(job.locale) ?? 0) + 1);
  const group = new Map<string, number>();
  let before = 0;
  for (const code of [...locales, ...[...count.keys()].filter((c) => !locales.includes(c))]) {
    const n = count.get(code) ?? 0;
    // The thread whose share the middle of this locale's jobs falls in.
    group.set(code, Math.min(threads - 1, Math.floor(((before + n / 2) * threads) / jobs.length)));
    before += n;
  }
  return group;
}

export class LocaleQueue {
  private readonly batches: Batch[] = [];
  private readonly front: number[] = [];
  private readonly end: number[] = [];

  /** Per thread, the locales of the batches it has taken. */
  private readonly rendered: Set<string>[] = [];

  /** `locales`: the site's locale codes in table order; `threads`: how many threads take batches. */
  constructor(jobs: readonly RenderJob[], locales: readonly string[], threads: number, batchSize: number) {
    const group = localeGroups(jobs, locales, threads);
    for (let t = 0; t < threads; t++) {
      const indexes = jobs.map((_, i) => i).filter((i) => group.get(jobs[i]!.locale) === t);
      this.front.push(this.batches.length);
      for (const batch of localeBatches(jobs, indexes, batchSize)) this.batches.push({ indexes: batch, jobs: batch.map((j) => jobs[j]!) });
      this.end.push(this.batches.length);
      this.rendered.push(new Set());
    }
  }

  /** How many batches there are. */
  get size(): number {
    return this.batches.length;
  }

  /** The locales of the batches that start as `thread`'s own. */
  localesOf(thread: number): Set<string> {
    const codes = new Set<string>();
    for (let b = this.front[thread]!; b < this.end[thread]!; b++) for (const job of this.batches[b]!.jobs) codes.add(job.locale);
    return codes;
  }

  /** The next batch for `thread`, or null when every batch has been taken. */
  take(thread: number): Batch | null {
    const batch = this.front[thread]! < this.end[thread]! ? this.batches[this.front[thread]!++]! : this.takeFromOthers(thread);
    if (batch) this.rendered[thread]!.add(batch.jobs[0]!.locale);
    return batch;
  }

  /**
   * From the back of the run with the most left: the last batch of a locale `thread` has rendered,
   * else the last one. (Taken from the back of a run in page order, as before, each batch was of
   * several locales: the thread that finished first, at 20 times the real site's size the main
   * thread, compiled the messages of all the other's locales in the render's last second, when the
   * build's memory peaks.)
   */
  private takeFromOthers(thread: number): Batch | null {
    let most = -1;
    for (let t = 0; t < this.front.length; t++) if (this.end[t]! - this.front[t]! > (most < 0 ? 0 : this.end[most]! - this.front[most]!)) most = t;
    if (most < 0) return null;
    const last = --this.end[most]!;
    for (let b = last; b >= this.front[most]!; b--) {
      if (!this.rendered[thread]!.has(this.batches[b]!.jobs[0]!.locale)) continue;
      [this.batches[b], this.batches[last]] = [this.batches[last]!, this.batches[b]!];
      break;
    }
    return this.batches[last]!;
  }
}

/**
 * Batches of `batchSize` jobs of one locale each (the locale's jobs in their order, page by page):
 * the first batch of each locale, then the rest locale after locale. A thread thus meets all of
 * its locales in its first batches, while its heap is small (run locale after locale from the
 * start, each new locale's messages grew the old generation all through the render, and each
 * thread made three times as many full collections: 16 instead of 5 at 20 times the real site's
 * size); and the end of its run, where a thread that is done takes from, holds few locales.
 */
function localeBatches(jobs: readonly RenderJob[], indexes: readonly number[], batchSize: number): number[][] {
  const byLocale = new Map<string, number[]>();
  for (const i of indexes) {
    const own = byLocale.get(jobs[i]!.locale);
    if (own) own.push(i);
    else byLocale.set(jobs[i]!.locale, [i]);
  }
  const cut = (own: number[], from: number) => {
    const batches: number[][] = [];
    for (let at = from; at < own.length; at += batchSize) batches.push(own.slice(at, at + batchSize));
    return batches;
  };
  const own = [...byLocale.values()];
  return [...own.map((o) => o.slice(0, batchSize)), ...own.flatMap((o) => cut(o, batchSize))];
}
