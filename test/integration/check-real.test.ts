import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, collectUsage, type MessageUsage } from '../../src/build.ts';
import { resolveConfig } from '../../src/config.ts';
import { check, exitCode, type CheckReport } from '../../src/check/index.ts';
import { registerCheck, type CheckCommandContext } from '../../src/check/command.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, FIXTURES, fixtureSites } from '../helpers/site.ts';

/**
 * test/fixtures/check-real: an app's web UI as volunteers translate it. Every idiom a translator
 * rightly writes gives no finding or an `info`; every real defect its kind and severity.
 */
const SITE = path.join(FIXTURES, 'check-real');
const realSite = fixtureSites('check-real');

/** Exactly what the catalogue holds, with the values its page passes known. */
const EXPECTED = [
  // ar: `zero` left to `other` is info; a plural with one and other only misses real forms.
  ['ar', 'poll.time_left', 'plural-missing', 'info'],
  ['ar', 'poll.time_left', 'plural-missing', 'warning'], // two, few, many
  ['ar', 'timeline.hidden_by_filter', 'plural-missing', 'info'],
  ['ar', 'timeline.new_posts', 'plural-missing', 'info'],
  // de: loanwords are info; a key written twice is an error; unreachable cases are info.
  ['de', 'nav.hashtags', 'untranslated', 'info'],
  ['de', 'nav.server', 'untranslated', 'info'],
  ['de', 'nav.settings', 'duplicate-key', 'error'],
  ['de', 'nav.status', 'untranslated', 'info'],
  ['de', 'poll.votes', 'plural-unreachable', 'info'], // few
  ['de', 'profile.rank', 'plural-unreachable', 'info'], // selectordinal one
  ['de', 'report.spam', 'untranslated', 'info'],
  // fr: a sentence left in English is a warning; `nav.hashtags` is allowed for fr; the count the
  // page passes beside the counter (profile.following) may be used.
  ['fr', 'errors.network', 'untranslated', 'warning'],
  ['fr', 'nav.menu', 'untranslated', 'info'],
  ['fr', 'nav.notifications', 'untranslated', 'info'],
  ['fr', 'poll.votes', 'untranslated', 'info'], // `# vote`/`# votes`: two words
  ['fr', 'report.spam', 'untranslated', 'info'],
  // ja: `{count}` for a plural, a dropped selector-only count, a dropped select: all fine.
  ['ja', 'timeline.reblogs', 'plural-unreachable', 'info'], // one
  ['ja', 'upload.limit', 'argument-missing', 'error'], // the shown count replaced by a fixed 4
  // ko: a misspelt argument.
  ['ko', 'upload.limit', 'argument-missing', 'error'],
  ['ko', 'upload.limit', 'argument-unknown', 'error'],
  // pt: loanwords are info; `one {}` shows nothing for 1; a percent printed as a plain number.
  ['pt', 'nav.hashtags', 'untranslated', 'info'],
  ['pt', 'nav.menu', 'untranslated', 'info'],
  ['pt', 'nav.status', 'untranslated', 'info'],
  ['pt', 'poll.votes', 'empty-case', 'warning'],
  ['pt', 'report.spam', 'untranslated', 'info'],
  ['pt', 'upload.progress', 'lost-meaning', 'warning'],
  // ru: one/few/other and one/many/other are complete; one/other is not; a comma between cases.
  ['ru', 'poll.votes', 'plural-missing', 'warning'],
  ['ru', 'timeline.reblogs', 'syntax', 'error'],
  // sv: `följare` is both forms, so the count en chooses `follower(s)` by is dropped: an info, as a loanword is.
  ['sv', 'nav.server', 'untranslated', 'info'],
  ['sv', 'nav.status', 'untranslated', 'info'],
  ['sv', 'timeline.followers', 'plural-missing', 'info'],
];

const rows = (report: CheckReport) => report.findings.map((f) => [f.locale, f.key ?? null, f.kind, f.severity]);

let usage: MessageUsage;
let report: CheckReport;
beforeAll(async () => {
  const { config } = await resolveConfig(SITE);
  usage = await collectUsage(config);
  report = await check(config, { usedKeys: usage.keys, passedValues: usage.passedValues });
});

