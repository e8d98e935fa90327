/**
 * keepOnly: a staging folder that holds an older output (output.ts, createStagingDir) keeps only
 * what the build writes, and has every folder the build writes into before the render starts, so
 * that the renderers make none (reuse-output.ts, PreviousOutput's foldersStaged).
 */
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { keepOnly } from '../../src/output.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('keep-only');

/** A staging folder holding `files` (relative paths), each with its own path as its text. */
async function staged(files: string[]): Promise<string> {
  const dir = await tempDir();
  for (const rel of files) {
    await mkdir(path.join(dir, path.dirname(rel)), { recursive: true });
    await writeFile(path.join(dir, rel), rel);
  }
  return dir;
}

const isFolder = async (file: string) => (await stat(file)).isDirectory();

describe('keepOnly', () => {
  it('keeps the files the build writes, removes the rest, and makes the folders of pages added since, parents first', async () => {
    const dir = await staged(['index.html', 'de/index.html', 'de/jobs/index.html', 'de/gone/index.html', 'es/index.html', 'fr/index.html', 'stale.txt']);
    const expected = new Set(['index.html', 'de/index.html', 'de/jobs/index.html', 'de/new/index.html', 'es/index.html', 'fr/index.html', 'fr/s1/jobs/index.html']);
    expect(await keepOnly(dir, expected)).toEqual({ kept: true, folders: true });
    expect(await readFile(path.join(dir, 'de/jobs/index.html'), 'utf8')).toBe('de/jobs/index.html');
    expect(existsSync(path.join(dir, 'de/gone'))).toBe(false);
    expect(existsSync(path.join(dir, 'stale.txt'))).toBe(false);
    for (const folder of ['de/new', 'fr/s1', 'fr/s1/jobs']) expect(await isFolder(path.join(dir, folder))).toBe(true);
    // Only folders: the files are the build's to write.
    expect(existsSync(path.join(dir, 'de/new/index.html'))).toBe(false);
  });

  it('makes a folder where the older output had a file of that name', async () => {
    const dir = await staged(['de/index.html', 'de/jobs']);
    expect(await keepOnly(dir, new Set(['de/index.html', 'de/jobs/index.html']))).toEqual({ kept: true, folders: true });
    expect(await isFolder(path.join(dir, 'de/jobs'))).toBe(true);
  });

  it('makes no folder when the older output lacks more of them than it has (another site\'s output): the renderers make them', async () => {
    const dir = await staged(['de/index.html']);
    const expected = new Set(['de/index.html', 'de/a/index.html', 'de/b/index.html']);
    expect(await keepOnly(dir, expected)).toEqual({ kept: true, folders: false });
    expect(existsSync(path.join(dir, 'de/a'))).toBe(false);
  });

  it('makes no folder when it keeps no file', async () => {
    const dir = await staged(['other/index.html']);
    expect(await keepOnly(dir, new Set(['de/index.html']))).toEqual({ kept: false, folders: false });
    expect(existsSync(path.join(dir, 'de'))).toBe(false);
    expect(existsSync(path.join(dir, 'other'))).toBe(false);
  });
});
