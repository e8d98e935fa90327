/**
 * Coalesces file changes into rebuilds (tsup's debouncePromise, Eleventy's WatchQueue):
 * a burst of saves becomes one rebuild, never two run at once, and a rebuild that is overtaken
 * by a newer change is told to stop (its signal aborts) and its changes roll into the next run.
 */
/** Resolves `false` when the run stopped early because its signal aborted (superseded), else `true`. */
export type RunRebuild = (changed: ReadonlySet<string>, signal: AbortSignal) => Promise<boolean>;

export class RebuildQueue {
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: { controller: AbortController; done: Promise<void> } | null = null;
  private idleWaiters: (() => void)[] = [];
  private closed = false;

  constructor(
    private readonly run: RunRebuild,
    private readonly debounceMs = 25,
  ) {}

  /** A file changed (absolute path). */
  add(file: string): void {
    if (this.closed) return;
    this.pending.add(file);
    // The running rebuild is already stale: stop it early; the next run covers its files too.
    this.running?.controller.abort();
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.startIfReady();
    }, this.debounceMs);
  }

  /** Resolves once nothing is running, waiting or pending. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops scheduling; waits for the rebuild under way to end. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
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
    const done = this.run(changed, controller.signal)
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
