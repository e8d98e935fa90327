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

  it("removes a sitegen version's page folder whose index was not written for a week, and only old packs of the others", async () => {
    const dir = await cacheWith({
      // A version not used for a week: its index and packs.
      'pages/aaaaaaaaaaaaaaaa/index': 8,
      'pages/aaaaaaaaaaaaaaaa/1-ab-0.pack': 9,
      // A version in use: its index written yesterday, one pack written long ago.
      'pages/bbbbbbbbbbbbbbbb/index': 1,
      'pages/bbbbbbbbbbbbbbbb/1-cd-0.pack': 1,
      'pages/bbbbbbbbbbbbbbbb/1-ef-0.pack': 8,
      // The single index of a sitegen before version folders.
      'pages/index': 8,
    });
    const week = (Date.now() - 8 * DAY) / 1000;
    await utimes(path.join(dir, 'pages', 'aaaaaaaaaaaaaaaa'), week, week);
    expect(await pruneCache(dir)).toBe(5);
    expect(await readdir(path.join(dir, 'pages'))).toEqual(['bbbbbbbbbbbbbbbb']);
    expect((await readdir(path.join(dir, 'pages', 'bbbbbbbbbbbbbbbb'))).sort()).toEqual(['1-cd-0.pack', 'index']);
  });

  it("keeps a version's page folder, whatever its own time, while a file in it is younger than a week", async () => {
    const dir = await cacheWith({ 'pages/aaaaaaaaaaaaaaaa/index': 8 });
    const week = (Date.now() - 8 * DAY) / 1000;
    await utimes(path.join(dir, 'pages', 'aaaaaaaaaaaaaaaa'), week, week);
    // A pack a build of that version is writing: the old index goes, the folder stays.
    await writeFile(path.join(dir, 'pages', 'aaaaaaaaaaaaaaaa', '1-ab-0.pack'), '');
    await utimes(path.join(dir, 'pages', 'aaaaaaaaaaaaaaaa'), week, week);
    expect(await pruneCache(dir)).toBe(1);
    expect(await readdir(path.join(dir, 'pages', 'aaaaaaaaaaaaaaaa'))).toEqual(['1-ab-0.pack']);
  });
});
