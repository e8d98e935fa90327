import path from 'node:path';
import { lstat, mkdir, readdir, rename, rm, utimes } from 'node:fs/promises';
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { isProcessAlive } from './process-alive.ts';
import { copyOrLink, inFolder, previousFile, putFile, putParts, type PreviousOutput } from './reuse-output.ts';
import { escapeRegExp } from './text/reg-exp.ts';
import { listFiles } from './file-list.ts';
import { handBack, journalOf, moves, readJournal, writeJournal, type Handover } from './handover.ts';
import { errors } from './errors.ts';

/**
 * The build writes into a temporary folder beside the output and swaps it into place only when
 * everything succeeded, so a failed build leaves the previous output exactly as it was.
 *
 * With `spare` (a folder in the build cache where the swap keeps the output it replaced, see
 * swapIntoPlace), that older output becomes the staging folder while the output exists: its
 * folders and files are there already, and the build keeps of them exactly what it writes
 * (keepOnly). On this machine's file system making a folder or a file costs 0.2 to 0.4 ms of
 * system time, and removing the replaced output took 2 to 5 s at 20 times the real site's size
 * (10,000 folders and files): a rebuild made 10,000 folders and removed as many, to end with the
 * same tree. Otherwise (no spare, or on another file system) the staging folder starts empty.
 */
