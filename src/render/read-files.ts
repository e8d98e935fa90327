/**
 * The files the site's code reads, so that a change to them builds its pages again.
 *
 * A page that loads its data at the top of its module (`readFileSync(new URL('./post.md',
 * import.meta.url))`, a folder of posts through `readdir`) makes pages out of files the bundle does
 * not hold: esbuild never sees them, and the build cache, keyed by the bundle's code, took every
 * page from the cache after such a file changed, the old text in it. The bundle gives the site's
 * imports of `node:fs` and `node:fs/promises` (bundle-esbuild.ts) these modules instead: Node's
 * own, whose calls that read a file or a folder, or ask whether one is there, note its path here.
 * The build asks for the paths once the server module is loaded (its top-level code has run) and
 * keys the build id, the cache's pages and the output record by what those files and folders hold
 * (stages.ts, dataInputs).
 *
 * Read while a page renders, a file is refused: the build knows it only after the build id and
 * every page's cache key are made, so a change to it would not reach the cache. Reads inside
 * node_modules are left alone: packages come with the lock file, whose versions key the cache.
 *
 * This module is bundled into the server module, so it uses nothing but Node's own modules.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const read = new Set<string>();
/** Whether a page is being rendered now. */
let rendering = false;

/** Notes the file or folder a call names (a path, a file: URL or a Buffer; not a file descriptor). */
export function noteRead(target: unknown): void {
  let file: string;
  if (typeof target === 'string') file = path.resolve(target);
  else if (target instanceof URL) file = target.protocol === 'file:' ? path.resolve(fileURLToPath(target)) : '';
  else if (Buffer.isBuffer(target)) file = path.resolve(target.toString());
  else return;
  if (file === '' || file.split(path.sep).includes('node_modules') || read.has(file)) return;
  if (rendering) {
    throw new Error(
      `It read ${file} while rendering. Read files at the top of a module (a page's, a component's or a helper's, with top-level await for promises), ` +
        'where the build knows them before any page renders, so that a change to them renders the pages again.',
    );
  }
  read.add(file);
}

/** `fn` (a call of `node:fs` whose first argument names a file or folder), noting that argument first. */
export function noted<F extends (...args: any[]) => any>(fn: F): F {
  return ((target: unknown, ...rest: unknown[]) => {
    noteRead(target);
    return fn(target, ...rest);
  }) as F;
}

/** The files and folders the site's code has read so far, sorted. */
export function filesRead(): string[] {
  return [...read].sort();
}

/** Runs a page's render with reads refused. */
export function refusingReads<T>(render: () => T): T {
  rendering = true;
  try {
    return render();
  } finally {
    rendering = false;
  }
}
