#!/usr/bin/env node
/**
 * Compiles the CLI to plain JavaScript in `lib/` (esbuild, ESM, code splitting), so that Node
 * runs it without a TypeScript loader. Runs from npm's `prepare` (so `npm ci` sets everything
 * up) and from bin/sitegen when a source file changed since the last compile.
 *
 * `lib/inputs.json` lists the sources with their modification times: bin/sitegen compares them
 * (a stat per file) to notice stale output. Files are written to temporary names and renamed,
 * chunks before entries and the input list last, so that a CLI starting meanwhile never loads a
 * half-written file.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const LIB = path.join(ROOT, 'lib');
/**
 * Entry points, source -> `lib/NAME.js`: the CLI, what sites import as 'sitegen' (package.json
 * `exports`), and the translation check's worker thread (src/check/in-worker.ts).
 */
const ENTRIES = { cli: 'src/cli.ts', 'page-api': 'src/page-api.ts', 'check-worker': 'src/check/worker.ts' };
/**
 * CommonJS packages bundled into lib/ rather than imported: every CLI start loads them, and Node
 * loads a CommonJS package file by file, each also scanned for its exports by cjs-module-lexer.
 * The rest (esbuild's binary, React, the site's peers, ES module packages) stay imports.
 */
const BUNDLED = ['commander', 'fast-glob'];
const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const EXTERNAL = [...Object.keys(PACKAGE.dependencies ?? {}), ...Object.keys(PACKAGE.peerDependencies ?? {})].filter((name) => !BUNDLED.includes(name));
/**
 * The `require` that bundled CommonJS code calls for Node's own modules (esbuild's ES module output
 * has none), at the top of every file of lib/, which runs in Node only.
 */
const REQUIRE = "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);";
/** Chunks no entry imports are removed once they are this old. */
const STALE_CHUNK_MS = 60 * 60 * 1000;

/**
 * The file whose modification time stands for an input in `lib/inputs.json`: the input itself, or
 * for a file of a bundled package its package.json, which npm writes anew with the package (80 of
 * commander's and fast-glob's files would double the stats of every start in a source checkout).
 */
function stampOf(rel) {
  const pkg = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(rel.split(path.sep).join('/'));
  return pkg ? `${pkg[1]}/package.json` : rel;
}

async function writeAtomic(file, contents) {
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, contents);
  await rename(tmp, file);
}

/**
 * `prune`: remove every chunk this compile did not write, whatever its age (npm's `prepare`, which
 * also runs before `npm pack`: the package carries only the chunks its entries import).
 */
export async function compile({ prune = false } = {}) {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(ENTRIES).map(([out, source]) => ({ in: source, out })),
    outdir: LIB,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE },
    jsx: 'automatic',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  await mkdir(path.join(LIB, 'chunks'), { recursive: true });
  const entries = new Set(Object.keys(ENTRIES).map((name) => path.join(LIB, `${name}.js`)));
  const chunks = result.outputFiles.filter((f) => !entries.has(f.path));
  await Promise.all(chunks.map((f) => writeAtomic(f.path, f.contents)));
  await Promise.all(result.outputFiles.filter((f) => entries.has(f.path)).map((f) => writeAtomic(f.path, f.contents)));
  const inputs = {};
  for (const rel of new Set(Object.keys(result.metafile.inputs).map(stampOf).sort())) inputs[rel] = (await stat(path.join(ROOT, rel))).mtimeMs;
  await writeAtomic(path.join(LIB, 'inputs.json'), JSON.stringify(inputs, null, 2) + '\n');
  // Chunks of earlier compiles that no entry imports any more; only old ones, as a CLI started
  // before this compile may still load its chunks on use (all of them when pruning).
  const written = new Set(result.outputFiles.map((f) => path.basename(f.path)));
  for (const name of await readdir(path.join(LIB, 'chunks'))) {
    const file = path.join(LIB, 'chunks', name);
    if (!written.has(name) && (prune || Date.now() - (await stat(file)).mtimeMs > STALE_CHUNK_MS)) await rm(file, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compile({ prune: true });
