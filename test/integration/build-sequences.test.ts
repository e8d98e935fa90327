/**
 * Builds from the cache, step after step, against cold builds. Each test is one seed of a sequence
 * of random changes to the sources, to the output and to the build cache (which keeps, besides the
 * pages, the output a build replaced, for the next one to stage into: output.ts). After each step a
 * build with the cache writes into the same output, and a build without it into a new folder. The
 * two must hold the same folders, files (regular ones) and bytes; nothing but the output may be
 * left beside it; and no file outside the site is written through a link put into the output or
 * the cache. A failure names the seed and the steps so far, and the same seed replays them.
 * Below it, the source changes alone, built as three shards with caches of their own and merged.
 *
 * More or longer sequences than the suite's: `SEQ_SEEDS=7,8,9 SEQ_STEPS=40 npx vitest run
 * test/integration/build-sequences.test.ts` (written with 1,000 steps over 25 seeds of 40 and 60
 * seeds of 12, and 300 sharded steps over 20 seeds, all passing; mutations of the writer's guards,
 * such as writing into an older output's file that has another link, or keeping a stray file of
 * it, failed 6 to 32 of 40 seeds).
 */
import { describe, expect, it } from 'vitest';
import { chmod, link, lstat, mkdir, readdir, readFile, rm, symlink, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { merge } from '../../src/merge.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites } from '../helpers/site.ts';
import { describeTree as tree, seeded, seedsFrom } from '../helpers/sequences.ts';

const basic = fixtureSites('basic');
const CACHE = '.cache-test';
/** The output sits alone in its own folder, so that anything a build leaves beside it shows. */
const OUT = path.join('site', 'dist');
const STEPS = Number(process.env.SEQ_STEPS ?? 12);

/** Paths of the entries of `dir` of one kind, relative, sorted. */
async function entries(dir: string, kind: 'file' | 'folder'): Promise<string[]> {
  const all = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return all
    .filter((e) => (kind === 'file' ? e.isFile() : e.isDirectory()))
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
    .sort();
}

interface Run {
  root: string;
  dist: string;
  /** Files outside the output and the cache that links put there point at: no build may write them. */
  outside: string[];
  pick: <T>(xs: readonly T[]) => T;
  chance: (p: number) => boolean;
  n: number;
  originals: Map<string, string>;
  added: string[];
}

type Step = [name: string, apply: (run: Run) => Promise<string | null>];

/** Sets one message of a locale file to a new text (keys of the basic fixture). */
async function editMessage(run: Run, locale: string, key: string): Promise<string> {
  const file = path.join(run.root, 'locales', `${locale}.json`);
  const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>;
  const [group, name] = key.split('.') as [string, string];
  messages[group]![name] = `${messages[group]![name]!.replace(/ \(v\d+\)$/, '')} (v${run.n})`;
  await writeFile(file, JSON.stringify(messages, null, 2) + '\n');
  return `${locale} ${key}`;
}

/**
 * Puts a symbolic or a hard link to a file outside in the place of `file`, the outside file holding
 * `file`'s bytes: a build that wrote through the link would find nothing to tell it apart.
 */
async function linkOut(run: Run, file: string, rel: string): Promise<string> {
  const outside = path.join(run.root, `outside-${run.n}`);
  const bytes = await readFile(file);
  await writeFile(outside, bytes);
  run.outside.push(outside);
  await rm(file);
  const symbolic = run.chance(0.5);
  await (symbolic ? symlink(outside, file) : link(outside, file));
  return `${rel} (${symbolic ? 'symbolic' : 'hard'} link)`;
}

const page = (text: string) =>
  `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
  `export default function Page() { const { t } = useI18n(); return <p>{t('about.title')} ${text}</p>; }\n`;

const SOURCE_STEPS: Step[] = [
  ['message', (run) => editMessage(run, run.pick(['en', 'de']), run.pick(['about.title', 'home.description', 'nav.about', 'runtime.offline', 'notFound.title']))],
  ['locale file back', async (run) => {
    const rel = run.pick(['locales/en.json', 'locales/de.json']);
    await writeFile(path.join(run.root, rel), run.originals.get(rel)!);
    return rel;
  }],
  ['page edited', async (run) => {
    const file = path.join(run.root, 'pages', 'about.tsx');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/<h1>.*<\/h1>/, `<h1>{t('about.title')} v${run.n}</h1>`));
    return 'pages/about.tsx';
  }],
  ['page added', async (run) => {
    const rel = `pages/extra/p${run.n}.tsx`;
    await mkdir(path.join(run.root, 'pages', 'extra'), { recursive: true });
    await writeFile(path.join(run.root, rel), page(`p${run.n}`));
    run.added.push(rel);
    return rel;
  }],
  ['page removed', async (run) => {
    if (run.added.length === 0) return null;
    const rel = run.added.splice(run.chance(0.5) ? 0 : run.added.length - 1, 1)[0]!;
    await rm(path.join(run.root, rel));
    return rel;
  }],
  ['locale file added or removed', async (run) => {
    const file = path.join(run.root, 'locales', 'ar.json');
    const there = await lstat(file).then(() => true, () => false);
    if (there) await rm(file);
    else await writeFile(file, JSON.stringify({ about: { title: `من نحن ${run.n}` }, nav: { home: 'الرئيسية' } }, null, 2) + '\n');
    return there ? 'ar removed' : 'ar added';
  }],
  ['static file edited', async (run) => {
    const file = path.join(run.root, 'templates', 'static', 'favicon.svg');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/<svg( data-v="\d+")?/, `<svg data-v="${run.n}"`));
    return 'favicon.svg';
  }],
  ['config edited', async (run) => {
    const file = path.join(run.root, 'sitegen.config.ts');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/product: '[^']*'/, `product: 'Fixture App ${run.n}'`));
    return 'product name';
  }],
  ['stylesheet edited', async (run) => {
    const file = path.join(run.root, 'templates', 'layouts', 'default.css');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/#[0-9a-f]{6}/, `#${(0x123456 + run.n).toString(16)}`));
    return 'default.css';
  }],
  ['nothing', async () => 'nothing changed'],
];

