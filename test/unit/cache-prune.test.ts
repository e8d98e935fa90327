import { describe, expect, it } from 'vitest';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pruneCache } from '../../src/cache/prune.ts';
import { tempDirs } from '../helpers/site.ts';

const DAY = 24 * 60 * 60 * 1000;

const tempDir = tempDirs('prune');

async function cacheWith(files: Record<string, number>): Promise<string> {
  const dir = await tempDir();
  for (const [rel, ageDays] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, '{}');
    const when = (Date.now() - ageDays * DAY) / 1000;
    await utimes(file, when, when);
  }
  return dir;
}

describe('pruneCache', () => {
  it('removes entries not written for a week, keeps the others, and runs at most once a day', async () => {
    const dir = await cacheWith({ 'pages/old.json': 8, 'pages/new.json': 1, 'check/old.json': 30, 'check/new.json': 0, 'pages/x.json.tmp-1-a-0': 9, 'pages/1-ab-2.pack': 8, 'pages/1-cd-0.pack': 2 });
    expect(await pruneCache(dir)).toBe(4);
    expect((await readdir(path.join(dir, 'pages'))).sort()).toEqual(['1-cd-0.pack', 'new.json']);
    expect(await readdir(path.join(dir, 'check'))).toEqual(['new.json']);
    await writeFile(path.join(dir, 'pages', 'old2.json'), '{}');
    await utimes(path.join(dir, 'pages', 'old2.json'), (Date.now() - 10 * DAY) / 1000, (Date.now() - 10 * DAY) / 1000);
    expect(await pruneCache(dir)).toBe(0);
    expect(await pruneCache(dir, Date.now() + 2 * DAY)).toBe(1);
  });
});
