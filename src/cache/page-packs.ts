/**
 * Where the render cache's page entries live (render/render-cache.ts): in a few pack files of
 * `<cache>/pages/<version print>/`, not one file each. On this machine's file system every new
 * file cost 0.7 to 1 ms of system time whatever its size, and a cold build made one per page
 * (about 5,000 at 20 times the real site's size). Each render thread of a build appends the
 * entries it makes to one pack of its own as the pages render; at the end of the build the main
 * thread records where each entry is in the folder's `index` (key -> pack, offset, length), merged
 * with the entries of the index before it whose packs are still there, and renames it into
 * place: two builds sharing the folder never see half an index, and an entry the other build's
 * index dropped only costs a render. Entries still carry their key and are checked on reading,
 * the index carries a hash of itself: a truncated, corrupt or foreign pack or index is ignored,
 * never trusted.
 *
 * Each sitegen version (build-cache.ts, toolVersion: every entry's key holds it) has a folder of
 * its own (pageFolder): an entry of another version can never be used, and with one index for all
 * of them a build read and wrote every version's entries until the weekly pruning (~25,000 with
 * five versions at 20 times the real site's size: an edit's user time 1.86 s against 1.63 s with
 * a fresh cache). A build reads, writes and removes only in its own version's folder, so another
 * version used beside it (a developer switching branches of sitegen, two projects sharing a cache
 * folder) keeps its index and packs. The index and packs of a sitegen before these folders
 * (`pages/index`, `pages/*.pack`) are not read: the weekly pruning removes them.
 *
 * Packs no index names are removed at the end of a build (those of builds still running are
 * left alone), and a pack whose entries were mostly replaced (a message edited on many pages) is
 * compacted: its live entries copied into a new pack, so the packs never hold more than twice
 * the bytes the index names. The weekly pruning (prune.ts) removes packs unwritten for a week, and
 * a version's folder with them once its index was not written for a week.
 */
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync, writevSync, type BigIntStats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { isProcessAlive } from '../process-alive.ts';

/** Where one entry's bytes are: in which pack of `pages/`, from which byte, how many. */
export interface PackLocation {
  pack: string;
  offset: number;
  length: number;
}

export interface StoredEntry extends PackLocation {
  key: string;
}

/**
 * An entry named by where it is: a pack's name is its build's and thread's own, and no byte of a
 * pack is written twice (an entry copied by compaction is in another pack: another name).
 */
export function sourceOf(at: PackLocation): string {
  return `${at.pack}:${at.offset}`;
}

const HEADER = 'sitegen-page-index 1';
const PACK_NAME = /^(\d+)-([0-9a-f]+)-(\w+)\.pack$/;
const KEY = /^[0-9a-f]{16,128}$/;
/** An unreferenced pack of another process that is still alive is kept this long: its build may still be writing it. */
const RUNNING_BUILD_GRACE_MS = 60 * 60 * 1000;

const indexFile = (folder: string) => path.join(folder, 'index');

/**
 * The folder of the page entries of sitegen's `version` (build-cache.ts, toolVersion) in the cache
 * at `dir`, made if needed: `pages/` and 16 hex digits of a hash of the version.
 */
