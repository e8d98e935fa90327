/**
 * esbuild's results kept in the build cache (see build-cache.ts). The profile of a build whose
 * pages all came from the cache showed esbuild's runs (the server bundle, the browser runtime's
 * three builds, a CSS minify each) and the start of its service process as a large fixed cost,
 * for output that depends only on files that did not change.
 *
 * An entry is found by a key over what the caller knows shapes the run (its options, its generated
 * entry code, sitegen's and esbuild's versions) and holds the files the run read, as esbuild's
 * metafile lists them, each with a hash of its bytes. It is used only if every one of those files
 * still has those bytes, and every folder holding one still lists the same names (a new file
 * beside an import can change what the import resolves to: `x.tsx` beside `x.ts`), with the same
 * tsconfig.json, jsconfig.json and package.json there and in the folders above, up to the
 * project's or sitegen's root. Anything else runs esbuild again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CacheLocation } from './build-cache.ts';
import { digest } from './digest.ts';
import { entryFile, hashKey, readEntry, writeBytes, writeEntry } from './entries.ts';

/** Files next to sources that change how esbuild resolves and compiles them. */
const SETTINGS = ['tsconfig.json', 'jsconfig.json', 'package.json'];

/** What a run read: file -> hash of its bytes, folder -> hash of its names and settings. */
export interface Inputs {
  files: [string, string][];
  dirs: [string, string][];
  /** Folders of `dirs` printed with their names though they hold none of `files` (the site's data folders, data-files.ts). */
  listed?: string[];
  /** Environment variables the site's code read, by a print of their values (data-files.ts, envPrint). */
  env?: [string, string][];
  /** Requests the site's code made (data-files.ts): what they answer can only be known by asking again. */
  fetched?: string[];
}

interface Stored {
  inputs: Inputs;
  value: unknown;
  /** The bytes the value keeps beside the entry (CachedRun's encode): their length and SHA-1. */
  bytes?: { length: number; print: string };
}

/** Keeps bytes of a value beside its entry (see CachedRun's encode); returns where they are there: offset, length. */
export type KeepBytes = (bytes: Uint8Array) => [number, number];

export interface CachedRun<T> {
  /** Does the run; `inputs` are the absolute paths of the files it read. */
  make(): Promise<{ value: T; inputs: string[] }>;
  /**
   * The value as JSON (small Uint8Arrays as base64), and back; decode returns null for a wrong
   * shape. Large bytes (the server bundle's files) may be given to `keep`, which keeps them in a
   * file beside the entry (`<key>.bin`), read whole and checked against its length and SHA-1 before
   * decode is given it (`kept`): the JSON holds only where they are. Kept as base64 inside the JSON,
   * the real site's server bundle made a 760 KB entry whose reading, parsing and decoding took ~25
   * ms and ~1,000 page faults of every build that used it.
   */
  encode(value: T, keep: KeepBytes): unknown;
  decode(json: unknown, kept: Buffer): T | null;
  /** Folders (the project's root, sitegen's) up to which the settings files above an input count. */
  roots: string[];
  /** Hears of a damaged entry (ignored and made again). */
  onDamaged(): void;
  /** Hears of what the value was made from, as the entry holds it (the output record keeps it too). */
  onInputs?(inputs: Inputs): void;
}

/** `run.make()`, or its result of an earlier build when nothing it read has changed. */
export async function cachedRun<T>(cache: CacheLocation | null, name: string, keyParts: string[], run: CachedRun<T>): Promise<T> {
  if (!cache) return (await run.make()).value;
  const key = hashKey('esbuild', cache.version, name, ...keyParts);
  const file = entryFile(cache.dir, 'esbuild', key);
  const found = readEntry<Stored>(file, key);
  if (found !== undefined) {
    const stored = found !== 'damaged' && wellFormed(found) ? found : null;
    const kept = stored && keptBytes(file, stored.bytes);
    const value = stored && kept && run.decode(stored.value, kept);
    if (!stored || !kept || value === null) run.onDamaged();
    else if (inputsUnchanged(stored.inputs, cache.prints)) {
      run.onInputs?.(stored.inputs);
      return value;
    }
  }
  const made = await run.make();
  const inputs = inputsOf(made.inputs, run.roots);
  const parts: Uint8Array[] = [];
  let length = 0;
  const value = run.encode(made.value, (bytes) => {
    parts.push(bytes);
    length += bytes.length;
    return [length - bytes.length, bytes.length];
  });
  const bytes = Buffer.concat(parts);
  // The bytes first: an entry is never there without them (a failed write only costs the next build the run).
  if (bytes.length === 0 || writeBytes(bytesFile(file), bytes)) {
    writeEntry(file, key, { inputs, value, ...(bytes.length > 0 && { bytes: { length: bytes.length, print: digest(bytes) } }) } satisfies Stored);
  }
  run.onInputs?.(inputs);
  return made.value;
}

