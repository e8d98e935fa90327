/**
 * Build benchmark: the real site and a synthetic site 20 times larger, each next to its floor,
 * a plain loop that renders the same pages with renderToStaticMarkup and writes them, measured in
 * the same run. Each measurement runs in its own process so that peak memory is its own.
 */
import { execFileSync } from 'node:child_process';
import { readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyRealSite, median, REPO } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

interface Sample { mode: string; pages: number; ms: number; maxRssMb: number; liveMb: number }

function measure(mode: 'build' | 'floor', root: string): Sample {
  const out = path.join(os.tmpdir(), `sitegen-bench-out-${process.pid}`);
  const line = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(REPO, 'bench/build-one.ts'), mode, root, out], {
    cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
    // As the CLI runs: React's production build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(line.trim().split('\n').at(-1)!);
}

/** A copy of the real site with 19 more copies of every route under /s1 ... /s19. */
async function syntheticSite(): Promise<string> {
  const dir = await copyRealSite('sitegen-bench-site-');
  const pages = (await readdir(path.join(REPO, 'pages'), { recursive: true })).filter((f) => f.endsWith('.tsx') && !f.startsWith('404'));
  for (let i = 1; i < 20; i++) {
    for (const page of pages) {
      const target = path.join(dir, 'pages', `s${i}`, page);
      await mkdir(path.dirname(target), { recursive: true });
      const from = path.relative(path.dirname(target), path.join(dir, 'pages', page)).replace(/\\/g, '/');
      await writeFile(target, `export { default, head, layout } from './${from}';\n`);
    }
  }
  return dir;
}


function row(label: string, root: string) {
  const builds: Sample[] = [];
  const floors: Sample[] = [];
  for (let i = 0; i < RUNS; i++) {
    floors.push(measure('floor', root));
    builds.push(measure('build', root));
  }
  const b = median(builds.map((s) => s.ms));
  const f = median(floors.map((s) => s.ms));
  const pages = builds[0]!.pages;
  console.log(
    `${label.padEnd(10)} ${String(pages).padStart(5)} pages | build ${b.toFixed(0)} ms (${(b / pages).toFixed(2)} ms/page, ${(pages / (b / 1000)).toFixed(0)} pages/s, peak ${Math.max(...builds.map((s) => s.maxRssMb)).toFixed(0)} MB)` +
      ` | floor ${f.toFixed(0)} ms (peak ${Math.max(...floors.map((s) => s.maxRssMb)).toFixed(0)} MB) | build/floor ${(b / f).toFixed(2)}x`,
  );
  return { pages, peak: Math.max(...builds.map((s) => s.maxRssMb)), live: median(builds.map((s) => s.liveMb)) };
}

console.log(`sitegen build benchmark: median of ${RUNS} runs each, ${os.availableParallelism()} cores`);
const real = row('real', REPO);
const synthetic = await syntheticSite();
try {
  const big = row('20x', synthetic);
  console.log(
    `memory: ${(big.pages / real.pages).toFixed(0)}x the pages took ${(big.peak / real.peak).toFixed(2)}x the peak RSS; ` +
      `heap still held after the build ${real.live.toFixed(0)} MB -> ${big.live.toFixed(0)} MB (${(big.live / real.live).toFixed(2)}x)`,
  );
} finally {
  await rm(synthetic, { recursive: true, force: true });
}
