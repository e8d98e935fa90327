/**
 * A rebuild with nothing changed does nothing (output-record.ts): no file or folder of the output
 * is touched, no staging folder is made, and the report is the first build's. Anything changed
 * since, in the inputs or in the output folder, makes the next build a full one whose output is a
 * cold build's.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, readdir, rm, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult, type BuildOptions } from '../../src/build.ts';
import { printSummary } from '../../src/commands.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, expectSameTree, fixtureSites, listFiles } from '../helpers/site.ts';
import { resolveConfig } from '../../src/config.ts';
import { openCache } from '../../src/cache/build-cache.ts';
import { recordedOutput, recordOutput, type OutputReport } from '../../src/cache/output-record.ts';

const basic = fixtureSites('basic');
const CACHE = '.cache-test';
/** The output sits alone in its own folder, so that a staging folder beside it shows in that folder's times. */
const OUT = 'site/dist';

const buildInto = (root: string, out = OUT, options: BuildOptions = {}): Promise<BuildResult> =>
  build({ root, outDir: out, cacheDir: CACHE, logger: createMemoryLogger(), workers: 0, ...options });
const rendered = (r: BuildResult) => r.stages.some((s) => s.name === 'render');

/** Inode, size, mtime and ctime of every file and folder under `dir` (itself as ''), by relative path. */
async function statTree(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const add = async (rel: string) => {
    const s = await lstat(path.join(dir, rel));
    out.set(rel, `${s.ino} ${s.size} ${s.mtimeMs} ${s.ctimeMs}`);
    if (s.isDirectory()) for (const name of await readdir(path.join(dir, rel))) await add(path.join(rel, name));
  };
  await add('');
  return out;
}

/** The summary the CLI prints, without the build's time. */
function summary(r: BuildResult): string[] {
  const logger = createMemoryLogger();
  printSummary(logger, r);
  return logger.lines.map((l) => `${l.level} ${l.msg.replace(/, [\d.]+ s,/, ',')}`);
}

/** After `change`, the next build renders and its output equals a cold build's with the same options. */
async function expectFullBuildAfter(change: (root: string, dist: string) => Promise<unknown>, options: BuildOptions = {}, site: Record<string, string> = {}): Promise<{ next: BuildResult; cold: BuildResult }> {
  const root = await basic(site);
  const dist = path.join(root, OUT);
  await buildInto(root);
  expect(rendered(await buildInto(root))).toBe(false);
  await change(root, dist);
  const next = await buildInto(root, OUT, options);
  expect(rendered(next)).toBe(true);
  const cold = await buildInto(root, 'cold', { ...options, cacheDir: false });
  await expectSameTree(path.join(root, 'cold'), dist);
  // And the one after is a no-op again.
  expect(rendered(await buildInto(root, OUT, options))).toBe(false);
  return { next, cold };
}

