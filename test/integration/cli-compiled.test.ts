/**
 * bin/sitegen runs the CLI compiled to plain JavaScript (lib/, by scripts/compile.mjs), without a
 * TypeScript loader, and a source checkout never runs stale compiled code: an edit of src/ is
 * compiled before the next command runs. Tested on a copy of the package, so the repository's own
 * lib/ is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import { editFile, fixtureCopy, REPO, snapshotTree } from '../helpers/site.ts';

const exec = promisify(execFile);
/** Prints whether V8 accepts the code cache beside the compiled file of lib/ given as argument (its header cut off). */
const CACHE_ACCEPTED = `
const fs = require('node:fs'), vm = require('node:vm');
const file = process.argv[1], code = fs.readFileSync(file, 'utf8'), cache = fs.readFileSync(file + '.v8cache');
const key = code.slice(code.lastIndexOf('\\n', code.length - 2) + 1);
if (cache.toString('utf8', 0, key.length) !== key) throw new Error('the cache is not headed by the key of the code');
// The key, then the cache's CRC-32 (8 hex digits and a newline).
const script = new vm.Script(code, { filename: file, cachedData: cache.subarray(key.length + 9) });
console.log(script.cachedDataRejected ? 'refused' : 'accepted');
`;
let pkg: string;

/** Runs the copy's bin with plain `node` (no loader flags), from an unrelated folder. */
async function sitegen(...args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [path.join(pkg, 'bin', 'sitegen'), ...args], { cwd: os.tmpdir() });
  return stdout;
}

