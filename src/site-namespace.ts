/**
 * An esbuild plugin for the page-chunk build: the site's files (its enhancers and what they import
 * from the project) are named by their path inside the project (`site:templates/enhancers/x.ts`)
 * instead of by a path relative to sitegen's runtime folder. esbuild's [hash] of a chunk depends on
 * the names of the modules in it, so with those relative paths the chunk file names (and the
 * runtime that lists their folder) changed with where the project lives relative to sitegen: two
 * checkouts at different places built different bytes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, OnResolveArgs, OnResolveResult, Plugin } from 'esbuild';
import { escapeRegExp } from './text/reg-exp.ts';

const NAMESPACE = 'site';
const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.json': 'json', '.css': 'css' };

/** Where a `site:` name from esbuild (an error's file, say) is on disk. */
export function siteFile(root: string, name: string): string | null {
  return name.startsWith(NAMESPACE + ':') ? path.join(root, name.slice(NAMESPACE.length + 1)) : null;
}

export function siteNamespace(root: string): Plugin {
  const inside = (file: string) => file.startsWith(root + path.sep) && !file.slice(root.length).split(path.sep).includes('node_modules');
  return {
    name: 'sitegen-site-namespace',
    setup(build) {
      const resolve = async (args: OnResolveArgs): Promise<OnResolveResult | undefined> => {
        if ((args.pluginData as { resolving?: boolean } | undefined)?.resolving) return undefined;
        // Resolved as esbuild would (a site module's resolveDir is its real folder, from onLoad); only
        // the name of a file inside the project changes. As an import of the file namespace, which
        // the first callback below does not hear of: it would be a second round trip to this thread.
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: 'file', pluginData: { resolving: true } });
        if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file' || !inside(resolved.path)) {
          return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, external: resolved.external, namespace: resolved.namespace, sideEffects: resolved.sideEffects };
        }
        const rel = path.relative(root, resolved.path).split(path.sep).join('/');
        return { path: rel, namespace: NAMESPACE, pluginData: { file: resolved.path }, sideEffects: resolved.sideEffects };
      };
      // What a site file imports, and an absolute path into the project (an enhancer's entry point):
      // the runtime's files (file namespace) reach the site's only so, as their relative imports
      // stay in sitegen's folder. esbuild resolves those alone: a round trip to this thread each, as
      // before, waited whenever the main thread was busy, and made the page chunks the last part of
      // the bundle stage to finish.
      build.onResolve({ filter: /.*/, namespace: NAMESPACE }, resolve);
      build.onResolve({ filter: new RegExp(`^${escapeRegExp(root + path.sep)}`) }, resolve);
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const file = (args.pluginData as { file: string }).file;
        return { contents: await readFile(file), loader: LOADERS[path.extname(file)] ?? 'js', resolveDir: path.dirname(file), watchFiles: [file] };
      });
    },
  };
}
