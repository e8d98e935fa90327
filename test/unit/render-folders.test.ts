import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
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

  // ensureNow: a render worker makes its folders with synchronous calls (render/server.tsx, Writes).
  it('ensureNow makes nested folders before it returns, and again a page folder asked for again', async () => {
    const root = await tempRoot();
    const folders = new Folders(root);
    const dirs = ['de/jobs', 'de/tos', '_static/abc/de/jobs'].map((d) => path.join(root, d));
    for (const d of dirs) {
      const made = folders.ensureNow(d);
      expect(existsSync(d)).toBe(true);
      await made;
    }
    await rm(dirs[0]!, { recursive: true });
    await folders.ensureNow(dirs[0]!);
    expect((await stat(dirs[0]!)).isDirectory()).toBe(true);
  });

  describe.each(['ensure', 'ensureNow'] as const)('%s', (method) => {
    // Another render thread's folders, or a page's folder made earlier and not remembered: the
    // folder goes straight into them; a missing parent is made only then (ENOENT).
    it('makes a folder in a parent that someone else made', async () => {
      const root = await tempRoot();
      await mkdir(path.join(root, 'de', 'community_privacy_policy'), { recursive: true });
      await new Folders(root)[method](path.join(root, 'de', 'community_privacy_policy', 'history'));
      expect((await stat(path.join(root, 'de', 'community_privacy_policy', 'history'))).isDirectory()).toBe(true);
    });

    it('accepts folders that exist already', async () => {
      const root = await tempRoot();
      await mkdir(path.join(root, 'de', 'jobs'), { recursive: true });
      await new Folders(root)[method](path.join(root, 'de', 'jobs'));
      expect((await stat(path.join(root, 'de', 'jobs'))).isDirectory()).toBe(true);
    });

    it('rejects when a file stands where a folder must go, naming the folder', async () => {
      const root = await tempRoot();
      await writeFile(path.join(root, 'de'), 'a file');
      await expect(new Folders(root)[method](path.join(root, 'de', 'jobs'))).rejects.toMatchObject({ code: 'ENOTDIR', path: path.join(root, 'de', 'jobs') });
    });
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
