import { describe, expect, it } from 'vitest';
import { rm, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Folders } from '../../src/render/folders.ts';
import { tempDirs } from '../helpers/site.ts';

const tempRoot = tempDirs('folders');

describe('Folders', () => {
  it('makes nested folders, many at once under shared parents', async () => {
    const root = await tempRoot();
    const folders = new Folders(root);
    const dirs = ['de/jobs', 'de/tos', 'de', '_static/abc/de/jobs', '_static/abc/fr'].map((d) => path.join(root, d));
    const first = folders.ensure(dirs[0]!);
    expect(folders.ensure(dirs[0]!)).toBe(first);
    await Promise.all(dirs.map((d) => folders.ensure(d)));
    for (const d of dirs) expect((await stat(d)).isDirectory()).toBe(true);
  });

  it('accepts folders that exist already', async () => {
    const root = await tempRoot();
    await mkdir(path.join(root, 'de', 'jobs'), { recursive: true });
    await new Folders(root).ensure(path.join(root, 'de', 'jobs'));
    expect((await stat(path.join(root, 'de', 'jobs'))).isDirectory()).toBe(true);
  });

  it('rejects when a file stands where a folder must go', async () => {
    const root = await tempRoot();
    await writeFile(path.join(root, 'de'), 'a file');
    await expect(new Folders(root).ensure(path.join(root, 'de', 'jobs'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  // A page's own folder is not remembered once made (only folders others are made in are): at 20
  // times the real site's size the remembered ones were ~2 MB of the renderers' heaps. Asked for
  // again (a nested route's folder is made in it later), it is made again if it is gone.
  it('makes a page folder again when it is asked for again after it was made', async () => {
    const root = await tempRoot();
    const folders = new Folders(root);
    const page = path.join(root, 'de', 'jobs');
    await folders.ensure(page);
    await rm(page, { recursive: true });
    await folders.ensure(page);
    expect((await stat(page)).isDirectory()).toBe(true);
  });
});
