/**
 * Bundles the browser runtime with esbuild, in memory, in three builds:
 *
 * 1. the page chunks: one per enhancer, the runtime's own (chunks/) and the site's
 *    (templates/enhancers/, see src/enhancers.ts), with the code they share, into one folder
 *    `assets/chunks.HASH/` named by a hash of all of them;
 * 2. the core module (core.ts and what it imports, plus its own lazy parts: the error view and the
 *    page swap), which loads a page chunk as `import(base + name + '.js')`: knowing the folder and
 *    the names is enough, so the core carries no table of per-file hashes;
 * 3. the inline root-redirect script.
 *
 * Runs in Node at build time, so it lives here rather than in src/runtime/, whose files all run in
 * browsers (and whose tsconfig has no Node types).
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type * as esbuild from 'esbuild';
import type { Locale } from './locales.ts';
import { errors } from './errors.ts';
import { findEnhancers } from './enhancers.ts';
import { siteFile, siteNamespace } from './site-namespace.ts';
import { encodeTable } from './runtime/locale-match.ts';
import { SRC_DIR } from './package-root.ts';
import { metafileInputs } from './cache/bundle-cache.ts';
import { api } from './esbuild-api.ts';

export interface RuntimeAssets {
  /** Files to write under the assets base, paths relative to it, e.g. 'assets/runtime.3F2A1C9D.js'. */
  files: { path: string; contents: Uint8Array }[];
  /** Path (relative to the assets base) of the core module to load with <script type="module">. */
  entry: string;
  /** Inline JS (no <script> tag) for the head of `/` only: the root redirect. */
  redirectScript: string;
  sizes: { coreGzip: number; redirectBytes: number };
  /** The runtime's own styles (progress bar, status, error view), minified; the build adds them to the site's stylesheet. */
  css: string;
  /** The enhancer names the page chunks were made for: what `data-enhance` may name. */
  chunks: string[];
  /** The files the builds read (absolute paths): what the build cache checks before reusing these assets. */
  inputs: string[];
}

export interface BundleRuntimeOptions {
  locales: readonly Locale[];
  defaultLocale: string;
  minify?: boolean;
  /** The site's enhancers folder (`templates/enhancers`); absent or missing: the runtime's own only. */
  enhancersDir?: string | null;
  /** Project root, for file names in errors. */
  root?: string;
  /** The folder the site is served from (`/docs`); absent or `''` at the root of its host. */
  basePath?: string;
}

type OutFile = RuntimeAssets['files'][number];

const DIR = path.join(SRC_DIR, 'runtime');
const CSS = path.join(DIR, 'runtime.css');
/** esbuild needs an output folder to name files; nothing is written there. */
const OUT = path.join(DIR, '.out');

/** Names of the page chunks (the runtime's enhancers and the site's in `enhancersDir`), sorted so output is deterministic. */
export function chunkNames(enhancersDir?: string | null): string[] {
  return findEnhancers(enhancersDir).map((e) => e.name);
}

/** One in-memory esbuild run with the options every browser build shares. */
async function run(options: esbuild.BuildOptions, minify: boolean, define: Record<string, string>) {
  const result = await (await api()).build({
    absWorkingDir: DIR,
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    minify,
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
    define,
    ...options,
  });
  const files: OutFile[] = result.outputFiles!
    .map((f) => ({ path: path.relative(OUT, f.path).split(path.sep).join('/'), contents: f.contents }))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  return { files, metafile: result.metafile! };
}

/**
 * Fails when a source file (other than types) is bundled both into the core and into a page chunk:
 * the two builds would each get their own copy (twice the bytes, and two separate `page` objects).
 */
export function assertNothingShared(pages: esbuild.Metafile, core: esbuild.Metafile): void {
  const both = Object.keys(pages.inputs).filter((f) => f in core.inputs && !f.endsWith('types.ts'));
  if (both.length)
    throw new Error(
      `src/runtime: ${both.join(', ')} is bundled both into the core and into a page chunk, so each gets its own copy. ` +
        'Pass what the chunk needs through its ChunkContext (ctx) instead of importing a core module.',
    );
}