/** A page of the basic fixture's kind, saying `text`. */
const page = (text: string) =>
  `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
  `export default function Page() { const { t } = useI18n(); return <p>{t('about.title')} ${text}</p>; }\n`;
const put = async (root: string, rel: string, contents: string) => {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), contents);
};

describe('a rebuild with nothing changed does nothing', () => {
  it('leaves every file and folder of the output untouched, stages nothing, and reports what the first build reported', async () => {
    const root = await basic();
    const first = await buildInto(root);
    const before = await statTree(path.join(root, OUT));
    const parent = await statTree(path.join(root, 'site'));
    const second = await buildInto(root);
    expect(rendered(second)).toBe(false);
    expect(await statTree(path.join(root, OUT))).toEqual(before);
    // No staging folder (nor anything else) was made beside the output: its folder's times are the same.
    expect(await statTree(path.join(root, 'site'))).toEqual(parent);
    expect(second.warnings.length).toBeGreaterThan(0);
    expect(second.warnings).toEqual(first.warnings);
    const { ms: _a, stages: _b, cache: cacheFirst, ...firstReport } = first;
    const { ms: _c, stages: _d, cache: cacheSecond, ...secondReport } = second;
    expect(secondReport).toEqual(firstReport);
    expect(cacheSecond).toEqual({ ...cacheFirst, reused: cacheFirst!.rendered, rendered: 0 });
    const [line, cacheLine, ...rest] = summary(second);
    expect(line).toBe(summary(first)[0]);
    expect(cacheLine).toMatch(/cache: 12 page\(s\) reused, 0 rendered/);
    expect(rest).toEqual(summary(first).slice(2));
  });

  it('a shard has a record of its own: another shard into the same folder is a full build', async () => {
    const root = await basic();
    await buildInto(root, OUT, { shard: { index: 1, count: 2 } });
    const other = await buildInto(root, OUT, { shard: { index: 2, count: 2 } });
    expect(rendered(other)).toBe(true);
    await buildInto(root, 'cold', { shard: { index: 2, count: 2 }, cacheDir: false });
    await expectSameTree(path.join(root, 'cold'), path.join(root, OUT));
  });

  it('a record in use outlives the cache\'s pruning: a week of builds with nothing changed stays a no-op', async () => {
    const root = await basic();
    await buildInto(root);
    // Every cache file (the prune marker too) as if the last full build was eight days ago.
    const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    for (const rel of await readdir(path.join(root, CACHE), { recursive: true })) await utimes(path.join(root, CACHE, rel), weekAgo, weekAgo);
    expect(rendered(await buildInto(root))).toBe(false); // a no-op, which then prunes the cache
    expect(rendered(await buildInto(root))).toBe(false);
  });

  // The documents a build makes new (or writes over in an older output it stages into) are recorded
  // as the build wrote them (reuse-output.ts, FileFacts), not by an lstat after the swap: the next
  // build's walk must find them just so.
  it('after message edits, also one staged into the output two builds old, the next build with nothing changed is a no-op', async () => {
    const root = await basic();
    await buildInto(root);
    for (const [from, to] of [['für dich.', 'für dich und alle.'], ['für dich und alle.', 'für alle.']]) {
      await editFile(root, 'locales/de.json', (t) => t.replace(from!, to!));
      expect(rendered(await buildInto(root))).toBe(true);
      const before = await statTree(path.join(root, OUT));
      expect(rendered(await buildInto(root))).toBe(false);
      expect(await statTree(path.join(root, OUT))).toEqual(before);
    }
    await editFile(path.join(root, OUT), 'de/about/index.html', (t) => t.replace('<html', '<html data-x'));
    expect(rendered(await buildInto(root))).toBe(true);
    await buildInto(root, 'cold', { cacheDir: false });
    await expectSameTree(path.join(root, 'cold'), path.join(root, OUT));
  });

  it('without the cache (--no-cache) every build is a full one', async () => {
    const root = await basic();
    await buildInto(root);
    expect(rendered(await buildInto(root, OUT, { cacheDir: false }))).toBe(true);
  });
});

describe('anything changed makes the next build a full one, with a cold build\'s output', () => {
  it('a file edited in the output', () => expectFullBuildAfter((_root, dist) => editFile(dist, 'de/about/index.html', (t) => t.replace('<html', '<html data-x'))));

  it('a file edited in the output with its size and modification time put back', () =>
    expectFullBuildAfter(async (_root, dist) => {
      const file = path.join(dist, 'robots.txt');
      const { size, mtimeNs } = await lstat(file, { bigint: true });
      await editFile(dist, 'robots.txt', (t) => t.replace(/[a-z]/, 'X'));
      // touch, to the nanosecond (utimes takes seconds as a double, which cannot hold them all).
      execFileSync('touch', ['-m', '-d', `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`, file]);
      const now = await lstat(file, { bigint: true });
      expect([now.size, now.mtimeNs]).toEqual([size, mtimeNs]);
    }));

  it('a file deleted from the output', () => expectFullBuildAfter((_root, dist) => rm(path.join(dist, 'de', 'about', 'index.html'))));

  it('a file added to the output', () => expectFullBuildAfter((_root, dist) => writeFile(path.join(dist, 'stray.html'), 'stray')));

  // The build records no folder's lstat: a folder changed since has a ctime past the record's bound (output-record.ts).
  it('a folder of the output given another mode', () => expectFullBuildAfter((_root, dist) => chmod(path.join(dist, 'de', 'about'), 0o700)));

  it('a file added to a folder of the output and removed again: the same names, the folder changed', () =>
    expectFullBuildAfter(async (_root, dist) => {
      await writeFile(path.join(dist, 'de', 'stray.html'), 'stray');
      await rm(path.join(dist, 'de', 'stray.html'));
    }));

  it('a message edited', () => expectFullBuildAfter((root) => editFile(root, 'locales/de.json', (t) => t.replace('für dich.', 'für dich und alle.'))));

  it('a page edited', () => expectFullBuildAfter((root) => editFile(root, 'pages/about.tsx', (t) => t.replace('</', ' edited</'))));

  it('a page added', () => expectFullBuildAfter((root) => put(root, 'pages/added.tsx', page('added'))));

  it('a page added in a new folder', () => expectFullBuildAfter((root) => put(root, 'pages/new/folder/added.tsx', page('added'))));

  it('a layout added', () => expectFullBuildAfter((root) => put(root, 'templates/layouts/third.tsx', 'export default function Third() { return null; }\n')));

  it('an enhancer added', () => expectFullBuildAfter((root) => put(root, 'templates/enhancers/added.ts', 'export default function enhance() {}\n')));

  it('a static file edited', () => expectFullBuildAfter((root) => editFile(root, 'templates/static/favicon.svg', (t) => t.replace('<svg', '<svg data-x'))));

  it('a static file added', () => expectFullBuildAfter((root) => put(root, 'templates/static/added.txt', 'added')));

  it('a stray file added to the locales folder (the check warns of it)', async () => {
    const { next, cold } = await expectFullBuildAfter((root) => put(root, 'locales/xx.json', '{}'));
    expect(next.warnings.join('\n')).toContain('xx.json');
    expect(next.warnings).toEqual(cold.warnings);
  });

  it('a file outside the source folders that a page imports, edited', () =>
    expectFullBuildAfter((root) => editFile(root, 'lib/note.ts', (t) => t.replace('one', 'two')), {}, {
      'lib/note.ts': "export const note = 'one';\n",
      'pages/about.tsx': "import { note } from '../lib/note.ts';\n" + page('{note}'),
    }));

  it('a locale given a name in the config other than its own (the switcher shows it)', () =>
    expectFullBuildAfter((root) => editFile(root, 'sitegen.config.ts', (t) => t.replace("{ code: 'de', iso: 'de-DE' }", "{ code: 'de', iso: 'de-DE', name: 'Deutsch (DE)' }"))));

  it('another --base-url', () => expectFullBuildAfter(async () => {}, { baseUrl: 'https://other.example' }));

  it('a damaged record', () =>
    expectFullBuildAfter(async (root) => {
      const folder = path.join(root, CACHE, 'output');
      const [record] = await readdir(folder);
      await truncate(path.join(folder, record!), 10);
    }));
});

describe('the record of an output', () => {
  it('holds what the build wrote there: a file it did not write, in the folder as the build ends, makes the next build a full one', async () => {
    const root = await basic();
    const dist = path.join(root, OUT);
    await buildInto(root);
    const { config } = await resolveConfig(root, { outDir: OUT });
    const scope = { cache: openCache(root, CACHE, [])!, config, shard: null, sources: 'the sources' };
    const report: OutputReport = { buildId: 'b', pages: 1, aliases: 0, notFoundPages: 0, locales: 1, files: 1, bytes: 1, runtime: null, jobs: 1, usedKeys: [], warnings: [] };
    const written = await listFiles(dist);
    await writeFile(path.join(dist, 'stray.html'), 'stray');
    await recordOutput(scope, [], report, written);
    expect(recordedOutput(scope, () => {}).report).toBeNull();
    await rm(path.join(dist, 'stray.html'));
    await recordOutput(scope, [], report, written);
    expect(recordedOutput(scope, () => {}).report).toEqual(report);
  });
});
