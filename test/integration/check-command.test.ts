import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCheck, type CheckCommandContext } from '../../src/check/command.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { FIXTURES, REPO, fixtureSites } from '../helpers/site.ts';

/** Copies of test/fixtures/check-clean, removed after this file. */
const cleanSite = fixtureSites('check-clean');

/** Runs `sitegen check ...args` through commander, as the CLI does, capturing what it prints. */
async function sitegenCheck(args: string[], cwd = REPO) {
  const logger = createMemoryLogger();
  let stdout = '';
  const program = new Command('sitegen').exitOverride();
  const ctx: CheckCommandContext = { cwd, logger, stdout: { write: (s: string) => (stdout += s) } };
  registerCheck(program, ctx);
  await program.parseAsync(['node', 'sitegen', 'check', ...args]);
  const code = ctx.exitCode;
  const info = logger.lines.filter((l) => l.level === 'info').map((l) => l.msg).join('\n');
  return { code, info, stdout, logger };
}

const FAULTS = path.join(FIXTURES, 'check-site');
const CLEAN = path.join(FIXTURES, 'check-clean');

/** The clean site with one gap: ja lacks `nav.home` (a warning, not an error). */
async function siteWithGap(): Promise<string> {
  const ja = JSON.parse(await readFile(path.join(CLEAN, 'locales/ja.json'), 'utf8'));
  delete ja.nav.home;
  return cleanSite({ 'locales/ja.json': JSON.stringify(ja, null, 2) });
}