/** Other builds into the same output and cache, before the build that is compared. */
const BUILD_STEPS: Step[] = [
  ['a build without the cache', async (run) => {
    await build({ root: run.root, outDir: OUT, cacheDir: false, logger: createMemoryLogger(), workers: 0 });
    return '--no-cache';
  }],
  ['a shard', async (run) => {
    const index = run.chance(0.5) ? 1 : 2;
    await build({ root: run.root, outDir: OUT, cacheDir: CACHE, logger: createMemoryLogger(), workers: 0, shard: { index, count: 2 } });
    return `--shard ${index}/2`;
  }],
  ['another base URL', async (run) => {
    await build({ root: run.root, outDir: OUT, cacheDir: CACHE, logger: createMemoryLogger(), workers: 0, baseUrl: 'https://other.example' });
    return '--base-url https://other.example';
  }],
];

const OUTPUT_STEPS: Step[] = [
  ['output file edited', async (run) => {
    const rel = run.pick(await entries(run.dist, 'file'));
    const file = path.join(run.dist, rel);
    const before = await lstat(file);
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 1;
    await writeFile(file, bytes);
    // Its size and times as they were: only the bytes (and the change time, which no tool sets back) differ.
    await utimes(file, before.atime, before.mtime);
    return rel;
  }],
  ['output file removed', async (run) => {
    const rel = run.pick(await entries(run.dist, 'file'));
    await rm(path.join(run.dist, rel));
    return rel;
  }],
  ['stray file or folder in the output', async (run) => {
    const folder = run.pick(['', ...(await entries(run.dist, 'folder'))]);
    const rel = path.join(folder, `stray-${run.n}`);
    if (run.chance(0.5)) await writeFile(path.join(run.dist, rel), 'stray');
    else await mkdir(path.join(run.dist, rel));
    return rel;
  }],
  ['output file made a folder', async (run) => {
    const rel = run.pick(await entries(run.dist, 'file'));
    await rm(path.join(run.dist, rel));
    await mkdir(path.join(run.dist, rel));
    await writeFile(path.join(run.dist, rel, 'inside'), 'inside');
    return rel;
  }],
  ['output file made a link out', async (run) => {
    const rel = run.pick(await entries(run.dist, 'file'));
    return linkOut(run, path.join(run.dist, rel), rel);
  }],
  ['output file made read-only', async (run) => {
    const rel = run.pick(await entries(run.dist, 'file'));
    await chmod(path.join(run.dist, rel), 0o444);
    return rel;
  }],
];

const CACHE_STEPS: Step[] = [
  ['cache file cut short', async (run) => {
    const files = await entries(path.join(run.root, CACHE), 'file');
    if (files.length === 0) return null;
    const rel = run.pick(files);
    const file = path.join(run.root, CACHE, rel);
    await truncate(file, Math.floor((await lstat(file)).size / 2));
    return rel;
  }],
  ['cache file removed', async (run) => {
    const files = await entries(path.join(run.root, CACHE), 'file');
    if (files.length === 0) return null;
    const rel = run.pick(files);
    await rm(path.join(run.root, CACHE, rel));
    return rel;
  }],
  ['kept older output: a file made a link out', async (run) => {
    // The output a build replaced, kept in the cache for the next build to write into (output.ts, spareFolder).
    const files = (await entries(path.join(run.root, CACHE), 'file')).filter((f) => f.startsWith(`spare${path.sep}`));
    if (files.length === 0) return null;
    const rel = run.pick(files);
    return linkOut(run, path.join(run.root, CACHE, rel), rel);
  }],
];

