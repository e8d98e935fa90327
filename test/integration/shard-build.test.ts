import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { merge } from '../../src/merge.ts';
import { runCli } from '../../src/cli.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import type { SitegenError } from '../../src/errors.ts';
import type { Manifest } from '../../src/manifest.ts';
import { expectSameTree, FIXTURES, fixtureSites, listFiles, read } from '../helpers/site.ts';

const site = fixtureSites('basic');

/** Builds shards 1/n to n/n of `root` into `root/out-k`; returns their results. */
async function buildShards(root: string, count: number): Promise<BuildResult[]> {
  const results: BuildResult[] = [];
  for (let index = 1; index <= count; index++) {
    results.push(await build({ root, outDir: `out-${index}`, shard: { index, count }, logger: createMemoryLogger() }));
  }
  return results;
}

const pageFiles = (files: string[]) => files.filter((f) => f.endsWith('.html') || f.endsWith('payload.json'));

describe('sitegen build --shard on the basic fixture (en, ar, de)', () => {
  let root: string;
  let full: string;
  let fullResult: BuildResult;
  let shards: BuildResult[];
  beforeAll(async () => {
    root = await site();
    fullResult = await build({ root, outDir: 'full', logger: createMemoryLogger() });
    full = fullResult.outDir;
    shards = await buildShards(root, 3);
  });

  it('the union of 1/3, 2/3 and 3/3, merged in any order, is the full build byte for byte', async () => {
    await merge({ shards: ['out-1', 'out-2', 'out-3'], outDir: 'merged-a', cwd: root });
    await merge({ shards: ['out-3', 'out-1', 'out-2'], outDir: 'merged-b', cwd: root });
    await expectSameTree(full, path.join(root, 'merged-a'));
    await expectSameTree(full, path.join(root, 'merged-b'));
  });

  it('a plain `cp -r out-*/. dist/` of the shards is the full build too', async () => {
    await mkdir(path.join(root, 'copied'));
    execFileSync('sh', ['-c', 'cp -r out-*/. copied/'], { cwd: root });
    await expectSameTree(full, path.join(root, 'copied'));
  });

  it('every shard has the same build id as the full build, and splits the pages without overlap', async () => {
    expect(shards.map((s) => s.buildId)).toEqual([fullResult.buildId, fullResult.buildId, fullResult.buildId]);
    const lists = await Promise.all(shards.map((s) => listFiles(s.outDir).then(pageFiles)));
    const all = lists.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort()).toEqual(pageFiles(await listFiles(full)));
    expect(shards.map((s) => [s.pages, s.aliases, s.notFoundPages, s.locales])).toEqual([
      [3, 1, 1, 1],
      [3, 1, 1, 1],
      [3, 1, 1, 1],
    ]);
    expect(lists[0]).toContain('index.html');
    expect(lists[0]).not.toContain('de/index.html');
  });

  it('every shard writes the site-wide files exactly as the full build does, describing the whole site', async () => {
    const id = fullResult.buildId;
    const siteWide = (await listFiles(full)).filter((f) => !pageFiles([f]).length);
    expect(siteWide).toEqual(expect.arrayContaining(['robots.txt', 'sitemap.xml', 'favicon.svg', `_static/${id}/manifest.json`]));
    expect(siteWide.some((f) => /^_static\/assets\/site\.[0-9a-f]{10}\.css$/.test(f))).toBe(true);
    for (const shard of shards) {
      for (const file of siteWide) expect((await readFile(path.join(shard.outDir, file))).equals(await readFile(path.join(full, file))), file).toBe(true);
    }
    const manifest = JSON.parse(await read(shards[1]!.outDir, `_static/${id}/manifest.json`)) as Manifest;
    expect(manifest.locales.map((l) => l.code)).toEqual(['en', 'ar', 'de']);
  });

  it('a shard’s pages carry every locale in their hreflang alternates and switcher', async () => {
    const html = await read(shards[2]!.outDir, 'de/about/index.html');
    expect(html).toBe(await read(full, 'de/about/index.html'));
    expect(html.match(/<link rel="alternate" hreflang=/g)).toHaveLength(4);
  });

  it('with more shards than locales, a locale is split between shards and the union is still the full build', async () => {
    const five = await site();
    const results = await buildShards(five, 5);
    expect(results.map((r) => r.pages + r.notFoundPages)).toEqual([2, 2, 3, 2, 3]);
    await merge({ shards: ['out-4', 'out-2', 'out-5', 'out-1', 'out-3'], outDir: 'dist', cwd: five });
    await expectSameTree(full, path.join(five, 'dist'));
  });
});

