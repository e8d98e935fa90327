/**
 * Keeps the build cache from growing without end: entries are written again whenever what they
 * depend on changes (an edit of a page or template makes a whole new set), so once a day a build
 * removes the entries nobody has written for PRUNE_AFTER_DAYS. An entry still in use costs one
 * render when it comes back. The pages' packs (page-packs.ts) go the same way, by when they were
 * written: the index naming their entries then finds nothing, and the pages render again. A
 * spare output (a folder, see output.ts) goes the same way.
 */
import { readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

const DAY = 24 * 60 * 60 * 1000;
const PRUNE_AFTER_DAYS = 7;
const KINDS = ['pages', 'check', 'esbuild', 'output', 'locales', 'messages', 'spare', 'code'];

/** Removes old entries (and temporary files of writes that were killed), at most once a day. */
export async function pruneCache(dir: string, now = Date.now()): Promise<number> {
  const marker = path.join(dir, '.pruned');
  const last = await stat(marker).then((s) => s.mtimeMs, () => 0);
  if (now - last < DAY) return 0;
  await writeFile(marker, '');
  await utimes(marker, now / 1000, now / 1000);
  let removed = 0;
  for (const kind of KINDS) {
    const folder = path.join(dir, kind);
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(folder, name);
      const mtime = await stat(file).then((s) => s.mtimeMs, () => now);
      if (now - mtime > PRUNE_AFTER_DAYS * DAY) {
        await rm(file, { force: true, recursive: true });
        removed++;
      }
    }
  }
  return removed;
}