/** A new copy of the basic fixture to change, with `dist` (relative) as the output to compare. */
async function newRun(seed: number, dist: string): Promise<Run & { next: () => number }> {
  const root = await basic();
  const { next, pick, chance } = seeded(seed);
  const originals = new Map(await Promise.all(['locales/en.json', 'locales/de.json'].map(async (rel) => [rel, await readFile(path.join(root, rel), 'utf8')] as const)));
  return { root, dist: path.join(root, dist), outside: [], pick, chance, next, n: 0, originals, added: [] };
}

async function sequence(seed: number): Promise<void> {
  const run = await newRun(seed, OUT);
  const { root, next } = run;
  const cached = (workers: number) => build({ root, outDir: OUT, cacheDir: CACHE, logger: createMemoryLogger(), workers });
  await cached(0);
  const done: string[] = [];
  for (run.n = 1; run.n <= STEPS; run.n++) {
    const kind = next();
    const [name, apply] = run.pick(kind < 0.5 ? SOURCE_STEPS : kind < 0.75 ? OUTPUT_STEPS : kind < 0.9 ? CACHE_STEPS : BUILD_STEPS);
    const what = await apply(run);
    const workers = run.chance(0.25) ? 1 : 0;
    done.push(`${run.n}. ${name}: ${what ?? 'nothing to do'} (workers ${workers})`);
    const story = `seed ${seed}, after:\n${done.join('\n')}`;
    // As the build finds them: a later step's change to a file linked out changes its outside file too.
    const outside = await Promise.all(run.outside.map((file) => readFile(file)));
    await cached(workers).catch((err: Error) => expect.fail(`${story}\nthe build with the cache failed: ${err.message}`));
    const cold = path.join('cold', String(run.n));
    await build({ root, outDir: cold, cacheDir: false, logger: createMemoryLogger(), workers: 0 });
    expect(await tree(run.dist), story).toEqual(await tree(path.join(root, cold)));
    expect(await readdir(path.dirname(run.dist)), story).toEqual(['dist']);
    for (const [i, file] of run.outside.entries()) expect((await readFile(file)).equals(outside[i]!), `${story}\nthe build wrote ${file}`).toBe(true);
    await rm(path.join(root, cold), { recursive: true });
  }
}

describe('builds with the cache, step after step, equal cold builds', () => {
  it.each(seedsFrom('SEQ_SEEDS', [1, 2, 3, 4, 5, 6]))('seed %i', (seed) => sequence(seed), 120_000);
});

/**
 * The same source changes, built as CI builds a site over three machines: each shard with a cache
 * of its own (kept from step to step, as CI restores it), into an output of its own (kept, or new
 * as on a fresh machine), then merged (`sitegen merge`). The merged tree must be a cold full build.
 */
async function shardedSequence(seed: number): Promise<void> {
  const run = await newRun(seed, 'merged');
  const { root } = run;
  const done: string[] = [];
  for (run.n = 1; run.n <= STEPS; run.n++) {
    const [name, apply] = run.pick(SOURCE_STEPS);
    const what = await apply(run);
    const fresh = [1, 2, 3].filter(() => run.chance(0.3));
    done.push(`${run.n}. ${name}: ${what ?? 'nothing to do'} (new outputs for shards ${fresh.join(', ') || 'none'})`);
    const story = `seed ${seed}, sharded, after:\n${done.join('\n')}`;
    for (const index of fresh) await rm(path.join(root, 'shards', String(index)), { recursive: true, force: true });
    for (const index of [1, 2, 3]) {
      await build({ root, outDir: path.join('shards', String(index)), cacheDir: `${CACHE}-${index}`, logger: createMemoryLogger(), workers: 0, shard: { index, count: 3 } }).catch((err: Error) =>
        expect.fail(`${story}\nshard ${index}/3 failed: ${err.message}`),
      );
    }
    await merge({ cwd: root, shards: ['shards/1', 'shards/2', 'shards/3'], outDir: 'merged' }).catch((err: Error) => expect.fail(`${story}\nthe merge failed: ${err.message}`));
    const cold = path.join('cold', String(run.n));
    await build({ root, outDir: cold, cacheDir: false, logger: createMemoryLogger(), workers: 0 });
    expect(await tree(run.dist), story).toEqual(await tree(path.join(root, cold)));
    await rm(path.join(root, cold), { recursive: true });
  }
}

describe('shards built with their caches and merged, step after step, equal cold builds', () => {
  it.each(seedsFrom('SEQ_SEEDS', [1, 2]))('seed %i', (seed) => shardedSequence(seed), 120_000);
});
