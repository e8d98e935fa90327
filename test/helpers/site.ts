import { cp, mkdtemp, readFile, rm, writeFile, mkdir, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = path.join(REPO, 'test/fixtures');

/**
 * cp's filter for copies of this repository's folders: never an installed node_modules (functions/
 * has one, over 100 MB, once the emulator tests have run).
 */
export const notInstalled = (src: string): boolean => path.basename(src) !== 'node_modules';

/** Copies the real site's own files (what a checkout of it holds) into `dir`. */
export async function copyRealSiteInto(dir: string): Promise<void> {
  for (const part of ['pages', 'templates', 'locales', 'functions', 'sitegen.config.ts']) {
    await cp(path.join(REPO, part), path.join(dir, part), { recursive: true, filter: notInstalled });
  }
}

/**
 * The config's bundle that loading a config writes beside it for a moment (config-file.ts): a test
 * that checks a fixture in place (check-command) makes one there while another file's test copies
 * the fixture, which then read the folder with the bundle and failed to find it a moment later.
 */
const CONFIG_BUNDLE = /^\.sitegen\.config\.[^/\\]*\.\d+-[0-9a-f]{8}\.mjs$/;

/** A throw-away copy of a fixture site, with files replaced or removed (`null`). */
export async function fixtureCopy(name: string, changes: Record<string, string | null> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sitegen-${name}-`));
  // The filter is asked before cp looks at the file (so a bundle gone meanwhile is never looked at).
  await cp(path.join(FIXTURES, name), dir, { recursive: true, filter: (src) => !CONFIG_BUNDLE.test(path.basename(src)) });
  await applyChanges(dir, changes);
  return dir;
}

/** Writes files (relative to dir) or removes them (`null`). */
export async function applyChanges(dir: string, changes: Record<string, string | null>): Promise<void> {
  for (const [rel, contents] of Object.entries(changes)) {
    const file = path.join(dir, rel);
    if (contents === null) await rm(file, { recursive: true, force: true });
    else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    }
  }
}

/** Rewrites one file of a site in place: `change` gets its text and returns the new one. */
export async function editFile(dir: string, rel: string, change: (text: string) => string): Promise<void> {
  const file = path.join(dir, rel);
  await writeFile(file, change(await readFile(file, 'utf8')));
}

/**
 * `site(changes)` makes a fixture copy for one test; every copy is removed after the file's tests.
 * Call at the top level of a test file.
 */
export function fixtureSites(name: string): (changes?: Record<string, string | null>) => Promise<string> {
  const removed = removedAfterAll();
  return async (changes = {}) => removed(await fixtureCopy(name, changes));
}

/**
 * `tempDir()` makes a new empty folder `sitegen-{name}-...` in the system's temporary folder; every
 * one is removed after the file's tests. Call at the top level of a test file.
 */
export function tempDirs(name: string): () => Promise<string> {
  const removed = removedAfterAll();
  return async () => removed(await mkdtemp(path.join(os.tmpdir(), `sitegen-${name}-`)));
}

/** Registers folders (returned as given) to be removed after the calling test file's tests. */
function removedAfterAll(): (dir: string) => string {
  const made: string[] = [];
  afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));
  return (dir) => {
    made.push(dir);
    return dir;
  };
}

/** Every file under dir, relative and sorted. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await readdir(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(full);
      else out.push(path.relative(dir, full));
    }
  };
  await walk(dir);
  return out.sort();
}

/** Every file's bytes, by relative path: for byte-for-byte comparisons. */
export async function snapshotTree(dir: string): Promise<Map<string, Buffer>> {
  const files = await listFiles(dir);
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

/** Asserts two snapshots (snapshotTree) hold the same files with the same bytes. */
export function expectSameBytes(expected: Map<string, Buffer>, actual: Map<string, Buffer>): void {
  expect([...actual.keys()]).toEqual([...expected.keys()]);
  for (const [file, bytes] of expected) expect(actual.get(file)!.equals(bytes), file).toBe(true);
}

/** Asserts two folders hold the same files with the same bytes. */
export async function expectSameTree(expected: string, actual: string): Promise<void> {
  const [a, b] = await Promise.all([snapshotTree(expected), snapshotTree(actual)]);
  expectSameBytes(a, b);
}

export const read = (dir: string, rel: string) => readFile(path.join(dir, rel), 'utf8');