export function pageFolder(dir: string, version: string): string {
  const folder = path.join(dir, 'pages', createHash('sha256').update(version).digest('hex').slice(0, 16));
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** Whether the page folder (pageFolder) has an index (any entries). */
export function hasPageIndex(folder: string): boolean {
  return existsSync(indexFile(folder));
}

/**
 * The index of a page folder (pageFolder): empty when there is none, 'damaged' when the file is
 * not a whole index (cut short, changed, or not one at all).
 */
export function readPageIndex(folder: string): Map<string, PackLocation> | 'damaged' {
  return readStampedIndex(folder).entries;
}

/**
 * An index as read, with the stamp of the file it was read from (its inode, size, and change
 * times; 'none' when there was none): savePageIndex takes the entries as they are while the file
 * has the same stamp, instead of reading and parsing it again (15 to 20 ms at 20 times the real
 * site's size).
 */
export interface PageIndexRead {
  entries: Map<string, PackLocation> | 'damaged';
  stamp: string;
}

/** readPageIndex, with the stamp of what it read. */
export function readStampedIndex(folder: string): PageIndexRead {
  let text: string;
  let stamp: string;
  let fd: number;
  try {
    fd = openSync(indexFile(folder), 'r');
  } catch {
    return { entries: new Map(), stamp: NO_INDEX };
  }
  try {
    const stats = fstatSync(fd, { bigint: true });
    stamp = stampOf(stats);
    text = readFileSync(fd, 'utf8');
  } catch {
    return { entries: 'damaged', stamp: NO_INDEX };
  } finally {
    closeSync(fd);
  }
  return { entries: parseIndex(text), stamp };
}

const NO_INDEX = 'none';
const stampOf = (s: BigIntStats) => `${s.ino} ${s.size} ${s.mtimeNs} ${s.ctimeNs}`;

/** The stamp of the index file now (see PageIndexRead). */
function indexStamp(folder: string): string {
  try {
    return stampOf(statSync(indexFile(folder), { bigint: true }));
  } catch {
    return NO_INDEX;
  }
}

function parseIndex(text: string): Map<string, PackLocation> | 'damaged' {
  const end = text.indexOf('\n');
  const body = text.slice(end + 1);
  if (end < 0 || text.slice(0, end) !== `${HEADER} ${digest(body)}`) return 'damaged';
  const index = new Map<string, PackLocation>();
  for (const line of body.split('\n')) {
    if (line === '') continue;
    const [key, pack, offset, length, extra] = line.split(' ');
    const location = { pack: pack!, offset: Number(offset), length: Number(length) };
    if (extra !== undefined || !KEY.test(key!) || !PACK_NAME.test(location.pack) || !Number.isSafeInteger(location.offset) || !Number.isSafeInteger(location.length) || location.offset < 0 || location.length <= 0) return 'damaged';
    index.set(key!, location);
  }
  return index;
}

/** The index's check: a SHA-1 of its lines, as text or as the bytes written. */
function digest(lines: string | Uint8Array): string {
  return createHash('sha1').update(lines).digest('hex');
}

/**
 * Writes the index to a temporary file and renames it into place; false when it failed. Its lines
 * are joined once and made bytes once, which are hashed and written as they are. Built with `+=`
 * and given to the hash and the write as text, the index of a site 20 times the real one's size
 * (~5,000 entries, ~540 KB) was flattened and encoded twice: timed in a one-message edit there,
 * a median 29.8 ms before, 22.8 ms so (6 edits each).
 */
function writePageIndex(folder: string, index: Map<string, PackLocation>): boolean {
  const lines: string[] = [];
  for (const [key, { pack, offset, length }] of index) lines.push(`${key} ${pack} ${offset} ${length}\n`);
  const body = Buffer.from(lines.join(''));
  const head = Buffer.from(`${HEADER} ${digest(body)}\n`);
  const file = indexFile(folder);
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      if (writevSync(fd, [head, body]) !== head.length + body.length) throw new Error('short write');
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
    return true;
  } catch {
    remove(tmp);
    return false;
  }
}

/**
 * An entry's bytes as its pack holds them (fewer when the pack was cut short: the entry then does
 * not decode); null when the pack is gone.
 */
export function readPacked(folder: string, at: PackLocation): Buffer | null {
  let fd: number;
  try {
    fd = openSync(path.join(folder, at.pack), 'r');
  } catch {
    return null;
  }
  try {
    return readAt(fd, at);
  } finally {
    closeSync(fd);
  }
}

/**
 * The entry's first `length` bytes (fewer where the pack ends before them), in room taken from
 * `room` if given, else a buffer of their own; null when the read failed.
 */
function readAt(fd: number, at: PackLocation, length = at.length, room?: ReadRoom): Buffer | null {
  try {
    const bytes = room ? room.take(length) : Buffer.allocUnsafe(length);
    const read = readSync(fd, bytes, 0, length, at.offset);
    return bytes.subarray(0, read);
  } catch {
    return null;
  }
}

/**
 * readPacked for many entries: each pack is opened once, until close(). A render thread's batch of
 * pages from the cache reads their entries from one or two packs, and an open and a close per
 * entry were two of the five file system calls of each such page.
 */
export class PackReader {
  /** Per pack: its open file and its size, or null when it could not be opened. */
  private packs = new Map<string, { fd: number; size: number } | null>();

  /** `folder`: a version's page folder (pageFolder). */
  constructor(private readonly folder: string) {}

