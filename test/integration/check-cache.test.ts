/**
 * The build's translation check kept in the build cache one locale at a time: after an edit of
 * one locale's file only that locale is checked again, and the report joined from the cached
 * parts is exactly the report of a fresh check of the same files (same rows, same findings in the
 * same order). A change to en, or a damaged entry, makes the check run again where it must.
 */
import { describe, expect, it } from 'vitest';
import { readdir, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openCache, type CacheLocation } from '../../src/cache/build-cache.ts';
import { cachedCheck } from '../../src/cache/check-cache.ts';
import { check, type CheckOptions, type CheckReport } from '../../src/check/index.ts';
import { readLocaleFiles } from '../../src/check/locale-files.ts';
import { loadMessages } from '../../src/i18n/messages.ts';
import { textPrint } from '../../src/cache/message-texts.ts';
import { resolveConfig, type ResolvedConfig } from '../../src/config.ts';
import { editFile, fixtureSites } from '../helpers/site.ts';

/** Copies of test/fixtures/check-site: one case of every finding, a missing file (es), a malformed one (pt), two stray files. */
const checkSite = fixtureSites('check-site');

/** What a build's render would tell the check: the keys the pages use, and the values they pass. */
const OPTIONS: CheckOptions = {
  usedKeys: new Set(['brand.name', 'home.title', 'home.welcome', 'cart.items', 'photos.count', 'home.missingInEn']),
  passedValues: new Map([['home.welcome', new Set(['name', 'count'])]]),
  usageSkipped: ['pt'],
};

interface Site {
  root: string;
  config: ResolvedConfig;
  cache: CacheLocation;
  /** The locales each check of a cache miss was asked for (`all` for the whole selection of the options). */
  asked: string[][];
  damaged: number;
  /** `cachedCheck` with the options, recording what it asks the check for. */
  cached(options?: CheckOptions): Promise<CheckReport>;
}

async function site(): Promise<Site> {
  const root = await checkSite();
  const { config } = await resolveConfig(root);
  const cache = openCache(root, '.cache', [])!;
  const s: Site = {
    root,
    config,
    cache,
    asked: [],
    damaged: 0,
    cached: (options = OPTIONS) =>
      cachedCheck(cache, config, options, () => s.damaged++, (c, o) => {
        s.asked.push(o.locales ? [...o.locales] : o.locale ? [o.locale] : ['all']);
        return check(c, o);
      }),
  };
  return s;
}

/** A fresh check (no cache) of the site's files as they are now. */
const fresh = (s: Site, options = OPTIONS) => check(s.config, options);

/** Checks once with a cold cache, changes the site, forgets what was asked: the next check is the one under test. */
async function warmThen(s: Site, change: () => Promise<void>, options = OPTIONS): Promise<void> {
  expect(await s.cached(options)).toStrictEqual(await fresh(s, options));
  expect(s.asked).toEqual([options.locale ? [options.locale] : options.locales ? [...options.locales] : ['all']]);
  await change();
  s.asked = [];
}

const locales = (r: CheckReport) => r.locales.map((row) => row.locale);