describe('more shards than pages', () => {
  it('writes only the site-wide files in a shard without pages, and says so', async () => {
    const root = await site();
    const result = await build({ root, shard: { index: 1, count: 20 }, logger: createMemoryLogger() });
    expect([result.pages, result.notFoundPages, result.locales]).toEqual([0, 0, 0]);
    expect(result.warnings).toContain('Shard 1/20 has no pages: there are more shards than (page, locale) pairs. Use fewer shards.');
    expect(pageFiles(await listFiles(result.outDir))).toEqual([]);
    expect(await listFiles(result.outDir)).toContain('sitemap.xml');
  });
});

describe('link verification and the translation check in a shard', () => {
  it('accepts a link to a page that another shard writes, checked against the whole site', async () => {
    // 1/5 writes en / and /about only; /about links to /community_privacy_policy/history.html, written by 2/5.
    const root = await site();
    const result = await build({ root, shard: { index: 1, count: 5 }, logger: createMemoryLogger() });
    expect(result.pages).toBe(2);
    expect(existsSync(path.join(root, 'dist/about/index.html'))).toBe(true);
    expect(existsSync(path.join(root, 'dist/community_privacy_policy/history.html'))).toBe(false);
  });

  it('still refuses a link that leads to no page of the whole site', async () => {
    const root = await site({
      'pages/about.tsx': `import { useI18n } from 'sitegen';\nexport const head = { title: 'about.title', description: 'about.description' };\n` +
        `export default function About() { const { t } = useI18n(); return <a href="/nowhere">{t('about.title')}</a>; }\n`,
    });
    const err = (await build({ root, shard: { index: 1, count: 3 }, logger: createMemoryLogger() }).catch((e) => e)) as SitegenError;
    expect(err.code).toBe('BrokenLinks');
    expect(err.detail).toContain('pages/about.tsx [en]: link to "/nowhere" leads to no page of this build');
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('checks the shard’s locales plus en: an ICU error in de stops the shard with de, not the others', async () => {
    const de = await read(FIXTURES, 'basic/locales/de.json');
    const root = await site({ 'locales/de.json': de.replace('"title": "Über uns"', '"title": "Über {uns"') });
    const err = (await build({ root, outDir: 'out-3', shard: { index: 3, count: 3 }, logger: createMemoryLogger() }).catch((e) => e)) as SitegenError;
    expect(err.code).toBe('TranslationErrors');
    expect(err.detail).toContain('locales/de.json');
    expect(existsSync(path.join(root, 'out-3'))).toBe(false);
    const other = await build({ root, outDir: 'out-2', shard: { index: 2, count: 3 }, logger: createMemoryLogger() });
    expect(other.pages).toBe(3);
  });
});

describe('arguments the code passes, with a locale split between shards', () => {
  // 5 shards of 12 (page, locale) pairs, locale by locale (en, ar, de): de's index goes to 4/5 (with
  // ar's 404), de's about, history and 404 to 5/5. About passes {count} for about.history, which en
  // does not use, so only 5/5 renders a page that passes it.
  const about =
    `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
    `export default function About() { const { t, localePath } = useI18n(); return <a href={localePath('/')}>{t('about.history', { count: 2 })}</a>; }\n`;
  const deWith = async (change: (de: string) => string) => change(await read(FIXTURES, 'basic/locales/de.json'));
  const withCount = (de: string) => de.replace('"history": "Versionen der Richtlinie"', '"history": "{count} Versionen der Richtlinie"');

  it('a shard without the page that passes the value succeeds, and the merge is the full build', async () => {
    const root = await site({ 'pages/about.tsx': about, 'locales/de.json': await deWith(withCount) });
    const full = await build({ root, outDir: 'full', logger: createMemoryLogger() });
    expect(await read(full.outDir, 'de/about/index.html')).toContain('2 Versionen der Richtlinie');
    const shards = await buildShards(root, 5);
    expect(shards.map((s) => s.locales)).toEqual([1, 1, 1, 2, 1]);
    expect(await listFiles(path.join(root, 'out-4'))).toContain('de/index.html');
    expect(existsSync(path.join(root, 'out-4/de/about/index.html'))).toBe(false);
    await merge({ shards: ['out-1', 'out-2', 'out-3', 'out-4', 'out-5'], outDir: 'merged', cwd: root });
    await expectSameTree(full.outDir, path.join(root, 'merged'));
  });

  it('an argument no page passes, in a key no page uses, fails the full build and every shard that checks the locale alike', async () => {
    const en = (await read(FIXTURES, 'basic/locales/en.json')).replace('"history": "Policy history" }', '"history": "Policy history", "team": "Our team" }');
    const de = await deWith((text) => withCount(text).replace('"history": "{count} Versionen der Richtlinie" }', '"history": "{count} Versionen der Richtlinie", "team": "Unser {team}" }'));
    const root = await site({ 'pages/about.tsx': about, 'locales/en.json': en, 'locales/de.json': de });
    const fullErr = (await build({ root, outDir: 'full', logger: createMemoryLogger() }).catch((e) => e)) as SitegenError;
    expect(fullErr.code).toBe('TranslationErrors');
    expect(fullErr.detail).toMatch(/^locales\/de\.json:\d+:\d+ de about\.team argument-unknown: The argument \{team\} is not in en/);
    const outcomes: (string | number)[] = [];
    for (let index = 1; index <= 5; index++) {
      const result = await build({ root, outDir: `out-${index}`, shard: { index, count: 5 }, logger: createMemoryLogger() }).catch((e: SitegenError) => e);
      if (result instanceof Error) {
        expect((result as SitegenError).detail).toBe(fullErr.detail);
        outcomes.push((result as SitegenError).code!);
      } else outcomes.push(result.pages + result.notFoundPages);
    }
    // 4/5 and 5/5 check de; the others build their pages.
    expect(outcomes).toEqual([2, 2, 3, 'TranslationErrors', 'TranslationErrors']);
  });
});

describe('the CLI', () => {
  it('names the shard and its pages in the summary', async () => {
    const root = await site();
    const logger = createMemoryLogger();
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--shard', '2/3', '--out', 'out-2'], { cwd: root, logger })).toBe(0);
    expect(logger.lines.find((l) => l.level === 'info')!.msg).toMatch(
      /^built shard 2\/3: 3 pages, 1 \.html alias and 1 not-found page in 1 locale → .*out-2 \(\d+ files, [\d.]+ KB, [\d.]+ s, build [0-9a-f]{12}\)$/,
    );
  });

  it.each([
    ['0/3', '--shard 0/3: k must be between 1 and 3'],
    ['4/3', '--shard 4/3: k must be between 1 and 3'],
    ['a/b', '--shard a/b: it is not of the form k/n'],
    ['1/0', '--shard 1/0: n, the number of shards, must be at least 1'],
  ])('refuses --shard %s with one clear line and exit code 1, writing nothing', async (value, start) => {
    const root = await site();
    const logger = createMemoryLogger();
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--shard', value], { cwd: root, logger })).toBe(1);
    expect(logger.lines).toHaveLength(1);
    expect(logger.lines[0]!.level).toBe('error');
    expect(logger.lines[0]!.msg).not.toContain('\n');
    expect(logger.lines[0]!.msg.startsWith(start)).toBe(true);
    expect(existsSync(path.join(root, 'dist'))).toBe(false);
  });

  it('refuses --shard together with --locales: a preview is not a shard', async () => {
    const root = await site();
    const logger = createMemoryLogger();
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--shard', '1/2', '--locales', 'de'], { cwd: root, logger })).toBe(1);
    expect(logger.lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^--shard and --locales cannot be combined/)]);
  });
});
