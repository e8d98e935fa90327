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
 * How many calls V8's optimizing compiler inlines into a function that calls a mid-sized function
 * four times, before and after optimizeLater() (traced by --trace-turbo-inlining).
 */
const INLINING = `
import v8 from 'node:v8';
import { optimizeLater } from ${JSON.stringify(path.join(REPO, 'src', 'optimize-later.ts'))};
v8.setFlagsFromString('--allow-natives-syntax');
let made = 0;
function probe() {
  // Functions of their own source each time, so that nothing of an earlier one's tiering is shared.
  new Function(\`
    // \${made++}
    function callee(n) { let s = 0; for (let i = 0; i < n; i++) { s += (i * 31) % 7; s ^= i << 2; s += (s >> 3) & 5; s -= i % 3; s += (i * 17) % 11; s ^= (s << 1) & 255; s += i % 5; } return s; }
    function caller(n) { return callee(n) + callee(n + 1) + callee(n + 2) + callee(n + 3); }
    %PrepareFunctionForOptimization(caller);
    %PrepareFunctionForOptimization(callee);
    for (let i = 0; i < 50; i++) caller(10);
    %OptimizeFunctionOnNextCall(caller);
    caller(10);
  \`)();
}
probe();
console.log('optimizeLater');
optimizeLater();
probe();
`;

describe('optimizeLater', () => {
  it('has V8 inline less into the functions it optimizes', async () => {
    const { stdout } = await exec(process.execPath, ['--trace-turbo-inlining', '--import', 'tsx', '--input-type=module', '-e', INLINING], { cwd: REPO });
    const [before, after] = stdout.split('optimizeLater\n').map((part) => part.split('\n').filter((line) => /^Inlining .*<SharedFunctionInfo callee>.* into .*<SharedFunctionInfo caller>/.test(line)).length);
    expect(before).toBe(4);
    expect(after).toBeLessThan(2);
  });

  it('makes a function run about four times as often before V8 optimizes it', async () => {
    const { stdout } = await exec(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: REPO });
    const { before, after } = JSON.parse(stdout) as { before: number; after: number };
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(100000);
    expect(after).toBeGreaterThanOrEqual(3 * before);
    expect(after).toBeLessThan(100000);
  });

  it('is set by `sitegen build` once the build knows it renders, not by a build with nothing changed', async () => {
    // V8 accepts the code caches Node ships its own modules with only under the flags they were
    // made with: each of them loaded after the flag changed was compiled from source, and a new
    // cache made of it (31 of them in a rebuild after a message edit of the real site).
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-optimize-later-'));
    try {
      const hook = path.join(dir, 'hook.mjs');
      await writeFile(
        hook,
        "import v8 from 'node:v8'; import { writeSync } from 'node:fs'; const set = v8.setFlagsFromString;" +
          " v8.setFlagsFromString = (flags) => { if (flags.includes('--interrupt-budget')) writeSync(2, 'interrupt budget set\\n'); return set(flags); };",
      );
      const root = await site();
      const build = async () => {
        const { stderr } = await exec(process.execPath, ['--import', pathToFileURL(hook).href, path.join(REPO, 'bin', 'sitegen'), 'build', '--root', root, '--out', 'out', '--cache-dir', path.join(dir, 'cache')]);
        return stderr.split('\n').filter((line) => line === 'interrupt budget set').length;
      };
      expect(await build()).toBe(1);
      expect(await build()).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
