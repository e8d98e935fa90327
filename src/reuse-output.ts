/**
 * Files of the staging folder taken from the previous output when they are the same bytes.
 *
 * The build writes every file into a fresh staging folder and swaps it into place (output.ts). On
 * this kind of file system (ext4 with `discard`, in a VM), writing 10,000 files of 22 KB costs 3 to
 * 5 s of system time and removing the old output (freeing their blocks) 3 s more, while `link()`ing
 * them costs 0.12 s and removing a folder whose files are still linked elsewhere 0.19 s. So a file
 * whose bytes equal the previous output's file at the same place is hard-linked into staging
 * instead of written, and the old output's removal after the swap frees only what changed.
 *
 * Safety: "the same bytes" is decided by reading the previous file now (size first, then every
 * byte), so a file edited by hand in the output is replaced by the right bytes. Payloads from the
 * build cache (the bulk of a rebuild's unchanged files: ~5,000 at 20 times the real site's size)
 * may instead be known by the output record (cache/output-record.ts), which keeps a print of each
 * payload the last build left: its place, inode, size, mtime and ctime, and the cache entry its
 * bytes came from (payloadPrint). A payload this build takes from that same entry is linked after
 * one lstat when the print still matches: four file system calls fewer (open, fstat, read, close),
 * and 5.6 us of CPU per payload instead of 12.7. Any change to the file since, by any tool (a
 * write, a chmod, a rename, another link, its times put back with `touch -r`), gave it a new
 * ctime, which no user tool can set back: the print differs and the file is read as any other. So
 * the rule stays: a file edited by hand in the output is replaced by the right bytes. (The record
 * trusts what its walk saw right after the swap, as the no-change build's listing does.)
 *
 * Links only ever go from the previous output into staging; every file made in a staging folder
 * is made new (exclusive create; a path made twice is unlinked first), so no write ever lands in
 * an inode the previous output shares, and a build that fails or is killed leaves the previous
 * output exactly as it was. A link that fails for any reason (another device, no hard links, too
 * many links) falls back to writing the file.
 *
 * This module is bundled into the server module too (the renderer writes pages with it), so it
 * uses nothing but Node's own modules.
 */