/** The file beside an entry that holds the bytes its value keeps there. */
const bytesFile = (entry: string) => entry.replace(/\.json$/, '.bin');

/** The bytes an entry keeps beside it, if they are whole and its own (their length and SHA-1); null when not. */
function keptBytes(entry: string, spec: Stored['bytes']): Buffer | null {
  if (spec === undefined) return Buffer.alloc(0);
  let bytes: Buffer;
  try {
    bytes = readFileSync(bytesFile(entry));
  } catch {
    return null;
  }
  return bytes.length === spec.length && digest(bytes) === spec.print ? bytes : null;
}

function inputsOf(files: string[], roots: string[]): Inputs {
  const dirs = new Map<string, string>();
  for (const file of new Set(files)) {
    let dir = path.dirname(file);
    dirs.set(dir, dirPrint(dir, true));
    const root = roots.find((r) => dir.startsWith(r + path.sep));
    while (root && dir !== root) {
      dir = path.dirname(dir);
      if (!dirs.has(dir)) dirs.set(dir, dirPrint(dir, false));
    }
  }
  return { files: [...new Set(files)].sort().map((f) => [f, filePrint(f)]), dirs: [...dirs].sort(([a], [b]) => (a < b ? -1 : 1)) };
}

/**
 * Every recorded file and folder as it was; stops at the first difference. A file this build
 * printed already (`known`: CacheLocation's prints) is not read again, one it had not is added.
 * (The entry's own prints, made after its run, are always read afresh: see inputsOf.)
 */
function inputsUnchanged(inputs: Inputs, known: Map<string, string> | undefined): boolean {
  const withNames = new Set(inputs.files.map(([f]) => path.dirname(f)));
  return inputs.files.every(([f, print]) => knownPrint(f, known) === print) && inputs.dirs.every(([d, print]) => dirPrint(d, withNames.has(d), known) === print);
}

function knownPrint(file: string, known: Map<string, string> | undefined): string {
  const print = known?.get(file);
  if (print !== undefined) return print;
  const made = filePrint(file);
  known?.set(file, made);
  return made;
}

/** A file's print: a hash of its bytes (given to `onBytes` too), or `missing`. */
export function filePrint(file: string, onBytes?: (bytes: Buffer) => void): string {
  try {
    const bytes = readFileSync(file);
    onBytes?.(bytes);
    return digest(bytes);
  } catch {
    return 'missing';
  }
}

/**
 * A folder's settings files and, for a folder holding an input, its names (without dot-names,
 * such as a build's staging folder, and node_modules, whose packages esbuild finds by name).
 */
export function dirPrint(dir: string, withNames: boolean, known?: Map<string, string>): string {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return 'missing';
  }
  let text = withNames ? names.filter((n) => !n.startsWith('.') && n !== 'node_modules').join('\0') : '';
  for (const name of SETTINGS) if (names.includes(name)) text += `\0${name}\0${knownPrint(path.join(dir, name), known)}`;
  return digest(text);
}

function wellFormed(s: Stored): boolean {
  const bytes = s?.bytes;
  const bytesOk = bytes === undefined || (!!bytes && Number.isSafeInteger(bytes.length) && bytes.length > 0 && typeof bytes.print === 'string');
  return !!s && wellFormedInputs(s.inputs) && s.value !== undefined && bytesOk;
}

function wellFormedInputs(inputs: Inputs): boolean {
  const pairs = (xs: unknown) => Array.isArray(xs) && xs.every((x) => Array.isArray(x) && x.length === 2 && x.every((y) => typeof y === 'string'));
  return !!inputs && pairs(inputs.files) && pairs(inputs.dirs);
}

/** esbuild's metafile inputs (relative to its working folder; virtual modules have a namespace) as absolute paths. */
export function metafileInputs(inputs: Record<string, unknown>, workingDir: string): string[] {
  return Object.keys(inputs)
    .filter((k) => !/^[a-z][\w-]*:/i.test(k) || /^[a-z]:[\\/]/i.test(k))
    .map((k) => path.resolve(workingDir, k));
}
