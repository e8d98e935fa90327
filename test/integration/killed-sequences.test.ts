/**
 * Builds killed at random moments, step after step. Each test is one seed of a sequence of source
 * changes; after each, `sitegen build` (with its cache, as a process of its own) is sent SIGKILL
 * after a random delay, anywhere from its start to past its end. Then:
 * - the output is the one before that build or the complete new one, unless the build died inside
 *   its swap (its `.old` folder or its journal is beside the output: the next build puts the
 *   previous output back, output.ts' removeAbandonedStaging);
 * - the next build, with the cache the killed one left, writes what a cold build writes, and
 *   leaves nothing beside the output.
 * A failure names the seed, the steps and the delays so far. The delays are random (not seeded):
 * every run tries other moments.
 *
 * More or longer sequences than the suite's: `KILL_SEQ_SEEDS=4,5 KILL_SEQ_STEPS=30 npx vitest run
 * test/integration/killed-sequences.test.ts`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites, REPO } from '../helpers/site.ts';
import { describeTree, seeded, seedsFrom } from '../helpers/sequences.ts';

const basic = fixtureSites('basic');
const CACHE = '.cache-test';
/** The output sits alone in its own folder, so that anything a build leaves beside it shows. */
const OUT = path.join('site', 'dist');
const STEPS = Number(process.env.KILL_SEQ_STEPS ?? 10);
/**
 * The kill comes after 0 to this many milliseconds: a build of the fixture with its cache took 0.19
 * to 0.47 s here, its process's start included, so about half the builds are killed on the way.
 */
const KILL_WITHIN_MS = Number(process.env.KILL_WITHIN_MS ?? 700);

/** The output described for comparison (describeTree); null when there is none (a build killed inside its swap). */
const tree = async (dir: string) => (existsSync(dir) ? describeTree(dir) : null);

/** Runs `sitegen build` with the cache and sends it SIGKILL after `delay` ms; resolves with whether it was killed before it ended. */
function killedBuild(root: string, delay: number): Promise<boolean> {
  const child = spawn(process.execPath, [path.join(REPO, 'bin', 'sitegen'), 'build', '--root', root, '--out', path.join(root, OUT), '--cache-dir', path.join(root, CACHE)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), delay);
  return new Promise((resolve, reject) =>
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') resolve(true);
      else if (code === 0) resolve(false);
      else reject(new Error(`sitegen build exited with ${code ?? signal}:\n${stderr}`));
    }),
  );
}

type Change = (root: string, n: number, pick: <T>(xs: readonly T[]) => T) => Promise<string>;

const CHANGES: Change[] = [
  async (root, n, pick) => {
    const locale = pick(['en', 'de']);
    const file = path.join(root, 'locales', `${locale}.json`);
    const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, Record<string, string>>;
    const key = pick(['about.title', 'home.description', 'nav.about', 'runtime.offline']);
    const [group, name] = key.split('.') as [string, string];
    messages[group]![name] = `${messages[group]![name]!.replace(/ \(v\d+\)$/, '')} (v${n})`;
    await writeFile(file, JSON.stringify(messages, null, 2) + '\n');
    return `message ${locale} ${key}`;
  },
  async (root, n) => {
    const file = path.join(root, 'pages', 'about.tsx');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/<h1>.*<\/h1>/, `<h1>{t('about.title')} v${n}</h1>`));
    return 'page edited';
  },
  async (root, n) => {
    await mkdir(path.join(root, 'pages', 'extra'), { recursive: true });
    await writeFile(
      path.join(root, 'pages', 'extra', `p${n}.tsx`),
      `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
        `export default function Page() { const { t } = useI18n(); return <p>{t('about.title')} p${n}</p>; }\n`,
    );
    return `page extra/p${n} added`;
  },
  async (root, _n, pick) => {
    const added = await readdir(path.join(root, 'pages', 'extra')).catch(() => []);
    if (added.length === 0) return 'nothing changed (no page to remove)';
    const name = pick(added);
    await rm(path.join(root, 'pages', 'extra', name));
    return `page extra/${name} removed`;
  },
  async () => 'nothing changed',
];

async function sequence(seed: number): Promise<void> {
  const { pick } = seeded(seed);
  const root = await basic();
  const dist = path.join(root, OUT);
  const cached = () => build({ root, outDir: OUT, cacheDir: CACHE, logger: createMemoryLogger(), workers: 0 });
  await cached();
  const done: string[] = [];
  for (let n = 1; n <= STEPS; n++) {
    const what = await pick(CHANGES)(root, n, pick);
    const before = await tree(dist);
    const delay = Math.floor(Math.random() * KILL_WITHIN_MS);
    const killed = await killedBuild(root, delay);
    done.push(`${n}. ${what}; build ${killed ? `killed after ${delay} ms` : `ended before its kill at ${delay} ms`}`);
    const story = `seed ${seed}, after:\n${done.join('\n')}`;

    const cold = path.join(root, 'cold', String(n));
    await build({ root, outDir: cold, cacheDir: false, logger: createMemoryLogger(), workers: 0 });
    const expected = await tree(cold);
    const left = await readdir(path.dirname(dist));
    const inSwap = left.some((name) => /\.tmp-\d+-[0-9a-f]+\.(old|handover)$/.test(name));
    const after = await tree(dist);
    if (!killed) expect(after, `${story}\nthe build that ended wrote a cold build's output`).toEqual(expected);
    else if (!inSwap) expect([before, expected], `${story}\nthe output is the one before the killed build or the complete new one`).toContainEqual(after);

    await cached().catch((err: Error) => expect.fail(`${story}\nthe build after it failed: ${err.message}`));
    expect(await tree(dist), `${story}\nthe build after it wrote a cold build's output`).toEqual(expected);
    expect(await readdir(path.dirname(dist)), story).toEqual(['dist']);
    await rm(cold, { recursive: true });
  }
}

describe('builds killed at random moments, step after step', () => {
  // In a checkout whose lib/ is older than src/, bin/sitegen compiles it first: a build killed then would kill the compile, every time.
  beforeAll(() => {
    expect(spawnSync(process.execPath, [path.join(REPO, 'bin', 'sitegen'), '--version']).status).toBe(0);
  });
  it.each(seedsFrom('KILL_SEQ_SEEDS', [1, 2]))('seed %i', (seed) => sequence(seed), 180_000);
});
