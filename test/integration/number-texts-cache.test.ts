/**
 * The numbers the messages show (the basic fixture's home page: `{count, plural, … {# features}}`)
 * are formatted with Intl.NumberFormat once and kept in the build cache: a page that renders again
 * later shows them from there, with no number format made, and the same output; a damaged entry
 * costs one warning line and the numbers are formatted again; an entry that cannot be written only
 * costs the next build the formatting.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdir, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { expectSameTree, fixtureSites, read } from '../helpers/site.ts';
import { countIntl } from '../helpers/intl-count.ts';

const basic = fixtureSites('basic');
const CACHE = '.cache-test';
const buildInto = (root: string, out: string, cacheDir: string | false = CACHE): Promise<BuildResult> =>
  build({ root, outDir: out, cacheDir, logger: createMemoryLogger(), workers: 0 });

/** Rewords de's message with the count, so that de's home page renders again (its other pages come from the cache). */
async function editIntro(root: string, words: string): Promise<void> {
  const file = path.join(root, 'locales', 'de.json');
  const de = JSON.parse(await readFile(file, 'utf8'));
  de.home.intro = `${words} <b>{count, plural, one {# Funktion} other {# Funktionen}}</b>.`;
  await writeFile(file, JSON.stringify(de, null, 2));
}

/** The cache's entry of number texts: the one of its `locales` folder whose texts are keyed by formatter and value. */
async function numbersEntry(root: string): Promise<string> {
  const dir = path.join(root, CACHE, 'locales');
  for (const name of await readdir(dir)) {
    const { value } = JSON.parse(await readFile(path.join(dir, name), 'utf8'));
    if (Object.keys(value).some((k) => k.includes('\0'))) return path.join(dir, name);
  }
  throw new Error('no entry of number texts');
}

/** Counts the Intl.NumberFormat made from now on (see intl-count.ts), restored after each test. */
let counted: ReturnType<typeof countIntl> | null = null;
function countNumberFormats(): void {
  counted?.restore();
  counted = countIntl('NumberFormat');
}
const made = () => counted!.made();
afterEach(() => {
  counted?.restore();
  counted = null;
});

/** The edited site built without the cache, to compare with. */
async function coldBuild(root: string, out: string): Promise<void> {
  await buildInto(root, out, false);
}

describe('the numbers the messages show, in the build cache', () => {
  it('a page that renders again shows its numbers from the cache: no number format is made, and the output is that of a build without the cache', async () => {
    const root = await basic();
    countNumberFormats();
    await buildInto(root, 'dist');
    expect(made()).toBeGreaterThan(0);
    const kept = JSON.parse(await readFile(await numbersEntry(root), 'utf8')).value;
    expect(kept).toMatchObject({ '["de-DE"]\u00003': '3', '["en-US"]\u00003': '3' });
    await editIntro(root, 'Bei uns gibt es');
    countNumberFormats();
    const edited = await buildInto(root, 'dist');
    expect(edited.cache).toMatchObject({ rendered: 1, damaged: 0 });
    expect(made()).toBe(0);
    expect(await read(path.join(root, 'dist'), 'de/index.html')).toContain('Bei uns gibt es <b>3 Funktionen</b>.');
    await coldBuild(root, 'cold');
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
  });

  it('a damaged entry (cut short, or of another key) is ignored with one warning line: the numbers are formatted again, and kept whole', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const entry = await numbersEntry(root);
    const damages = [
      () => truncate(entry, 30),
      // Another Node's or sitegen's texts (its key is another), with a text this build would not show.
      () => writeFile(entry, JSON.stringify({ key: 'another', value: { '["de-DE"]\u00003': 'drei' } })),
      // This key, but not texts.
      async () => {
        const { key } = JSON.parse(await readFile(entry, 'utf8'));
        await writeFile(entry, JSON.stringify({ key, value: { '["de-DE"]\u00003': 3 } }));
      },
    ];
    for (const [i, damage] of damages.entries()) {
      await damage();
      await editIntro(root, `Fassung ${i}:`);
      countNumberFormats();
      const damaged = await buildInto(root, 'dist');
      expect(made()).toBeGreaterThan(0);
      expect(damaged.cache!.damaged).toBe(1);
      expect(damaged.warnings.filter((w) => w.includes('cache'))).toEqual([expect.stringMatching(/^build cache: 1 damaged entr/)]);
      expect(JSON.parse(await readFile(entry, 'utf8')).value).toMatchObject({ '["de-DE"]\u00003': '3' });
      await coldBuild(root, `cold-${i}`);
      await expectSameTree(path.join(root, `cold-${i}`), path.join(root, 'dist'));
    }
  });

  it('an entry that cannot be written costs the next build the formatting, not a failure', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const entry = await numbersEntry(root);
    // A folder where the entry goes: it reads as none, and a write of it fails.
    await rm(entry);
    await mkdir(entry);
    for (const words of ['Erstens', 'Zweitens']) {
      await editIntro(root, words);
      countNumberFormats();
      const result = await buildInto(root, 'dist');
      expect(made()).toBeGreaterThan(0);
      expect(result.warnings.filter((w) => w.includes('cache'))).toEqual([]);
      await coldBuild(root, `cold-${words}`);
      await expectSameTree(path.join(root, `cold-${words}`), path.join(root, 'dist'));
    }
  });
});