export async function createStagingDir(outDir: string, spare: string | null = null): Promise<string> {
  await removeAbandonedStaging(outDir);
  const dir = path.join(path.dirname(outDir), `.${path.basename(outDir)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  // Only beside an output: the writer links from it, and makes every file it writes new or has it to itself (reuse-output.ts).
  if (spare && existsSync(outDir) && (await rename(spare, dir).then(() => true, () => false))) {
    // The cache is not trusted: a spare that is not a folder is not used.
    if ((await lstat(dir)).isDirectory()) return dir;
    await rm(dir, { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Where the build cache keeps the output a build replaced, for the next build of that output folder to stage into. */
export function spareFolder(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'spare', createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 40));
}

/**
 * Makes a staging folder hold nothing but `expected` (relative file paths) and the folders
 * above them: anything else an older output left in it (another build's pages, a symbolic link,
 * a file where a folder goes or the reverse) is removed. Returns whether anything was kept (a
 * fresh staging folder costs one readdir), and whether every folder above `expected` is there
 * once it returns (`folders`): then the renderers make none (PreviousOutput's foldersStaged).
 * Folders under `optional` (a relative path ending in a separator) are kept when there, and
 * neither made nor counted when missing.
 * Synchronous: nothing else is written meanwhile, and 10,000 readdirs through promises cost more
 * than the calls themselves.
 *
 * The older output is the same site's output of two builds ago, so its folders are nearly always
 * this build's: at 20 times the real site's size a rebuild staged into it made 10,894 folders,
 * 10,893 of which were there (each mkdir failing with EEXIST, on the main thread a hop to libuv's
 * threads and back). The few it lacks (pages added since) are made here, parents first; when it
 * lacks more folders than it has (another site's output), the renderers make them as in a fresh
 * staging folder, where their mkdirs overlap with the render.
 */
export async function keepOnly(staging: string, expected: ReadonlySet<string>, optional: string | null = null): Promise<{ kept: boolean; folders: boolean }> {
  // Paths the build made (relative, normalized) are cut and joined as strings (parentOf,
  // inFolder): path.dirname and path.join, which parse and normalize each path again, took ~25 ms
  // of a rebuild at 20 times the real site's size here (~10,000 files and as many folders).
  const folders = new Set<string>();
  for (const rel of expected) for (let d = parentOf(rel); d !== '' && !folders.has(d); d = parentOf(d)) folders.add(d);
  const stale: string[] = [];
  const found = new Set<string>();
  let kept = false;
  const visit = (rel: string): void => {
    for (const entry of readdirSync(rel ? inFolder(staging, rel) : staging, { withFileTypes: true })) {
      const child = rel ? inFolder(rel, entry.name) : entry.name;
      if (entry.isDirectory() && folders.has(child)) {
        found.add(child);
        visit(child);
      } else if (entry.isFile() && expected.has(child)) kept = true;
      else stale.push(child);
    }
  };
  visit('');
  await Promise.all(stale.map((rel) => rm(path.join(staging, rel), { recursive: true, force: true })));
  // Folders under `optional` (the payload folder's, when the build may move them from the output: handover.ts) are made only if needed.
  const missing = [...folders].filter((rel) => !found.has(rel) && !(optional !== null && rel.startsWith(optional)));
  if (!kept || missing.length > found.size) return { kept, folders: false };
  // Sorted, a folder comes before the folders in it (its path is their prefix).
  for (const rel of missing.sort()) mkdirSync(path.join(staging, rel));
  return { kept, folders: true };
}

/** The folder a normalized relative path is in ('' for the top). */
function parentOf(rel: string): string {
  const at = rel.lastIndexOf(path.sep);
  return at < 0 ? '' : rel.slice(0, at);
}

/**
 * Staging folders of builds that were killed (SIGKILL, power loss) stay beside the output: those
 * whose process is gone are removed. A build killed inside the swap, between moving the output
 * aside and moving the new one in, left the previous output as `<staging>.old`: it is put back,
 * with the folders the swap had moved from it into the staging folder (see swapIntoPlace).
 * Folders of live processes (another build running now) are left alone.
 */
export async function removeAbandonedStaging(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const pattern = new RegExp(`^\\.${escapeRegExp(path.basename(outDir))}\\.tmp-(\\d+)-[0-9a-f]+(\\.old|\\.handover)?$`);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return; // no parent folder yet: nothing was left there
  }
  // Reversed, a staging folder's `.old` comes before its journal, and both before the folder itself.
  for (const name of names.sort().reverse()) {
    const match = pattern.exec(name);
    if (!match || isProcessAlive(Number(match[1]))) continue;
    const dir = path.join(parent, name);
    if (match[2] === '.old' && !existsSync(outDir)) {
      // Folders its swap had moved into the staging folder go back first (handover.ts).
      const staging = dir.slice(0, -'.old'.length);
      const moved = readJournal(staging);
      if (moved) handBack(staging, dir, moved);
      await rename(dir, outDir);
    } else await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Moves the staging folder into place. The output it replaces is kept as `spare` (for the next
 * build's staging folder, see createStagingDir) when that folder is free and on the same file
 * system, else removed. With `handover`, the folders it names move from the output's payload
 * folder into the staging folder's in between (handover.ts), named first in a journal beside the
 * staging folder: a build killed before the end left it for the next build, which moves them back
 * (removeAbandonedStaging).
 */
export async function swapIntoPlace(staging: string, outDir: string, spare: string | null = null, handover: Handover | null = null): Promise<void> {
  if (!existsSync(outDir)) {
    await mkdir(path.dirname(outDir), { recursive: true });
    await rename(staging, outDir);
    return;
  }
  const old = `${staging}.old`;
  if (handover) writeJournal(staging, handover);
  try {
    await rename(outDir, old);
  } catch (err) {
    if (handover) await rm(journalOf(staging), { recursive: true, force: true });
    // A mount point the build's early check did not see (a bind mount of the same file system).
    throw (err as NodeJS.ErrnoException).code === 'EBUSY' ? errors.outDirMountPoint(outDir, err) : err;
  }
  let moving: string | null = null;
  try {
    if (handover) {
      for (const { inOld, inStaging } of moves(staging, old, handover)) {
        moving = inOld;
        renameSync(inOld, inStaging);
      }
    }
    moving = null;
    await rename(staging, outDir);
  } catch (err) {
    // A folder the render found in the output is gone from it: another build into the same folder swapped first.
    const gone = moving !== null && !existsSync(moving) ? path.relative(old, moving) : null;
    // The journal stays until the output is back as it was: if that fails too, the next build does it.
    if (handover) handBack(staging, old, handover);
    await rename(old, outDir);
    if (handover) await rm(journalOf(staging), { recursive: true, force: true });
    throw gone !== null ? errors.outputChanged(outDir, gone, err) : err;
  }
  if (handover) await rm(journalOf(staging), { recursive: true, force: true });
  if (spare && (await keptAsSpare(old, spare))) return;
  await rm(old, { recursive: true, force: true });
}

async function keptAsSpare(old: string, spare: string): Promise<boolean> {
  try {
    await mkdir(path.dirname(spare), { recursive: true });
    await rename(old, spare);
  } catch {
    return false;
  }
  // The cache's pruning removes a spare nobody used for a week (cache/prune.ts): its time is now.
  const now = new Date();
  await utimes(spare, now, now).catch(() => {});
  return true;
}

export async function discardStaging(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true });
}

/** Writes `root/rel`, or links the previous output's file when it has the same bytes (reuse-output.ts). */
export async function writeOut(root: string, rel: string, contents: string | Uint8Array, previous?: PreviousOutput | null): Promise<number> {
  const file = path.join(root, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await putFile(file, contents, previousFile(previous, rel));
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

/** writeOut for a file made in parts (see putParts), which is never held whole; returns its size. */
export async function writeOutParts(root: string, rel: string, parts: () => Iterable<string>, previous?: PreviousOutput | null): Promise<number> {
  const file = path.join(root, rel);
  await mkdir(path.dirname(file), { recursive: true });
  return putParts(file, parts, previousFile(previous, rel));
}

/** Lists the static files (relative paths, sorted). */
export async function listStatic(staticDir: string): Promise<string[]> {
  return (await listFiles(staticDir, { recursive: true })).sort();
}

export async function copyStatic(staticDir: string, files: string[], dest: string, previous?: PreviousOutput | null): Promise<void> {
  await copyFiles(files.map((rel) => ({ rel, from: staticDir })), dest, previous);
}

/** At most this many copies at once: a merge copies thousands of files, more than a process may open. */
const COPY_BATCH = 64;

/**
 * Copies each file `from/rel` to `dest/rel`, creating folders as needed; with `previous`, a file
 * whose bytes the previous output has at the same place is linked from there (reuse-output.ts).
 */
export async function copyFiles(files: readonly { rel: string; from: string }[], dest: string, previous?: PreviousOutput | null): Promise<void> {
  for (let i = 0; i < files.length; i += COPY_BATCH) {
    await Promise.all(
      files.slice(i, i + COPY_BATCH).map(async ({ rel, from }) => {
        const to = path.join(dest, rel);
        await mkdir(path.dirname(to), { recursive: true });
        await copyOrLink(path.join(from, rel), to, previousFile(previous, rel));
      }),
    );
  }
}
