import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { check, exitCode, formatTable, type CheckReport } from '../../src/check/index.ts';
import { editFile, FIXTURES, fixtureSites } from '../helpers/site.ts';

/** Copies of test/fixtures/check-site, removed after this file. */
const checkSite = fixtureSites('check-site');

const SITE = path.join(FIXTURES, 'check-site');

/** Every en key of the fixture but `unused.old`, plus one key en lacks: what the pages would report. */
const USED = new Set([
  'brand.name', 'home.title', 'home.subtitle', 'home.welcome', 'home.cta', 'nav.jobs', 'cart.items', 'cart.summary',
  'photos.count', 'rank', 'invite', 'legal.terms', 'stats.share', 'event.date', 'likes', 'footer.copyright',
  'home.missingInEn',
]);

async function run(root = SITE, options: Parameters<typeof check>[1] = { usedKeys: USED }): Promise<CheckReport> {
  const { config } = await resolveConfig(root);
  return check(config, options);
}

const tuples = (report: CheckReport) => report.findings.map((f) => [f.locale, f.key ?? null, f.kind, f.line ?? null, f.column ?? null]);

describe('check on a fixture with one case of every fault', () => {
  it('reports exactly these findings, at these positions, in this order', async () => {
    expect(tuples(await run())).toEqual([
      ['en', 'home.missingInEn', 'undefined-key', null, null],
      ['en', 'home.removed', 'allow-list-unknown', null, null],
      ['en', 'unused.old', 'unused-key', 22, 15],
      ['ar', 'legal.terms', 'tag-mismatch', 17, 24], // <b> of en is missing: points at the message start
      ['ar', 'legal.terms', 'tag-mismatch', 17, 29], // <i> invented: points at the tag
      ['ar', 'likes', 'lost-meaning', 20, 13], // offset:1 dropped
      ['ar', 'photos.count', 'plural-missing', 14, 25], // no `two`
      ['de', 'home.cta', 'untranslated', 6, 13], // two words identical to en: info
      ['de', 'home.oldTitle', 'extra-key', 7, 5],
      ['de', 'home.subtitle', 'missing-key', null, null],
      ['de', 'home.welcome', 'argument-missing', 5, 17],
      ['de', 'invite', 'select-missing', 16, 14],
      ['de', 'legal.terms', 'tag-nesting', 17, 39],
      ['de', 'stats.share', 'lost-meaning', 18, 24], // percent dropped
      ['es', null, 'missing-file', null, null],
      ['fr', 'home.welcome', 'argument-missing', 6, 17],
      ['fr', 'home.welcome', 'argument-unknown', 6, 29],
      ['fr', 'legal.terms', 'syntax', 17, 55], // </b> closes <link>
      ['fr', 'nav.jobs', 'empty', 9, 21],
      ['fr', 'rank', 'plural-missing', 15, 30], // selectordinal without `one` (1er)
      ['ja', 'event.date', 'argument-kind', 19, 23], // a date used as a number
      ['ja', 'photos.count', 'plural-unreachable', 14, 25], // ja has no `one`: info
      ['pt', null, 'malformed-file', 5, 5],
      ['ru', 'cart.summary', 'syntax', 12, 23],
      ['ru', 'event.date', 'lost-meaning', 19, 30], // long date became short
      ['it', null, 'unknown-file', null, null],
      ['xx', null, 'unknown-file', null, null],
    ]);
  });

  it('says what is wrong and what to do, with the right severity', async () => {
    const report = await run();
    const find = (locale: string, key: string | null, kind: string) =>
      report.findings.find((f) => f.locale === locale && (f.key ?? null) === key && f.kind === kind)!;

    const syntax = find('ru', 'cart.summary', 'syntax');
    expect(syntax).toMatchObject({ severity: 'error', file: 'locales/ru.json' });
    expect(syntax.message).toBe('Invalid ICU MessageFormat at character 7 of the message: an argument is not closed with }.');
    expect(syntax.frame).toContain('> 12 |     "summary": "У вас {count, number товаров"');

    expect(find('ar', 'photos.count', 'plural-missing')).toMatchObject({
      severity: 'warning',
      message: 'The plural on {n} lacks `two` (2, …): ar selects it for those whole numbers.',
      hint: 'Add two {…}; until then those counts get the `other` text.',
    });
    expect(find('ja', 'photos.count', 'plural-unreachable')).toMatchObject({
      severity: 'info',
      message: 'The plural on {n} has `one`, which ja never selects: that text is never shown.',
      hint: 'ja has `other` for a plural; the case can go (an exact case like =1 is always allowed).',
    });
    expect(find('fr', 'home.welcome', 'argument-unknown')).toMatchObject({
      severity: 'error',
      message: 'The argument {nom} is not in en, so no value is passed for it.',
      hint: 'Use only the arguments of en ({name}); check the spelling.',
    });
    expect(find('ja', 'event.date', 'argument-kind').message).toBe('{when} is a date argument in en but a number here.');
    expect(find('de', 'stats.share', 'lost-meaning').message).toBe('en formats {p} as number, percent; the translation has {p, number}.');
    expect(find('ru', 'event.date', 'lost-meaning').hint).toBe('Keep the formatting of en: {when, date, long}.');
    expect(find('ar', 'likes', 'lost-meaning').message).toContain('offset:1');
    expect(find('ar', 'legal.terms', 'tag-mismatch').message).toBe('The tag <b> of en is missing.');
    expect(find('de', 'invite', 'select-missing').message).toContain('no case for `male`');
    expect(find('de', 'home.cta', 'untranslated')).toMatchObject({ severity: 'info' });
    expect(find('de', 'home.cta', 'untranslated').hint).toContain('`untranslated.de` in sitegen.config.ts');
    expect(find('pt', null, 'malformed-file')).toMatchObject({ severity: 'error', message: "Expected ',' or '}' after property value. Nothing else is checked in this file." });
    expect(find('pt', null, 'malformed-file').frame).toContain('> 5 |     "subtitle": "No seu celular"');
    expect(find('es', null, 'missing-file')).toMatchObject({ severity: 'warning', file: 'locales/es.json' });
    expect(find('xx', null, 'unknown-file').message).toBe('There is no locale "xx", so this file is never used.');
    expect(find('it', null, 'unknown-file').hint).toBe('Add "it" to `locales` in sitegen.config.ts to publish it, or delete the file.');
    expect(find('en', 'home.missingInEn', 'undefined-key').severity).toBe('error');
    expect(find('en', 'home.removed', 'allow-list-unknown').file).toBe('sitegen.config.ts');
  });

  it('raises no false alarm on correct translations', async () => {
    const report = await run();
    const keysWithFindings = (locale: string) => new Set(report.findings.filter((f) => f.locale === locale).map((f) => f.key));
    // fr without `many`, ja with only `other`, ar `zero` given as =0, ru with one/few/many/other
    // and ru with one/many/other (whole numbers never select `other` in ru, so it serves `few`),
    // an allow-listed brand name, text without letters, an added global {product}, a select case
    // en does not have: all correct.
    expect(keysWithFindings('fr').has('cart.items')).toBe(false);
    expect(keysWithFindings('ja').has('cart.items')).toBe(false);
    expect(keysWithFindings('ar').has('cart.items')).toBe(false);
    expect(keysWithFindings('ru').has('photos.count')).toBe(false);
    expect(keysWithFindings('ru').has('cart.items')).toBe(false);
    expect(report.findings.some((f) => f.key === 'brand.name' || f.key === 'footer.copyright' || f.key === 'nav.jobs' && f.locale === 'de')).toBe(false);
    expect(keysWithFindings('ja').has('home.welcome')).toBe(false);
    expect(keysWithFindings('ja').has('likes')).toBe(false);
    expect(keysWithFindings('de').has('rank')).toBe(false);
  });

  it('summarises each locale: keys, translated, missing, extra, errors, warnings, completeness', async () => {
    const rows = Object.fromEntries((await run()).locales.map((l) => [l.locale, l]));
    expect(Object.keys(rows)).toEqual(['en', 'ar', 'de', 'es', 'fr', 'ja', 'pt', 'ru']);
    expect(rows.de).toEqual({
      locale: 'de', iso: 'de-DE', file: 'locales/de.json', status: 'ok',
      keys: 17, translated: 16, missing: 1, extra: 1, errors: 1, warnings: 5, infos: 1, completeness: 94.1,
    });
    // The syntax error does not count as translated.
    expect(rows.fr).toMatchObject({ translated: 15, errors: 3, warnings: 2, completeness: 88.2 });
    expect(rows.ja).toMatchObject({ translated: 17, errors: 1, warnings: 0, infos: 1 });
    expect(rows.es).toMatchObject({ status: 'missing', translated: 0, missing: 17, completeness: 0 });
    expect(rows.pt).toMatchObject({ status: 'malformed', translated: 0, missing: 0, errors: 1, completeness: 0 });
    expect(rows.en).toMatchObject({ keys: 17, translated: 17, completeness: 100, errors: 1, warnings: 2, infos: 0 });
  });

  it('fails on errors, and on warnings only with strict', async () => {
    const report = await run();
    expect(exitCode(report)).toBe(1);
    const warningsOnly = { ...report, findings: report.findings.filter((f) => f.severity === 'warning') };
    expect(warningsOnly.findings.length).toBeGreaterThan(0);
    expect(exitCode(warningsOnly)).toBe(0);
    expect(exitCode(warningsOnly, { strict: true })).toBe(1);
    const gaps = await run(SITE, { locale: 'de' });
    expect(gaps.findings.filter((f) => f.severity === 'error').map((f) => f.kind)).toEqual(['argument-missing']);
  });
});