describe('the check cache, one locale at a time', () => {
  it('checks nothing again when no file changed, and gives the same report', async () => {
    const s = await site();
    await warmThen(s, async () => {});
    expect(await s.cached()).toStrictEqual(await fresh(s));
    expect(s.asked).toEqual([]);
  });

  it('after an edit in de checks only de again; the joined report equals a fresh check, in order', async () => {
    const s = await site();
    await warmThen(s, () => editFile(s.root, 'locales/de.json', (text) => text.replace('"jobs":', '"jobz": "Stellen", "jobs":')));
    const report = await s.cached();
    expect(s.asked).toEqual([['de']]);
    const expected = await fresh(s);
    expect(report).toStrictEqual(expected);
    // The edit shows: a new extra key of de, between findings of ar and fr that came from the cache.
    expect(report.findings.filter((f) => f.locale === 'de' && f.kind === 'extra-key').map((f) => f.key)).toEqual(['home.oldTitle', 'nav.jobz']);
    expect(locales(report)).toEqual(['en', 'ar', 'de', 'es', 'fr', 'ja', 'pt', 'ru']);
    expect(report.usageChecked).toBe(true);
    expect(report.usageSkipped).toEqual(['pt']);
  });

  it('after an edit in en checks every locale again', async () => {
    const s = await site();
    await warmThen(s, () => editFile(s.root, 'locales/en.json', (text) => text.replace('"title":', '"added": "A new message for everyone", "title":')));
    const report = await s.cached();
    expect(s.asked).toEqual([['all']]);
    expect(report).toStrictEqual(await fresh(s));
    expect(report.findings.filter((f) => f.key === 'home.added' && f.kind === 'missing-key').map((f) => f.locale)).toEqual(['ar', 'de', 'fr', 'ja', 'ru']);
  });

  it('a locale file made malformed is checked alone again and reported as a fresh check reports it', async () => {
    const s = await site();
    await warmThen(s, () => editFile(s.root, 'locales/fr.json', (text) => text.replace('{', '{ "broken": ,')));
    const report = await s.cached();
    expect(s.asked).toEqual([['fr']]);
    expect(report).toStrictEqual(await fresh(s));
    expect(report.locales.find((r) => r.locale === 'fr')?.status).toBe('malformed');
    // Mended again: its earlier part is still in the cache.
    await editFile(s.root, 'locales/fr.json', (text) => text.replace('{ "broken": ,', '{'));
    expect(await s.cached()).toStrictEqual(await fresh(s));
    expect(s.asked).toEqual([['fr']]);
  });

  it('a stray file added checks only en (the site-wide part) again, and is sorted among the other stray files', async () => {
    const s = await site();
    await warmThen(s, () => writeFile(path.join(s.root, 'locales', 'nl.json'), '{}'));
    const report = await s.cached();
    expect(s.asked).toEqual([['en']]);
    expect(report).toStrictEqual(await fresh(s));
    expect(report.findings.filter((f) => f.kind === 'unknown-file').map((f) => f.locale)).toEqual(['it', 'nl', 'xx']);
  });

  it('other values passed by the pages check every locale again (en for its arguments no page passes); other used keys only en', async () => {
    const s = await site();
    await warmThen(s, async () => {});
    const passed = { ...OPTIONS, passedValues: new Map([['home.welcome', new Set(['name', 'count', 'counter'])]]) };
    expect(await s.cached(passed)).toStrictEqual(await fresh(s, passed));
    expect(s.asked).toEqual([['all']]);
    s.asked = [];
    const used = { ...passed, usedKeys: new Set(['home.title']) };
    expect(await s.cached(used)).toStrictEqual(await fresh(s, used));
    expect(s.asked).toEqual([['en']]);
  });

  it("a shard's selection and a single locale reuse the parts of the whole check", async () => {
    const s = await site();
    await warmThen(s, () => editFile(s.root, 'locales/ja.json', (text) => text.replace('{', '{ "stray": "x",')));
    const shard = { ...OPTIONS, locales: ['en', 'de', 'ja'] };
    expect(await s.cached(shard)).toStrictEqual(await fresh(s, shard));
    expect(s.asked).toEqual([['ja']]);
    s.asked = [];
    for (const locale of ['de', 'ja', 'en']) {
      // One locale (dev): no stray files, so en's part alone is another entry.
      const one = { ...OPTIONS, locale };
      expect(await s.cached(one)).toStrictEqual(await fresh(s, one));
    }
    expect(s.asked).toEqual([['en']]);
  });

  it('a missing or malformed en is the whole report, as a fresh check gives it, and nothing of it is kept', async () => {
    const s = await site();
    await warmThen(s, () => editFile(s.root, 'locales/en.json', (text) => text.replace('{', '{,')));
    const report = await s.cached();
    expect(report).toStrictEqual(await fresh(s));
    expect(locales(report)).toEqual(['en']);
    expect(report.locales[0]!.status).toBe('malformed');
    await rm(path.join(s.root, 'locales', 'en.json'));
    expect(await s.cached({ ...OPTIONS, locale: 'de' })).toStrictEqual(await fresh(s, { ...OPTIONS, locale: 'de' }));
    expect(s.asked).toEqual([['all'], ['de']]);
  });

  it('a damaged entry is counted, ignored and made again; only its locale is checked again', async () => {
    const s = await site();
    await warmThen(s, async () => {});
    const folder = path.join(s.cache.dir, 'check');
    const files = (await readdir(folder)).filter((n) => n.endsWith('.json'));
    // en and the seven other locales: one entry each.
    expect(files).toHaveLength(8);
    await truncate(path.join(folder, files[0]!), 20);
    expect(await s.cached()).toStrictEqual(await fresh(s));
    expect(s.damaged).toBe(1);
    expect(s.asked).toHaveLength(1);
    expect(s.asked[0]).toHaveLength(1);
    s.asked = [];
    expect(await s.cached()).toStrictEqual(await fresh(s));
    expect(s.asked).toEqual([]);
  });
});