describe('check on a realistic catalogue', () => {
  it('reports exactly the real defects, and the harmless idioms at most as info', () => {
    expect(rows(report)).toEqual(EXPECTED);
  });

  it('records the value names each t() call passes while rendering the pages', () => {
    expect([...usage.passedValues.get('profile.following')!].sort()).toEqual(['count', 'counter']);
    expect([...usage.passedValues.get('poll.ended')!]).toEqual([]);
  });

  it('judges the locale files as the pages’ render read them, with the same report as reading them again', async () => {
    const { config } = await resolveConfig(SITE);
    expect(usage.texts?.map((t) => t.locale.code)).toEqual(config.locales.map((l) => l.code));
    expect(await check(config, { usedKeys: usage.keys, passedValues: usage.passedValues, texts: usage.texts! })).toEqual(report);
  });

  it('without the pages, an argument en lacks is an error as before (profile.following)', async () => {
    const { config } = await resolveConfig(SITE);
    const filesOnly = await check(config);
    const added = rows(filesOnly).filter((r) => !EXPECTED.some((e) => e.join() === r.join()));
    expect(added).toEqual([
      ['fr', 'profile.following', 'argument-unknown', 'error'],
      ['ru', 'profile.following', 'argument-unknown', 'error'],
    ]);
  });

  it('says what is wrong at the caret, names both lines of a duplicate, and never asks ja for a plural', () => {
    const find = (locale: string, key: string, kind: string) => report.findings.find((f) => f.locale === locale && f.key === key && f.kind === kind)!;
    expect(find('ru', 'timeline.reblogs', 'syntax').message).toBe(
      'Invalid ICU MessageFormat at character 39 of the message: a comma between two cases (write them one after another, separated by spaces only: `one {…} other {…}`).',
    );
    expect(find('de', 'nav.settings', 'duplicate-key')).toMatchObject({
      line: 11,
      column: 5,
      message: '"nav.settings" is written twice in the same object (lines 10 and 11): only the one at line 11 is read, the one at line 10 is silently lost.',
    });
    expect(find('de', 'poll.votes', 'plural-unreachable').hint).toBe('de has `one`, `other` for a plural; the case can go (an exact case like =1 is always allowed).');
    expect(find('ja', 'upload.limit', 'argument-missing').hint).toBe('Put {count, number} back into the translation; the page passes a value for it.');
    expect(find('pt', 'poll.votes', 'empty-case')).toMatchObject({
      message: "The case `one` of the plural on {count} is empty, but en's `one` has text: those counts show nothing.",
      line: 35,
      column: 31, // the `one` of `one {}`, not the plural’s `{`
    });
    expect(report.findings.find((f) => f.key === 'poll.time_left' && f.severity === 'warning')!.message).toContain('lacks `two` (2, …), `few` (3, 4, 5, …), `many` (11, 12, 13, …)');
    expect(find('ko', 'upload.limit', 'argument-unknown').message).toBe('The argument {cnt} is not in en, and no page passes a value for it.');
  });

  it('counts infos apart, and does not count a message with a syntax error as translated', () => {
    const row = (code: string) => report.locales.find((l) => l.locale === code)!;
    expect(row('de')).toMatchObject({ translated: 28, errors: 1, warnings: 0, infos: 6, completeness: 100 });
    expect(row('ru')).toMatchObject({ translated: 27, errors: 1, warnings: 1, infos: 0, completeness: 96.4 });
    expect(row('fr')).toMatchObject({ translated: 27, errors: 0, warnings: 1, infos: 4 });
    expect(row('en')).toMatchObject({ errors: 0, warnings: 0, infos: 0 });
  });
});

/** The catalogue with its real defects mended: only infos are left. */
const MENDED: Record<string, [string, string][]> = {
  'locales/ar.json': [['{count, plural, one {بقي يوم واحد} other {بقي # يوم}}', '{count, plural, one {بقي يوم واحد} two {بقي يومان} few {بقيت # أيام} many {بقي # يومًا} other {بقي # يوم}}']],
  'locales/de.json': [['"settings": "Einstellungen",\n', '']],
  'locales/fr.json': [['Something went wrong while loading this page.', 'Une erreur est survenue lors du chargement de cette page.']],
  'locales/ja.json': [['ファイルは最大4件まで添付できます', 'ファイルは最大{count}件まで添付できます']],
  'locales/ko.json': [['{cnt}', '{count}']],
  'locales/pt.json': [['one {}other', 'one {# voto} other'], ['{percent, number} enviado', '{percent, number, percent} enviado']],
  'locales/ru.json': [['раз}, few', 'раз} few'], ['one {# голос} other {# голосов}', 'one {# голос} few {# голоса} many {# голосов} other {# голоса}']],
};

async function mendedSite(): Promise<string> {
  const changes: Record<string, string> = {};
  for (const [file, edits] of Object.entries(MENDED)) {
    let text = await readFile(path.join(SITE, file), 'utf8');
    for (const [from, to] of edits) {
      if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
      text = text.replace(from, to);
    }
    changes[file] = text;
  }
  return realSite(changes);
}

describe('infos never fail a run', () => {
  it('sitegen check --strict passes with infos only, shows them, and counts them in --json', async () => {
    const root = await mendedSite();
    const run = async (args: string[]) => {
      const logger = createMemoryLogger();
      let stdout = '';
      const ctx: CheckCommandContext = { cwd: root, logger, stdout: { write: (s: string) => (stdout += s) } };
      const program = new Command('sitegen').exitOverride();
      registerCheck(program, ctx);
      await program.parseAsync(['node', 'sitegen', 'check', ...args]);
      return { code: ctx.exitCode, info: logger.lines.map((l) => l.msg).join('\n'), stdout };
    };
    const table = await run(['--strict']);
    expect(table.code).toBe(0);
    expect(table.info).toContain('  nav.server\n    info    untranslated  locales/de.json:8:16');
    expect(table.info.split('\n').at(-1)).toBe('All 9 locale(s) complete and correct. 21 info(s) to look at, which never fail the check.');
    const json = JSON.parse((await run(['--strict', '--json'])).stdout);
    expect(json.schemaVersion).toBe(1);
    expect(json.summary).toEqual({ errors: 0, warnings: 0, infos: 21 });
    expect(new Set(json.findings.map((f: { severity: string }) => f.severity))).toEqual(new Set(['info']));
    expect(exitCode(report, { strict: true })).toBe(1);
  });

  it('the build neither prints infos as warnings nor fails on an argument the page passes (profile.following)', async () => {
    const root = await mendedSite();
    const result = await build({ root, outDir: path.join(root, 'dist'), workers: 0 });
    expect(result.warnings.filter((w) => /untranslated|plural/.test(w))).toEqual([]);
    expect(await readFile(path.join(root, 'dist/fr/index.html'), 'utf8')).toContain('87 abonnements');
  });

  it('the build still fails on an argument no page passes', async () => {
    const root = await mendedSite();
    await editFile(root, 'locales/fr.json', (text) => text.replace('"Accueil"', '"Accueil {user}"'));
    await expect(build({ root, outDir: path.join(root, 'dist'), workers: 0 })).rejects.toMatchObject({
      code: 'TranslationErrors',
      detail: expect.stringContaining('fr nav.home argument-unknown: The argument {user} is not in en, and no page passes a value for it.'),
    });
  });
});
