/**
 * `sitegen build` has V8 optimize a function only once it has run four times as long as V8's
 * default asks (src/optimize-later.ts). Measured in a process of its own (V8's flags are the
 * process's): how many calls of a small function it takes until V8 queues it for optimization,
 * before and after optimizeLater().
 */
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { fixtureSites, REPO } from '../helpers/site.ts';

const exec = promisify(execFile);
const site = fixtureSites('basic');

const SCRIPT = `
import v8 from 'node:v8';
import { optimizeLater } from ${JSON.stringify(path.join(REPO, 'src', 'optimize-later.ts'))};
v8.setFlagsFromString('--allow-natives-syntax');
const status = new Function('f', 'return %GetOptimizationStatus(f)');
// V8's status bits: optimized (16), by TurboFan (64), marked for optimization (256, 512), being optimized (1024).
const QUEUED = 16 | 64 | 256 | 512 | 1024;
let made = 0;
function callsUntilQueued() {
  // A function of its own source each time, so that nothing of an earlier one's tiering is shared.
  const work = new Function('n', '// ' + made++ + '\\nlet s = 0; for (let i = 0; i < 10; i++) s += (n * i) % 7; return s;');
  let calls = 0;
  while (!(status(work) & QUEUED) && calls < 100000) work(calls++);
  return calls;
}
const before = callsUntilQueued();
optimizeLater();
console.log(JSON.stringify({ before, after: callsUntilQueued() }));
`;

/**
 * Five functions that each call a mid-sized function (118 bytes of bytecode) four times, made
 * optimized, with optimizeLater() called first when the script is given `later`; V8 traces what
 * it inlines (--trace-turbo-inlining). One process each: V8 prints its trace through C's buffered
 * stdout, so a marker the script printed between two probes did not reliably fall between their
 * traces. Five, as V8 does not inline all it may every time: by default 2, 3 or 4 of the calls.
 */
const INLINING = `
import v8 from 'node:v8';
import { optimizeLater } from ${JSON.stringify(path.join(REPO, 'src', 'optimize-later.ts'))};
v8.setFlagsFromString('--allow-natives-syntax');
if (process.argv.includes('later')) optimizeLater();
for (let made = 0; made < 5; made++) {
  // Functions of their own source each time, so that nothing of an earlier one's tiering is shared.
  new Function(\`
    // \${made}
    function callee(n) { let s = 0; for (let i = 0; i < n; i++) { s += (i * 31) % 7; s ^= i << 2; s += (s >> 3) & 5; s -= i % 3; s += (i * 17) % 11; s ^= (s << 1) & 255; s += i % 5; } return s; }
    function caller(n) { return callee(n) + callee(n + 1) + callee(n + 2) + callee(n + 3); }
    %PrepareFunctionForOptimization(caller);
    %PrepareFunctionForOptimization(callee);
    for (let i = 0; i < 50; i++) caller(10);
    %OptimizeFunctionOnNextCall(caller);
    caller(10);
  \`)();
}
`;

describe('optimizeLater', () => {
  it('has V8 inline less into the functions it optimizes', async () => {
    /** The most calls inlined into one of the five callers. */
    const inlined = async (...args: string[]) => {
      const { stdout } = await exec(process.execPath, ['--trace-turbo-inlining', '--import', 'tsx', '--input-type=module', '-e', INLINING, ...args], { cwd: REPO });
      const callers = stdout.split('\n').map((line) => /^Inlining .*<SharedFunctionInfo callee>.* into .*\{(0x[0-9a-f]+) <SharedFunctionInfo caller>/.exec(line)?.[1]).filter(Boolean);
      expect(new Set(callers).size).toBeGreaterThan(0);
      return Math.max(...[...new Set(callers)].map((caller) => callers.filter((c) => c === caller).length));
    };
    const [before, after] = await Promise.all([inlined(), inlined('later')]);
    // 150 bytes in all: one call of the four.
    expect(before).toBeGreaterThanOrEqual(2);
    expect(after).toBeLessThanOrEqual(1);
  });

  it('makes a function run about four times as often before V8 optimizes it', async () => {
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: REPO });
    const { before, after } = JSON.parse(stdout) as { before: number; after: number };
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100000);
    expect(after).toBeGreaterThanOrEqual(3 * before);
    expect(after).toBeLessThan(100000);
  });

  /** How many times a `sitegen` process with these arguments set the interrupt budget. */
  async function budgetSets(dir: string, args: string[]): Promise<number> {
    const hook = path.join(dir, 'hook.mjs');
    await writeFile(
      hook,
      "import v8 from 'node:v8'; import { writeSync } from 'node:fs'; const set = v8.setFlagsFromString;" +
        " v8.setFlagsFromString = (flags) => { if (flags.includes('--interrupt-budget')) writeSync(2, 'interrupt budget set\\n'); return set(flags); };",
    );
    // Exit code 1 is a check that found errors; the flags were set all the same.
    const { stderr } = await exec(process.execPath, ['--import', pathToFileURL(hook).href, path.join(REPO, 'bin', 'sitegen'), ...args]).catch((err: { code?: number; stderr: string }) => {
      if (err.code !== 1) throw err;
      return err;
    });
    return stderr.split('\n').filter((line) => line === 'interrupt budget set').length;
  }

  it('is set by `sitegen build` once the build knows it renders, not by a build with nothing changed', async () => {
    // V8 accepts the code caches Node ships its own modules with only under the flags they were
    // made with: each of them loaded after the flag changed was compiled from source, and a new
    // cache made of it (31 of them in a rebuild after a message edit of the real site).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-optimize-later-'));
    try {
      const root = await site();
      const build = () => budgetSets(dir, ['build', '--root', root, '--out', 'out', '--cache-dir', path.join(dir, 'cache')]);
      expect(await build()).toBe(1);
      expect(await build()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('is set by `sitegen check`, which renders the pages in memory and checks every message once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-optimize-later-'));
    try {
      expect(await budgetSets(dir, ['check', '--root', await site()])).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