describe("a build's check of the files its messages stage read", () => {
  it('judges and keys the texts it is given, not the files as they are on disk now', async () => {
    const s = await site();
    const texts = await readLocaleFiles(s.config, s.config.locales);
    const given = await check(s.config, { ...OPTIONS, texts });
    expect(given).toStrictEqual(await fresh(s));
    // The files change once read: the check (and the cache's key of each part) is of what was read.
    await editFile(s.root, 'locales/de.json', (text) => text.replace('{', '{"added": "{oops",'));
    await writeFile(path.join(s.root, 'locales', 'en.json'), '{');
    expect(await check(s.config, { ...OPTIONS, texts })).toStrictEqual(given);
    expect(await s.cached({ ...OPTIONS, texts })).toStrictEqual(given);
    expect(s.asked).toEqual([['all']]);
    expect(await s.cached({ ...OPTIONS, texts })).toStrictEqual(given);
    expect(s.asked).toEqual([['all']]);
  });

  it("keys each text by the messages stage's print of it: a build's check and `sitegen check` find each other's parts", async () => {
    const s = await site();
    const printed = async () => (await readLocaleFiles(s.config, s.config.locales)).map((t) => (t.source === null ? t : { ...t, print: textPrint(t.source) }));
    const plain = await s.cached();
    expect(await s.cached({ ...OPTIONS, texts: await printed() })).toStrictEqual(plain);
    expect(s.asked).toEqual([['all']]);
    // An edit read by the messages stage (a new text and its print): de alone is checked again, and the check's own reading then finds it.
    await editFile(s.root, 'locales/de.json', (text) => text.replace('{', '{"added": "x",'));
    const edited = await s.cached({ ...OPTIONS, texts: await printed() });
    expect(s.asked).toEqual([['all'], ['de']]);
    expect(await s.cached()).toStrictEqual(edited);
    expect(s.asked).toEqual([['all'], ['de']]);
    expect(edited).toStrictEqual(await fresh(s));
  });

  it('judges the messages as the messages stage parsed them, without parsing their text again', async () => {
    const s = await site();
    const loaded = await loadMessages(s.config.root, s.config.localesDir, s.config.locales, s.config.defaultLocale.code, { skipUnreadable: true });
    const texts = (await readLocaleFiles(s.config, s.config.locales)).map((text) => ({ ...text, tree: loaded.files.get(text.locale.code)?.tree }));
    expect(texts.filter((t) => t.tree).map((t) => t.locale.code)).toContain('de');
    const given = await check(s.config, { ...OPTIONS, texts });
    expect(given).toStrictEqual(await fresh(s));
    // The parsed tree is what is judged: a message only the tree has is found, the text is not parsed again.
    const added = texts.map((t) => (t.locale.code === 'de' ? { ...t, tree: { ...t.tree, added: '{oops' } } : t));
    const judged = await check(s.config, { ...OPTIONS, texts: added });
    expect(judged.findings.filter((f) => f.key === 'added').map((f) => [f.locale, f.kind])).toEqual([['de', 'extra-key']]);
  });
});
