/**
 * The swap that moves payload folders from the output into the new one (handover.ts, output.ts):
 * done, failed, and killed at each of its steps, after which the next build's clean-up puts the
 * previous output back as it was, folders and all.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { keepOnly, removeAbandonedStaging, swapIntoPlace } from '../../src/output.ts';
import { journalOf, readJournal, writeJournal, type Handover } from '../../src/handover.ts';
import { expectSameBytes, snapshotTree, tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('handover');
/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

async function tree(dir: string, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.join(dir, path.dirname(rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
}

const HANDOVER: Handover = { from: path.join('_static', 'old1'), to: path.join('_static', 'new2'), names: ['about', 'fr'] };

/** An output with the payload folders `about` and `fr`, and a staging folder of the next build, with payloads of `de` only. */
async function outputAndStaging(pid = process.pid): Promise<{ root: string; dist: string; staging: string }> {
  const root = await tempDir();
  const dist = path.join(root, 'dist');
  await tree(dist, { 'index.html': 'old', '_static/old1/manifest.json': '{}', '_static/old1/about/payload.json': 'about', '_static/old1/fr/payload.json': 'fr', '_static/old1/fr/jobs/payload.json': 'fr jobs', '_static/old1/de/payload.json': 'de' });
  const staging = path.join(root, `.dist.tmp-${pid}-0a1b2c3d`);
  await tree(staging, { 'index.html': 'new', '_static/new2/manifest.json': '{"new":1}', '_static/new2/de/payload.json': 'de new' });
  return { root, dist, staging };
}

describe('a swap that moves payload folders', () => {
  it('moves them into the new output, leaves the old output without them, and no journal', async () => {
    const { root, dist, staging } = await outputAndStaging();
    const spare = path.join(root, 'spare');
    await swapIntoPlace(staging, dist, spare, HANDOVER);
    expect((await snapshotTree(dist)).get('_static/new2/fr/jobs/payload.json')?.toString()).toBe('fr jobs');
    expect(await readdir(path.join(dist, '_static', 'new2'))).toEqual(['about', 'de', 'fr', 'manifest.json']);
    expect(await readdir(path.join(spare, '_static', 'old1'))).toEqual(['de', 'manifest.json']);
    expect(await readdir(root)).toEqual(['dist', 'spare']);
  });

  it('that fails puts every folder it moved back, and the output as it was', async () => {
    const { root, dist, staging } = await outputAndStaging();
    const before = await snapshotTree(dist);
    // `about` moves; `gone` is not in the output, and its move fails.
    await expect(swapIntoPlace(staging, dist, null, { ...HANDOVER, names: ['about', 'gone'] })).rejects.toThrow(
      `The output folder ${dist} changed while the build ran: ${path.join('_static', 'old1', 'gone')} is gone from it (another build into the same folder?). The output is as it was before this build; run the build again.`,
    );
    expectSameBytes(before, await snapshotTree(dist));
    expect(existsSync(journalOf(staging))).toBe(false);
    expect(existsSync(path.join(staging, '_static', 'new2', 'about'))).toBe(false);
    expect((await readdir(root)).sort()).toEqual([path.basename(staging), 'dist'].sort());
  });
});