export async function bundleRuntime(options: BundleRuntimeOptions): Promise<RuntimeAssets> {
  const minify = options.minify ?? true;
  const define = { __DEFAULT_LOCALE__: JSON.stringify(options.defaultLocale), __BASE__: JSON.stringify(options.basePath ?? '') };
  const split = { format: 'esm', splitting: true, entryNames: '[name]', chunkNames: 'chunk.[hash]' } as const;

  const enhancers = findEnhancers(options.enhancersDir, options.root);
  const names = enhancers.map((e) => e.name);
  const chunks = run(
    {
      ...split,
      entryPoints: enhancers.map((e) => ({ in: e.file, out: e.name })),
      outdir: path.join(OUT, 'chunks'),
      // The site's files named by their path in the project, so that chunk names do not depend on where it lives.
      plugins: options.root ? [siteNamespace(path.resolve(options.root))] : [],
    },
    minify,
    define,
  ).catch(async (cause) => {
    throw await enhancerError(cause, options.root);
  });
  // The redirect and the styles need nothing of the chunks and the core: esbuild makes them
  // meanwhile (one after another, they ended the bundle stage). Awaited after those, whose
  // failures come first; until then not unhandled.
  const redirect = redirectScript(options, minify);
  const css = (async () => (await (await api()).transform(readFileSync(CSS, 'utf8'), { loader: 'css', minify: true })).code)();
  for (const later of [redirect, css]) later.catch(() => {});
  const pages = await chunks;
  const folder = 'chunks.' + contentHash(pages.files);
  const chunkFiles = pages.files.map((f) => ({ ...f, path: 'assets/' + folder + f.path.slice('chunks'.length) }));

  const core = await run(
    { ...split, entryPoints: { runtime: path.join(DIR, 'core.ts') }, outdir: path.join(OUT, 'assets'), entryNames: '[name].[hash]', chunkNames: '[name].[hash]' },
    minify,
    { ...define, __CHUNK_BASE__: JSON.stringify(`./${folder}/`), __CHUNK_NAMES__: JSON.stringify(names.join(' ')) },
  );
  assertNothingShared(pages.metafile, core.metafile);
  const entry = core.files.find((f) => /^assets\/runtime\.[^/]+\.js$/.test(f.path))!.path;
  const { script, metafile } = await redirect;
  return {
    files: [...core.files, ...chunkFiles].sort((a, b) => (a.path < b.path ? -1 : 1)),
    entry,
    redirectScript: script,
    sizes: { coreGzip: coreGzipSize(core.metafile, core.files, entry), redirectBytes: Buffer.byteLength(script) },
    css: await css,
    chunks: names,
    inputs: [CSS, ...[pages.metafile, core.metafile, metafile].flatMap((m) => metafileInputs(m.inputs, DIR))],
  };
}

/** The inline root-redirect script, and what esbuild read for it. */
async function redirectScript(options: BundleRuntimeOptions, minify: boolean): Promise<{ script: string; metafile: esbuild.Metafile }> {
  // The default locale first: the redirect treats the table's first row as the fallback.
  const table = [...options.locales]
    .sort((a, b) => Number(b.code == options.defaultLocale) - Number(a.code == options.defaultLocale))
    .map((l) => [l.code, l.iso] as const);
  const redirect = await run(
    { entryPoints: [path.join(DIR, 'redirect.ts')], format: 'iife', outdir: OUT },
    minify,
    { __LOCALES__: JSON.stringify(encodeTable(table)), __BASE__: JSON.stringify(options.basePath ?? '') },
  );
  // An inline classic script: the IIFE keeps its names local; the directive is dead weight.
  return { script: Buffer.from(redirect.files[0]!.contents).toString().replace(/^"use strict";/, '').trim(), metafile: redirect.metafile };
}

/** An esbuild failure of the page chunks (a site's enhancer) as a catalogue error pointing at the spot. */
async function enhancerError(cause: unknown, root?: string): Promise<unknown> {
  const failure = cause as esbuild.BuildFailure;
  if (!failure.errors) return cause;
  const detail = (await (await api()).formatMessages(failure.errors, { kind: 'error', color: false })).join('\n');
  const first = failure.errors.find((e) => e.location)?.location;
  const file = first && ((root && siteFile(root, first.file)) || path.resolve(DIR, first.file));
  return errors.enhancerBundleFailed(detail, first ? { file: file!, line: first.line, column: first.column + 1 } : undefined);
}

/** A short hash of a set of files (paths and contents), in esbuild's style: 8 characters, A-Z and 0-9. */
function contentHash(files: OutFile[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(f.path).update('\0').update(f.contents).update('\0');
  return BigInt('0x' + h.digest('hex').slice(0, 12)).toString(36).toUpperCase().padStart(8, '0').slice(-8);
}

/**
 * Gzipped size of the core: the entry and the shared chunks it imports statically, that is what
 * every page loads first. Dynamic imports (page chunks, the lazy error view and swap) load only
 * when needed.
 */
function coreGzipSize(meta: esbuild.Metafile, files: OutFile[], entry: string): number {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const rel = (p: string) => path.relative(OUT, path.resolve(DIR, p)).split(path.sep).join('/');
  const seen = new Set<string>();
  const visit = (p: string) => {
    if (seen.has(p)) return;
    seen.add(p);
    const out = Object.entries(meta.outputs).find(([k]) => rel(k) == p)?.[1];
    for (const i of out?.imports ?? []) if (i.kind == 'import-statement' && !i.external) visit(rel(i.path));
  };
  visit(entry);
  return [...seen].reduce((sum, p) => sum + gzipSync(byPath.get(p)!.contents, { level: 9 }).length, 0);
}
