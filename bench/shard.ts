/**
 * Shard benchmark: what one shard of n costs against the whole build of the real site, measured
 * in the same run, alternating, each build in its own process (so that peak memory is its own).
 * A shard should take about 1/n of the rendering plus the fixed part every shard pays, which
 * `--shard 1/1000` (a shard with no pages) shows alone. Every build is cold (an empty cache folder,
 * no previous output) and writes into folders of its own, removed when the benchmark ends (lib.ts,
 * scratch()).
 *
 *   node --import tsx bench/shard.ts              the comparison
 *   node --import tsx bench/shard.ts one <k/n|full> <outDir> <cacheDir>   one measurement (JSON line)
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { median, REPO, scratch, type Scratch } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const N = Number(process.env.BENCH_SHARDS ?? 3);

/** Wall time, and CPU time (user + system), which a machine busy with other work disturbs less. */
interface Sample { pages: number; ms: number; cpuMs: number; renderMs: number; maxRssMb: number }

async function one(which: string, outDir: string, cacheDir: string): Promise<void> {
  const { build } = await import('../src/build.ts');
  const { parseShard } = await import('../src/shard.ts');
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = await build({ root: REPO, outDir, cacheDir, shard: which === 'full' ? undefined : parseShard(which) });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  const renderMs = result.stages.find((s) => s.name === 'render')?.ms ?? 0;
  const sample: Sample = { pages: result.pages + result.notFoundPages, ms, cpuMs, renderMs, maxRssMb: process.resourceUsage().maxRSS / 1024 };
  process.stdout.write(JSON.stringify(sample) + '\n');
}

function measure(which: string, folders: Scratch): Sample {
  const name = which.replace('/', '-of-');
  const args = ['one', which, folders.fresh(`${name}-out`), folders.fresh(`${name}-cache`)];
  const line = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...args], {
    cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(line.trim().split('\n').at(-1)!) as Sample;
}

async function compare(): Promise<void> {
  const folders = await scratch('sitegen-bench-shard-');
  const kinds = { full: 'full', shard: `1/${N}`, fixed: '1/1000' } as const;
  const samples: Record<keyof typeof kinds, Sample[]> = { full: [], shard: [], fixed: [] };
  try {
    for (let i = 0; i < RUNS; i++) for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) samples[kind].push(measure(kinds[kind], folders));
  } finally {
    await folders.remove();
  }
  const m = (kind: keyof typeof kinds, key: keyof Sample) => median(samples[kind].map((s) => s[key]));
  console.log(`sitegen build --shard benchmark, real site: median of ${RUNS} runs each, ${os.availableParallelism()} cores`);
  for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) {
    console.log(
      `${kinds[kind].padEnd(7)} ${String(m(kind, 'pages')).padStart(4)} pages | ${m(kind, 'ms').toFixed(0)} ms (CPU ${m(kind, 'cpuMs').toFixed(0)} ms), render ${m(kind, 'renderMs').toFixed(0)} ms, peak ${m(kind, 'maxRssMb').toFixed(0)} MB`,
    );
  }
  const beyondFixed = (key: 'ms' | 'cpuMs') => (m('shard', key) - m('fixed', key)) / (m('full', key) - m('fixed', key));
  console.log(
    `shard 1/${N} against the full build: pages ${(m('shard', 'pages') / m('full', 'pages')).toFixed(2)}x, render stage ${(m('shard', 'renderMs') / m('full', 'renderMs')).toFixed(2)}x, ` +
      `time beyond the fixed part ${beyondFixed('ms').toFixed(2)}x (CPU ${beyondFixed('cpuMs').toFixed(2)}x), total ${(m('shard', 'ms') / m('full', 'ms')).toFixed(2)}x, peak RSS ${(m('shard', 'maxRssMb') / m('full', 'maxRssMb')).toFixed(2)}x (1/${N} = ${(1 / N).toFixed(2)})`,
  );
  // Both builds pay the renderer's warm-up (JIT, first renders) once; solving the two for it:
  const perPage = (m('full', 'cpuMs') - m('shard', 'cpuMs')) / (m('full', 'pages') - m('shard', 'pages'));
  const warmUp = m('shard', 'cpuMs') - m('fixed', 'cpuMs') - perPage * m('shard', 'pages');
  console.log(`CPU, taking one cost per page for both: ${perPage.toFixed(1)} ms per page, plus a warm-up of ${warmUp.toFixed(0)} ms that every shard with pages pays`);
}

if (process.argv[2] === 'one') await one(process.argv[3]!, process.argv[4]!, process.argv[5]!);
else await compare();
