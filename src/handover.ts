/**
 * Payload folders handed over from the output a build replaces, instead of made again.
 *
 * Payloads live in a folder named by the build id (`_static/<id>/`), which changes with every
 * input, so a rebuild cannot write them where they are: after a one-message edit of 20 times the
 * real site's size, the first rebuild (one with no spare to stage into, output.ts) made ~5,000
 * payload folders, linked ~5,000 payloads into them from the output it replaced, and took ~5,000
 * lstats more to record them, to end with the very files of the old folder under a new name.
 *
 * Here each folder at the top of the payload folder (`de`, `jobs`, ...) whose payloads the build
 * takes all from the output it replaces is moved from that output into the new one at the swap,
 * whole: one rename. The renderer neither links nor makes a folder for such a payload
 * (PreviousOutput's handing), and the build moves a folder only when it is sure the new output's
 * folder would hold exactly what it holds (settleHandover):
 * - every payload the build writes in it is the recorded payload of the output at that place
 *   (reuse-output.ts, recordedPayload: its print, which covers its inode and ctime);
 * - the output record counts as many files in that folder as the build writes there (tops), so
 *   it holds no other file the last build wrote (a payload of a page gone since);
 * - none of its folders changed since the record (their ctime is at most the record's bound,
 *   output-record.ts): nothing was added to it, removed or renamed in it since.
 * Any other folder's payloads are linked as before, once the render is done.
 *
 * The swap moves the output aside, the folders in, and the new output into place
 * (output.ts, swapIntoPlace). A journal beside the staging folder names the folders first: a
 * build killed inside the swap left the output aside without them, and the next build moves them
 * back before it puts the output back (removeAbandonedStaging), so the previous output is as it
 * was, as without a handover. The files moved keep their inode, times and link count: the lstat
 * that found each to be its recorded payload gives its record facts (output-record.ts, listing).
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { Folders } from './render/folders.ts';
import { factsOf, inFolder, previousFile, putRecorded, type FileFacts, type PreviousOutput } from './reuse-output.ts';

/** The folders a swap moves: from the old output's payload folder to the new one's (both relative to an output folder). */
export interface Handover {
  from: string;
  to: string;
  names: string[];
}

/** What the record of the output replaced says of it (output-record.ts, Recorded). */
export interface RecordedFolders {
  /** The bound of its folders' ctimes (0 when there is no record: no folder is within it). */
  folders: number;
  /** How many files the last build wrote in each folder at the top of its payload folder. */
  tops: ReadonlyMap<string, number>;
}

/**
 * After the render: which folders the swap moves, and the payloads of every other folder the
 * renderer left (PreviousOutput's handing) linked into `staging`. `expected` is every file the
 * build writes (relative paths); `facts`, the record facts the build keeps of its files (each
 * folder moved adds its payloads'). Null when nothing is moved.
 */
export async function settleHandover(staging: string, previous: PreviousOutput, expected: ReadonlySet<string>, recorded: RecordedFolders, facts: Map<string, FileFacts> | null): Promise<Handover | null> {
  const handing = previous.handing;
  const payloads = previous.payloads;
  if (!handing || handing.size === 0 || !payloads) return null;
  const { now, before } = payloads;
  const byName = groupByTop(handing.keys(), now);
  const wanted = filesByTop(expected, now);
  const names: string[] = [];
  const rest: string[] = [...(byName.get('') ?? [])];
  for (const [name, rels] of byName) {
    if (name === '') continue;
    const whole = rels.length === wanted.get(name) && recorded.tops.get(name) === rels.length;
    if (whole && !existsSync(inFolder(staging, now + name)) && foldersUnchanged(previous.dir, before, now, rels, recorded.folders)) names.push(name);
    else rest.push(...rels);
  }
  for (const name of names) for (const rel of byName.get(name)!) facts?.set(rel, factsOf(handing.get(rel)!));
  // One at a time: where links cannot be made each is a copy, two open files, and there may be thousands.
  const folders = new Folders(staging);
  for (const rel of rest) {
    const file = inFolder(staging, rel);
    await folders.ensureNow(path.dirname(file));
    await putRecorded(file, previousFile(previous, rel)!);
  }
  handing.clear();
  return names.length > 0 ? { from: before.slice(0, -1), to: now.slice(0, -1), names: names.sort() } : null;
}

