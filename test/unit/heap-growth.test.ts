/**
 * `sitegen build` holds the young generation of a large build at the size it has as the plan is
 * made (src/heap-growth.ts). Measured in a process of its own (V8's flags are the process's):
 * the young generation's size after allocating objects that survive scavenges, which V8 grows it
 * for, and the young generation a render worker starts with.
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { fixtureSites, REPO } from '../helpers/site.ts';

const exec = promisify(execFile);

const script = (steps: string) => `
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { capYoungGeneration, holdYoungGeneration, limitHeapGrowth, workerStart } from ${JSON.stringify(path.join(REPO, 'src', 'heap-growth.ts'))};
const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
// Objects that live through a few scavenges each: what V8 grows the young generation for.
function survivors() {
  let kept = [];
  for (let i = 0; i < 3e6; i++) {
    kept.push({ i, s: 'x' + i });
    if (kept.length > 20000) kept = [];
  }
}
// A worker as render/pool.ts starts them (through workerStart): it tells its young generation's size
// as it starts and after allocating as the main thread does. It answers and is gone at once, often
// before the main thread hears it is online: the hold must not depend on hearing that.
const WORKER = "Promise.all([import('node:v8'), import('node:worker_threads')]).then(([{ default: v8 }, { parentPort }]) => { const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size; const start = young(); " + survivors.toString() + " survivors(); parentPort.postMessage({ start, end: young() }); })";
const worker = () => new Promise((resolve, reject) => {
  const w = new Worker(workerStart(WORKER), { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  w.once('message', (m) => w.terminate().then(() => resolve(m)), reject);
  w.once('error', reject);
});
const sizes = { start: young() };
${steps}
console.log(JSON.stringify(sizes));
`;

async function run(steps: string): Promise<Record<string, number | { start: number; end: number }>> {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(steps)], { cwd: REPO });
  return JSON.parse(stdout);
}

const MB = 1024 * 1024;

describe('holdYoungGeneration', () => {
  it('holds the young generation of a build of 1,000 (page, locale) pairs, also once a render worker has started, which starts at its full size', async () => {
    const sizes = await run(`
holdYoungGeneration(1000);
survivors();
sizes.held = young();
sizes.worker = await worker();
sizes.workerStarted = young();
survivors();
sizes.afterWorker = young();
limitHeapGrowth(1000);
survivors();
sizes.rendering = young();`);
    expect(sizes.held).toBe(sizes.start);
    // A scavenge due as the worker's heap was set up (which puts the factor back to 2) may have
    // grown it once before the worker's first line set it again (see heap-growth.ts); never after.
    // V8 may also shrink it at any scavenge (more often on a loaded machine, where a test in
    // parallel took it from 4 to 2 MB): what the hold prevents is growth past that size. Without
    // the worker's first line it grew to 32 MB here.
    const bound = Math.max(sizes.held as number, sizes.workerStarted as number);
    expect(sizes.afterWorker).toBeLessThanOrEqual(bound);
    expect(sizes.rendering).toBeLessThanOrEqual(bound);
    // maxYoungGenerationSizeMb 12: semi-spaces of 4 MB, from the start.
    expect(sizes.worker).toEqual({ start: 8 * MB, end: 8 * MB });
  });

  it('leaves the young generation of a smaller build to grow', async () => {
    const sizes = await run(`
holdYoungGeneration(999);
survivors();
sizes.small = young();`);
    expect(sizes.small).toBeGreaterThan(sizes.start as number);
  });

  it('holds the young generation of a build that renders few pages (most from the build cache) until the build ends', async () => {
    const sizes = await run(`
const end = capYoungGeneration();
holdYoungGeneration(288);
// The real site's one-message edit: 1 page rendered, 269 from the build cache (a tenth each).
limitHeapGrowth(28);
survivors();
sizes.few = young();
end();
survivors();
sizes.ended = young();`);
    expect(sizes.few).toBe(sizes.start);
    expect(sizes.ended).toBeGreaterThan(sizes.few as number);
  });

  it("holds a rebuild's young generation from its plan on (the build cache holds pages), and lets it grow again if its render turns out large", async () => {
    const sizes = await run(`
holdYoungGeneration(288, true);
survivors();
sizes.plan = young();
limitHeapGrowth(28);
survivors();
sizes.few = young();`);
    expect(sizes.plan).toBe(sizes.start);
    expect(sizes.few).toBe(sizes.start);
    const large = await run(`
holdYoungGeneration(288, true);
survivors();
sizes.plan = young();
// A template's edit: every page renders again.
limitHeapGrowth(270);
survivors();
sizes.rendering = young();`);
    expect(large.plan).toBe(large.start);
    expect(large.rendering).toBeGreaterThan(large.start as number);
  });

  it('leaves the young generation of a build that renders more pages of a smaller site to grow', async () => {
    const sizes = await run(`
holdYoungGeneration(288);
limitHeapGrowth(270);
survivors();
sizes.rendering = young();`);
    expect(sizes.rendering).toBeGreaterThan(sizes.start as number);
  });

  it('lets a held young generation grow again, and a worker start small, when the build cache spares most renders', async () => {
    const sizes = await run(`
holdYoungGeneration(5000);
limitHeapGrowth(500);
survivors();
sizes.released = young();
sizes.worker = await worker();`);
    expect(sizes.released).toBeGreaterThan(sizes.start as number);
    const worker = sizes.worker as { start: number; end: number };
    expect(worker.end).toBeGreaterThan(worker.start);
  });
});

describe('limitHeapGrowth', () => {
  it('collects the heap once as it limits its growth, so that the garbage of the stages before the render is not carried into it; not for a smaller build', async () => {
    const sizes = await run(`
const used = () => v8.getHeapStatistics().used_heap_size;
// Objects that outlive a few scavenges (moved to the old generation), then garbage: only a full collection frees them.
let kept = Array.from({ length: 300000 }, (_, i) => ({ i }));
survivors();
kept = undefined;
sizes.garbage = used();
limitHeapGrowth(999);
sizes.small = used();
limitHeapGrowth(1000);
sizes.large = used();`);
    const { garbage, small, large } = sizes as Record<string, number>;
    expect(small).toBeGreaterThan(garbage - 2 * MB);
    expect(large).toBeLessThan(small - 8 * MB);
  });

  it("has a large build's threads scavenge alone, without V8's helper tasks; not a smaller build's", async () => {
    /** Scavenges after limitHeapGrowth(pages), and how many of them V8's helper threads took part in (--trace-gc-nvp). */
    const scavenges = async (pages: number) => {
      const script = `
import { limitHeapGrowth } from ${JSON.stringify(path.join(REPO, 'src', 'heap-growth.ts'))};
limitHeapGrowth(${pages});
console.log('limited');
let kept = [];
for (let i = 0; i < 2e6; i++) {
  kept.push({ i, s: 'x' + i });
  if (kept.length > 100000) kept = [];
}`;
      // Semi-spaces of 8 MB, as a render thread's: V8 hands out a scavenge's work by the young generation's size.
      const { stdout } = await exec(process.execPath, ['--trace-gc-nvp', '--min-semi-space-size=8', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: REPO });
      const lines = stdout.slice(stdout.indexOf('limited\n')).split('\n').filter((line) => / gc=s /.test(line));
      return { all: lines.length, helped: lines.filter((line) => Number(/background\.scavenge\.parallel=([\d.]+)/.exec(line)?.[1]) > 0).length };
    };
    const small = await scavenges(999);
    const large = await scavenges(1000);
    expect(small.helped).toBeGreaterThan(0);
    expect(large.all).toBeGreaterThan(5);
    expect(large.helped).toBe(0);
  });
});