import { hash } from 'node:crypto';
import { closeSync, constants, existsSync, fstatSync, ftruncateSync, linkSync, lstatSync, openSync, readSync, unlinkSync, writeSync, writevSync, type Stats } from 'node:fs';
import { copyFile, open, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The output folder as the last build left it, and where this build's payloads were there. */
export interface PreviousOutput {
  dir: string;
  /**
   * Payloads live in a folder named by the build id (`_static/<id>/`), which changes with every
   * input: this build's folder (`now`) and the previous output's (`before`), both relative and
   * ending in a separator. Null when the previous output has no single build folder.
   */
  payloads: { now: string; before: string } | null;
  /**
   * The change time (ctime, the file system's clock) of the staging folder when the build took it:
   * a file in it that changed before then was left by an older output (output.ts, createStagingDir)
   * and may be written over in place (putNewFile); null when not known.
   */
  stagedBefore: number | null;
  /**
   * Whether every folder the build writes a file into is in the staging folder already: one that
   * holds an older output had them all, or was given the few it lacked (output.ts, keepOnly).
   */
  foldersStaged?: boolean;
  /**
   * The prints of the payloads the last build left (payloadPrint), as the output record kept them;
   * null when there is no record of this output folder.
   */
  recorded?: ReadonlySet<string> | null;
  /**
   * Whether the last build judged its pages' links against what this build judges them against
   * (stages.ts, targetsPrint): then a page whose payload the record knows (recordedPayload) has the
   * links that build judged, and they are not judged again.
   */
  linksJudged?: boolean;
  /**
   * The payloads the main thread's renderer found to be the recorded ones in the output and left
   * there, neither linked nor given a folder, with their lstat: the build moves their folders
   * into the new output at the swap, or links them once the render is done (handover.ts). Null
   * or absent when it links them as it goes. With it, the staging folder may lack folders of the
   * payload folder (foldersStaged does not answer for them).
   */
  handing?: Map<string, Stats> | null;
}

/**
 * The output folder to take files from, or null when there is none. Its build id is the one
 * folder of the assets folder that holds a manifest; with none or several (files put there by
 * hand), payloads are compared at their own path only.
 */
export async function findPreviousOutput(outDir: string, assetsDir: string, buildId: string, manifestName: string): Promise<PreviousOutput | null> {
  if (!existsSync(outDir)) return null;
  let names: string[] = [];
  try {
    names = await readdir(path.join(outDir, assetsDir));
  } catch {
    // no assets folder: no payloads to take
  }
  const ids = names.filter((name) => existsSync(path.join(outDir, assetsDir, name, manifestName)));
  const folder = (id: string) => path.join(assetsDir, id) + path.sep;
  return { dir: outDir, payloads: ids.length === 1 ? { now: folder(buildId), before: folder(ids[0]!) } : null, stagedBefore: null };
}

/** The previous output's file a file of this build (relative to the output) may equal. */
export function previousFile(previous: PreviousOutput | null | undefined, rel: string): string | null {
  if (!previous) return null;
  const { payloads } = previous;
  if (payloads && rel.startsWith(payloads.now)) return inFolder(previous.dir, payloads.before + rel.slice(payloads.now.length));
  return inFolder(previous.dir, rel);
}

/**
 * The path of `rel`, a path the build made relative to an output folder (normalized: no `.`,
 * `..` or doubled separators), in the folder `dir`: joined as strings when `dir` is a folder's
 * path without a separator at its end, as output folders are. path.join normalizes the whole path
 * again: at 20 times the real site's size a rebuild joined ~25,000 such paths, a seventh of what
 * its main thread allocated.
 */
export function inFolder(dir: string, rel: string): string {
  return dir === '' || dir.endsWith(path.sep) ? path.join(dir, rel) : `${dir}${path.sep}${rel}`;
}

/** The length of a payload's print (see payloadPrint): 120 bits of its SHA-1, in base64. */
const PRINT_LENGTH = 20;

/**
 * A print of a payload file as a build leaves it: its path in the payload folder (without the
 * build id's folder, which changes with every input), which file it is, its size and times, and
 * the build cache entry its bytes came from (page-packs.ts, sourceOf: an entry is never written
 * again where it is). Equal prints: the same file, unchanged since, holding that entry's payload.
 * The output record keeps the sitemap's print too: its path in the output, and for its source a
 * print of what it is made from (stages.ts, sitemapSource).
 */
export function payloadPrint(rel: string, stats: { dev: number; ino: number; size: number; mtimeMs: number; ctimeMs: number }, source: string): string {
  return hash('sha1', `${rel}\0${stats.dev}\0${stats.ino}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${source}`, 'base64').slice(0, PRINT_LENGTH);
}

/** The prints the output record keeps, one after the other (see payloadPrint), as a set. */
export function printSet(prints: string): Set<string> {
  const set = new Set<string>();
  for (let at = 0; at + PRINT_LENGTH <= prints.length; at += PRINT_LENGTH) set.add(prints.slice(at, at + PRINT_LENGTH));
  return set;
}

/**
 * The previous output's file `previous` (its lstat) when, for this build's payload `rel` taken
 * from the cache entry `source`, it is by the output record that entry's payload: a regular file
 * whose print (payloadPrint) the record holds; else null. One lstat, no read (see the top of this
 * file); its size is then that of the entry's payload (the print holds it), which the caller
 * neither reads from the cache nor compares (render-cache.ts, lookup, checks the entry gives its
 * payload that length).
 */
export function recordedPayload(output: PreviousOutput, rel: string, previous: string, source: string): Stats | null {
  const { payloads, recorded } = output;
  if (!recorded || !payloads || !rel.startsWith(payloads.now)) return null;
  return recordedFile(previous, rel.slice(payloads.now.length), source, (print) => recorded.has(print));
}

/**
 * The previous output's file `previous` (its lstat) when it is a regular file whose print, as the
 * file at `rel` made from `source` (payloadPrint), the output record holds (`recorded`); else null.
 */
export function recordedFile(previous: string, rel: string, source: string, recorded: (print: string) => boolean): Stats | null {
  const stats = lstatSync(previous, { throwIfNoEntry: false });
  return stats && stats.isFile() && recorded(payloadPrint(rel, stats, source)) ? stats : null;
}

/** Whether `file` is the regular file `stats` were taken of (the same inode; a symbolic link is not followed). */
export function isFileOf(file: string, stats: Stats): boolean {
  const here = lstatSync(file, { throwIfNoEntry: false });
  return !!here && stats.isFile() && here.ino === stats.ino && here.dev === stats.dev;
}

/**
 * Whether this build's id differs from the previous output's: then no file that holds this
 * build's id (every document) can equal the previous output's file at its place.
 */
export function buildIdChanged(previous: PreviousOutput): boolean {
  return previous.payloads !== null && previous.payloads.now !== previous.payloads.before;
}

/**
 * Makes `file` (in a staging folder) new with the concatenation of `contents`, without reading the
 * previous output's file: for a file known to differ from it (see buildIdChanged). In a staging
 * folder that holds an older output (`stagedBefore`, see PreviousOutput), the older output's file
 * at that path is written over in place when it can be. Synchronous calls, as linkedIfSame's:
 * through promises each document was three hops to libuv's threads (open, writev, close), and a
 * profile of the first rebuild after a message edit of the real site had ~50 ms of the main
 * thread in the opens alone (288 documents). Written here, that build made a quarter fewer context
 * switches (1,555 against 2,076) and one at 20 times the size half as many (~10,000 against
 * ~19,000), with ~5-10% less user time. Asynchronous all the same: a failure is a rejection.
 * With `facts`, it returns the file's facts as written (see FileFacts), else null.
 */
export async function putNewFile(file: string, contents: readonly Uint8Array[], stagedBefore: number | null, facts = false): Promise<FileFacts | null> {
  if (stagedBefore !== null) {
    const rewritten = rewrittenInPlace(file, contents, stagedBefore, facts);
    if (rewritten !== false) return rewritten;
  }
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    unlinkSync(file);
    fd = openSync(file, 'wx');
  }
  try {
    writeAt(fd, contents);
    return facts ? factsOf(fstatSync(fd)) : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * What the output record keeps of a file it lists (cache/output-record.ts, listing), as an lstat
 * gives it; the record takes no lstat of a file the build knows them of:
 * - a document made new: putNewFile takes them with an fstat of the file it has just written,
 *   when asked (`facts`). It has one link and nothing writes it after: what an lstat after the
 *   swap gives.
 * - a payload the staging folder holds already (render/server.tsx, keptPayload): its lstat as
 *   the build found it. Nothing links or unlinks it after: the previous output that shares it is
 *   kept whole as the next build's staging folder (output.ts, swapIntoPlace). Where it is removed
 *   instead, its files' link counts and change times change, and the next build, whose walk sees
 *   that, is a full one.
 */
export interface FileFacts {
  dev: number;
  ino: number;
  mode: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export function factsOf({ dev, ino, mode, size, mtimeMs, ctimeMs }: Stats): FileFacts {
  return { dev, ino, mode, size, mtimeMs, ctimeMs };
}

/**
 * Writes over `file` in place if the older output left it (it changed before `stagedBefore`: not
 * one this build made, which may still be being written) and no other path shares it (one link,
 * so neither the output nor any copy of it has it); false when it is anything else, or missing
 * (the caller makes a new file). On this machine's file system making a file costs 0.2 to 0.4 ms
 * of system time, writing one in place a tenth of that; synchronous, as linkedIfSame, for calls
 * of microseconds each. Written, it returns the file's facts as written when asked, else null.
 */
function rewrittenInPlace(file: string, contents: readonly Uint8Array[], stagedBefore: number, facts: boolean): FileFacts | null | false {
  let fd: number;
  try {
    fd = openSync(file, constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return false;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.nlink !== 1 || !(stats.ctimeMs < stagedBefore)) return false;
    // Cut only what is left of a longer file: most documents keep their size from build to build,
    // and an ftruncate to the same size is a call of its own (~5,000 in a rebuild at 20 times the real site's size).
    const size = writeAt(fd, contents);
    if (size < stats.size) ftruncateSync(fd, size);
    return facts ? factsOf(fstatSync(fd)) : null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the buffers one after the other from the start of the file; returns how many bytes that
 * is. One writev for all of them (a document from the cache is three: its text around the build
 * id); what a short write left is written part by part.
 */
function writeAt(fd: number, contents: readonly Uint8Array[]): number {
  let written = writevSync(fd, contents as Uint8Array[], 0);
  let at = 0;
  for (const part of contents) {
    const done = Math.min(written, part.byteLength);
    written -= done;
    for (let n = done; n < part.byteLength; ) n += writeSync(fd, part, n, part.byteLength - n, at + n);
    at += part.byteLength;
  }
  return at;
}

/**
 * Makes `file` (in a staging folder) with `contents`: a hard link to `previous` when that file has
 * exactly these bytes, else a new file. Without `previous`, a plain write (the folder shares no
 * inode with any output).
 */
export async function putFile(file: string, contents: string | Uint8Array, previous: string | null): Promise<void> {
  if (previous === null) return writeFile(file, contents);
  const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
  if (linkedIfSame(previous, bytes, file)) return;
  await made(file, () => writeFile(file, bytes, { flag: 'wx' }));
}

/**
 * Makes `file` (in a staging folder) the previous output's file `previous`, which the output
 * record knows holds the bytes it must have (recordedPayload): a hard link to it, or where no link
 * can be made, a copy of it. Its bytes are never read here: the build did not read them from its
 * cache either.
 */
export async function putRecorded(file: string, previous: string): Promise<void> {
  if (linked(previous, file)) return;
  await made(file, () => copyFile(previous, file, constants.COPYFILE_EXCL));
}

/** Copies `from` to `file` (in a staging folder), or links `previous` when it has the same bytes. */
export async function copyOrLink(from: string, file: string, previous: string | null): Promise<void> {
  if (previous === null) return copyFile(from, file);
  if (linkedIfSame(previous, await readFile(from), file)) return;
  await made(file, () => copyFile(from, file, constants.COPYFILE_EXCL));
}

/** Parts of a file written to disk together, in one write. */
const PARTS_WRITE_BYTES = 1 << 20;

/**
 * Makes `file` (in a staging folder) from text made in parts, never held whole (sitemap.ts): a
 * hard link to `previous` when that file has exactly these bytes, else a new file written a
 * megabyte at a time. `parts` is asked again for the write when the comparison found a difference.
 * Returns the file's size in bytes.
 */
export async function putParts(file: string, parts: () => Iterable<string>, previous: string | null): Promise<number> {
  if (previous !== null) {
    const size = partsSize(previous, parts());
    if (size >= 0 && linked(previous, file)) return size;
    return made(file, () => writeParts(file, parts(), 'wx'));
  }
  return writeParts(file, parts(), 'w');
}

async function writeParts(file: string, parts: Iterable<string>, flag: string): Promise<number> {
  const handle = await open(file, flag);
  let size = 0;
  try {
    let pending = '';
    for (const part of parts) {
      pending += part;
      if (pending.length < PARTS_WRITE_BYTES) continue;
      size += (await handle.write(pending)).bytesWritten;
      pending = '';
    }
    if (pending) size += (await handle.write(pending)).bytesWritten;
  } finally {
    await handle.close();
  }
  return size;
}

/**
 * Test seam: a function put at this symbol on globalThis replaces `linkSync`, so a test can make
 * every link fail as on a file system without hard links (a folder on another device is hard to make).
 */
const LINK_SEAM = Symbol.for('sitegen.test.link');

/**
 * Links `previous` as `file` if it is a regular file holding exactly `bytes`; false when it is
 * not, or the link cannot be made (the caller writes instead). Synchronous on purpose: the file
 * was just written by the last build and is in the page cache, so each call takes microseconds,
 * while the same five calls through promises (each a hop to libuv's four threads and back) left
 * the renderer's thread idle 3 s and busy 1.25 s more in a 10,000-file rebuild.
 */
function linkedIfSame(previous: string, bytes: Uint8Array, file: string): boolean {
  return hasBytes(previous, bytes) && linked(previous, file);
}

/** Links `previous` as `file` (a path made twice: the later one wins); false when it cannot. */
function linked(previous: string, file: string): boolean {
  const link = ((globalThis as Record<symbol, unknown>)[LINK_SEAM] as typeof linkSync | undefined) ?? linkSync;
  try {
    try {
      link(previous, file);
    } catch (err) {
      // A path made twice: the later one wins, and the earlier file is not written into. In a
      // staging folder that holds an older output (output.ts), the file there may be that very
      // file already: a payload linked from build to build.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (sameFile(previous, file)) return true;
      unlinkSync(file);
      link(previous, file);
    }
    return true;
  } catch {
    return false;
  }
}

/** Whether `file` is `previous` (the same regular file, hard-linked; neither followed if a symbolic link). */
function sameFile(previous: string, file: string): boolean {
  const stats = lstatSync(previous, { throwIfNoEntry: false });
  return !!stats && isFileOf(file, stats);
}

/**
 * Whether `file` is a regular file (not a symbolic link, which O_NOFOLLOW refuses to open: linking
 * one would put the symbolic link itself in the output) holding exactly `bytes`.
 */
function hasBytes(file: string, bytes: Uint8Array): boolean {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return false;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size !== bytes.byteLength) return false;
    const buffer = Buffer.allocUnsafe(bytes.byteLength + 1);
    let read = 0;
    // One byte more than expected: a file that grew since the stat is not equal. A read of a
    // regular file gives fewer bytes than asked only at its end: no second read to see that.
    for (let asked = 0, n = 0; n === asked && read < buffer.length; read += n) n = readSync(fd, buffer, read, (asked = buffer.length - read), read);
    return read === bytes.byteLength && buffer.subarray(0, read).equals(bytes);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/**
 * The size of `file` if it is a regular file (as hasBytes asks) holding exactly the bytes of
 * `parts` one after the other, read and compared part by part; else -1.
 */
function partsSize(file: string, parts: Iterable<string>): number {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return -1;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return -1;
    let at = 0;
    for (const part of parts) {
      const bytes = Buffer.from(part);
      if (at + bytes.byteLength > stat.size || !readEquals(fd, at, bytes)) return -1;
      at += bytes.byteLength;
    }
    // Nothing after the parts: a file that grew since the stat is not equal either.
    return at === stat.size && readSync(fd, Buffer.alloc(1), 0, 1, at) === 0 ? at : -1;
  } catch {
    return -1;
  } finally {
    closeSync(fd);
  }
}

/** Whether the file's bytes from `position` on start with `bytes`. */
function readEquals(fd: number, position: number, bytes: Uint8Array): boolean {
  const buffer = Buffer.allocUnsafe(bytes.byteLength);
  let read = 0;
  for (let n = -1; n !== 0 && read < buffer.length; read += n) n = readSync(fd, buffer, read, buffer.length - read, position + read);
  return read === bytes.byteLength && buffer.equals(bytes);
}

/** Runs an exclusive create; a file already at that path (a path made twice) is unlinked first. */
async function made<T>(file: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    await unlink(file);
    return create();
  }
}
