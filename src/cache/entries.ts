/**
 * Entries of the build cache (see build-cache.ts): one JSON file each, named by its key and
 * carrying the key again. Used on the main thread and inside the render workers alike.
 */
import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function hashKey(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const part of parts) h.update(part).update('\0');
  return h.digest('hex');
}

/** The file of an entry: `<dir>/<kind>/<key>.json`. */
export function entryFile(dir: string, kind: string, key: string): string {
  return path.join(dir, kind, `${key.slice(0, 40)}.json`);
}

/**
 * Reads an entry: its value, `undefined` when there is none, or `'damaged'` when the file is not
 * a whole entry of this key (truncated, corrupt, or written by another sitegen for another key).
 */
export function readEntry<T>(file: string, key: string): T | undefined | 'damaged' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const entry = JSON.parse(text) as { key?: unknown; value?: T };
    if (entry && entry.key === key && entry.value !== undefined) return entry.value;
  } catch {
    // fall through: not JSON, or cut short
  }
  return 'damaged';
}

/**
 * An entry's value when it has the shape `wellFormed` tests; undefined when there is none. A
 * damaged entry, or one of this key in another shape, is not trusted: `onDamaged` hears of it and
 * the caller makes its values again.
 */
export function readCheckedEntry<T>(file: string, key: string, wellFormed: (value: unknown) => value is T, onDamaged: () => void): T | undefined {
  const found = readEntry<unknown>(file, key);
  if (found === undefined) return undefined;
  if (found !== 'damaged' && wellFormed(found)) return found;
  onDamaged();
  return undefined;
}

/** Whether `value` is a plain object (not an array) whose every value passes `ok`: for checking an entry's shape. */
export function isRecordOf(value: unknown, ok: (v: unknown) => boolean): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.values(value).every(ok);
}

/**
 * Writes an entry atomically (a temporary file renamed over it), so that a build killed while
 * writing, or two builds at once, never leave half an entry under the real name. A failed write
 * only costs the next build the work; it returns false.
 */
export function writeEntry(file: string, key: string, value: unknown): boolean {
  return writeBytes(file, () => JSON.stringify({ key, value }));
}

/** Writes a file atomically, as writeEntry writes an entry; false when it failed (also when `data` throws). */
export function writeBytes(file: string, data: Uint8Array | (() => string)): boolean {
  const tmp = tempName(file);
  try {
    writeFileSync(tmp, typeof data === 'function' ? data() : data);
    renameSync(tmp, file);
    return true;
  } catch {
    rmSync(tmp, { force: true });
    return false;
  }
}

let written = 0;
const tempName = (file: string) => `${file}.tmp-${process.pid}-${Date.now().toString(36)}-${written++}`;