  /**
   * As readPacked; without the entry's last `tail` bytes (a payload the caller has elsewhere, see
   * render-cache.ts, lookup), which are not read: an entry whose pack was cut short before its
   * end is then found cut short all the same, as a whole read finds it. Read into `room` when
   * given (see ReadRoom).
   */
  read(at: PackLocation, tail = 0, room?: ReadRoom): Buffer | null {
    let pack = this.packs.get(at.pack);
    if (pack === undefined) {
      pack = null;
      try {
        const fd = openSync(path.join(this.folder, at.pack), 'r');
        try {
          pack = { fd, size: fstatSync(fd).size };
        } catch {
          closeSync(fd);
        }
      } catch {
        // gone: its entries are not found
      }
      this.packs.set(at.pack, pack);
    }
    if (pack === null) return null;
    // An entry the pack does not hold whole is cut short, whatever part of it is read: none of it
    // (an empty entry does not decode).
    if (tail > 0 && pack.size < at.offset + at.length) return Buffer.alloc(0);
    return readAt(pack.fd, at, at.length - tail, room);
  }

  close(): void {
    for (const pack of this.packs.values()) if (pack !== null) closeSync(pack.fd);
    this.packs.clear();
  }
}

/** The size of each of a ReadRoom's buffers; an entry larger than that is read into a buffer of its own, which the room does not keep. */
const ROOM_BYTES = 1 << 20;

/**
 * Room that a renderer reads entries into, given out again from the start once nothing uses the
 * bytes read so far (`reuse`). With a buffer of its own for each entry (~22 KB without its
 * payload), a one-message edit at 20 times the real site's size allocated ~110 MB outside the
 * heap (createUnsafeBuffer, 36 ms of a 1,924 ms profile) and faulted its pages in. The bytes read
 * go on to writes that finish later (each document's parts are written as they are), so the owner
 * calls reuse() only when every write made from them is done. The room keeps the buffers it took
 * (a few, of ROOM_BYTES each: as many as the entries read between two reuses need).
 */
export class ReadRoom {
  /** The buffers taken from since the last reuse: bytes are given out from the last one. */
  private taken: Buffer[] = [];
  /** Buffers given out before, to give out again. */
  private free: Buffer[] = [];
  /** How much of the last taken buffer is given out. */
  private used = 0;

  constructor(private readonly size = ROOM_BYTES) {}

  /** `length` bytes, which no other take() gives out until reuse(). */
  take(length: number): Buffer {
    if (length > this.size) return Buffer.allocUnsafe(length);
    let buffer = this.taken.at(-1);
    if (!buffer || this.used + length > buffer.length) {
      buffer = this.free.pop() ?? Buffer.allocUnsafeSlow(this.size);
      this.taken.push(buffer);
      this.used = 0;
    }
    return buffer.subarray(this.used, (this.used += length));
  }

  /** Nothing taken so far is used any more: its bytes are given out again, the first first. */
  reuse(): void {
    this.free.push(...this.taken.reverse());
    this.taken = [];
    this.used = 0;
  }
}

/**
 * The pack one render thread appends its entries to during one build, opened at its first entry
 * and closed whenever the thread has finished a batch (release). Each entry is written with one
 * synchronous call where it goes: through libuv's threads (an asynchronous writev) each cost the
 * main thread ~140 us of handing over and waking, 40 ms of a cold build of the real site, where
 * the write itself (into the page cache) takes a few microseconds.
 */
export class PackWriter {
  readonly name: string;
  private fd: number | null = null;
  private size = 0;
  private failed = false;

  /** `folder`: a version's page folder (pageFolder); `build` names the build (newBuildPacks); the thread's id makes the pack its own. */
  constructor(
    private readonly folder: string,
    build: string,
  ) {
    this.name = `${build}-${threadId}.pack`;
  }

  /** Appends an entry made of `parts`; its location, or null when it could not be written (it then only costs a render). */
  append(parts: readonly Uint8Array[]): PackLocation | null {
    if (this.failed) return null;
    const offset = this.size;
    const length = parts.reduce((n, part) => n + part.byteLength, 0);
    try {
      this.fd ??= openSync(path.join(this.folder, this.name), this.size === 0 ? 'wx' : 'r+');
      if (writevSync(this.fd, parts as Uint8Array[], offset) !== length) throw new Error('short write');
    } catch {
      // Nothing after a failed write is trusted to land where the index would say.
      this.failed = true;
      return null;
    }
    this.size += length;
    return { pack: this.name, offset, length };
  }

  /** The thread finished a batch: the file is closed (a worker may be stopped before the next). */
  release(): void {
    if (this.fd === null) return;
    closeSync(this.fd);
    this.fd = null;
  }
}

