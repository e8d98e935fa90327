import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { merge } from '../../src/merge.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { expectSameTree, REPO } from '../helpers/site.ts';

let full: Awaited<ReturnType<typeof buildRealSite>>;
const shards: BuildResult[] = [];

beforeAll(async () => {
  full = await buildRealSite();
  const parent = path.dirname(full.out);
  for (const index of [1, 2, 3]) {
    shards.push(await build({ root: REPO, outDir: path.join(parent, `out-${index}`), shard: { index, count: 3 }, logger: createMemoryLogger() }));
  }
});
afterAll(() => full?.dispose());

describe('the real site in three shards', () => {
  it('splits its 18 locales into three balanced shares, six locales each, with the full build id', () => {
    expect(shards.map((s) => s.locales)).toEqual([6, 6, 6]);
    const third = (full.result.pages + full.result.notFoundPages) / 3;
    expect(shards.map((s) => s.pages + s.notFoundPages)).toEqual([third, third, third]);
    expect(shards.reduce((n, s) => n + s.pages, 0)).toBe(full.result.pages);
    expect(new Set(shards.map((s) => s.buildId))).toEqual(new Set([full.result.buildId]));
  });

  it('merges into exactly the full build, byte for byte', async () => {
    const parent = path.dirname(full.out);
    await merge({ shards: ['out-3', 'out-1', 'out-2'], outDir: 'merged', cwd: parent });
    await expectSameTree(full.out, path.join(parent, 'merged'));
  });
});
