import path from 'node:path';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isProcessAlive } from './process-alive.ts';
import { copyOrLink, previousFile, putFile, putParts, type PreviousOutput } from './reuse-output.ts';

/**
 * The build writes into a temporary folder beside the output and swaps it into place only when
 * everything succeeded, so a failed build leaves the previous output exactly as it was.
 */
export async function createStagingDir(outDir: string): Promise<string> {
  await removeAbandonedStaging(outDir);
  const dir = path.join(path.dirname(outDir), `.${path.basename(outDir)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/**
 * Staging folders of builds that were killed (SIGKILL, power loss) stay beside the output: those
 * whose process is gone are removed. A build killed inside the swap, between moving the output
 * aside and moving the new one in, left the previous output as `<staging>.old`: it is put back.
 * Folders of live processes (another build running now) are left alone.
 */
export async function removeAbandonedStaging(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const pattern = new RegExp(`^\\.${escapeRegExp(path.basename(outDir))}\\.tmp-(\\d+)-[0-9a-f]+(\\.old)?$`);
  let names: string[];
  try {
    names = await readdir(parent);
  } catch {
    return; // no parent folder yet: nothing was left there
  }
  for (const name of names.sort().reverse()) {
    const match = pattern.exec(name);
    if (!match || isProcessAlive(Number(match[1]))) continue;
    const dir = path.join(parent, name);
    if (match[2] && !existsSync(outDir)) await rename(dir, outDir);
    else await rm(dir, { recursive: true, force: true });
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export async function swapIntoPlace(staging: string, outDir: string): Promise<void> {
  if (!existsSync(outDir)) {
    await mkdir(path.dirname(outDir), { recursive: true });
    await rename(staging, outDir);
    return;
  }
  const old = `${staging}.old`;
  await rename(outDir, old);
  try {
    await rename(staging, outDir);
  } catch (err) {
    await rename(old, outDir);
    throw err;
  }
  await rm(old, { recursive: true, force: true });
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
  if (!existsSync(staticDir)) return [];
  // Loaded on use: a build with nothing changed needs this module (removeAbandonedStaging), not the glob.
  const { default: fg } = await import('fast-glob');
  return (await fg('**/*', { cwd: staticDir, onlyFiles: true, dot: false })).sort();
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
