/**
 * A build killed mid-way (SIGKILL) leaves the previous output intact, and the next build removes
 * the staging folders of processes that are gone (and only those).
 */
import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { removeAbandonedStaging } from '../../src/output.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { expectSameBytes, fixtureSites, REPO, snapshotTree } from '../helpers/site.ts';

const basic = fixtureSites('basic');
const buildSite = (root: string) => build({ root, outDir: 'dist', logger: createMemoryLogger(), workers: 0 });
/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;
const staged = (root: string) => readdirSync(root).filter((n) => n.startsWith('.dist.tmp-'));

describe('builds killed mid-way', () => {
  it('a SIGKILLed build leaves the previous output intact; the next build removes its staging folder', async () => {
    const root = await basic();
    await buildSite(root);
    const before = await snapshotTree(path.join(root, 'dist'));

    // Without the cache: a build with nothing changed would find the output already made (output-record.ts) and stage nothing.
    const child = spawn(process.execPath, [path.join(REPO, 'bin', 'sitegen'), 'build', '--root', root, '--no-cache'], { stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    await expect.poll(() => staged(root).length, { interval: 2, timeout: 30_000 }).toBeGreaterThan(0);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    expect(staged(root)).toHaveLength(1);
    expectSameBytes(before, await snapshotTree(path.join(root, 'dist')));
    await buildSite(root);
    expect(staged(root)).toEqual([]);
    expectSameBytes(before, await snapshotTree(path.join(root, 'dist')));
  });

  it('removes only the staging folders of processes that are gone', async () => {
    const root = await basic();
    const dead = deadPid();
    const left = [`.dist.tmp-${dead}-0a1b2c3d`, `.dist.tmp-${dead}-0a1b2c3d.old`];
    // The test runner's parent is alive: its folder could be a build running right now.
    const live = `.dist.tmp-${process.ppid}-11223344`;
    const unrelated = [`.dist-other.tmp-${dead}-0a1b2c3d`, `.public.tmp-${dead}-0a1b2c3d`];
    for (const name of [...left, live, ...unrelated]) {
      await mkdir(path.join(root, name, 'de'), { recursive: true });
      await writeFile(path.join(root, name, 'de', 'index.html'), 'partial');
    }
    // A `.old` folder is the output a swap had moved aside (the build puts it back): a build's own.
    await writeFile(path.join(root, left[1]!, 'index.html'), '<script type="application/json" id="__sitegen">{}</script>');
    await buildSite(root);
    const names = await readdir(root);
    for (const name of left) expect(names).not.toContain(name);
    for (const name of [live, ...unrelated]) expect(names).toContain(name);
  });

  it('puts the previous output back when a build was killed inside the swap', async () => {
    const root = await basic();
    await buildSite(root);
    const before = await snapshotTree(path.join(root, 'dist'));
    const dead = deadPid();
    // The swap moves the output aside to `<staging>.old`, then the staging folder into place.
    await rename(path.join(root, 'dist'), path.join(root, `.dist.tmp-${dead}-0a1b2c3d.old`));
    await mkdir(path.join(root, `.dist.tmp-${dead}-0a1b2c3d`));
    await removeAbandonedStaging(path.join(root, 'dist'));
    expect(existsSync(path.join(root, `.dist.tmp-${dead}-0a1b2c3d`))).toBe(false);
    expect(staged(root)).toEqual([]);
    expectSameBytes(before, await snapshotTree(path.join(root, 'dist')));
  });
});
