/**
 * The packages a server bundle leaves external (React, intl-messageformat...) must be
 * found from the bundle's folder, which is in the site's own `node_modules/.cache/sitegen/` (never
 * in sitegen's install, which may be read-only). The bundle keeps bare specifiers (its code, part
 * of the build id, does not depend on where things are installed); Node looks them up from the
 * bundle's folder upwards, so the folder holding the bundles gets a `node_modules/` of links:
 *
 * - React and React DOM are sitegen's peer dependencies: the site's copy (one React for pages and
 *   renderer), else sitegen's own (a site without node_modules, as a test fixture in /tmp);
 * - everything else is sitegen's own dependency: sitegen's copy, else the site's.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readlink, realpath, rename, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { PACKAGE_ROOT } from './package-root.ts';
import { loadStaticMarkup } from './render/static-markup.ts';

/** Found from the site first: one copy shared by the site's code and sitegen's renderer. */
const PEERS = new Set(['react', 'react-dom']);

/** `react-dom/server` -> `react-dom`, `@formatjs/x/printer.js` -> `@formatjs/x`; null for relative, absolute and node: specifiers. */
export function packageNameOf(specifier: string): string | null {
  if (/^(?:\.|\/|[a-z]+:)/i.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? (parts.length > 1 ? `${parts[0]}/${parts[1]}` : null) : parts[0]!;
}

/** The packages the bundle's files import and left external. */
export function externalPackages(metafile: esbuild.Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      const name = imported.external ? packageNameOf(imported.path) : null;
      if (name) names.add(name);
    }
  }
  return [...names].sort();
}

/** The folder of package `name` as Node would find it from `from` (walking up node_modules folders), or null. */
function findPackage(name: string, from: string): string | null {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** Where the bundle's `import name` should land, for a site at `root`. */
export function packageFor(name: string, root: string): string | null {
  const order = PEERS.has(name) ? [root, PACKAGE_ROOT] : [PACKAGE_ROOT, root];
  for (const from of order) {
    const found = findPackage(name, from);
    if (found) return found;
  }
  return null;
}

/**
 * Loads React DOM's server renderer, the file the renderer takes it from (render/static-markup.ts),
 * and React with it, from the folder the server bundle's import will find (packageFor): Node keeps
 * one instance per real file, so the bundle's import later finds it loaded. For the main thread's idle time while esbuild bundles in its own process (200 to 300 ms
 * of a cold build of the real site), where loading it cost about 40 ms of CPU on the build's path
 * when the bundle was imported. A failure is left to that import, which names it. With `cacheDir`
 * (the build cache's folder), the renderer is run with its code cache there (render/code-cache.ts),
 * as the main thread's renders then take it.
 */
export function preloadReactServer(root: string, cacheDir: string | null = null): void {
  const folder = packageFor('react-dom', root);
  if (!folder) return;
  try {
    loadStaticMarkup(createRequire(path.join(folder, 'package.json')), cacheDir);
  } catch {
    // the bundle's own import reports it
  }
}

/**
 * Makes `dir/node_modules/NAME` a link to each package's folder (a package not found anywhere is
 * left out: importing the bundle then names it). A link already right is kept; another is
 * replaced by renaming a new link over it, so a build running at the same time never sees none.
 */
export async function linkPackages(dir: string, names: string[], root: string): Promise<void> {
  await Promise.all(
    names.map(async (name) => {
      const found = packageFor(name, root);
      if (!found) return;
      const target = await realpath(found);
      const link = path.join(dir, 'node_modules', name);
      if ((await readlink(link).catch(() => null)) === target) return;
      await mkdir(path.dirname(link), { recursive: true });
      // Unique to this call: two builds in one process (the library called twice at once) link side by side.
      const tmp = `${link}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      await symlink(target, tmp, 'junction');
      await rename(tmp, link).catch(async (err: unknown) => {
        await rm(tmp, { force: true });
        throw err;
      });
    }),
  );
}
