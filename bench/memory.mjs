#!/usr/bin/env node
/**
 * What a cold build's peak memory is made of: runs `sitegen build` once on a site with this file
 * preloaded into it, which samples every 20 ms the process's RSS and, in the main thread and in
 * each render worker, V8's heap spaces (physical sizes) and Node's external memory, then prints
 * the samples nearest the peak RSS, thread by thread, and a timeline of the build.
 *
 *   node bench/memory.mjs <root> [--every <ms>]
 *
 * In the build's process (MEMORY_SAMPLES set) it is the sampler: each thread appends its samples
 * to a file of its own, as a worker may be terminated without an exit event. A render worker is
 * started from eval'd code, which --import does not reach: the sampler wraps Worker so that an
 * eval'd worker loads it first.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { isMainThread, threadId } from 'node:worker_threads';

const SELF = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
const COLUMNS = ['ms', 'rss', 'heap', 'new', 'old', 'code', 'large', 'external'];

if (process.env.MEMORY_SAMPLES) sample(process.env.MEMORY_SAMPLES, Number(process.env.MEMORY_EVERY ?? 20));
else report(process.argv.slice(2));

function sample(dir, every) {
  const file = path.join(dir, `thread-${threadId}.tsv`);
  const start = Number(process.env.MEMORY_START);
  let lines = [];
  const take = () => {
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]));
    const mem = process.memoryUsage();
    const row = [Date.now() - start, mem.rss, v8.getHeapStatistics().total_physical_size, spaces.new_space, spaces.old_space, spaces.code_space, spaces.large_object_space + spaces.new_large_object_space, mem.external];
    lines.push(row.map((v, i) => (i ? (v / MB).toFixed(1) : v)).join('\t'));
    if (lines.length >= 10) flush();
  };
  const flush = () => {
    appendFileSync(file, lines.map((l) => l + '\n').join(''));
    lines = [];
  };
  setInterval(take, every).unref();
  process.on('exit', () => (take(), flush()));
  if (!isMainThread) return;
  const threads = createRequire(SELF)('node:worker_threads');
  const Worker = threads.Worker;
  threads.Worker = class extends Worker {
    constructor(code, options) {
      super(options?.eval ? `import(${JSON.stringify(SELF)});\n${code}` : code, options);
    }
  };
  syncBuiltinESMExports();
}

function report(args) {
  const root = args[0];
  if (!root) throw new Error('usage: node bench/memory.mjs <root> [--every <ms>]');
  const every = args.includes('--every') ? args[args.indexOf('--every') + 1] : '20';
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'sitegen-memory-'));
  const samples = path.join(tmp, 'samples');
  try {
    mkdirSync(samples);
    const bin = path.join(path.dirname(path.dirname(SELF)), 'bin', 'sitegen');
    const env = { ...process.env, NODE_ENV: 'production', MEMORY_SAMPLES: samples, MEMORY_EVERY: every, MEMORY_START: String(Date.now()) };
    const build = [process.execPath, '--import', SELF, bin, 'build', '--root', path.resolve(root), '--out', path.join(tmp, 'out'), '--cache-dir', path.join(tmp, 'cache')];
    const run = spawnSync('/usr/bin/time', ['-f', '%e s wall, %U s user, %S s sys, peak RSS %M KB', ...build], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
    console.log(run.stderr.trim().split('\n').at(-1));
    const threads = readdirSync(samples).sort().map((f) => ({ name: f.replace('.tsv', ''), rows: rowsOf(path.join(samples, f)) }));
    const main = threads.find((t) => t.name === 'thread-0') ?? threads[0];
    const peak = main.rows.reduce((a, b) => (b.rss > a.rss ? b : a));
    console.log(`peak RSS ${peak.rss} MB at ${peak.ms} ms of ${main.rows.at(-1).ms} ms; nearest samples, in MB (physical):`);
    console.log(['thread'.padEnd(10), ...COLUMNS.slice(2)].join('\t'));
    let heaps = 0;
    for (const t of threads) {
      const near = t.rows.reduce((a, b) => (Math.abs(b.ms - peak.ms) < Math.abs(a.ms - peak.ms) ? b : a));
      heaps += near.heap;
      console.log([t.name.padEnd(10), ...COLUMNS.slice(2).map((c) => near[c])].join('\t'));
    }
    // The rest: Node's own code and data, malloc's arenas (one per thread that allocates), stacks.
    console.log(`outside V8's heaps: ${(peak.rss - heaps).toFixed(1)} MB`);
    console.log('\ntimeline (main thread):\n' + COLUMNS.join('\t'));
    const step = Math.max(1, Math.floor(main.rows.length / 20));
    for (const row of main.rows.filter((_, i) => i % step === 0)) console.log(COLUMNS.map((c) => row[c]).join('\t'));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

function rowsOf(file) {
  return readFileSync(file, 'utf8').trim().split('\n').map((line) => Object.fromEntries(line.split('\t').map((v, i) => [COLUMNS[i], Number(v)])));
}
