/**
 * Bundles the browser runtime with esbuild, in memory: the core module (core.ts and what it
 * imports), one chunk per file in chunks/ (loaded on demand through dynamic import), and the
 * inline root-redirect script. Runs in Node at build time; everything else here runs in browsers.
 */
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import type { Locale } from '../locales.ts';
import { encodeTable } from './locale-match.ts';

export interface RuntimeAssets {
  /** Files to write under the assets base, paths relative to it, e.g. 'assets/runtime.3f2a1c9d.js'. */
  files: { path: string; contents: Uint8Array }[];
  /** Path (relative to the assets base) of the core module to load with <script type="module">. */
  entry: string;
  /** Inline JS (no <script> tag) for the head of `/` only: the root redirect. */
  redirectScript: string;
  sizes: { coreGzip: number; redirectBytes: number };
}

export interface BundleRuntimeOptions {
  locales: readonly Locale[];
  defaultLocale: string;
  minify?: boolean;
}

const DIR = path.dirname(fileURLToPath(import.meta.url));
const CHUNKS_DIR = path.join(DIR, 'chunks');
/** esbuild needs an output folder to name files; nothing is written there. */
const OUT = path.join(DIR, '.out');
const TARGET = 'es2022';

/** Names of the page chunks: one per `chunks/NAME.ts`, sorted so output is deterministic. */
export function chunkNames(): string[] {
  return readdirSync(CHUNKS_DIR)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

/** `virtual:chunks`: a map from chunk name to a dynamic import, so each chunk is split out. */
const chunksPlugin: esbuild.Plugin = {
  name: 'sitegen-chunks',
  setup(build) {
    build.onResolve({ filter: /^virtual:chunks$/ }, () => ({ path: 'chunks', namespace: 'sitegen' }));
    build.onLoad({ filter: /.*/, namespace: 'sitegen' }, () => ({
      resolveDir: CHUNKS_DIR,
      loader: 'js',
      contents:
        'export default {' +
        chunkNames().map((n) => `${JSON.stringify(n)}: () => import(${JSON.stringify('./' + n + '.ts')})`).join(',') +
        '}',
    }));
  },
};

export async function bundleRuntime(options: BundleRuntimeOptions): Promise<RuntimeAssets> {
  const minify = options.minify ?? true;
  const defaultLocale = JSON.stringify(options.defaultLocale);
  const core = await esbuild.build({
    absWorkingDir: DIR,
    entryPoints: { runtime: path.join(DIR, 'core.ts') },
    outdir: path.join(OUT, 'assets'),
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: TARGET,
    minify,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    define: { __DEFAULT_LOCALE__: defaultLocale },
    plugins: [chunksPlugin],
  });
  const files = core.outputFiles
    .map((f) => ({ path: path.relative(OUT, f.path).split(path.sep).join('/'), contents: f.contents }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const entry = files.find((f) => /^assets\/runtime\.[^/]+\.js$/.test(f.path))!.path;

  // The default locale first: the redirect treats the table's first row as the fallback.
  const table = [...options.locales]
    .sort((a, b) => Number(b.code == options.defaultLocale) - Number(a.code == options.defaultLocale))
    .map((l) => [l.code, l.iso] as const);
  const redirect = await esbuild.build({
    entryPoints: [path.join(DIR, 'redirect.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    minify,
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { __LOCALES__: JSON.stringify(encodeTable(table)) },
  });
  // An inline classic script: the IIFE keeps its names local; the directive is dead weight.
  const redirectScript = redirect.outputFiles[0]!.text.replace(/^"use strict";/, '').trim();

  return {
    files,
    entry,
    redirectScript,
    sizes: { coreGzip: coreGzipSize(core.metafile!, files, entry), redirectBytes: Buffer.byteLength(redirectScript) },
  };
}

/**
 * Gzipped size of the core: the entry, the shared chunks it imports statically and what it loads
 * lazily for itself (the error view); everything but the page chunks of chunks/.
 */
function coreGzipSize(meta: esbuild.Metafile, files: RuntimeAssets['files'], entry: string): number {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const rel = (p: string) => path.relative(OUT, path.resolve(DIR, p)).split(path.sep).join('/');
  const seen = new Set<string>();
  const visit = (p: string) => {
    if (seen.has(p)) return;
    seen.add(p);
    const out = Object.entries(meta.outputs).find(([k]) => rel(k) == p)?.[1];
    for (const i of out?.imports ?? []) {
      const target = meta.outputs[i.path];
      const pageChunk = i.kind == 'dynamic-import' && target?.entryPoint?.startsWith('chunks/');
      if (!i.external && !pageChunk) visit(rel(i.path));
    }
  };
  visit(entry);
  return [...seen].reduce((sum, p) => sum + gzipSync(byPath.get(p)!.contents, { level: 9 }).length, 0);
}
