/**
 * The output record's digest of the site's sources is taken before any stage reads them. A config
 * that esbuild bundles (a cold build, a changed config) means a full build: the digest is then
 * taken while the main thread waits for esbuild, before the config runs; a config from the build
 * cache runs at once, and the digest follows it.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites } from '../helpers/site.ts';

/** Per digest taken: whether the config had run by then. */
const taken: boolean[] = [];
const ran = () => (globalThis as { __sitegenConfigRan?: boolean }).__sitegenConfigRan === true;

vi.mock('../../src/cache/source-prints.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/cache/source-prints.ts')>();
  return { ...real, sourcePrint: (folders: string[]) => (taken.push(ran()), real.sourcePrint(folders)) };
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
});
