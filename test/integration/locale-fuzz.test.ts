/**
 * Locale files spoiled at random (seeded): pieces of JSON and ICU MessageFormat inserted at random
 * places, spans cut out. Whatever the file becomes, `sitegen build` either builds or fails with a
 * SitegenError that names a file and a place in it (never a crash of its own, such as a TypeError),
 * and a failed build leaves the previous output exactly as it was, with nothing beside it; `sitegen
 * check` reports or fails the same way.
 *
 * More: `FUZZ_SEEDS=4,5 FUZZ_ROUNDS=200 npx vitest run test/integration/locale-fuzz.test.ts`
 * (written with 23 seeds of 60 rounds, all passing once en's arguments that no page passes were
 * reported on en: before, the build blamed the translations, with a hint that the page passed them).
 */
import { describe, expect, it } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { check } from '../../src/check/index.ts';
import { resolveConfig } from '../../src/config.ts';
import { isSitegenError } from '../../src/errors.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { expectSameBytes, fixtureSites, snapshotTree } from '../helpers/site.ts';
import { seeded, seedsFrom } from '../helpers/sequences.ts';

const basic = fixtureSites('basic');
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 40);

/** What a translator's slip or an editor's bad merge puts into a message file. */
const PIECES = [
  '{', '}', '{{', '}}', '"', '\\', '\\u00', ',', ':', '[', ']', 'null', '0', '-1e999', '{"a": 1}', '"x": "y",', '"__proto__": {"a": "b"},',
  "'", "''", "'{'", '#', '{product}', '{unknownArg}', '{count}', '{count, plural, one {#} other {# x}}', '{count, plural, =0 {none}}',
  '{count, plural, other {{count, plural, other {#}}}}', '{gender, select, male {he}}', '{gender, select, other {x} other {y}}',
  '{count, number, ::currency/EUR}', '{count, number, ::bogus-skeleton}', '{when, date, ::yyyyMMdd}', '{when, time, short}',
  '{count, selectordinal, one {#st} other {#th}}', '{count, spellout}', '<b>', '</b>', '<b>x</i>', '<b>{count}</b>', '<0>x</0>',
  '\u0000', '\u2028', '\ud800', '😀', 'ا', '\u202e',
];

function spoil(text: string, next: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(next() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(next() * (out.length + 1));
    if (next() < 0.7) out = out.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)]! + out.slice(at);
    else out = out.slice(0, at) + out.slice(at + 1 + Math.floor(next() * 8));
  }
  return out;
}

/**
 * The build's or the check's failure, if any: it must be sitegen's own, naming a locale file with
 * the place in it, or a page and a locale. (Not always the spoiled file: a change to en makes the
 * translations out of date, and their findings are the ones to fix.)
 */
function expectOwnError(err: unknown, story: string): void {
  if (!isSitegenError(err)) expect.fail(`${story}\nnot a SitegenError: ${err instanceof Error ? err.stack : String(err)}`);
  expect(`${err.message}\n${err.detail ?? ''}`, `${story}\nthe error names a file and a place in it`).toMatch(/locales\/[\w-]+\.json:\d+:\d+|pages\/\S+\.tsx threw while rendering in locale [\w-]+/);
}

async function fuzz(seed: number): Promise<void> {
  const { next } = seeded(seed);
  const root = await basic();
  await build({ root, outDir: 'dist', cacheDir: false, logger: createMemoryLogger(), workers: 0 });
  const built = await snapshotTree(path.join(root, 'dist'));
  const originals = new Map(await Promise.all(['en', 'de'].map(async (code) => [code, await readFile(path.join(root, 'locales', `${code}.json`), 'utf8')] as const)));
  for (let round = 1; round <= ROUNDS; round++) {
    const code = next() < 0.3 ? 'en' : 'de';
    const file = path.join('locales', `${code}.json`);
    for (const [other, text] of originals) await writeFile(path.join(root, 'locales', `${other}.json`), text);
    const spoiled = spoil(originals.get(code)!, next);
    await writeFile(path.join(root, file), spoiled);
    const story = `seed ${seed}, round ${round}: ${file} became ${JSON.stringify(spoiled)}`;

    const failed = await build({ root, outDir: 'dist', cacheDir: false, logger: createMemoryLogger(), workers: 0 }).then(
      () => false,
      (err: unknown) => {
        expectOwnError(err, story);
        return true;
      },
    );
    if (failed) expectSameBytes(built, await snapshotTree(path.join(root, 'dist')));
    expect((await readdir(root)).filter((name) => name.startsWith('.dist.tmp-')), story).toEqual([]);
    // The output is the last good build's: put back what this one wrote.
    if (!failed) {
      for (const [other, text] of originals) await writeFile(path.join(root, 'locales', `${other}.json`), text);
      await build({ root, outDir: 'dist', cacheDir: false, logger: createMemoryLogger(), workers: 0 });
      await writeFile(path.join(root, file), spoiled);
    }

    const { config } = await resolveConfig(root);
    await check(config).catch((err: unknown) => expectOwnError(err, `${story}\n(sitegen check)`));
  }
}

describe('locale files spoiled at random', () => {
  it.each(seedsFrom('FUZZ_SEEDS', [1, 2, 3]))('seed %i: a build or a check fails only with its own error, naming a file and a place, and leaves the output alone', (seed) => fuzz(seed), 120_000);
});
