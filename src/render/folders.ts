/**
 * Output folders, each made once per render, without `mkdir({ recursive: true })`. A profile of
 * the real site's build showed 320 to 850 ms of main-thread time in `mkdir`: Node's recursive
 * mkdir, when a parent already exists (every page's parent is shared with other pages), falls
 * back to a synchronous stat on the main thread, and on this machine's file system each of those
 * calls takes about a millisecond. Here each folder waits for its parent and is made with one
 * plain asynchronous mkdir; a folder that exists already is fine.
 *
 * Only the folders others are made in (a locale's, the payloads') are remembered once made: a
 * page's own folder is made for its files alone, and remembered it only grew with the site (at 20
 * times the real site's size ~11,000 of them, each with its path, about 2 MB of the renderers'
 * heaps until the end of the render).
 *
 * A folder whose parent this renderer neither made nor is making is made first, and its parent
 * only if it is missing (ENOENT): such a parent is nearly always there already. It is a page's
 * folder that a nested route's folder goes into (`de/community_privacy_policy`, then
 * `.../history`), or a locale's folder another render thread made. Parents first, as before,
 * each of those cost one more mkdir that failed with EEXIST: 100 of the real site's 608 mkdirs in
 * a cold build, 847 of 10,933 in a one-message edit at 20 times its size (strace).
 */
import { mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

const MADE = Promise.resolve();

export class Folders {
  /** Folders being made: concurrent calls for one share its mkdir. */
  private making = new Map<string, Promise<void>>();
  /** Folders made that others were made in. */
  private parents = new Set<string>();

  /** `root` exists already (the staging folder, or dev's output folder). */
  constructor(root: string) {
    this.parents.add(path.resolve(root));
  }

  /** Resolves once `dir` exists. */
  ensure(dir: string): Promise<void> {
    if (this.parents.has(dir)) return MADE;
    let made = this.making.get(dir);
    if (made) return made;
    const parent = path.dirname(dir);
    const afterParent = () => (parent === dir ? MADE : this.ensureParent(parent)).then(() => mkdir(dir).then(ignore, ignoreExisting));
    made = parent === dir || this.parents.has(parent) || this.making.has(parent)
      ? afterParent()
      : mkdir(dir).then(ignore, (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? afterParent() : ignoreExisting(err)));
    this.making.set(dir, made);
    const done = () => void this.making.delete(dir);
    made.then(done, done);
    return made;
  }

  /**
   * Makes `dir` at once, with synchronous calls (and its missing parents, as ensure does), for a
   * renderer that makes its files itself (render/server.tsx, Writes): resolved once made, rejected
   * with mkdir's error.
   */
  ensureNow(dir: string): Promise<void> {
    try {
      this.makeNow(dir);
      return MADE;
    } catch (err) {
      return Promise.reject(err);
    }
  }

  private makeNow(dir: string): void {
    if (this.parents.has(dir)) return;
    const parent = path.dirname(dir);
    if (parent !== dir && !this.parents.has(parent)) {
      // The folder first, its parent only if missing (see the top of this file).
      try {
        mkdirSync(dir);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return ignoreExisting(err as NodeJS.ErrnoException);
      }
      this.makeNow(parent);
      this.parents.add(parent);
    }
    try {
      mkdirSync(dir);
    } catch (err) {
      ignoreExisting(err as NodeJS.ErrnoException);
    }
  }

  private ensureParent(dir: string): Promise<void> {
    if (this.parents.has(dir)) return MADE;
    return this.ensure(dir).then(() => void this.parents.add(dir));
  }
}

const ignore = () => {};

function ignoreExisting(err: NodeJS.ErrnoException): void {
  if (err.code !== 'EEXIST') throw err;
}