/** Builds of this process whose packs are being written (the names' `<pid>-<build>` part). */
const running = new Set<string>();

/** A name for the packs of a build about to render, marked as running until savePageIndex. */
export function newBuildPacks(): string {
  const build = `${process.pid}-${randomBytes(6).toString('hex')}`;
  running.add(build);
  return build;
}

/** A build that failed before its index could be saved: its packs are no longer being written. */
export function forgetBuildPacks(build: string): void {
  running.delete(build);
}

/**
 * The end of a build's render: the entries it stored merged into the index of its version's page
 * folder (over those of the index found now whose packs are still there), packs compacted where
 * most of their bytes are no longer named, the index renamed into place, and packs it does not
 * name removed. `known`: the index as the render read it (readStampedIndex), taken as it is while
 * the file is unchanged since; read again when another build saved in between. Returns how
 * many damaged files it ignored (an index that was not whole: every page then rendered again).
 */
export async function savePageIndex(folder: string, build: string, stored: readonly StoredEntry[], known?: PageIndexRead): Promise<number> {
  try {
    const names = await readdir(folder).catch(() => [] as string[]);
    const packs = new Set(names.filter((n) => PACK_NAME.test(n)));
    const previous = known && known.stamp === indexStamp(folder) ? known.entries : readPageIndex(folder);
    const index = new Map<string, PackLocation>();
    if (previous !== 'damaged') for (const [key, at] of previous) if (packs.has(at.pack)) index.set(key, at);
    for (const { key, ...at } of stored) if (packs.has(at.pack)) index.set(key, at);
    const compacted = compact(folder, index, build);
    if (compacted) packs.add(compacted.into);
    if (!writePageIndex(folder, index)) return previous === 'damaged' ? 1 : 0;
    const named = new Set([...index.values()].map((at) => at.pack));
    for (const name of packs) if (!named.has(name) && (compacted?.from.has(name) || unused(folder, name))) remove(path.join(folder, name));
    return previous === 'damaged' ? 1 : 0;
  } finally {
    running.delete(build);
  }
}

/** Removes a file the cache no longer needs; one that cannot be removed is left to the weekly pruning. */
function remove(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // a folder of that name, or no permission: not this build's to fix
  }
}

/** Whether no build may still be writing an unnamed pack: this process's finished builds', a dead process's, or an old one. */
function unused(folder: string, name: string): boolean {
  const [, pid, build] = PACK_NAME.exec(name)!;
  if (Number(pid) === process.pid) return !running.has(`${pid}-${build}`);
  if (!isProcessAlive(Number(pid))) return true;
  try {
    return Date.now() - statSync(path.join(folder, name)).mtimeMs > RUNNING_BUILD_GRACE_MS;
  } catch {
    return false;
  }
}

/**
 * Copies the entries of each pack the index names less than half of into one new pack, and
 * points the index at the copies: the packs then hold at most twice the bytes the index names.
 * Null when no pack needed it, or the copy failed (the index is then left as it was).
 */
function compact(folder: string, index: Map<string, PackLocation>, build: string): { into: string; from: Set<string> } | null {
  const live = new Map<string, number>();
  for (const at of index.values()) live.set(at.pack, (live.get(at.pack) ?? 0) + at.length);
  const from = new Set<string>();
  for (const [pack, bytes] of live) {
    try {
      if (bytes * 2 < statSync(path.join(folder, pack)).size) from.add(pack);
    } catch {
      // gone since it was listed: its entries are simply not found
    }
  }
  if (from.size === 0) return null;
  const into = `${build}-c.pack`;
  const moved = new Map<string, PackLocation>();
  let out: number | null = null;
  try {
    out = openSync(path.join(folder, into), 'wx');
    let size = 0;
    for (const [key, at] of index) {
      if (!from.has(at.pack)) continue;
      const bytes = readPacked(folder, at);
      // A pack cut short or gone: its entry is dropped, not copied as it is.
      if (!bytes || bytes.byteLength !== at.length) continue;
      writeSync(out, bytes, 0, bytes.byteLength, size);
      moved.set(key, { pack: into, offset: size, length: bytes.byteLength });
      size += bytes.byteLength;
    }
  } catch {
    if (out !== null) closeSync(out);
    remove(path.join(folder, into));
    return null;
  }
  closeSync(out);
  for (const [key, at] of index) if (from.has(at.pack)) index.delete(key);
  for (const [key, at] of moved) index.set(key, at);
  return { into, from };
}
