/**
 * Keeps the build cache from growing without end: entries are written again whenever what they
 * depend on changes (an edit of a page or template makes a whole new set), so once a day a build
 * removes the entries nobody has written for PRUNE_AFTER_DAYS. An entry still in use costs one
 * render when it comes back. The pages' packs (page-packs.ts) go the same way, by when they were
 * written: the index naming their entries then finds nothing, and the pages render again. In
 * `pages/`, each sitegen version's folder is pruned so, file by file, and removed with its last
 * file when nothing was made in it for a week (no build of that version saved its index since).
 * A spare output (a folder, see output.ts) goes the same way as a whole.
 */
import { readdir, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
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
  for (const kind of KINDS) removed += await pruneFolder(path.join(dir, kind), now, kind === 'pages');
  return removed;
}

/**
 * Removes what in `folder` was not written for PRUNE_AFTER_DAYS; with `versions`, a folder in it
 * (a sitegen version's page folder) is pruned file by file, and removed, once empty, when nothing
 * was made in it for a week.
 */
async function pruneFolder(folder: string, now: number, versions: boolean): Promise<number> {
  let removed = 0;
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(folder, name);
    const stats = await stat(file).catch(() => null);
    const old = now - (stats?.mtimeMs ?? now) > PRUNE_AFTER_DAYS * DAY;
    if (versions && stats?.isDirectory()) {
      removed += await pruneFolder(file, now, false);
      // No file made or renamed in it for a week (a build renames its index into it): removed once
      // empty. Fails, and so keeps it, when a build of that version has written in it since.
      if (old) await rmdir(file).then(() => removed++, () => {});
    } else if (old) {
      await rm(file, { force: true, recursive: true });
      removed++;
    }
  }
  return removed;
}
