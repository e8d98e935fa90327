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
import { REPO } from '../helpers/site.ts';

const exec = promisify(execFile);
let pkg: string;

/** Runs the copy's bin with plain `node` (no loader flags), from an unrelated folder. */
async function sitegen(...args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [path.join(pkg, 'bin', 'sitegen'), ...args], { cwd: os.tmpdir() });
  return stdout;
}

beforeAll(async () => {
  pkg = await mkdtemp(path.join(os.tmpdir(), 'sitegen-pkg-'));
  for (const part of ['bin', 'scripts', 'src', 'package.json']) await cp(path.join(REPO, part), path.join(pkg, part), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
});

afterAll(() => rm(pkg, { recursive: true, force: true }));

describe('compiled CLI', () => {
  it('compiles lib/ on first use and runs it as plain JavaScript', async () => {
    expect(existsSync(path.join(pkg, 'lib'))).toBe(false);
    expect(await sitegen('--help')).toContain('Usage: sitegen');
    const cli = await readFile(path.join(pkg, 'lib', 'cli.js'), 'utf8');
    expect(cli).toContain('// src/cli.ts');
    // Commands load their implementation on use: the entry itself imports neither esbuild nor React.
    expect(cli).not.toMatch(/from "(esbuild|react)"/);
    // Nor does any other file: esbuild's API is loaded where it runs, which a build whose bundles
    // all come from the build cache never reaches (loading it costs as much CPU as a bare Node start).
    const chunks = await readdir(path.join(pkg, 'lib', 'chunks'));
    for (const name of chunks.filter((n) => n.endsWith('.js'))) {
      expect(await readFile(path.join(pkg, 'lib', 'chunks', name), 'utf8'), name).not.toMatch(/from "esbuild"/);
    }
  });

  it('recompiles when a source file changed since the last compile', async () => {
    await sitegen('--version');
    const file = path.join(pkg, 'src', 'cli.ts');
    const source = await readFile(file, 'utf8');
    await writeFile(file, source.replace('Static site generator:', 'Edited generator:'));
    expect(await sitegen('--help')).toContain('Edited generator: renders React pages');
  });

  it('bundles its CommonJS dependencies, and recompiles when one of them is installed anew (its package.json changed)', async () => {
    await sitegen('--version');
    const cli = await readFile(path.join(pkg, 'lib', 'cli.js'), 'utf8');
    expect(cli).toMatch(/^\/\/ .*node_modules\/commander\/lib\/command\.js$/m);
    expect(cli).not.toMatch(/from "commander"/);
    const inputs = JSON.parse(await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8')) as Record<string, number>;
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
      const after = JSON.parse(await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8')) as Record<string, number>;
      expect(after[stamp]).toBe(statSync(file).mtimeMs);
    } finally {
      await utimes(file, atime, mtime);
    }
  });

  it('leaves an up-to-date lib/ untouched', async () => {
    await sitegen('--version');
    const before = await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8');
    const { mtimeMs } = statSync(path.join(pkg, 'lib', 'cli.js'));
    await sitegen('--version');
    expect(await readFile(path.join(pkg, 'lib', 'inputs.json'), 'utf8')).toBe(before);
    expect(statSync(path.join(pkg, 'lib', 'cli.js')).mtimeMs).toBe(mtimeMs);
  });
});
