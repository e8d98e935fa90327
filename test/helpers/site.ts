import { cp, mkdtemp, readFile, rm, writeFile, mkdir, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const FIXTURES = path.join(REPO, 'test/fixtures');

/** A throw-away copy of a fixture site, with files replaced or removed (`null`). */
export async function fixtureCopy(name: string, changes: Record<string, string | null> = {}): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `sitegen-${name}-`));
  await cp(path.join(FIXTURES, name), dir, { recursive: true });
  for (const [rel, contents] of Object.entries(changes)) {
    const file = path.join(dir, rel);
    if (contents === null) await rm(file, { recursive: true, force: true });
    else {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, contents);
    }
  }
  return dir;
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

export const read = (dir: string, rel: string) => readFile(path.join(dir, rel), 'utf8');
