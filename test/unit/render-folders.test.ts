import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Folders } from '../../src/render/folders.ts';

const made: string[] = [];
afterAll(() => Promise.all(made.map((d) => rm(d, { recursive: true, force: true }))));
const tempRoot = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-folders-'));
  made.push(dir);
  return dir;
};

describe('Folders', () => {
  it('makes nested folders under shared parents, each by the time ensure returns', async () => {
    const root = await tempRoot();
    const folders = new Folders(root);
    const dirs = ['de/jobs', 'de/tos', 'de', '_static/abc/de/jobs', '_static/abc/fr'].map((d) => path.join(root, d));
    for (const d of dirs) {
      folders.ensure(d);
      expect((await stat(d)).isDirectory()).toBe(true);
    }
    // Asked again: made already, nothing to do.
    expect(() => folders.ensure(dirs[0]!)).not.toThrow();
  });

  it('accepts folders that exist already (dev writes into its output folder)', async () => {
    const root = await tempRoot();
    await mkdir(path.join(root, 'de', 'jobs'), { recursive: true });
    new Folders(root).ensure(path.join(root, 'de', 'jobs'));
    expect((await stat(path.join(root, 'de', 'jobs'))).isDirectory()).toBe(true);
  });

  it('fails at once, naming the path, when a file stands where a folder must go', async () => {
    const root = await tempRoot();
    await writeFile(path.join(root, 'de'), 'a file');
    expect(() => new Folders(root).ensure(path.join(root, 'de', 'jobs'))).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/), path: expect.stringContaining(path.join(root, 'de')) }),
    );
  });
});