describe('sitegen check (command)', () => {
  it('prints the table and the problems, and exits 1 on errors', async () => {
    const { code, info, stdout } = await sitegenCheck(['--root', 'test/fixtures/check-site']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const lines = info.split('\n');
    expect(lines[0]).toMatch(/^locale\s+keys\s+translated\s+missing\s+extra\s+errors\s+warnings\s+infos\s+complete$/);
    expect(lines[1]).toMatch(/^en\s+17\s+17\s+0\s+0\s+0\s+1\s+0\s+100\.0%$/);
    expect(lines).toContainEqual(expect.stringMatching(/^de\s+17\s+16\s+1\s+1\s+1\s+5\s+1\s+94\.1%$/));
    expect(lines).toContainEqual(expect.stringMatching(/^es\s+17\s+0\s+17\s+0\s+0\s+1\s+0\s+\(missing file\)$/));
    expect(info).toContain('ar  locales/ar.json\n  legal.terms\n    error   tag-mismatch  locales/ar.json:17:24');
    expect(info).toContain('  photos.count\n    warning plural-missing  locales/ar.json:14:25');
    expect(info).toContain('→ Add two {…}; until then those counts get the `other` text.');
    expect(info).toContain('ja  locales/ja.json\n  event.date\n    error   argument-kind  locales/ja.json:19:23');
    expect(info).toContain('  photos.count\n    info    plural-unreachable  locales/ja.json:14:25');
    expect(info).not.toContain('\x1b[');
    expect(lines.slice(-2)).toEqual([
      'Unused and undefined keys were not checked: they need the message keys of the pages (a pages/ folder, and no --locale other than en).',
      '9 error(s), 14 warning(s), 2 info(s). Errors fail the check; fix them first.',
    ]);
  });

  it('passes --strict on a site whose translations are all correct, with unused keys checked from its pages', async () => {
    const { code, info } = await sitegenCheck(['--strict', '--root', CLEAN]);
    expect(info.split('\n').at(-1)).toBe('All 5 locale(s) complete and correct.');
    expect(code).toBe(0);
  });

  it('exits 0 on warnings only, and 1 with --strict, naming the flag', async () => {
    const root = await siteWithGap();
    const loose = await sitegenCheck(['--root', root]);
    expect(loose.code).toBe(0);
    expect(loose.info).toContain('ja  locales/ja.json\n  nav.home\n    warning missing-key  locales/ja.json');
    expect(loose.info.split('\n').at(-1)).toBe('0 error(s), 1 warning(s). Warnings do not fail the check; --strict makes them fail.');
    const strict = await sitegenCheck(['--root', root, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.info.split('\n').at(-1)).toBe('0 error(s), 1 warning(s). Warnings fail the check because of --strict.');
  });

  it('finds unused keys from what the pages render', async () => {
    const en = JSON.parse(await readFile(path.join(CLEAN, 'locales/en.json'), 'utf8'));
    en.home.forgotten = 'Nobody shows this';
    const root = await cleanSite({ 'locales/en.json': JSON.stringify(en, null, 2) });
    const { code, stdout } = await sitegenCheck(['--root', root, '--json', '--locale', 'en']);
    const report = JSON.parse(stdout);
    expect(report.usageChecked).toBe(true);
    expect(report.findings.map((f: { key: string; kind: string; line: number }) => [f.key, f.kind, f.line])).toEqual([
      ['home.forgotten', 'unused-key', 12],
    ]);
    expect(code).toBe(0);
  });

  it('finds undefined keys: asked for by a page, absent from en', async () => {
    const page = (await readFile(path.join(CLEAN, 'pages/index.tsx'), 'utf8')).replace("{t('home.title')}", "{t('home.title')} {t('home.nowhere')}");
    const root = await cleanSite({ 'pages/index.tsx': page });
    const { code, stdout } = await sitegenCheck(['--root', root, '--json']);
    const findings = JSON.parse(stdout).findings;
    expect(findings.map((f: { locale: string; key: string; kind: string; severity: string }) => [f.locale, f.key, f.kind, f.severity])).toEqual([
      ['en', 'home.nowhere', 'undefined-key', 'error'],
    ]);
    expect(code).toBe(1);
  });

  it('an argument of en that no page passes is an error of en (argument-unpassed), not of the translations that lack it', async () => {
    const en = JSON.parse(await readFile(path.join(CLEAN, 'locales/en.json'), 'utf8'));
    en.nav.home = `${en.nav.home} {visitor}`;
    // A page's head title: formatted by the build with no values of the page's own.
    en.home.title = `${en.home.title} {visitor}`;
    const root = await cleanSite({ 'locales/en.json': JSON.stringify(en, null, 2) });
    const { code, stdout } = await sitegenCheck(['--root', root, '--json']);
    const findings = JSON.parse(stdout).findings;
    expect(findings.map((f: { locale: string; key: string; kind: string; severity: string }) => [f.locale, f.key, f.kind, f.severity])).toEqual([
      ['en', 'home.title', 'argument-unpassed', 'error'],
      ['en', 'nav.home', 'argument-unpassed', 'error'],
    ]);
    expect(findings[0].message).toBe(
      "The argument {visitor} is in the message, which a page's head names as its title or description: the build gives those only the values every message gets ({product}), so the pages fail to render.",
    );
    expect(findings[0].hint).toBe('Take {visitor} out of the message.');
    expect(findings[1].hint).toBe("Pass visitor where the code calls t('nav.home'), or take {visitor} out of the message.");
    expect(code).toBe(1);
  });

  it("an argument of en that the browser runtime does not fill into its own message is an error of en; one it fills is still each translation's to keep", async () => {
    const read = async (code: string) => JSON.parse(await readFile(path.join(CLEAN, `locales/${code}.json`), 'utf8'));
    const [en, fr] = [await read('en'), await read('fr')];
    en.runtime = { offline: 'You are offline, {user}', errorTitle: 'Error {status}' };
    fr.runtime = { offline: 'Vous êtes hors ligne', errorTitle: 'Erreur' };
    const root = await cleanSite({ 'locales/en.json': JSON.stringify(en, null, 2), 'locales/fr.json': JSON.stringify(fr, null, 2) });
    const { code, stdout } = await sitegenCheck(['--root', root, '--json']);
    const findings = JSON.parse(stdout).findings.filter((f: { kind: string }) => f.kind.startsWith('argument-'));
    expect(findings.map((f: { locale: string; key: string; kind: string; severity: string }) => [f.locale, f.key, f.kind, f.severity])).toEqual([
      ['en', 'runtime.offline', 'argument-unpassed', 'error'],
      ['fr', 'runtime.errorTitle', 'argument-missing', 'error'],
    ]);
    expect(findings[0].message).toBe('The argument {user} is in the message, but the browser runtime fills no argument of runtime.offline, so visitors would see {user} as it is.');
    expect(findings[0].hint).toBe('Take {user} out of the message.');
    expect(code).toBe(1);
  });

  it("an HTML entity in a translation or in en is a warning naming the character to write, located at the entity", async () => {
    const read = async (code: string) => JSON.parse(await readFile(path.join(CLEAN, `locales/${code}.json`), 'utf8'));
    const [en, fr] = [await read('en'), await read('fr')];
    fr.home.description = 'L&rsquo;animation sur votre téléphone';
    en.nav.home = 'Home&nbsp;page';
    const root = await cleanSite({ 'locales/en.json': JSON.stringify(en, null, 2), 'locales/fr.json': JSON.stringify(fr, null, 2) });
    const { code, stdout } = await sitegenCheck(['--root', root, '--json', '--strict']);
    const findings = JSON.parse(stdout).findings.filter((f: { kind: string }) => f.kind === 'html-entity');
    expect(findings.map((f: { locale: string; key: string; severity: string; line: number; column: number; hint: string }) => [f.locale, f.key, f.severity, f.hint])).toEqual([
      ['en', 'nav.home', 'warning', 'Write the character instead: a no-break space (U+00A0, typed as it is) for &nbsp;.'],
      ['fr', 'home.description', 'warning', 'Write the character instead: ’ for &rsquo;.'],
    ]);
    // At the entity in the file: `"description": "L&rsquo;...` (column of the &).
    const line = (await readFile(path.join(root, 'locales/fr.json'), 'utf8')).split('\n').findIndex((l) => l.includes('&rsquo;'));
    expect(findings[1]).toMatchObject({ line: line + 1, column: (await readFile(path.join(root, 'locales/fr.json'), 'utf8')).split('\n')[line]!.indexOf('&rsquo;') + 1 });
    expect(code).toBe(1);
  });

  it('--json prints only the JSON report, with the documented schema', async () => {
    const { stdout, info, code } = await sitegenCheck(['--json', '--root', FAULTS]);
    expect(info).toBe('');
    expect(code).toBe(1);
    expect(stdout.endsWith('}\n')).toBe(true);
    const report = JSON.parse(stdout);
    expect(Object.keys(report)).toEqual(['schemaVersion', 'reference', 'usageChecked', 'usageSkipped', 'summary', 'locales', 'findings']);
    expect(report).toMatchObject({ schemaVersion: 1, reference: 'en', usageChecked: false, summary: { errors: 9, warnings: 14, infos: 2 } });
    expect(report.locales[0]).toEqual({
      locale: 'en', iso: 'en-US', file: 'locales/en.json', status: 'ok',
      keys: 17, translated: 17, missing: 0, extra: 0, errors: 0, warnings: 1, infos: 0, completeness: 100,
    });
    expect(report.findings.find((f: { kind: string }) => f.kind === 'plural-unreachable')).toMatchObject({ locale: 'ja', severity: 'info' });
    for (const f of report.findings) {
      expect(Object.keys(f)).toEqual(['locale', 'key', 'file', 'line', 'column', 'severity', 'kind', 'message', 'hint', 'frame']);
    }
    expect(report.findings.find((f: { kind: string }) => f.kind === 'missing-file')).toEqual({
      locale: 'es', key: null, file: 'locales/es.json', line: null, column: null, severity: 'warning', kind: 'missing-file',
      message: 'The file is missing: every message of es falls back to en.', hint: 'Create locales/es.json (a copy of the en file to translate).', frame: null,
    });
  });

  it('--locale limits the table to one locale', async () => {
    const { info, code } = await sitegenCheck(['--locale', 'ja', '--root', FAULTS]);
    const lines = info.split('\n');
    expect(lines[1]).toMatch(/^ja\s+17\s+17\s+0\s+0\s+1\s+0\s+1\s+100\.0%$/);
    expect(lines[2]).toBe('');
    expect(info).not.toContain('locales/de.json');
    expect(code).toBe(1);
  });

  it('--html writes one self-contained page with a bar per locale and every problem', async () => {
    const dir = await cleanSite(); // a folder removed after this file
    const { info } = await sitegenCheck(['--root', FAULTS, '--html', path.join(dir, 'reports/check.html')]);
    expect(info).toContain(`HTML report written to ${path.relative(REPO, path.join(dir, 'reports/check.html'))}`);
    const html = await readFile(path.join(dir, 'reports/check.html'), 'utf8');
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link |src=/);
    expect(html).toContain('<div class="bar bad" role="img" aria-label="de: 94.1% translated"><span style="width:94.1%"></span></div>');
    expect(html).toContain('<section id="locale-ru"><h2>ru <small>2 problem(s)</small></h2>');
    expect(html).toContain('<span class="info">info</span> <code>plural-unreachable</code>');
    expect(html).toContain('9 error(s), 14 warning(s), 2 info(s) against en.');
    // Message text is escaped: the fr syntax error's code frame holds raw tags.
    expect(html).toContain('&lt;b&gt;&lt;link&gt;conditions&lt;/b&gt;&lt;/link&gt;');
    expect(html).not.toContain('<b><link>');
  });

  it('fails with a clear error when the HTML report cannot be written', async () => {
    const dir = await cleanSite(); // a folder removed after this file
    await expect(sitegenCheck(['--root', FAULTS, '--html', dir])).rejects.toThrow(
      /^The HTML report could not be written to .*: EISDIR.*\. Choose a writable file path for --html\.$/,
    );
  });

  it('refuses an HTML report over a locale file, a page or the config, which it would have replaced, before checking anything', async () => {
    const root = await cleanSite();
    const en = await readFile(path.join(root, 'locales/en.json'), 'utf8');
    await expect(sitegenCheck(['--root', root, '--html', 'locales/en.json'], root)).rejects.toMatchObject({
      code: 'CheckReportInSources',
      message: '--html locales/en.json: the report would be written into locales, the locale files, which the build reads. Choose a file outside pages/, templates/ and locales/, such as translation-report.html.',
    });
    expect(await readFile(path.join(root, 'locales/en.json'), 'utf8')).toBe(en);
    await expect(sitegenCheck(['--root', root, '--html', 'pages/report.html'], root)).rejects.toThrow(/^--html pages\/report\.html: the report would be written into pages, the pages, /);
    await expect(sitegenCheck(['--root', root, '--html', 'sitegen.config.ts'], root)).rejects.toThrow(/^--html sitegen\.config\.ts: the report would be written over sitegen\.config\.ts, the config, /);
    expect(existsSync(path.join(root, 'pages/report.html'))).toBe(false);
  });

  it('places a key written twice on one line (a minified file) by its columns', async () => {
    const fr = JSON.parse(await readFile(path.join(CLEAN, 'locales/fr.json'), 'utf8'));
    const text = JSON.stringify(fr).replace(/^\{/, '{"home":{"title":"Doublon"},');
    const root = await cleanSite({ 'locales/fr.json': text });
    const { stdout } = await sitegenCheck(['--root', root, '--json', '--locale', 'fr']);
    const dup = JSON.parse(stdout).findings.find((f: { kind: string }) => f.kind === 'duplicate-key');
    // Columns count from 1: the first "home" at the second character, the one JSON.parse keeps later on
    // (the "home" of nav between them is another object's).
    const second = text.lastIndexOf('"home":{') + 1;
    expect(dup).toMatchObject({ key: 'home', line: 1, column: second });
    expect(dup.message).toBe(`"home" is written twice in the same object (line 1, columns 2 and ${second}): only the one at 1:${second} is read, the one at 1:2 is silently lost.`);
  });

  it('rejects a --locale the site does not publish', async () => {
    await expect(sitegenCheck(['--locale', 'it', '--root', FAULTS])).rejects.toMatchObject({
      code: 'CheckUnknownLocale',
      message: '--locale it is not a locale of this site. Use one of: en, ar, de, es, fr, ja, pt, ru.',
    });
  });

  it('passes config warnings on to the logger', async () => {
    const root = await cleanSite({
      'sitegen.config.ts': "export default { locales: ['en', 'fr'], untranslated: ['brand.name'], untranslatd: ['x'] };",
    });
    const { logger } = await sitegenCheck(['--root', root, '--locale', 'fr']);
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      'sitegen.config.ts: the field "untranslatd" is not a sitegen setting and is ignored. Did you mean "untranslated"? The settings are: url, locales, defaultLocale, name, product, year, assetsBase, socialImage, fonts, links, untranslated, client.',
    ]);
  });

  it('reads `untranslated` per locale: an entry silences its locale only; stale entries and unknown locales are reported', async () => {
    const fr = JSON.parse(await readFile(path.join(CLEAN, 'locales/fr.json'), 'utf8'));
    const ru = JSON.parse(await readFile(path.join(CLEAN, 'locales/ru.json'), 'utf8'));
    fr.nav.home = 'Home';
    ru.nav.home = 'Home';
    const root = await cleanSite({
      'sitegen.config.ts': "export default { locales: ['en', 'fr', 'ru'], untranslated: { '*': ['brand.name'], fr: ['nav.home', 'nav.gone'], xx: ['nav.home'] } };",
      'locales/fr.json': JSON.stringify(fr, null, 2),
      'locales/ru.json': JSON.stringify(ru, null, 2),
      'locales/ar.json': null,
      'locales/ja.json': null,
    });
    const { stdout, code } = await sitegenCheck(['--root', root, '--json', '--strict']);
    const findings = JSON.parse(stdout).findings.map((f: { locale: string; key: string; kind: string; severity: string; message: string }) => [f.locale, f.key, f.kind, f.severity, f.message]);
    expect(findings).toEqual([
      ['en', 'nav.gone', 'allow-list-unknown', 'warning', '`untranslated.fr` lists "nav.gone", which matches no key of en.'],
      ['en', 'xx', 'allow-list-unknown', 'warning', '`untranslated` has a list for "xx", which is no locale of this site.'],
      ['ru', 'nav.home', 'untranslated', 'info', 'Identical to en, but only one word: often the same in both languages (Menu, Status).'],
    ]);
    expect(code).toBe(1);
  });

  it('takes a message identical to en that is only a URL, an e-mail address or a hashtag for translated, with no finding', async () => {
    const links = { help: 'https://example.com/help', mail: 'support@example.com', tag: '#AlightMotion', site: 'Visit https://example.com' };
    const withLinks = async (code: string) => ({ ...JSON.parse(await readFile(path.join(CLEAN, `locales/${code}.json`), 'utf8')), links });
    const root = await cleanSite({ 'locales/en.json': JSON.stringify(await withLinks('en')), 'locales/fr.json': JSON.stringify(await withLinks('fr')) });
    const { stdout } = await sitegenCheck(['--root', root, '--json', '--locale', 'fr']);
    const report = JSON.parse(stdout);
    // "Visit" is a word: one word identical to en, worth a look.
    expect(report.findings.map((f: { key: string; kind: string; severity: string }) => [f.key, f.kind, f.severity])).toEqual([['links.site', 'untranslated', 'info']]);
    expect(report.locales.find((l: { locale: string }) => l.locale === 'fr')).toMatchObject({ completeness: 100 });
  });

  it("a rank in digits that reads the same for every number (ga `1ú`, vi `thứ 1`) may drop en's selectordinal; in fr (1er, 2e) it may not", async () => {
    const fr = JSON.parse(await readFile(path.join(CLEAN, 'locales/fr.json'), 'utf8'));
    const config = (await readFile(path.join(CLEAN, 'sitegen.config.ts'), 'utf8')).replace(/locales: \[.*\],/, "locales: [{ code: 'en', iso: 'en-US' }, 'fr', 'ga', 'vi', 'ms'],");
    const root = await cleanSite({
      'sitegen.config.ts': config,
      'locales/fr.json': JSON.stringify({ ...fr, rank: 'Vous avez terminé {place}e' }),
      'locales/ga.json': JSON.stringify({ ...fr, rank: 'Chríochnaigh tú sa {place}ú háit' }),
      'locales/vi.json': JSON.stringify({ ...fr, rank: 'Bạn về thứ {place, number}' }),
      // A selectordinal whose `other` shows the rank serves 1 too.
      'locales/ms.json': JSON.stringify({ ...fr, rank: 'Anda menamatkan di tempat {place, selectordinal, other {ke-#}}' }),
    });
    const { stdout } = await sitegenCheck(['--root', root, '--json']);
    const findings = JSON.parse(stdout).findings.filter((f: { key: string }) => f.key === 'rank');
    expect(findings.map((f: { locale: string; kind: string; severity: string }) => [f.locale, f.kind, f.severity])).toEqual([['fr', 'lost-meaning', 'warning']]);
  });

  it('refuses an `untranslated` that is neither a list nor lists by locale', async () => {
    const root = await cleanSite({ 'sitegen.config.ts': "export default { untranslated: { fr: 'nav.home' } };" });
    await expect(sitegenCheck(['--root', root])).rejects.toMatchObject({
      code: 'UntranslatedInvalid',
      message: "`untranslated` in sitegen.config.ts must be a list of message keys, or an object of such lists by locale code ('*' for every locale), such as { '*': ['brand.*'], fr: ['nav.menu'] }.",
    });
  });

  it('finds a key written twice in a file that has no other finding, and in one that has', async () => {
    const fr = (await readFile(path.join(CLEAN, 'locales/fr.json'), 'utf8')).replace('"nav": { "home": "Accueil" }', '"nav": { "home": "Accueil", "home": "Page d\'accueil" }');
    const ja = JSON.parse(await readFile(path.join(CLEAN, 'locales/ja.json'), 'utf8'));
    ja.home.title = 'Make motion graphics'; // a finding placed by a scan of the file, which counts its keys too
    const jaText = JSON.stringify(ja, null, 2).replace('{\n', '{\n  "brand": { "name": "Alight Motion" },\n');
    const root = await cleanSite({ 'locales/fr.json': fr, 'locales/ja.json': jaText });
    const { stdout, code } = await sitegenCheck(['--root', root, '--json']);
    const findings = JSON.parse(stdout).findings.map((f: { locale: string; key: string; kind: string; line: number }) => [f.locale, f.key, f.kind, f.line]);
    expect(findings).toEqual([
      ['fr', 'nav.home', 'duplicate-key', 3],
      ['ja', 'brand', 'duplicate-key', 3],
      ['ja', 'home.title', 'untranslated', 10],
    ]);
    expect(code).toBe(1);
  });
});
