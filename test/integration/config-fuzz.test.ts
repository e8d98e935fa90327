/**
 * sitegen.config.ts with settings of the wrong kind, chosen at random (seeded): texts where objects
 * belong, paths that climb out, markup, numbers out of range, locale codes that are no language.
 * Whatever the config becomes, `sitegen build` either builds into the output folder and nowhere
 * else, or fails with a SitegenError that names the config file and the setting (or the locale
 * file a locale setting leads to), never with a crash of its own such as a TypeError; a failed build
 * leaves the previous output exactly as it was, with nothing beside it.
 *
 * More: `CONFIG_FUZZ_SEEDS=4,5 CONFIG_FUZZ_ROUNDS=200 npx vitest run test/integration/config-fuzz.test.ts`
 * (written with 40 seeds of 150 rounds, all passing once 7bfe221 refused settings of the wrong kind:
 * before, `assetsBase: '../..'` wrote assets two folders above the output, `name: 1` crashed the
 * render with a TypeError).
 */
import { describe, expect, it } from 'vitest';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { isSitegenError } from '../../src/errors.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { expectSameBytes, FIXTURES, snapshotTree } from '../helpers/site.ts';
import { seeded, seedsFrom } from '../helpers/sequences.ts';

const ROUNDS = Number(process.env.CONFIG_FUZZ_ROUNDS ?? 40);

/** The basic fixture's config, which builds. */
const BASE: Record<string, unknown> = { name: 'Fixture', product: 'Fixture App', url: 'https://fixture.example', year: 2026, locales: [{ code: 'en', iso: 'en-US' }, 'ar', { code: 'de', iso: 'de-DE' }] };

/** What a setting may wrongly be. */
const VALUES: unknown[] = [
  null, 0, -1, 1.5, Infinity, '', ' ', 'x', 'ftp://a', 'javascript:alert(1)', '/', '//cdn', 'http://', '../..', '/../x', 'a/../../b',
  [], [1], ['x'], {}, { a: 1 }, true, 'de', 'xx', 'en-US', 'EN', '<script>', '"quote', 'a\nb', '%2e%2e',
  'https://ok.example/path?q=1#h', 'https://cdn.example/site', '/_static/', '/en/', '/de/x/', 2026.5, '2026',
];
const FIELDS = ['url', 'locales', 'defaultLocale', 'name', 'product', 'year', 'assetsBase', 'socialImage', 'fonts', 'links', 'untranslated', 'client'];
/** How an error names a setting, where not by its own name. */
const NAMED: Record<string, RegExp> = { url: /base URL/, assetsBase: /assets base/ };

/** Paths and URLs, for the settings that are one: often a wrong one would write or point outside. */
const PATHS = ['..', '../..', './..', '/../x', 'a/../../b', '/a/..', '%2e%2e', '.', '/.hidden/', '/_static/..', '\\..\\..', 'a//b', '//cdn.example/x', 'https://cdn.example/../x', 'file:///etc', 'data:text/html,x', '/social.png', 'https://img.example/a.png'];

/** A value for `field`: one of VALUES (or of PATHS), or an object or list of the right shape holding them. */
function valueFor(field: string, { pick, chance }: ReturnType<typeof seeded>): unknown {
  const paths = field === 'assetsBase' || field === 'socialImage' || field === 'url' || field === 'fonts';
  const value = () => pick(paths && chance(0.5) ? PATHS : VALUES);
  if (field === 'locales' && chance(0.6)) return [chance(0.5) ? value() : { code: value(), iso: value() }, ...(BASE.locales as unknown[]).slice(chance(0.5) ? 1 : 0)];
  if (field === 'socialImage' && chance(0.5)) return { path: value(), width: value(), height: value() };
  if (field === 'fonts' && chance(0.5)) return { stylesheet: value(), preconnect: chance(0.5) ? [value()] : value() };
  if (field === 'links' && chance(0.5)) return { appStore: value() };
  if (field === 'untranslated' && chance(0.5)) return { [String(value())]: chance(0.5) ? [value()] : value() };
  return value();
}

/** The config's source: an object literal (Infinity and undefined written as such, which JSON cannot). */
function source(config: Record<string, unknown>): string {
  const text = JSON.stringify(config, (_key, v: unknown) => (v === Infinity ? '__INFINITY__' : v));
  return `export default ${text.replaceAll('"__INFINITY__"', 'Infinity')};\n`;
}

/** Every path under `dir` but those under `skip` (relative), sorted. */
async function pathsBeside(dir: string, skip: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).filter((rel) => rel !== skip && !rel.startsWith(skip + path.sep)).sort();
}

async function fuzz(seed: number): Promise<void> {
  const random = seeded(seed);
  // The site two folders down a folder of its own: a build must write nothing above the site.
  const outer = await mkdtemp(path.join(os.tmpdir(), 'sitegen-config-fuzz-'));
  const rel = path.join('a', 'b', 'site');
  const root = path.join(outer, rel);
  try {
    await cp(path.join(FIXTURES, 'basic'), root, { recursive: true });
    const run = () => build({ root, outDir: 'dist', cacheDir: false, logger: createMemoryLogger(), workers: 0 });
    await run();
    let built = await snapshotTree(path.join(root, 'dist'));
    const siteFiles = await pathsBeside(root, 'dist');
    for (let round = 1; round <= ROUNDS; round++) {
      const field = random.pick(FIELDS);
      const value = valueFor(field, random);
      const config = source({ ...BASE, [field]: value });
      await writeFile(path.join(root, 'sitegen.config.ts'), config);
      const story = `seed ${seed}, round ${round}: sitegen.config.ts became ${config.trim()}`;
      const error = await run().then(
        () => null,
        (err: unknown) => err,
      );
      expect(await pathsBeside(outer, rel), `${story}\nnothing is written outside the site`).toEqual(['a', path.join('a', 'b')]);
      expect(await pathsBeside(root, 'dist'), `${story}\nnothing is left in the site but its output`).toEqual(siteFiles);
      if (error === null) {
        built = await snapshotTree(path.join(root, 'dist'));
        expect(built.has('index.html'), story).toBe(true);
        continue;
      }
      if (!isSitegenError(error)) expect.fail(`${story}\nnot a SitegenError: ${error instanceof Error ? error.stack : String(error)}`);
      const text = `${error.message}\n${error.detail ?? ''}`;
      if (!/locales\/[\w-]+\.json/.test(text)) {
        expect(text, `${story}\nthe error names the config file`).toContain('sitegen.config.ts');
        expect(text, `${story}\nthe error names the setting`).toMatch(NAMED[field] ?? new RegExp(`\\b${field}\\b`));
      }
      expectSameBytes(built, await snapshotTree(path.join(root, 'dist')));
    }
  } finally {
    await rm(outer, { recursive: true, force: true });
  }
}

describe('settings of sitegen.config.ts of the wrong kind, at random', () => {
  it.each(seedsFrom('CONFIG_FUZZ_SEEDS', [1, 2, 3]))(
    'seed %i: a build builds into its output only, or fails with its own error naming the config file and the setting, and leaves the output alone',
    (seed) => fuzz(seed),
    120_000,
  );
});
