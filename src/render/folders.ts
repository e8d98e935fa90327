/**
 * Output folders, each made once per render, its parents first, with one synchronous mkdir each.
 * Node's asynchronous recursive mkdir, when a parent already exists, falls back to a synchronous
 * stat on the main thread (320 to 850 ms of it in a profile of the real site's build); each folder
 * then waited for its parent's plain asynchronous mkdir instead: a hop to libuv's threads and back
 * per folder, three or four in a row for a page's folders, while the page's writes waited. The
 * first rebuild after a message edit makes every folder of the output anew (~500 for the real site,
 * ~10,000 at 20 times its size) and has little else to do meanwhile, and made a quarter of its
 * context switches there. The call costs the same time in the kernel on either thread.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export class Folders {
  private made = new Set<string>();

  /** `root` exists already (the staging folder, or dev's output folder). */
  constructor(root: string) {
    this.made.add(path.resolve(root));
  }

  /** Makes `dir` (its parents first) unless this render made it already. */
  ensure(dir: string): void {
    if (this.made.has(dir)) return;
    const parent = path.dirname(dir);
    if (parent !== dir) this.ensure(parent);
    // Its parent exists: one mkdir, or for a folder already there (dev's output) a stat, without a JS error.
    mkdirSync(dir, { recursive: true });
    this.made.add(dir);
  }
}
