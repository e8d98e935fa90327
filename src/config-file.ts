/**
 * Loads `sitegen.config.ts` as a real ES module, the way Vite loads vite.config.ts: esbuild bundles
 * the config with its own helpers (packages stay imports), every file keeps its own
 * `import.meta.url`, `import.meta.dirname` and `import.meta.filename`, and the bundle is written
 * beside the config and imported from there, so that packages resolve from the project
 * (`import { version } from 'react'`). Each load is a fresh module, so `sitegen dev` sees edits of
 * the config and of its helpers; the bundle's inputs are the files dev watches.
 *
 * Not tsx's `tsImport`: measured on this machine it made loading the config 5x slower (300-600 ms
 * against 60-100 ms: it starts a loader thread that every later import of the build then goes
 * through), and it loads a .ts config as CommonJS in a project without `"type": "module"`, where
 * top-level await fails.
 */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'esbuild';
import { fileValues, IMPORT_META_DEFINE, importMetaPlugin } from './import-meta.ts';
import { SRC_DIR } from './package-root.ts';
import type { CacheLocation } from './cache/build-cache.ts';
import { cachedRun, metafileInputs } from './cache/bundle-cache.ts';
import { importModule } from './import-module.ts';
import { api } from './esbuild-api.ts';

export interface LoadedConfigModule {
  /** The default export. */
  value: unknown;
  /** The site's own files the config is made of, itself included (not packages, not sitegen's own files). */
  files: string[];
}

/**
 * `import { defineConfig } from 'sitegen'` is bundled in from sitegen's own source (it imports
 * nothing): a site need not have sitegen in its own node_modules to use it.
 */
const defineConfigModule: Plugin = {
  name: 'sitegen-define-config',
  setup(build) {
    build.onResolve({ filter: /^sitegen$/ }, () => ({ path: path.join(SRC_DIR, 'define-config.ts') }));
  },
};

/** What importMetaPlugin put before the first line of `file` (import-meta.ts, fileValues). */
function valuesBefore(file: string): string {
  try {
    return fileValues(file, readFileSync(file, 'utf8'));
  } catch {
    return '';
  }
}

interface BuildFailure {
  errors?: { text: string; location: { file: string; line: number; column: number } | null }[];
}

/** esbuild's errors as `file:line:column: text` lines, columns on a first line counted without the values put before it. */
function describeFailure(failure: BuildFailure, dir: string): string {
  return (failure.errors ?? [])
    .map(({ text, location: at }) => {
      if (!at) return text;
      const file = path.resolve(dir, at.file);
      const column = at.column + 1 - (at.line === 1 ? valuesBefore(file).length : 0);
      return `${at.file}:${at.line}:${Math.max(1, column)}: ${text}`;
    })
    .join('\n');
}

/** The build cache's part in loading the config (see ConfigHooks in config.ts). */
export interface ConfigCache {
  location: CacheLocation | null;
  onDamaged(): void;
  whileBundling?(): void;
}

/**
 * Imports `file` and returns its default export and the files it is made of. `onImport` hears of
 * each of them, also when the config then fails to run (dev watches them, so that fixing a broken
 * helper rebuilds).
 */
export async function importConfigFile(file: string, onImport?: (file: string) => void, cache?: ConfigCache): Promise<LoadedConfigModule> {
  onImport?.(file);
  const dir = path.dirname(file);
  // A build keeps the bundle in its cache while every file esbuild read is unchanged (bundle-cache.ts).
  const result = await cachedRun(cache?.location ?? null, 'config', [file], {
    make: async () => {
      const built = await bundle(file, cache?.whileBundling);
      const inputs = metafileInputs(built.metafile.inputs, dir);
      return { value: { code: built.outputFiles[0]!.text, inputs }, inputs };
    },
    encode: (value) => value,
    decode: (json) => {
      const j = json as { code?: unknown; inputs?: unknown };
      return j && typeof j.code === 'string' && Array.isArray(j.inputs) && j.inputs.every((f) => typeof f === 'string') ? (j as { code: string; inputs: string[] }) : null;
    },
    roots: [dir],
    onDamaged: () => cache?.onDamaged(),
  }).catch((failure: BuildFailure) => {
    if (!failure.errors) throw failure;
    // A syntax error in a helper: dev watches that helper too.
    for (const e of failure.errors) if (e.location) onImport?.(path.resolve(dir, e.location.file));
    throw new Error(describeFailure(failure, dir), { cause: failure });
  });
  const files = result.inputs
    .filter((f) => !f.split(path.sep).includes('node_modules') && !f.startsWith(SRC_DIR + path.sep))
    .sort();
  for (const f of files) if (f !== file) onImport?.(f);
  // Beside the config, so that its packages resolve as they would from the config itself.
  const bundled = path.join(dir, `.${path.basename(file)}.${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
  await writeFile(bundled, result.code);
  try {
    const mod = await importModule<{ default?: unknown }>(pathToFileURL(bundled).href);
    return { value: mod.default, files };
  } catch (err) {
    // Errors name the config, not the bundle made of it.
    if (err instanceof Error) err.message = err.message.split(bundled).join(path.basename(file));
    throw err;
  } finally {
    await rm(bundled, { force: true });
  }
}

async function bundle(file: string, whileBundling?: () => void) {
  const esbuild = await api();
  // Once esbuild has the request (after its plugins' setup, in microtasks).
  if (whileBundling) setImmediate(whileBundling);
  return esbuild.build({
    entryPoints: [file],
    absWorkingDir: path.dirname(file),
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'silent',
    define: IMPORT_META_DEFINE,
    plugins: [importMetaPlugin(), defineConfigModule],
  });
}
