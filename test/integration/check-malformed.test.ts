/**
 * `sitegen check` on a site with pages and a malformed locale file: the report still comes out,
 * with the malformed-file finding at the exact spot, and says that locale's pages were left out of
 * the usage scan (which renders the pages, and used to stop at the broken file with no report).
 */
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerCheck, type CheckCommandContext } from '../../src/check/command.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, fixtureSites } from '../helpers/site.ts';

/** Copies of test/fixtures/check-clean (pages/ and five locales), removed after this file. */
const cleanSite = fixtureSites('check-clean');

/** Runs `sitegen check ...args` through commander, as the CLI does, capturing what it prints. */
async function sitegenCheck(root: string, args: string[]) {
  const logger = createMemoryLogger();
  let stdout = '';
  const program = new Command('sitegen').exitOverride();
  const ctx: CheckCommandContext = { cwd: root, logger, stdout: { write: (s: string) => (stdout += s) } };
  registerCheck(program, ctx);
  await program.parseAsync(['node', 'sitegen', 'check', '--root', root, ...args]);
  const info = logger.lines.filter((l) => l.level === 'info').map((l) => l.msg).join('\n');
  const warnings = logger.lines.filter((l) => l.level === 'warn').map((l) => l.msg);
  return { code: ctx.exitCode, info, stdout, warnings };
}

/** ru's `nav.home` in curly quotes: V8's message for it carries no position. */
async function siteWithBrokenRu(): Promise<string> {
  const root = await cleanSite();
  await editFile(root, 'locales/ru.json', (s) => s.replace('"home": "Главная"', '"home": «Главная»'));
  // A key no page uses: found only if the usage scan ran over the other locales' pages.
  await editFile(root, 'locales/en.json', (s) => s.replace('"nav": { "home": "Home" }', '"nav": { "home": "Home", "gone": "Gone" }'));
  return root;
}

const RU_FINDING = {
  locale: 'ru',
  key: null,
  file: 'locales/ru.json',
  line: 3,
  column: 20,
  severity: 'error',
  kind: 'malformed-file',
  message: 'Unexpected «: a JSON string needs straight double quotes ("…"), not typographic quotes. Nothing else is checked in this file.',
};

describe('sitegen check with a malformed locale file and pages/', () => {
  it('prints the report with the malformed-file finding, and still checks usage from the other locales', async () => {
    const root = await siteWithBrokenRu();
    const { code, info } = await sitegenCheck(root, []);
    expect(code).toBe(1);
    expect(info).toMatch(/^ru\s+\d+\s+0\s+0\s+0\s+1\s+0\s+0\s+\(malformed file\)$/m);
    expect(info).toContain('ru  locales/ru.json\n  (whole file)\n    error   malformed-file  locales/ru.json:3:20');
    expect(info).toContain('  nav.gone\n    warning unused-key  locales/en.json:3:28');
    expect(info).toContain('The pages were not rendered in ru to see which messages they use, because the locale file is malformed; fix it and check again.');

    const json = JSON.parse((await sitegenCheck(root, ['--json'])).stdout);
    expect(json.usageChecked).toBe(true);
    expect(json.usageSkipped).toEqual(['ru']);
    expect(json.findings.filter((f: { locale: string }) => f.locale === 'ru')).toEqual([expect.objectContaining(RU_FINDING)]);
  });

  it('with --locale ru: the report of ru alone, saying its pages were left out', async () => {
    const root = await siteWithBrokenRu();
    const { code, stdout } = await sitegenCheck(root, ['--locale', 'ru', '--json']);
    expect(code).toBe(1);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ usageChecked: false, usageSkipped: ['ru'] });
    expect(json.locales.map((l: { locale: string; status: string }) => [l.locale, l.status])).toEqual([['ru', 'malformed']]);
    expect(json.findings).toEqual([expect.objectContaining(RU_FINDING)]);
  });

  it('with a malformed en: the report of en, and a warning that usage was not checked', async () => {
    const root = await cleanSite({ 'locales/en.json': '{\n  "nav": { "home": Home }\n}\n' });
    const { code, info, warnings } = await sitegenCheck(root, []);
    expect(code).toBe(1);
    expect(info).toContain('en  locales/en.json\n  (whole file)\n    error   malformed-file  locales/en.json:2:20');
    expect(warnings).toEqual([expect.stringMatching(/^The pages could not be rendered to see which messages they use, so unused and undefined keys are not checked: locales\/en\.json:2:20: /)]);
  });

  // Valid JSON the loader still refuses: the same finding, with the loader's words and no position.
  it('a locale file of valid JSON that is not an object of messages: the finding says what is wrong and where, as the build does', async () => {
    const root = await cleanSite({ 'locales/ru.json': '{\n  "nav": { "home": ["Главная"] }\n}\n' });
    const { code, stdout } = await sitegenCheck(root, ['--locale', 'ru', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).findings).toEqual([expect.objectContaining({
      ...RU_FINDING,
      line: null,
      column: null,
      message: 'the value of "nav.home" is an array; a message must be a string or an object of messages. Nothing else is checked in this file.',
    })]);
    await editFile(root, 'locales/ru.json', () => '"Главная"\n');
    const whole = JSON.parse((await sitegenCheck(root, ['--locale', 'ru', '--json'])).stdout);
    expect(whole.findings.map((f: { message: string }) => f.message)).toEqual([
      'the file is a string; a locale file must be a JSON object of messages, such as { "nav": { "home": "Home" } }. Nothing else is checked in this file.',
    ]);
  });

  it.each([
    ['a key written dotted and nested', '{\n  "nav.home": "Главная",\n  "nav": { "home": "Главная" }\n}\n', 'the key "nav.home" is written twice, dotted and nested (such as "a.b" beside "a": { "b": ... }), so one message would replace the other. Keep one of them.'],
    ['an empty key', '{\n  "nav": { "home": "Главная", "": "?" }\n}\n', 'the key "nav." has an empty part ("" as a key). Give it a name, or remove it.'],
  ])('%s: an error of the file, as the build refuses it', async (_, text, message) => {
    const root = await cleanSite({ 'locales/ru.json': text });
    const { code, stdout } = await sitegenCheck(root, ['--locale', 'ru', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).findings).toEqual([expect.objectContaining({ ...RU_FINDING, line: null, column: null, message: `${message} Nothing else is checked in this file.` })]);
  });
});
