import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { check, type CheckReport } from '../../src/check/index.ts';
import { fixtureSites } from '../helpers/site.ts';

/** Copies of test/fixtures/check-site, removed after this file. */
const checkSite = fixtureSites('check-site');

/**
 * The checker walks en's and each locale's parsed files side by side instead of flattening them;
 * these are the layouts where that could differ from reading the files as the build does.
 */
async function checkFiles(en: string, de: string, untranslated: string[] = []): Promise<CheckReport> {
  const root = await checkSite({
    'sitegen.config.ts': `export default { locales: ['en', 'de'], untranslated: ${JSON.stringify(untranslated)} };`,
    'locales/en.json': en,
    'locales/de.json': de,
    ...Object.fromEntries(['ar', 'fr', 'it', 'ja', 'pt', 'ru', 'xx'].map((code) => [`locales/${code}.json`, null])),
  });
  const { config } = await resolveConfig(root);
  return check(config);
}

const tuples = (report: CheckReport) => report.findings.map((f) => [f.locale, f.key ?? null, f.kind, f.line ?? null, f.column ?? null]);
const row = (report: CheckReport, locale: string) => report.locales.find((l) => l.locale === locale)!;

const EN = JSON.stringify({ home: { a: 'One {x}', b: 'Two', c: 'Three', d: 'Four' }, nav: { x: 'X', y: 'Y' } }, null, 2);

describe('check compares nested files key by key, whatever their order', () => {
  it('finds a missing key, an extra one between others, and keys in another order', async () => {
    const de = JSON.stringify({ nav: { y: 'Ypsilon', x: 'Iks' }, home: { a: 'Eins {x}', extra: 'Zu viel', c: 'Drei', d: 'Vier' } }, null, 2);
    const report = await checkFiles(EN, de);
    expect(tuples(report)).toEqual([
      ['de', 'home.b', 'missing-key', null, null],
      ['de', 'home.extra', 'extra-key', 8, 5],
    ]);
    expect(row(report, 'de')).toMatchObject({ keys: 6, translated: 5, missing: 1, extra: 1 });
  });

  it('reports a message where en has a group, and a group where en has a message', async () => {
    const de = JSON.stringify({ home: 'Startseite', nav: { x: { deep: 'tief' }, y: 'Ypsilon' } }, null, 2);
    const report = await checkFiles(EN, de);
    expect(tuples(report).map((t) => [t[1], t[2]])).toEqual([
      ['home', 'extra-key'],
      ['home.a', 'missing-key'],
      ['home.b', 'missing-key'],
      ['home.c', 'missing-key'],
      ['home.d', 'missing-key'],
      ['nav.x', 'missing-key'],
      ['nav.x.deep', 'extra-key'],
    ]);
    expect(row(report, 'de')).toMatchObject({ translated: 1, missing: 5, extra: 2 });
  });

  it('reports keys named like built-in properties (toString, constructor) as missing, not as found', async () => {
    const report = await checkFiles('{ "toString": "Text", "constructor": "Builder" }', '{}');
    expect(tuples(report)).toEqual([
      ['de', 'constructor', 'missing-key', null, null],
      ['de', 'toString', 'missing-key', null, null],
    ]);
  });
});

describe('check reads dotted keys as the build does', () => {
  it('matches a locale that writes `"home.a"` for en\'s nested home.a', async () => {
    const de = '{\n  "home.a": "Eins {x}",\n  "home": { "b": "Zwei", "c": "Drei" },\n  "home.d": "Vier",\n  "nav.x": "Iks",\n  "nav.y": "Ypsilon",\n  "nav.z": "Zet {x}"\n}';
    const report = await checkFiles(EN, de);
    expect(tuples(report)).toEqual([['de', 'nav.z', 'extra-key', 7, 3]]);
    expect(row(report, 'de')).toMatchObject({ translated: 6, missing: 0, extra: 1 });
  });

  it('refuses two spellings of one key in en, as the loader does (one would silently replace the other)', async () => {
    const report = await checkFiles('{ "a": { "b": "First" }, "a.b": "Second {n}" }', '{ "a": { "b": "Zweite" } }');
    expect(report.findings.map((f) => [f.locale, f.kind, f.message])).toEqual([
      ['en', 'malformed-file', 'the key "a.b" is written twice, dotted and nested (such as "a.b" beside "a": { "b": ... }), so one message would replace the other. Keep one of them. Nothing else is checked in this file.'],
    ]);
  });
});

describe('check positions findings in any layout of the file', () => {
  it('counts lines past a value on the line after its key, Windows line ends and an escaped key', async () => {
    const de = '{\r\n  "home": {\r\n    "a"\r\n      : "Eins",\r\n    "\\u0062": "Two",\r\n    "c": "Drei", "d": "Vier"\r\n  },\r\n  "nav": { "x": "X", "y": "Ypsilon" }\r\n}\r\n';
    const report = await checkFiles(EN, de);
    expect(tuples(report)).toEqual([
      ['de', 'home.a', 'argument-missing', 4, 10], // inside the value, on the line after its key
      ['de', 'home.b', 'untranslated', 5, 16], // written "\u0062"
      ['de', 'nav.x', 'untranslated', 8, 18],
    ]);
  });
});
