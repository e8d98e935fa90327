/**
 * The batches of a render shared by several threads (render/pool.ts), handed out so that each
 * thread renders few locales. A thread compiles the messages of every locale it renders (a
 * translator per locale), and with batches taken in page order from one queue every thread
 * rendered every locale: at 20 times the real site's size both the main thread and the worker
 * compiled all 18 locales' messages and kept them. Here the locales are shared out among the
 * threads, and each thread's jobs (in their order) are cut into its run of batches; a thread
 * takes batches from the front of its own run, and when that is empty, from the back of the run
 * with the most left, so no thread waits while another has work.
 */
import type { RenderJob } from './context.ts';

export interface Batch {
  /** Indexes into the job list the queue was made from. */
  indexes: number[];
  jobs: RenderJob[];
}

/**
 * Each locale's thread: the locales in table order cut into `threads` runs of about as many jobs.
 * Within a run the jobs keep their order (page by page), so a thread compiles its locales' messages
 * in its first batches, while its heap is small, as before: run locale after locale, each new
 * locale's messages grew the old generation all through the render, and each thread made three
 * times as many full collections (16 instead of 5 at 20 times the real site's size).
 */
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

  /** `locales`: the site's locale codes in table order; `threads`: how many threads take batches. */
  constructor(jobs: readonly RenderJob[], locales: readonly string[], threads: number, batchSize: number) {
    const group = localeGroups(jobs, locales, threads);
    for (let t = 0; t < threads; t++) {
      const indexes = jobs.map((_, i) => i).filter((i) => group.get(jobs[i]!.locale) === t);
      this.front.push(this.batches.length);
      for (let i = 0; i < indexes.length; i += batchSize) {
        const batch = indexes.slice(i, i + batchSize);
        this.batches.push({ indexes: batch, jobs: batch.map((j) => jobs[j]!) });
      }
      this.end.push(this.batches.length);
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
    if (this.front[thread]! < this.end[thread]!) return this.batches[this.front[thread]!++]!;
    let most = -1;
    for (let t = 0; t < this.front.length; t++) if (this.end[t]! - this.front[t]! > (most < 0 ? 0 : this.end[most]! - this.front[most]!)) most = t;
    return most < 0 ? null : this.batches[--this.end[most]!]!;
  }
}
