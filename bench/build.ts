/**
 * Build benchmark (`npm run bench`; not a test): the real site and a synthetic site 20 times its
 * size, each measured against baselines in the same run, alternating, every measurement a whole
 * process timed from start to exit (so Node's start, module loading and peak memory are its own):
 *
 * - floor: bench/floor.mjs, the bare minimum (config, esbuild bundle, renderToStaticMarkup and
 *   writeFile of the HTML pages only);
 * - cold: `sitegen build` with an empty cache folder and no previous output;
 * - no change: the same build again, cache kept;
 * - one message edit: one message of one locale changed, cache kept: the first build after the cold
 *   one that writes pages, so its staging folder starts empty;
 * - another message edit: the same message changed again, as a developer's next build: its staging
 *   folder is the output the edit before replaced (output.ts, createStagingDir).
 *
 * Every process runs with timedEnv's environment (lib.ts: without NODE_EXTRA_CA_CERTS, which costs
 * every Node start on a machine that sets it, before any of its code runs).
 * Wall time and CPU time (user + system, less disturbed by other work on a shared machine) are
 * medians of BENCH_RUNS runs (default 3), with their spread; the floor and sitegen take turns at
 * going first in each round; each line gives every run's peak RSS, smallest first, and the memory
 * ratio is the largest cold peak at 20x over the largest at 1x. The ratios are also given in user
 * time alone, which the kernel's share does not move.
 *
 * Every timed build writes into folders of its own, and none is deleted before the benchmark ends
 * (scratch() in lib.ts; about 0.9 GB of the temp folder, TMPDIR, per round at 20x). Until then
 * each floor and cold build ran right after `rm -rf` of the previous build's output and cache,
 * and the bench measured its own clean-up: on an ext4 without a journal (the VM this was written on)
 * ext4 passes over inodes freed in the last 60 to 360 s one by one, and a tree made where one
 * was just removed lands on them. In a region of the disk nobody else wrote to (6 alternating
 * rounds at 20x, medians), that way gave a cold build 12.4 s of system time (3.1 s in the first
 * round, 11 to 15 s from the third on, as freed inodes piled up) and 18.9 s of wall, against 1.0
 * and 5.8 s with nothing deleted; the first edit 5.5 s of system time against 0.65, and 42% of
 * the cold build's wall against 31%; perf put 28 to 36% of the cold build's samples and 51 to 53%
 * of the edit's in recently_deleted(), against 0.1 to 0.3%. The floor paid less (it makes half
 * the files): 6.9 s of system time against 0.8. So sitegen's ratios to the floor and the edit's to
 * the cold build moved with the bench's own deletions; user time did not.
 * Last, CLI start: `sitegen --help` against `node -e 0`.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyRealSite, editMessage, median, MESSAGE_EDIT, REPO, scratch, syntheticSite, timedEnv, timedEnvNote, type Scratch } from './lib.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BIN = path.join(REPO, 'bin', 'sitegen');
const FLOOR = path.join(REPO, 'bench', 'floor.mjs');

interface Sample { wall: number; cpu: number; user: number; rssMb: number }

/** Runs a command under GNU time: wall, CPU (user + system) and user milliseconds, peak RSS. */
function timed(args: string[]): Sample {
  const run = spawnSync('/usr/bin/time', ['-f', '\n%e %U %S %M', process.execPath, ...args], {
    encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], env: timedEnv(),
  });
  if (run.status !== 0) throw new Error(`bench: ${args.join(' ')} failed:\n${run.stderr}`);
  const [wall, user, sys, rss] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number, number];
  return { wall: wall * 1000, cpu: (user + sys) * 1000, user: user * 1000, rssMb: rss / 1024 };
}

const stats = (xs: number[]) => ({ median: median(xs), min: Math.min(...xs), max: Math.max(...xs) });
const ms = (xs: number[]) => {
  const s = stats(xs);
  return `${(s.median / 1000).toFixed(2)} s [${(s.min / 1000).toFixed(2)}–${(s.max / 1000).toFixed(2)}]`;
};