beforeAll(async () => {
  pkg = await mkdtemp(path.join(os.tmpdir(), 'sitegen-pkg-'));
  for (const part of ['bin', 'scripts', 'src', 'starter', 'package.json']) await cp(path.join(REPO, part), path.join(pkg, part), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
});

afterAll(() => rm(pkg, { recursive: true, force: true }));

describe('compiled CLI', () => {
  it('compiles lib/ on first use and runs it as plain JavaScript', async () => {
    expect(existsSync(path.join(pkg, 'lib'))).toBe(false);
    expect(await sitegen('--help')).toContain('Usage: sitegen');
    const cli = await readFile(path.join(pkg, 'lib', 'cli.cjs'), 'utf8');
    expect(cli).toContain('// src/cli.ts');
    // Commands load their implementation on use: the front holds the commands' options only, and
    // imports the rest (ES modules) when a command runs.
    expect(cli).not.toMatch(/require\("(esbuild|react)"\)|\/\/ src\/(build|errors)\.ts/);
    expect(cli).toContain('__sitegenImport("./commands.cjs")');
    // Nor does any other file: esbuild's API is loaded where it runs, which a build whose bundles
    // all come from the build cache never reaches (loading it costs as much CPU as a bare Node start).
    const chunks = await readdir(path.join(pkg, 'lib', 'chunks'));
    for (const name of chunks.filter((n) => n.endsWith('.js'))) {
      expect(await readFile(path.join(pkg, 'lib', 'chunks', name), 'utf8'), name).not.toMatch(/from "esbuild"/);
    }
    const commands = await readFile(path.join(pkg, 'lib', 'commands.cjs'), 'utf8');
    expect(commands).toContain('// src/build.ts');
    expect(commands).not.toMatch(/require\("esbuild"\)/);
    // ASCII only, so that V8 keeps each as a one-byte string: one other character made the
    // commands' 558 KB a two-byte string, which every build read, decoded and compiled.
    for (const text of [cli, commands]) expect(/[^\x00-\x7f]/.exec(text)?.[0]).toBeUndefined();
  });

  it('recompiles when a source file changed since the last compile', async () => {
    await sitegen('--version');
    const file = path.join(pkg, 'src', 'cli.ts');
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace('Static site generator:', 'Edited generator:'));
    expect(await sitegen('--help')).toContain('Edited generator: renders React pages');
  });

  it('recompiles when a source file is removed: a missing import fails, naming the file, instead of running stale code', async () => {
    await sitegen('--version');
    // A module of the front (lib/cli.cjs), which every start checks.
    const file = path.join(pkg, 'src', 'logger.ts');
    const source = await readFile(file, 'utf8');
    await rm(file);
    try {
      await expect(sitegen('--version')).rejects.toThrow(/Could not resolve "\.\/logger\.ts"/);
    } finally {
      await writeFile(file, source);
    }
    expect(await sitegen('--version')).toBe('0.1.0\n');
  });

  it("checks the commands' sources before a command loads them, not at a start that runs none", async () => {
    await sitegen('--version');
    const inputs = path.join(pkg, 'lib', 'inputs.json');
    const { front, rest } = JSON.parse(await readFile(inputs, 'utf8')) as Record<'front' | 'rest', Record<string, number>>;
    expect(Object.keys(front)).toContain('src/cli.ts');
    expect(Object.keys(front)).not.toContain('src/cache/prune.ts');
    expect(Object.keys(rest)).toEqual(expect.arrayContaining(['src/cache/', 'src/cache/prune.ts']));
    // In a folder of the commands alone (a file removed from src/ itself would change a folder of the front).
    const file = path.join(pkg, 'src', 'cache', 'prune.ts');
    const source = await readFile(file, 'utf8');
    const site = await fixtureCopy('basic');
    const build = () => sitegen('build', '--root', site, '--out', path.join(site, 'out'), '--no-cache');
    try {
      await rm(file);
      try {
        // The front is what it was compiled from: `--version` runs it, and lib/ is left as it is.
        const before = statSync(inputs).mtimeMs;
        expect(await sitegen('--version')).toBe('0.1.0\n');
        expect(statSync(inputs).mtimeMs).toBe(before);
        // A command loads the rest: it is compiled first, and the missing import fails, naming the file.
        await expect(build()).rejects.toThrow(/Could not resolve "\.\/cache\/prune\.ts"/);
      } finally {
        await writeFile(file, source);
      }
      expect(await build()).toMatch(/^built \d+ pages/);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('recompiles when a file is added to a folder of src/', async () => {
    await sitegen('--version');
    const { mtimeMs } = statSync(path.join(pkg, 'lib', 'inputs.json'));
    const added = path.join(pkg, 'src', 'check', 'added.ts');
    await writeFile(added, 'export const added = 1;\n');
    try {
      await sitegen('--version');
      expect(statSync(path.join(pkg, 'lib', 'inputs.json')).mtimeMs).toBeGreaterThan(mtimeMs);
    } finally {
      await rm(added);
    }
  });

  it('starts without node:child_process, which the bundled commander requires only for subcommands that are programs', async () => {
    await sitegen('--version');
    const hook = path.join(pkg, 'module-list.cjs');
    await writeFile(hook, "process.on('exit', () => process.stderr.write(JSON.stringify(process.moduleLoadList)));\n");
    try {
      const { stdout, stderr } = await exec(process.execPath, ['-r', hook, path.join(pkg, 'bin', 'sitegen'), '--help']);
      expect(stdout).toContain('Usage: sitegen');
      expect(JSON.parse(stderr)).not.toContain('NativeModule child_process');
    } finally {
      await rm(hook);
    }
  });

  it('starts from the V8 code cache its compile made, which this Node accepts', async () => {
    await sitegen('--version');
    const front = path.join(pkg, 'lib', 'cli.cjs');
    const accepted = await exec(process.execPath, ['-e', CACHE_ACCEPTED, front]);
    expect(accepted.stdout.trim()).toBe('accepted');
  });

  it("runs the build's commands from the V8 code cache its compile made by building the starter, which this Node accepts", async () => {
    await sitegen('--version');
    const accepted = await exec(process.execPath, ['-e', CACHE_ACCEPTED, path.join(pkg, 'lib', 'commands.cjs')]);
    expect(accepted.stdout.trim()).toBe('accepted');
  });

  it("builds the same files when the commands' code cache is garbage, cut short or missing", async () => {
    await sitegen('--version');
    const site = await fixtureCopy('basic');
    const cacheFile = path.join(pkg, 'lib', 'commands.cjs.v8cache');
    const good = await readFile(cacheFile);
    const key = good.subarray(0, good.indexOf('\n') + 1);
    const build = async (out: string) => {
      await sitegen('build', '--root', site, '--out', out, '--no-cache');
      return snapshotTree(out);
    };
    try {
      const expected = await build(path.join(site, 'out-good'));
      for (const [name, cache] of [
        ['garbage', Buffer.from('not a code cache at all\n'.repeat(100))],
        ['cut short', good.subarray(0, good.length / 2)],
        ['headed by its key, then garbage', Buffer.concat([key, Buffer.alloc(good.length - key.length, 7)])],
      ] as const) {
        await writeFile(cacheFile, cache);
        expect(await build(path.join(site, `out-${name.replaceAll(' ', '-')}`)), name).toEqual(expected);
      }
      await rm(cacheFile);
      expect(await build(path.join(site, 'out-none'))).toEqual(expected);
    } finally {
      await writeFile(cacheFile, good);
      await rm(site, { recursive: true, force: true });
    }
  });

  it('never runs a code cache with a few bytes changed, which V8 would abort the process on', async () => {
    await sitegen('--version');
    const site = await fixtureCopy('basic');
    const files = ['cli.cjs.v8cache', 'commands.cjs.v8cache'].map((name) => path.join(pkg, 'lib', name));
    const goods = await Promise.all(files.map((file) => readFile(file)));
    const build = async (out: string) => {
      await sitegen('build', '--root', site, '--out', out, '--no-cache');
      return snapshotTree(out);
    };
    try {
      const expected = await build(path.join(site, 'out-good'));
      // Bytes past each header changed here and there, as a damaged disk or copy would: V8 checks
      // a cache's header but (in a release build) not its checksum, and aborts as it deserialises.
      for (const [i, file] of files.entries()) {
        const damaged = Buffer.from(goods[i]);
        for (let at = 2000; at < damaged.length; at += 997) damaged[at] ^= 0x5a;
        await writeFile(file, damaged);
      }
      expect(await sitegen('--help')).toContain('Usage: sitegen');
      expect(await build(path.join(site, 'out-damaged'))).toEqual(expected);
    } finally {
      await Promise.all(files.map((file, i) => writeFile(file, goods[i])));
      await rm(site, { recursive: true, force: true });
    }
  });

  it("runs React's server renderer from the code cache the first build left in its build cache, never from one with a few bytes changed", async () => {
    await sitegen('--version');
    const site = await fixtureCopy('basic');
    const cacheDir = path.join(site, '.cache');
    const build = async (out: string, cache = true) => {
      await sitegen('build', '--root', site, '--out', out, ...(cache ? ['--cache-dir', cacheDir] : ['--no-cache']));
      return snapshotTree(out);
    };
    try {
      await build(path.join(site, 'out-first'));
      const [name, ...others] = await readdir(path.join(cacheDir, 'code'));
      expect(others).toEqual([]);
      const cacheFile = path.join(cacheDir, 'code', name!);
      // Headed by the CRC-32 of the rest (8 hex digits and a newline).
      const crcOk = (bytes: Buffer) => bytes.toString('latin1', 0, 9) === `${crc32(bytes.subarray(9)).toString(16).padStart(8, '0')}\n`;
      expect(crcOk(await readFile(cacheFile))).toBe(true);
      // One message edited: its pages render again, with React's renderer loaded from the cache.
      await editFile(site, 'locales/de.json', (t) => t.replace('für dich.', 'für euch.'));
      const expected = await build(path.join(site, 'out-cold'), false);
      expect(await build(path.join(site, 'out-cached'))).toEqual(expected);
      // Bytes past its header changed here and there, as a damaged disk or copy would: V8 (a release
      // build) does not check a cache's checksum and aborts as it deserialises; the CRC tells.
      const good = await readFile(cacheFile);
      const damaged = Buffer.from(good);
      for (let at = 2000; at < damaged.length; at += 997) damaged[at] ^= 0x5a;
      await writeFile(cacheFile, damaged);
      await editFile(site, 'locales/de.json', (t) => t.replace('für euch.', 'für alle.'));
      const again = await build(path.join(site, 'out-cold-2'), false);
      expect(await build(path.join(site, 'out-damaged'))).toEqual(again);
      // Made again by that build, which found none it could use.
      const remade = await readFile(cacheFile);
      expect(crcOk(remade)).toBe(true);
      expect(remade.equals(damaged)).toBe(false);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("makes React's renderer code cache again when V8 refuses the one kept, made under other V8 flags, and keeps the one it accepts", async () => {
    await sitegen('--version');
    const site = await fixtureCopy('basic');
    const cacheDir = path.join(site, '.cache');
    /** Builds after a new edit of one message; `flags` as a build of 1,000 pages or more sets them (heap-growth.ts). */
    let edits = 0;
    const build = async (...flags: string[]) => {
      await editFile(site, 'locales/de.json', (t) => t.replace(/für [^.]*\./, `für ${++edits}.`));
      await exec(process.execPath, [...flags, path.join(pkg, 'bin', 'sitegen'), 'build', '--root', site, '--out', path.join(site, 'out'), '--cache-dir', cacheDir], { cwd: os.tmpdir() });
      const [name, ...others] = await readdir(path.join(cacheDir, 'code'));
      expect(others).toEqual([]);
      return readFile(path.join(cacheDir, 'code', name!));
    };
    try {
      const other = await build('--heap-growing-percent=50');
      const remade = await build();
      expect(remade.equals(other)).toBe(false);
      expect((await build()).equals(remade)).toBe(true);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it("compiles the commands without a code cache, saying why, when the starter cannot be built", async () => {
    await sitegen('--version');
    const starter = path.join(pkg, 'starter');
    const moved = path.join(pkg, 'starter-moved');
    const site = await fixtureCopy('basic');
    const file = path.join(pkg, 'src', 'cli.ts');
    const source = await readFile(file, 'utf8');
    await cp(starter, moved, { recursive: true });
    await rm(starter, { recursive: true });
    try {
      // Any edit of src/ compiles lib/ again.
      await writeFile(file, `${source}\n// edited\n`);
      const { stdout, stderr } = await exec(process.execPath, [path.join(pkg, 'bin', 'sitegen'), '--help'], { cwd: os.tmpdir() });
      expect(stdout).toContain('Usage: sitegen');
      expect(stderr).toMatch(/no code cache for commands\.cjs: building the starter site failed \(.*starter.*\); builds compile the commands as they run/);
      expect(existsSync(path.join(pkg, 'lib', 'commands.cjs.v8cache'))).toBe(false);
      // The commands run all the same, compiled as they go.
      expect(await sitegen('build', '--root', site, '--out', path.join(site, 'out'), '--no-cache')).toMatch(/^built \d+ pages/);
    } finally {
      await rm(site, { recursive: true, force: true });
      await cp(moved, starter, { recursive: true });
      await rm(moved, { recursive: true });
      await writeFile(file, source);
      await sitegen('--version');
    }
  });

  it("prints a user error of `check` (its own copy of sitegen's errors) without a stack, as those of the build's commands", async () => {
    await sitegen('--version');
    const site = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bad-config-'));
    try {
      await writeFile(path.join(site, 'sitegen.config.ts'), 'export default { url: 5 };\n');
      const failed = await exec(process.execPath, [path.join(pkg, 'bin', 'sitegen'), 'check', '--root', site]).catch((err: { stderr: string }) => err);
      expect(failed.stderr).toMatch(/^error The base URL "5" .* is not an absolute http\(s\) URL/);
      expect(failed.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('never runs a code cache made from other code, even of the same length, nor a damaged one', async () => {
    await sitegen('--version');
    const cacheFile = path.join(pkg, 'lib', 'cli.cjs.v8cache');
    const oldCache = await readFile(cacheFile);
    const file = path.join(pkg, 'src', 'cli.ts');
    const source = await readFile(file, 'utf8');
    // One letter changed: the front keeps its length, which is all V8 compares.
    await writeFile(file, source.replace('renders React pages', 'renders React Pages'));
    expect(await sitegen('--help')).toContain('renders React Pages for every locale');
    await writeFile(cacheFile, oldCache);
    expect(await sitegen('--help')).toContain('renders React Pages for every locale');
    // Cut short (a disk that filled up), with the right key.
    const fresh = path.join(pkg, 'lib', 'fresh.v8cache');
    await exec(process.execPath, [path.join(pkg, 'scripts', 'compile.mjs')]);
    await cp(cacheFile, fresh);
    const cache = await readFile(fresh);
    await writeFile(cacheFile, cache.subarray(0, cache.length / 2));
    expect(await sitegen('--help')).toContain('renders React Pages for every locale');
    await writeFile(file, source);
    await rm(fresh);
  });

  it('bundles its CommonJS dependencies, and recompiles when one of them is installed anew (its package.json changed)', async () => {
    await sitegen('--version');
    const cli = await readFile(path.join(pkg, 'lib', 'cli.cjs'), 'utf8');
    expect(cli).toMatch(/^\/\/ .*node_modules\/commander\/lib\/command\.js$/m);
    expect(cli).not.toMatch(/require\("commander"\)/);
    // commander is bundled into the front (lib/cli.cjs): its stamp is checked as the CLI starts.
    const inputs = JSON.parse(await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8')).front as Record<string, number>;
    const stamp = Object.keys(inputs).find((rel) => rel.endsWith('node_modules/commander/package.json'))!;
    expect(stamp).toBeDefined();
    // Only the package.json of a bundled package is listed, not its files.
    expect(Object.keys(inputs).filter((rel) => rel.includes('node_modules/commander/'))).toEqual([stamp]);
    // As npm leaves a package it installed again: its files written anew (the repository's own
    // node_modules is linked into the copy, so its time is put back afterwards).
    const file = path.resolve(pkg, stamp);
    const { atime, mtime } = statSync(file);
    try {
      await utimes(file, atime, new Date(mtime.getTime() + 1000));
      await sitegen('--version');
      const after = JSON.parse(await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8')).front as Record<string, number>;
      expect(after[stamp]).toBe(statSync(file).mtimeMs);
    } finally {
      await utimes(file, atime, mtime);
    }
  });

  it("keys the build cache by the hash of src/ its compile made (lib/source-print.txt), not by hashing src/ in every build", async () => {
    const site = await fixtureCopy('basic');
    const [out, cache] = [path.join(pkg, 'out'), path.join(pkg, 'build-cache')];
    try {
      /** Pages a full build (no output to keep) takes from the cache. */
      const reused = async () => {
        await rm(out, { recursive: true, force: true });
        return Number(/cache: (\d+) page\(s\) reused/.exec(await sitegen('build', '--root', site, '--out', out, '--cache-dir', cache))?.[1]);
      };
      await reused();
      expect(await reused()).toBeGreaterThan(0);
      const print = path.join(pkg, 'lib', 'source-print.txt');
      expect(await readFile(print, 'utf8')).toMatch(/^[0-9a-f]{16}$/);
      // Another hash stands for other code: nothing of the cache is used.
      await writeFile(print, '0123456789abcdef');
      expect(await reused()).toBe(0);
    } finally {
      await Promise.all([site, out, cache].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });

  it('builds with an edit of a file only the renderer runs (not lib/), instead of taking the unchanged build whole from the cache', async () => {
    const site = await fixtureCopy('basic');
    const out = path.join(pkg, 'out-renderer');
    const cache = path.join(pkg, 'cache-renderer');
    const file = path.join(pkg, 'src', 'render', 'document.ts');
    const source = await readFile(file, 'utf8');
    try {
      const build = () => sitegen('build', '--root', site, '--out', out, '--cache-dir', cache);
      await build();
      expect(await readFile(path.join(out, 'index.html'), 'utf8')).toMatch(/^<!doctype html>\n/);
      await writeFile(file, source.replace("'<!doctype html>'", "'<!doctype html><!-- edited -->'"));
      await build();
      expect(await readFile(path.join(out, 'index.html'), 'utf8')).toMatch(/^<!doctype html><!-- edited -->\n/);
    } finally {
      await writeFile(file, source);
      await Promise.all([site, out, cache].map((dir) => rm(dir, { recursive: true, force: true })));
    }
  });

  it('removes the temporary files of a compile that was killed (Ctrl-C as a command recompiled), but not those of one that runs', async () => {
    await sitegen('--version');
    // The pid of a process that has ended, and one that runs (this test's).
    const { pid: dead } = await new Promise<{ pid: number }>((resolve, reject) => {
      const child = execFile(process.execPath, ['-e', '0'], (err) => (err ? reject(err) : resolve({ pid: child.pid! })));
    });
    const lib = path.join(pkg, 'lib');
    const chunks = await readdir(path.join(lib, 'chunks'));
    const left = [`commands.cjs.v8cache.tmp-${dead}`, `cli.cjs.tmp-${dead}`, `chunks/${chunks[0]}.tmp-${dead}`];
    const running = `commands.cjs.v8cache.tmp-${process.pid}`;
    for (const rel of [...left, running]) await writeFile(path.join(lib, rel), 'half-written');
    await editFile(pkg, 'src/cli.ts', (source) => `${source}\n`);
    await sitegen('--version');
    for (const rel of left) expect(existsSync(path.join(lib, rel)), rel).toBe(false);
    expect(existsSync(path.join(lib, running))).toBe(true);
    await rm(path.join(lib, running));
  });

  it('leaves an up-to-date lib/ untouched', async () => {
    await sitegen('--version');
    const before = await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8');
    const { mtimeMs } = statSync(path.join(pkg, 'lib', 'cli.cjs'));
    await sitegen('--version');
    expect(await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8')).toBe(before);
    expect(statSync(path.join(pkg, 'lib', 'cli.cjs')).mtimeMs).toBe(mtimeMs);
  });
});