/** `rels` (paths in the payload folder `now`) by the folder at its top they are in ('' for a file at its top). */
function groupByTop(rels: Iterable<string>, now: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const rel of rels) {
    const name = topOf(rel, now);
    if (name === null) continue;
    let group = groups.get(name);
    if (!group) groups.set(name, (group = []));
    group.push(rel);
  }
  return groups;
}

/** How many of `rels` (relative paths) are in each folder at the top of the folder `now` (a relative path ending in a separator). */
export function filesByTop(rels: Iterable<string>, now: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const rel of rels) {
    const name = topOf(rel, now);
    if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/** The folder at the top of the payload folder `now` that `rel` is in; '' for a file at its top, null outside it. */
function topOf(rel: string, now: string): string | null {
  if (!rel.startsWith(now)) return null;
  const end = rel.indexOf(path.sep, now.length);
  return end < 0 ? '' : rel.slice(now.length, end);
}

/**
 * Whether every folder the payloads `rels` are in, in the previous output's payload folder
 * `before`, is a folder that has not changed since the record's `bound`: one lstat each.
 */
function foldersUnchanged(dir: string, before: string, now: string, rels: readonly string[], bound: number): boolean {
  const seen = new Set<string>();
  for (const rel of rels) {
    for (let at = rel.lastIndexOf(path.sep); at > now.length; at = rel.lastIndexOf(path.sep, at - 1)) {
      const folder = rel.slice(now.length, at);
      if (seen.has(folder)) break;
      seen.add(folder);
      const stats = lstatSync(inFolder(dir, before + folder), { throwIfNoEntry: false });
      if (!stats?.isDirectory() || stats.ctimeMs > bound) return false;
    }
  }
  return true;
}

/**
 * The journal of a swap that moves folders (see the top of this file): a folder beside the staging
 * folder whose entries are empty files named by what it says (`from=`, `to=` and one `name=` for
 * each folder moved, URI-encoded). Names are file system metadata, which ext4 commits in order
 * with the renames after them, so a journal that a crash (a power loss, not only a kill) left is
 * whole without an fsync. A file's contents are not: written later (delayed allocation), they
 * could be lost while the renames were not, and an fsync before the swap took up to 330 ms after
 * a rebuild at 20 times the real site's size.
 */
export function journalOf(staging: string): string {
  return `${staging}.handover`;
}

export function writeJournal(staging: string, handover: Handover): void {
  const journal = journalOf(staging);
  mkdirSync(journal);
  const entries = [`from=${handover.from}`, `to=${handover.to}`, ...handover.names.map((name) => `name=${name}`)];
  for (const entry of entries) closeSync(openSync(path.join(journal, encodeURIComponent(entry)), 'wx'));
}

/** Each folder of `handover`: where it is in `old`, the output a swap moved aside, and where the swap moves it to in `staging`. */
export function* moves(staging: string, old: string, handover: Handover): Generator<{ inOld: string; inStaging: string }> {
  for (const name of handover.names) {
    yield { inOld: inFolder(old, `${handover.from}${path.sep}${name}`), inStaging: inFolder(staging, `${handover.to}${path.sep}${name}`) };
  }
}

/**
 * Moves the folders of `handover` back from `staging` into `old`, the output a swap moved aside,
 * where it moved them from: each one that is in the staging folder and not in `old`.
 */
export function handBack(staging: string, old: string, handover: Handover): void {
  for (const { inOld, inStaging } of moves(staging, old, handover)) if (existsSync(inStaging) && !existsSync(inOld)) renameSync(inStaging, inOld);
}

/**
 * The journal of a swap of a build that is gone: what it names, when it is one (the folder names
 * plain names, the two folders relative paths that stay inside an output); else null.
 */
export function readJournal(staging: string): Handover | null {
  const found: Handover = { from: '', to: '', names: [] };
  try {
    for (const entry of readdirSync(journalOf(staging))) {
      const text = decodeURIComponent(entry);
      const at = text.indexOf('=');
      const [key, value] = [text.slice(0, at), text.slice(at + 1)];
      if ((key === 'from' || key === 'to') && found[key] === '') found[key] = value;
      else if (key === 'name') found.names.push(value);
      else return null;
    }
  } catch {
    return null;
  }
  const inside = (rel: string) => rel !== '' && !path.isAbsolute(rel) && path.normalize(rel) === rel && !rel.split(path.sep).includes('..');
  const plain = (name: string) => name !== '' && name !== '.' && name !== '..' && !name.includes('/') && !name.includes(path.sep);
  if (!inside(found.from) || !inside(found.to) || !found.names.every(plain)) return null;
  found.names.sort();
  return found;
}