const sites = fixtureSites('basic');

/**
 * Preloaded into `sitegen build`: prints the main thread's young generation as the first render
 * worker is made and as the build exits. Meanwhile the main thread is kept busy with objects that
 * live through scavenges (what V8 grows the young generation for), as a build's main thread may be
 * (its site files' writes, the check) while its worker starts.
 */
const YOUNG = `
import v8 from 'node:v8';
import { createRequire, syncBuiltinESMExports } from 'node:module';
const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
const threads = createRequire(import.meta.url)('node:worker_threads');
let atWorker;
threads.Worker = class extends threads.Worker {
  constructor(code, options) {
    super(code, options);
    if (atWorker !== undefined) return;
    atWorker = young();
    setImmediate(() => {
      let kept = [];
      for (let i = 0; i < 2e6; i++) {
        kept.push({ i });
        if (kept.length > 200000) kept = [];
      }
    });
  }
};
syncBuiltinESMExports();
process.on('exit', () => process.stderr.write('young ' + JSON.stringify({ atWorker, end: young() }) + '\\n'));
`;

describe('sitegen build', () => {
  it('holds the young generation of a build of 1,000 (page, locale) pairs from its plan on, also while its render worker starts', async () => {
    // 334 routes in 3 locales, and 20,000 messages more in en, which the build checks before it renders.
    const pages: Record<string, string> = {};
    for (let i = 0; i < 334; i++) pages[`pages/more/p${i}.tsx`] = "export { default, head, layout } from '../about.tsx';\n";
    const root = await sites(pages);
    const en = JSON.parse(await readFile(path.join(root, 'locales', 'en.json'), 'utf8'));
    en.bulk = Object.fromEntries(Array.from({ length: 20000 }, (_, i) => [`m${i}`, `Message ${i} of the bulk, with {count, plural, one {# word} other {# words}} in it`]));
    await writeFile(path.join(root, 'locales', 'en.json'), JSON.stringify(en));
    await writeFile(path.join(root, 'young.mjs'), YOUNG);
    const { stderr } = await exec(process.execPath, ['--import', path.join(root, 'young.mjs'), path.join(REPO, 'bin', 'sitegen'), 'build', '--root', root, '--no-cache'], { cwd: root });
    const { atWorker, end } = JSON.parse(/^young (.*)$/m.exec(stderr)![1]!) as { atWorker: number; end: number };
    // Held from the render's start it had grown to V8's largest, 32 MB (16 MB semi-spaces), before
    // the plan; held from the plan on it is 8 MB (16 after a compile of lib/ in the same process).
    // The main thread busy while its worker's heap was set up (which lets go of the hold, see
    // heap-growth.ts) grew it to 32 MB from there: now it waits, and it does not grow.
    expect(atWorker).toBeLessThan(32 * MB);
    expect(end).toBe(atWorker);
  }, 60_000);
});

