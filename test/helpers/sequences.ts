/**
 * What the seeded sequence tests share (build-, dev- and killed-sequences, locale-fuzz, serve's
 * traversal paths): a random number generator that a seed replays, and a description of a folder
 * to compare two outputs by, with folders and links in it, not only files' bytes.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';

export interface Seeded {
  /** A number in [0, 1). */
  next: () => number;
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
}

/** A small random number generator (mulberry32): the same seed, the same numbers. */
export function seeded(seed: number): Seeded {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: (xs) => xs[Math.floor(next() * xs.length)]!, chance: (p) => next() < p };
}

/** The seeds a sequence test runs: `defaults`, or those listed in the environment variable `name` (`4,5,6`). */
export function seedsFrom(name: string, defaults: number[]): number[] {
  const listed = process.env[name];
  return listed ? listed.split(',').map(Number) : defaults;
}

/**
 * Every folder, regular file (its size and SHA-256) and link (its target) under `dir`, by relative
 * path, sorted. With `id`, that text is written as `<id>` in paths and in files' bytes (a build id
 * that two outputs may differ by).
 */
export async function describeTree(dir: string, id?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const named = (rel: string) => (id ? rel.replaceAll(id, '<id>') : rel);
  const walk = async (rel: string): Promise<void> => {
    for (const entry of (await readdir(path.join(dir, rel), { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = path.join(rel, entry.name);
      const full = path.join(dir, child);
      if (entry.isDirectory()) {
        out.set(named(child), 'folder');
        await walk(child);
      } else if (entry.isFile()) {
        const bytes = id ? Buffer.from((await readFile(full, 'latin1')).replaceAll(id, '<id>'), 'latin1') : await readFile(full);
        out.set(named(child), `file of ${bytes.length} bytes, sha256 ${createHash('sha256').update(bytes).digest('hex')}`);
      } else if (entry.isSymbolicLink()) out.set(named(child), `link ${await readlink(full)}`);
      else out.set(named(child), 'other');
    }
  };
  await walk('');
  return out;
}
