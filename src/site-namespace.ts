/**
 * An esbuild plugin for the page-chunk build: the site's files (its enhancers and what they import
 * from the project) are named by their path inside the project (`site:templates/enhancers/x.ts`)
 * instead of by a path relative to sitegen's runtime folder. esbuild's [hash] of a chunk depends on
 * the names of the modules in it, so with those relative paths the chunk file names (and the
 * runtime that lists their folder) changed with where the project lives relative to sitegen: two
 * checkouts at different places built different bytes.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
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
  const named = (file: string, sideEffects: boolean | undefined): OnResolveResult => ({ path: path.relative(root, file).split(path.sep).join('/'), namespace: NAMESPACE, pluginData: { file }, sideEffects });
  const plain = plainFolders();
  return {
    name: 'sitegen-site-namespace',
    setup(build) {
      const resolve = async (args: OnResolveArgs): Promise<OnResolveResult | undefined> => {
        if ((args.pluginData as { resolving?: boolean } | undefined)?.resolving) return undefined;
        // A file of the project named by its exact path: named here, without asking esbuild.
        const exact = exactFile(args);
        if (exact !== null && inside(exact) && plain(path.dirname(exact))) return named(exact, true);
        // Resolved as esbuild would (a site module's resolveDir is its real folder, from onLoad); only
        // the name of a file inside the project changes. As an import of the file namespace, which
        // the first callback below does not hear of: it would be a second round trip to this thread.
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, namespace: 'file', pluginData: { resolving: true } });
        // Node's own modules: esbuild's advice (to bundle for node) does not fit a browser script.
        if (resolved.errors.length > 0 && isBuiltin(args.path)) return { errors: [{ text: builtinInBrowser(args.path) }] };
        if (resolved.errors.length > 0 || resolved.external || resolved.namespace !== 'file' || !inside(resolved.path)) {
          return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, external: resolved.external, namespace: resolved.namespace, sideEffects: resolved.sideEffects };
        }
        return named(resolved.path, resolved.sideEffects);
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

function builtinInBrowser(name: string): string {
  return (
    `"${name}" is one of Node's own modules, and an enhancer runs in the browser, which has none of them. ` +
    'Read files or the environment in a page, a component or the config as the build runs, and hand the enhancer what it needs in the markup (a data- attribute).'
  );
}

/**
 * The file an import names by its exact path (relative or absolute, extension included, as the
 * site's imports do), when it is a regular file at that very path (no link on the way: esbuild
 * names a file by its real path); null for anything esbuild has to find (no extension, a folder,
 * a package). Asking esbuild instead (build.resolve) is one more round trip to this thread, which
 * made the page chunks the last part of a cold build's bundle stage.
 */
function exactFile(args: OnResolveArgs): string | null {
  if (!/^\.{0,2}\//.test(args.path)) return null;
  const file = path.resolve(args.resolveDir, args.path);
  try {
    return statSync(file).isFile() && realpathSync.native(file) === file ? file : null;
  } catch {
    return null;
  }
}

/**
 * Whether a folder's package (its nearest package.json) leaves its files as esbuild takes them by
 * default: no `sideEffects` and no `browser` field, which change what esbuild resolves a file to,
 * or whether it keeps it. Read once per folder.
 */
function plainFolders(): (dir: string) => boolean {
  const known = new Map<string, boolean>();
  const plain = (dir: string): boolean => {
    let found = known.get(dir);
    if (found !== undefined) return found;
    let text: string | null = null;
    try {
      text = readFileSync(path.join(dir, 'package.json'), 'utf8');
    } catch {
      // no package.json here: the folder above decides
    }
    if (text === null) found = path.dirname(dir) === dir ? true : plain(path.dirname(dir));
    else {
      try {
        const pkg = JSON.parse(text) as Record<string, unknown> | null;
        found = !!pkg && typeof pkg === 'object' && !('sideEffects' in pkg) && !('browser' in pkg);
      } catch {
        found = false;
      }
    }
    known.set(dir, found);
    return found;
  };
  return plain;
}
