/**
 * A build writes its caches and temporary server bundles into the site's folder
 * (`node_modules/.cache/sitegen/`), never into sitegen's install: that may be read-only and is
 * shared by every site on the machine. Tested with a copy of the package whose node_modules is a
 * folder of its own (links to the repository's packages), so a write there would show.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, read, REPO } from '../helpers/site.ts';

const run = promisify(execFile);
let tmp: string;
let pkg: string;
let site: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-own-folder-'));
  pkg = path.join(tmp, 'sitegen');
  for (const part of ['bin', 'scripts', 'src', 'package.json']) await cp(path.join(REPO, part), path.join(pkg, part), { recursive: true });
  await mkdir(path.join(pkg, 'node_modules'));
  for (const name of await readdir(path.join(REPO, 'node_modules'))) {
    if (!name.startsWith('.')) await symlink(path.join(REPO, 'node_modules', name), path.join(pkg, 'node_modules', name), 'dir');
  }
  await run(process.execPath, [path.join(pkg, 'scripts', 'compile.mjs')]);
  site = await fixtureCopy('basic');
}, 60_000);
afterAll(() => Promise.all([rm(tmp, { recursive: true, force: true }), rm(site, { recursive: true, force: true })]));

/** Every entry under dir, folders included (a build's bundle folder is removed, its parents stay). */
async function listEntries(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.sort();
}

describe('a build of a site outside the repository', () => {
  it('writes nothing under sitegen\'s folder; its cache and bundles are in the site\'s node_modules/.cache/sitegen', async () => {
    const before = await listEntries(pkg);
    await run(process.execPath, [path.join(pkg, 'bin', 'sitegen'), 'build', '--root', site], { env: { ...process.env, NO_COLOR: '1' } });
    expect(await listEntries(pkg)).toEqual(before);
    expect(await read(site, 'dist/index.html')).toContain('<h1>Introducing Fixture App</h1>');
    const cache = path.join(site, 'node_modules', '.cache', 'sitegen');
    expect(existsSync(path.join(cache, 'pages'))).toBe(true);
    // The build's own bundle folder is gone; the links its externals resolved through stay.
    expect((await readdir(path.join(cache, 'bundles'))).filter((n) => n !== 'node_modules')).toEqual([]);
    expect(existsSync(path.join(cache, 'bundles', 'node_modules', 'react', 'package.json'))).toBe(true);
  }, 60_000);
});
