/**
 * The languages' own names (a locale the config gives no name) are made with Intl's display names,
 * and their writing directions (no `dir` in the config) found with Intl's likely subtags, once and
 * kept in the build cache: a later full build reads them, with the same output, and a build with
 * nothing changed needs neither; a damaged entry costs one warning line and they are made again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { expectSameTree, fixtureSites, read } from '../helpers/site.ts';
import { countIntl } from '../helpers/intl-count.ts';

const basic = fixtureSites('basic');
const CACHE = '.cache-test';
const buildInto = (root: string, out: string, cacheDir: string | false = CACHE): Promise<BuildResult> =>
  build({ root, outDir: out, cacheDir, logger: createMemoryLogger(), workers: 0 });
/** The cache's entries of own names and directions (its `locales` folder also keeps the numbers the messages show, number-texts.ts). */
async function namesEntries(root: string): Promise<string[]> {
  const files = (await readdir(path.join(root, CACHE, 'locales'))).map((n) => path.join(root, CACHE, 'locales', n));
  const isNames = async (file: string) => 'names' in JSON.parse(await readFile(file, 'utf8')).value;
  const found = await Promise.all(files.map(isNames));
  return files.filter((_, i) => found[i]);
}

/** Counts the Intl.DisplayNames made from now on (the own names' source; see intl-count.ts), until restored. */
let counted: ReturnType<typeof countIntl> | null = null;
function countDisplayNames(): void {
  counted?.restore();
  counted = countIntl('DisplayNames');
}
const made = () => counted!.made();
/** Counts the likely subtags looked up from now on (the directions' source), until restored. */
const originalMaximize = Intl.Locale.prototype.maximize;
let maximized = 0;
function countMaximize(): void {
  maximized = 0;
  Intl.Locale.prototype.maximize = function (this: Intl.Locale) {
    maximized++;
    return originalMaximize.call(this);
  };
}
afterEach(() => {
  counted?.restore();
  counted = null;
  Intl.Locale.prototype.maximize = originalMaximize;
});

const manifestLocales = async (root: string, out: string, buildId: string) => JSON.parse(await read(path.join(root, out), `_static/${buildId}/manifest.json`)).locales;

describe('the languages\' own names in the build cache', () => {
  it('a full build after a cached one makes no display names: the names come from the cache, and the output is the same', async () => {
    const root = await basic();
    countDisplayNames();
    const first = await buildInto(root, 'first');
    // ar is the fixture's one locale without a name in the config.
    expect(made()).toBeGreaterThan(0);
    expect((await manifestLocales(root, 'first', first.buildId)).find((l: { code: string }) => l.code === 'ar').name).toBe('العربية');
    countDisplayNames();
    const second = await buildInto(root, 'second');
    expect(made()).toBe(0);
    expect(second.cache).toMatchObject({ damaged: 0 });
    await expectSameTree(path.join(root, 'first'), path.join(root, 'second'));
  });

  it('a full build after a cached one looks up no likely subtags: the writing directions come from the cache, and the output is the same', async () => {
    const root = await basic();
    countMaximize();
    const first = await buildInto(root, 'first');
    expect(maximized).toBeGreaterThan(0);
    expect((await manifestLocales(root, 'first', first.buildId)).find((l: { code: string }) => l.code === 'ar').dir).toBe('rtl');
    countMaximize();
    await buildInto(root, 'second');
    expect(maximized).toBe(0);
    await expectSameTree(path.join(root, 'first'), path.join(root, 'second'));
  });

  it('a build with nothing changed makes no display names and looks up no likely subtags', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    countDisplayNames();
    countMaximize();
    const again = await buildInto(root, 'dist');
    expect(again.cache).toMatchObject({ reused: again.pages + again.notFoundPages, rendered: 0 });
    expect([made(), maximized]).toEqual([0, 0]);
  });

  it('a damaged entry is ignored with one warning line, and the names are made again', async () => {
    const root = await basic();
    await buildInto(root, 'first');
    const [entry] = await namesEntries(root);
    const damages = [
      () => truncate(entry!, 20),
      async () => {
        const { key } = JSON.parse(await readFile(entry!, 'utf8'));
        await writeFile(entry!, JSON.stringify({ key, value: { 'ar ar': 42 } }));
      },
    ];
    for (const [i, damage] of damages.entries()) {
      await buildInto(root, `again-${i}`);
      await damage();
      countDisplayNames();
      const damaged = await buildInto(root, `damaged-${i}`);
      expect(made()).toBeGreaterThan(0);
      expect(damaged.cache!.damaged).toBe(1);
      expect(damaged.warnings.filter((w) => w.includes('cache'))).toEqual([expect.stringMatching(/^build cache: 1 damaged entr/)]);
      await expectSameTree(path.join(root, 'first'), path.join(root, `damaged-${i}`));
    }
  });
});