async function measureSite(label: string, name: string, root: string, folders: Scratch) {
  const s = { floor: [] as Sample[], cold: [] as Sample[], warm: [] as Sample[], edit: [] as Sample[], again: [] as Sample[] };
  const floor = () => s.floor.push(timed([FLOOR, root, folders.fresh(`${name}-floor`)]));
  for (let i = 0; i < RUNS; i++) {
    // The floor and sitegen take turns at going first: the machine's other work drifts.
    if (i % 2 === 0) floor();
    // Cold: no cache and no previous output (a rebuild links the previous output's unchanged files).
    const out = folders.fresh(`${name}-out`);
    const cache = folders.fresh(`${name}-cache`);
    const build = () => timed([BIN, 'build', '--root', root, '--out', out, '--cache-dir', cache]);
    s.cold.push(build());
    s.warm.push(build());
    const undo = await editMessage(path.join(root, MESSAGE_EDIT.file), i);
    try {
      s.edit.push(build());
      const undoAgain = await editMessage(path.join(root, MESSAGE_EDIT.file), RUNS + i);
      try {
        s.again.push(build());
      } finally {
        await undoAgain();
      }
    } finally {
      await undo();
    }
    if (i % 2 === 1) floor();
  }
  const wall = (xs: Sample[]) => xs.map((x) => x.wall);
  const cpu = (xs: Sample[]) => xs.map((x) => x.cpu);
  const user = (xs: Sample[]) => xs.map((x) => x.user);
  const ratio = (a: Sample[], b: Sample[], of: (xs: Sample[]) => number[]) => median(of(a)) / median(of(b));
  const peak = (xs: Sample[]) => Math.max(...xs.map((x) => x.rssMb));
  // Every run's peak, smallest first: how far apart they are shows what the largest (the memory ratio's) is worth.
  const peaks = (xs: Sample[]) => `peak ${xs.map((x) => x.rssMb).sort((a, b) => a - b).map((mb) => mb.toFixed(0)).join(', ')} MB`;
  console.log(`${label}:`);
  console.log(`  floor             ${ms(wall(s.floor))}   cpu ${ms(cpu(s.floor))}   ${peaks(s.floor)}`);
  console.log(`  cold build        ${ms(wall(s.cold))}   cpu ${ms(cpu(s.cold))}   ${peaks(s.cold)}   = ${ratio(s.cold, s.floor, wall).toFixed(2)}x the floor (cpu ${ratio(s.cold, s.floor, cpu).toFixed(2)}x, user ${ratio(s.cold, s.floor, user).toFixed(2)}x)`);
  console.log(`  no change         ${ms(wall(s.warm))}   cpu ${ms(cpu(s.warm))}   ${peaks(s.warm)}   = ${(100 * ratio(s.warm, s.cold, wall)).toFixed(0)}% of cold (cpu ${(100 * ratio(s.warm, s.cold, cpu)).toFixed(0)}%, user ${(100 * ratio(s.warm, s.cold, user)).toFixed(0)}%)`);
  console.log(`  one message edit  ${ms(wall(s.edit))}   cpu ${ms(cpu(s.edit))}   ${peaks(s.edit)}   = ${(100 * ratio(s.edit, s.cold, wall)).toFixed(0)}% of cold (cpu ${(100 * ratio(s.edit, s.cold, cpu)).toFixed(0)}%, user ${(100 * ratio(s.edit, s.cold, user)).toFixed(0)}%)`);
  console.log(`  another edit      ${ms(wall(s.again))}   cpu ${ms(cpu(s.again))}   ${peaks(s.again)}   = ${(100 * ratio(s.again, s.cold, wall)).toFixed(0)}% of cold (cpu ${(100 * ratio(s.again, s.cold, cpu)).toFixed(0)}%, user ${(100 * ratio(s.again, s.cold, user)).toFixed(0)}%)`);
  return { peak: peak(s.cold), peakFloor: peak(s.floor) };
}

function cliStart(): void {
  const bare: Sample[] = [];
  const help: Sample[] = [];
  for (let i = 0; i < 10; i++) {
    bare.push(timed(['-e', '0']));
    help.push(timed([BIN, '--help']));
  }
  const b = median(bare.map((x) => x.wall));
  const h = median(help.map((x) => x.wall));
  const range = (xs: Sample[]) => `[${Math.min(...xs.map((x) => x.wall)).toFixed(0)}–${Math.max(...xs.map((x) => x.wall)).toFixed(0)}]`;
  console.log(
    `CLI start (10 runs): sitegen --help ${h.toFixed(0)} ms ${range(help)}, node -e 0 ${b.toFixed(0)} ms ${range(bare)}: +${(h - b).toFixed(0)} ms ` +
      `(cpu ${median(help.map((x) => x.cpu)).toFixed(0)} ms vs ${median(bare.map((x) => x.cpu)).toFixed(0)} ms)`,
  );
}

console.log(`sitegen build benchmark: medians of ${RUNS} runs [min–max], ${os.availableParallelism()} cores, each run a process of its own${timedEnvNote()}`);
timed([BIN, '--version']); // compiles lib/ first if src/ changed, outside the measurements
const realCopy = await copyRealSite('sitegen-bench-real-');
const synthetic = await syntheticSite();
const folders = await scratch('sitegen-bench-build-');
try {
  const real = await measureSite('real site', '1x', realCopy, folders);
  const big = await measureSite('20x site', '20x', synthetic, folders);
  console.log(`memory: peak RSS of a cold build at 20x is ${(big.peak / real.peak).toFixed(2)}x its peak at 1x, the largest of ${RUNS} each (${real.peak.toFixed(0)} -> ${big.peak.toFixed(0)} MB; floor ${real.peakFloor.toFixed(0)} -> ${big.peakFloor.toFixed(0)} MB)`);
  cliStart();
} finally {
  await folders.remove();
  await rm(realCopy, { recursive: true, force: true });
  await rm(synthetic, { recursive: true, force: true });
}
