import path from 'node:path';
import { mkdir, writeFile, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { ResolvedConfig } from './config.ts';
import type { RouteFile } from './routes.ts';
import { errors } from './errors.ts';
import fg from 'fast-glob';

const SRC_DIR = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE_ROOT = path.dirname(SRC_DIR);
/** The server module lives inside sitegen's own folder, so that its externals resolve to sitegen's copies. */
const CACHE_DIR = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'sitegen');
/** Resolved from sitegen's own node_modules: pages and the renderer share one React, and in dev every rebuild reuses these modules already loaded (and compiled by the JIT). */
const EXTERNAL = ['react', 'react-dom', 'react/*', 'react-dom/*', 'intl-messageformat', '@formatjs/*', 'htmlparser2'];

export interface ServerBundle {
  /** Absolute path of the ESM server module (pages, layouts, renderer, worker loop). */
  modulePath: string;
  /** The bundled JS text (without the file-specific source map comment): part of the build id. */
  code: string;
  /** All CSS the pages and templates import, minified. */
  css: string;
  metafile: esbuild.Metafile;
  layouts: string[];
  /** Removes the module file. */
  dispose(): Promise<void>;
}

let counter = 0;

/** How the server module names a page module: its path relative to the project root. */
export function pageKey(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

/** Bundles every page, layout and the renderer into one server module with esbuild. */
export async function bundleServer(config: ResolvedConfig, pages: RouteFile[], notFound: string | null): Promise<ServerBundle> {
  const layoutFiles = (await fg('*.{tsx,jsx}', { cwd: path.join(config.templatesDir, 'layouts'), absolute: true })).sort();
  const layouts = layoutFiles.map((f) => path.basename(f).replace(/\.(tsx|jsx)$/, ''));
  const pageFiles = [...pages.map((p) => p.file), ...(notFound ? [notFound] : [])];
  const entry = [
    ...pageFiles.map((f, i) => `import * as p${i} from ${JSON.stringify(f)};`),
    ...layoutFiles.map((f, i) => `import * as l${i} from ${JSON.stringify(f)};`),
    // Keyed by the path relative to the root: absolute paths would make the output depend on the checkout's location.
    `export const pages = {${pageFiles.map((f, i) => `${JSON.stringify(pageKey(config.root, f))}: p${i}`).join(', ')}};`,
    `export const layouts = {${layouts.map((name, i) => `${JSON.stringify(name)}: l${i}`).join(', ')}};`,
    `export { renderJobs, startWorker } from ${JSON.stringify(path.join(SRC_DIR, 'render', 'server.tsx'))};`,
    // For benchmarks and tools that render pages themselves with the bundle's own React context.
    `export { PageProvider } from ${JSON.stringify(path.join(SRC_DIR, 'page-api.ts'))};`,
    `export { createTranslator } from ${JSON.stringify(path.join(SRC_DIR, 'i18n', 'translator.ts'))};`,
  ].join('\n');

  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    result = await esbuild.build({
      stdin: { contents: entry, resolveDir: config.root, sourcefile: 'sitegen-server-entry.js', loader: 'js' },
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'linked',
      sourcesContent: false,
      outdir: CACHE_DIR,
      entryNames: 'server',
      external: EXTERNAL,
      alias: { sitegen: path.join(SRC_DIR, 'page-api.ts') },
      loader: { '.svg': 'text', '.png': 'file', '.jpg': 'file', '.webp': 'file' },
      logLevel: 'silent',
      absWorkingDir: config.root,
    });
  } catch (cause) {
    const failure = cause as esbuild.BuildFailure;
    if (!failure.errors) throw cause;
    const detail = (await esbuild.formatMessages(failure.errors, { kind: 'error', color: false })).join('\n');
    const first = failure.errors.find((e) => e.location)?.location;
    throw errors.bundleFailed(detail, first ? { file: path.resolve(config.root, first.file), line: first.line, column: first.column + 1 } : undefined);
  }

  const js = result.outputFiles.find((f) => f.path.endsWith('.js'))!;
  const map = result.outputFiles.find((f) => f.path.endsWith('.js.map'));
  const cssOut = result.outputFiles.find((f) => f.path.endsWith('.css'));
  const css = cssOut ? (await esbuild.transform(cssOut.text, { loader: 'css', minify: true, target: ['chrome100', 'safari15', 'firefox100'] })).code : '';

  await mkdir(CACHE_DIR, { recursive: true });
  const name = `server-${process.pid}-${++counter}`;
  const modulePath = path.join(CACHE_DIR, `${name}.mjs`);
  await writeFile(modulePath, js.text.replace(/sourceMappingURL=server\.js\.map/, `sourceMappingURL=${name}.mjs.map`));
  if (map) await writeFile(modulePath + '.map', map.contents);
  return {
    modulePath,
    code: js.text,
    css,
    metafile: result.metafile,
    layouts,
    dispose: async () => {
      await rm(modulePath, { force: true });
      await rm(modulePath + '.map', { force: true });
    },
  };
}