describe('a build killed inside such a swap', () => {
  // What each step of swapIntoPlace leaves, up to the staging folder's move into place.
  const steps: [string, (s: { dist: string; staging: string }) => Promise<void>][] = [
    ['with its journal written', async () => {}],
    ['with the output moved aside', async ({ dist, staging }) => rename(dist, `${staging}.old`)],
    ['with one folder moved', async ({ dist, staging }) => {
      await rename(dist, `${staging}.old`);
      await rename(path.join(`${staging}.old`, '_static', 'old1', 'about'), path.join(staging, '_static', 'new2', 'about'));
    }],
    ['with every folder moved', async ({ dist, staging }) => {
      await rename(dist, `${staging}.old`);
      for (const name of HANDOVER.names) await rename(path.join(`${staging}.old`, '_static', 'old1', name), path.join(staging, '_static', 'new2', name));
    }],
  ];
  for (const [when, step] of steps) {
    it(`${when}: the next build's clean-up puts the previous output back whole`, async () => {
      const { root, dist, staging } = await outputAndStaging(deadPid());
      const before = await snapshotTree(dist);
      writeJournal(staging, HANDOVER);
      await step({ dist, staging });
      await removeAbandonedStaging(dist);
      expectSameBytes(before, await snapshotTree(dist));
      expect(await readdir(root)).toEqual(['dist']);
    });
  }

  it('once the new output is in place: that output stays, and what the swap left beside it is removed', async () => {
    const { root, dist, staging } = await outputAndStaging(deadPid());
    writeJournal(staging, HANDOVER);
    await rename(dist, `${staging}.old`);
    for (const name of HANDOVER.names) await rename(path.join(`${staging}.old`, '_static', 'old1', name), path.join(staging, '_static', 'new2', name));
    await rename(staging, dist);
    const after = await snapshotTree(dist);
    await removeAbandonedStaging(dist);
    expectSameBytes(after, await snapshotTree(dist));
    expect(await readdir(root)).toEqual(['dist']);
  });

  // Each would move a folder that is not the swap's: `elsewhere/keep` beside the output, or one of
  // the staging folder's to a path outside the output that was moved aside.
  const journals: [string, (root: string, staging: string) => Promise<void>][] = [
    ['a folder above the staging folder', async (_root, staging) => writeJournal(staging, { ...HANDOVER, to: path.join('..', 'elsewhere'), names: ['keep'] })],
    ['an absolute folder', async (root, staging) => writeJournal(staging, { ...HANDOVER, from: path.join(root, 'elsewhere'), names: ['de'] })],
    ['a name that is a path', async (_root, staging) => writeJournal(staging, { ...HANDOVER, to: path.join('_static', 'new2', 'de'), names: [path.join('..', '..', '..', '..', 'elsewhere', 'keep')] })],
    ['an entry it does not know', async (_root, staging) => {
      writeJournal(staging, HANDOVER);
      await writeFile(path.join(journalOf(staging), 'move=elsewhere'), '');
    }],
    ['an entry that is not URI-encoded text', async (_root, staging) => {
      writeJournal(staging, HANDOVER);
      await writeFile(path.join(journalOf(staging), 'name=%E0%A4%A'), '');
    }],
  ];
  for (const [what, journal] of journals) {
    it(`a journal naming ${what} is not followed: the output is put back as the swap left it, and nothing else moves`, async () => {
      const { root, dist, staging } = await outputAndStaging(deadPid());
      await tree(root, { 'elsewhere/keep/file.txt': 'keep' });
      await rename(dist, `${staging}.old`);
      const before = await snapshotTree(`${staging}.old`);
      await journal(root, staging);
      await removeAbandonedStaging(dist);
      expectSameBytes(before, await snapshotTree(dist));
      expect((await snapshotTree(path.join(root, 'elsewhere'))).get('keep/file.txt')?.toString()).toBe('keep');
      expect((await readdir(root)).sort()).toEqual(['dist', 'elsewhere']);
    });
  }

  it('the journal is the names of its entries, so that a crash that kept the swap\'s renames kept it whole', async () => {
    const { staging } = await outputAndStaging();
    writeJournal(staging, HANDOVER);
    expect((await readdir(journalOf(staging))).map(decodeURIComponent).sort()).toEqual(['from=_static/old1', 'name=about', 'name=fr', 'to=_static/new2']);
    expect(readJournal(staging)).toEqual(HANDOVER);
  });
});

describe('keepOnly with folders it may leave out', () => {
  it('keeps what is there under them, and neither makes nor counts those missing', async () => {
    const dir = await tempDir();
    await tree(dir, { 'de/index.html': 'de', 'fr/index.html': 'fr', '_static/new2/de/payload.json': 'de' });
    const expected = new Set(['de/index.html', 'fr/index.html', 'es/index.html', '_static/new2/de/payload.json', '_static/new2/fr/payload.json', '_static/new2/es/payload.json', '_static/new2/it/payload.json']);
    // Without them left out the staging folder lacks more folders than it has: the renderers would make them all.
    expect(await keepOnly(dir, expected, path.join('_static', 'new2') + path.sep)).toEqual({ kept: true, folders: true });
    expect(existsSync(path.join(dir, 'es'))).toBe(true);
    expect(existsSync(path.join(dir, '_static', 'new2', 'fr'))).toBe(false);
    expect(existsSync(path.join(dir, '_static', 'new2', 'de', 'payload.json'))).toBe(true);
  });
});