describe('check options and edge cases', () => {
  it('names the reference by its code when the default locale is not en', async () => {
    const root = await checkSite();
    await editFile(root, 'sitegen.config.ts', (s) => s.replace('  untranslated:', "  defaultLocale: 'de',\n  untranslated:"));
    const report = await run(root, {});
    expect(report.reference).toBe('de');
    const said = (locale: string, kind: string) => report.findings.filter((f) => f.locale === locale && f.kind === kind).map((f) => [f.message, f.hint]);
    expect(said('fr', 'missing-key')[0]![0]).toBe('Not translated: the key is missing, so pages show the de text.');
    expect(said('ar', 'tag-mismatch')[0]).toEqual(['The tag <b> of de is missing.', 'Wrap the matching words in <b>…</b> as de does.']);
    expect(said('ru', 'lost-meaning')).toEqual([['de formats {when} as date, long; the translation has {when, date, short}.', 'Keep the formatting of de: {when, date, long}.']]);
    expect(said('de', 'allow-list-unknown')[0]![0]).toBe('`untranslated` lists "home.removed", which matches no key of de.');
    expect(formatTable(report, { color: false })).toContain('(a pages/ folder, and no --locale other than de).');
  });

  it('--locale checks one locale: its row and its findings only', async () => {
    const report = await run(SITE, { locale: 'ru' });
    expect(report.locales.map((l) => l.locale)).toEqual(['ru']);
    expect(tuples(report).map((t) => t[2])).toEqual(['syntax', 'lost-meaning']);
    expect(report.usageChecked).toBe(false);
  });

  it('refuses a --locale the site does not have, naming the ones it has', async () => {
    await expect(run(SITE, { locale: 'zz' })).rejects.toThrow('--locale zz is not a locale of this site. Use one of: en, ar, de, es, fr, ja, pt, ru.');
  });

  it('skips unused and undefined keys without the keys the pages use, and says so', async () => {
    const report = await run(SITE, {});
    expect(report.usageChecked).toBe(false);
    expect(report.findings.some((f) => f.kind === 'unused-key' || f.kind === 'undefined-key')).toBe(false);
  });

  it('treats a used namespace (`runtime.*`) as using every key under it', async () => {
    const used = new Set([...USED].filter((k) => k !== 'home.missingInEn').concat('unused.*'));
    const report = await run(SITE, { usedKeys: used });
    expect(report.findings.filter((f) => f.kind === 'unused-key' || f.kind === 'undefined-key')).toEqual([]);
  });

  it('reports a missing en alone, as an error, since nothing can be compared', async () => {
    const root = await checkSite({ 'locales/en.json': null });
    const report = await run(root);
    expect(tuples(report)).toEqual([['en', null, 'missing-file', null, null]]);
    expect(report.findings[0]!.severity).toBe('error');
    expect(exitCode(report)).toBe(1);
  });

  it('reports a malformed en with its position and checks nothing else', async () => {
    const root = await checkSite({ 'locales/en.json': '{\n  "a": "x",\n}\n' });
    const report = await run(root);
    expect(tuples(report)).toEqual([['en', null, 'malformed-file', 3, 1]]);
  });

  it('reports a locale file that cannot be read (a folder of that name) as malformed', async () => {
    const root = await checkSite({ 'locales/ru.json': null, 'locales/ru.json/keep': 'x' });
    const ru = (await run(root)).findings.filter((f) => f.locale === 'ru');
    expect(ru.map((f) => [f.kind, f.severity, f.line ?? null])).toEqual([['malformed-file', 'error', null]]);
    expect(ru[0]!.message).toMatch(/^The file cannot be read: EISDIR: .*\. Nothing else is checked in this file\.$/);
  });

  it('reports a value that is not a string as a malformed file', async () => {
    const root = await checkSite({ 'locales/pt.json': '{ "home": { "title": ["a"] } }' });
    const pt = (await run(root)).findings.find((f) => f.locale === 'pt')!;
    expect(pt.kind).toBe('malformed-file');
    expect(pt.message).toContain('the value of "home.title" is an array');
  });

  it('reports an ICU syntax error in en itself, and does not compare that key', async () => {
    const root = await checkSite({
      'locales/en.json': '{ "a": "Hello {name", "b": "Fine" }',
      'sitegen.config.ts': "export default { locales: ['en', 'de'] };",
      'locales/de.json': '{ "a": "Hallo", "b": "Gut" }',
    });
    const report = await run(root, {});
    expect(tuples(report).filter((t) => t[2] !== 'unknown-file')).toEqual([['en', 'a', 'syntax', 1, 15]]);
  });
});
