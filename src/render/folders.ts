/**
 * Output folders, each made once per render, without `mkdir({ recursive: true })`. A profile of
 * the real site's build showed 320 to 850 ms of main-thread time in `mkdir`: Node's recursive
 * mkdir, when a parent already exists (every page's parent is shared with other pages), falls
 * back to a synchronous stat on the main thread, and on this machine's file system each of those
 * calls takes about a millisecond. Here each folder waits for its parent and is made with one
 * plain asynchronous mkdir; a folder that exists already is fine.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

export class Folders {
  private made = new Map<string, Promise<void>>();

  /** `root` exists already (the staging folder, or dev's output folder). */
  constructor(root: string) {
    this.made.set(path.resolve(root), Promise.resolve());
  }

  /** Resolves once `dir` exists; concurrent calls for one folder share one mkdir. */
  ensure(dir: string): Promise<void> {
    let made = this.made.get(dir);
    if (made) return made;
    const parent = path.dirname(dir);
    made = (parent === dir ? Promise.resolve() : this.ensure(parent)).then(() => mkdir(dir).then(ignore, ignoreExisting));
    this.made.set(dir, made);
    return made;
  }
}

const ignore = () => {};

function ignoreExisting(err: NodeJS.ErrnoException): void {
  if (err.code !== 'EEXIST') throw err;
}