describe('asDefaultGrowth', () => {
  it("takes and makes the code cache of a build that renders few pages under V8's own flags, as a build that renders more does", async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'sitegen-heap-flags-')), 'probe.v8cache');
    const steps = (pages: number) => `
import fs from 'node:fs';
import vm from 'node:vm';
import { asDefaultGrowth, holdYoungGeneration, limitHeapGrowth } from ${JSON.stringify(path.join(REPO, 'src', 'heap-growth.ts'))};
holdYoungGeneration(288);
// The real site's cold build (270 pages) or its one-message edit (~28, most pages from the build cache).
limitHeapGrowth(${pages});
const code = 'function f(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; } f(1000);';
const cachedData = fs.existsSync(${JSON.stringify(file)}) ? fs.readFileSync(${JSON.stringify(file)}) : undefined;
const script = asDefaultGrowth(() => new vm.Script(code, { filename: 'probe.js', cachedData }));
script.runInThisContext();
fs.writeFileSync(${JSON.stringify(file)}, asDefaultGrowth(() => script.createCachedData()));
console.log(JSON.stringify({ accepted: cachedData ? !script.cachedDataRejected : null }));`;
    const build = async (pages: number) => JSON.parse((await exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', steps(pages)], { cwd: REPO })).stdout) as { accepted: boolean | null };
    try {
      expect(await build(270)).toEqual({ accepted: null });
      expect(await build(28)).toEqual({ accepted: true });
      expect(await build(28)).toEqual({ accepted: true });
      expect(await build(270)).toEqual({ accepted: true });
    } finally {
      await rm(path.dirname(file), { recursive: true, force: true });
    }
  });
});

describe('heapFlagsChanged', () => {
  /** A process of a build of 5,000 pairs that renders `pages` (a tenth for each from the build cache): whether it says its flags changed, and whether V8 takes the code cache in `file`, then writes its own there. */
  const build = async (pages: number, file: string) => {
    const steps = `
import fs from 'node:fs';
import vm from 'node:vm';
import { heapFlagsChanged, holdYoungGeneration, limitHeapGrowth } from ${JSON.stringify(path.join(REPO, 'src', 'heap-growth.ts'))};
holdYoungGeneration(5000);
limitHeapGrowth(${pages});
const code = 'function f(n) { let s = 0; for (let i = 0; i < n; i++) s += i; return s; } f(1000);';
const cachedData = fs.existsSync(${JSON.stringify(file)}) ? fs.readFileSync(${JSON.stringify(file)}) : undefined;
const script = new vm.Script(code, { filename: 'probe.js', cachedData });
script.runInThisContext();
console.log(JSON.stringify({ changed: heapFlagsChanged(), accepted: cachedData ? !script.cachedDataRejected : null }));
fs.writeFileSync(${JSON.stringify(file)}, script.createCachedData());`;
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', steps], { cwd: REPO });
    return JSON.parse(stdout) as { changed: boolean; accepted: boolean | null };
  };

  it('says when a code cache made now would be refused by a rebuild (render/code-cache.ts), and only then', async () => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'sitegen-heap-flags-')), 'probe.v8cache');
    try {
      // A large cold build: its cache is refused by the rebuild after it, whose flags are V8's again by its render.
      expect(await build(5000, file)).toEqual({ changed: true, accepted: null });
      expect(await build(500, file)).toEqual({ changed: false, accepted: false });
      // That rebuild's cache serves the next one.
      expect(await build(500, file)).toEqual({ changed: false, accepted: true });
    } finally {
      await rm(path.dirname(file), { recursive: true, force: true });
    }
  });
});
