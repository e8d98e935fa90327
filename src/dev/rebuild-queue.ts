import { existsSync, readFileSync } from 'node:fs';

/**
 * Coalesces file changes into rebuilds (tsup's debouncePromise, Eleventy's WatchQueue):
 * a burst of saves becomes one rebuild, never two run at once, and a rebuild that is overtaken
 * by a newer change is told to stop (its signal aborts) and its changes roll into the next run.
 *
 * A write to a file (`write`, the watcher's event as it happens) starts a rebuild at once, while
 * the file may still be being written (an editor that truncates, then writes; a save in several
 * writes): the rebuild reads and checks, and waits for `settled()` before it writes anything,
 * which resolves once none of its files has been written for `settleMs`. A later write that
 * changes a file's content aborts it (and the next run reads the file again), so what a rebuild
 * writes was read from a file at rest. That wait is the stability wait chokidar's awaitWriteFinish
 * made before its event, but taken while the rebuild works instead of before it starts.
 *
 * One save makes several events (the truncation and the write, seen by the file's watcher and its
 * folder's), some of them after the rebuild started: each run notes the content of its files as
 * it starts, and an event after which a file has that content is no change for it.
 *
 * A run that knows a file's content to be a whole save (`whole`: a locale file that parsed, see
 * session.ts) needs it at rest only for WHOLE_QUIET_MS: that wait is for a file still being
 * written, and a later write that changes the file aborts the run in any case.
 */

/** What `settled()` waits for. */
export interface SettleOptions {
  /** No write for this long, for every file (the queue's settleMs and WHOLE_QUIET_MS otherwise). */
  quietMs?: number;
  /** Files the run read whole: no write for WHOLE_QUIET_MS is enough for them. */
  whole?: ReadonlySet<string>;
}

/**
 * Resolves `false` when the run stopped early because its signal aborted (superseded), else `true`.
 * `settled()` resolves once the changed files have had no write for the queue's settleMs (see
 * SettleOptions), or at once when the signal aborts (check it after).
 */
export type RunRebuild = (changed: ReadonlySet<string>, signal: AbortSignal, settled: (options?: SettleOptions) => Promise<void>) => Promise<boolean>;

/**
 * How long a file read whole must have had no write: a short re-check. That the file is whole already
 * tells a save in progress (its part written so far is not); this lets a write that follows at once
 * (another save, or a tool that writes over the file in place without truncating it, whose parts can
 * parse) supersede the rebuild before it writes anything, and the files of one change (a checkout)
 * come into one rebuild.
 */
export const WHOLE_QUIET_MS = 2;

export class RebuildQueue {
  private pending = new Set<string>();
  /** Stops the scheduled start (a timer, or for no delay an immediate), if any. */
  private timer: (() => void) | null = null;
  private running: { controller: AbortController; done: Promise<void> } | null = null;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  /** When each file was last written (performance.now()), by `write`. */
  private written = new Map<string, number>();
  /** The content of each file as the latest run that has it started (null: none, or a folder). */
  private seen = new Map<string, Buffer | null>();

  constructor(
    private readonly run: RunRebuild,
    private readonly debounceMs = 25,
    private readonly settleMs = 10,
  ) {}

  /** A file is being written (absolute path): rebuilt at once, written out once it is settled. */
  write(file: string): void {
    if (this.closed) return;
    this.written.set(file, performance.now());
    this.ifChanged(file, 0);
  }

  /**
   * A file changed (absolute path), as the watcher reports it once the file's size settled
   * (nothing to do when the latest run that has it started with this content).
   */
  add(file: string): void {
    if (this.closed) return;
    this.ifChanged(file, this.debounceMs);
  }

  private ifChanged(file: string, delay: number): void {
    const seen = this.seen.get(file);
    if (seen === undefined || !sameContent(seen, contentOf(file))) this.schedule(file, delay);
  }

  private schedule(file: string, delay: number): void {
    this.pending.add(file);
    // The running rebuild is already stale: stop it early; the next run covers its files too.
    this.running?.controller.abort();
    this.timer?.();
    const start = () => {
      this.timer = null;
      this.startIfReady();
    };
    // No delay (a write): after the events already in (a save's several), not a timer's 1 ms or more later.
    if (delay === 0) {
      const immediate = setImmediate(start);
      this.timer = () => clearImmediate(immediate);
    } else {
      const timeout = setTimeout(start, delay);
      this.timer = () => clearTimeout(timeout);
    }
  }

  /**
   * Resolves once none of `files` was written in the last `quietMs` (SettleOptions; GONE_QUIET
   * times settleMs at least while one of them is gone), or when `signal` aborts.
   */
  private async settled(files: ReadonlySet<string>, signal: AbortSignal, { quietMs, whole }: SettleOptions = {}): Promise<void> {
    const quietOf = (file: string) => quietMs ?? (whole?.has(file) ? Math.min(WHOLE_QUIET_MS, this.settleMs) : this.settleMs);
    for (;;) {
      const gone = [...files].some((f) => !existsSync(f));
      const restAt = Math.max(-Infinity, ...[...files].map((f) => (this.written.get(f) ?? -Infinity) + (gone ? Math.max(quietOf(f), this.settleMs * GONE_QUIET) : quietOf(f))));
      const wait = restAt - performance.now();
      if (wait <= 0 || signal.aborted) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, wait);
        signal.addEventListener('abort', done, { once: true });
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
      });
    }
  }

  /** Resolves once nothing is running, waiting or pending. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops scheduling; waits for the rebuild under way to end. */
  async close(): Promise<void> {
    this.closed = true;
    this.timer?.();
    this.timer = null;
    this.pending.clear();
    this.running?.controller.abort();
    await this.running?.done;
    this.settle();
  }

  private isIdle(): boolean {
    return !this.running && !this.timer && this.pending.size === 0;
  }

  private startIfReady(): void {
    if (this.running || this.timer || this.pending.size === 0 || this.closed) return;
    const changed = this.pending;
    this.pending = new Set();
    const controller = new AbortController();
    for (const file of changed) this.seen.set(file, contentOf(file));
    const done = this.run(changed, controller.signal, (options) => this.settled(changed, controller.signal, options))
      // The runner reports its own errors; a rejection must not stop the queue.
      .catch(() => true)
      .then((finished) => {
        // A superseded run did not finish its work: its files go back into the next run.
        if (!finished) for (const file of changed) this.pending.add(file);
        this.running = null;
        this.startIfReady();
        this.settle();
      });
    this.running = { controller, done };
  }

  private settle(): void {
    if (!this.isIdle() && !this.closed) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/**
 * How many times settleMs a rebuild waits before it writes anything while one of its files is gone.
 * An editor that keeps a backup saves by moving the old file away, then writing a new one: a
 * rebuild started by the move would otherwise render the site without the file (a locale's pages
 * in the default locale's words, a page gone) and show that for the moment the save takes. A file
 * deleted for good is rebuilt as such, that much later (100 ms by default: the wait a failed
 * rebuild makes before it is shown, dev.ts' FAILURE_QUIET).
 */
const GONE_QUIET = 10;

/**
 * A file's content, or null when it cannot be read (gone, a folder). Read synchronously: an event
 * handled while it was read could otherwise be compared with the content before the run's.
 */
function contentOf(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** Only two contents read are the same: a folder, or a file gone, is a change each time. */
function sameContent(a: Buffer | null, b: Buffer | null): boolean {
  return a !== null && b !== null && a.equals(b);
}
