/**
 * The output record's digest of the site's sources is taken before any stage reads them. A config
 * that esbuild bundles (a cold build, a changed config) means a full build: the digest is then
 * taken while the main thread waits for esbuild, before the config runs; a config from the build
 * cache runs at once, and the digest follows it.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, expectSameTree, fixtureSites } from '../helpers/site.ts';

/** Per digest taken: whether the config had run by then. */
const taken: boolean[] = [];
const ran = () => (globalThis as { __sitegenConfigRan?: boolean }).__sitegenConfigRan === true;

vi.mock('../../src/cache/source-prints.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/cache/source-prints.ts')>();
  return { ...real, sourcePrint: (...args: Parameters<typeof real.sourcePrint>) => (taken.push(ran()), real.sourcePrint(...args)) };
});

const sites = fixtureSites('basic');

describe("the sources' digest of a build", () => {
  it('is taken while esbuild bundles a new config, before the config runs; after a config from the cache', async () => {
    const root = await sites({
      'sitegen.config.ts': "(globalThis as { __sitegenConfigRan?: boolean }).__sitegenConfigRan = true;\nexport default { url: 'https://fixture.example', locales: [{ code: 'en', iso: 'en-US' }, 'de'] };\n",
    });
    const once = async () => {
      (globalThis as { __sitegenConfigRan?: boolean }).__sitegenConfigRan = false;
      await build({ root, logger: createMemoryLogger() });
    };
    await once();
    expect(taken).toEqual([false]);
    // The same config, from the cache: a full build again once its output is gone.
    await rm(path.join(root, 'dist'), { recursive: true });
    await once();
    expect(taken).toEqual([false, true]);
  });

  it('a page edited while the build runs, after the digest (here by a new config, as it runs), is in the next build: its bundle from the cache is not taken by what the digest read', async () => {
    const root = await sites();
    await build({ root, logger: createMemoryLogger() });
    // The bundle cache checks its inputs by the prints the digest made (build-cache.ts, CacheLocation's prints).
    await editFile(root, 'sitegen.config.ts', (text) =>
      "import { readFileSync, writeFileSync } from 'node:fs';\nconst about = new URL('./pages/about.tsx', import.meta.url);\n" +
      "writeFileSync(about, readFileSync(about, 'utf8').replace('</h1>', ' edited mid-build</h1>'));\n" + text);
    await build({ root, logger: createMemoryLogger() });
    await editFile(root, 'sitegen.config.ts', (text) => text.slice(text.indexOf('export default')));
    await build({ root, logger: createMemoryLogger() });
    expect(await readFile(path.join(root, 'dist', 'about', 'index.html'), 'utf8')).toContain('edited mid-build');
    await build({ root, outDir: path.join(root, 'cold'), cacheDir: false, logger: createMemoryLogger() });
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
  });
});
