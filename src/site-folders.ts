/**
 * Where a site's folders are (they follow from its root alone, not from its config), and the rule
 * that the folders a build writes (its output, its cache) keep apart from them. Its own module:
 * the build cache checks its folder before the config loads (the config's bundle is cached).
 */
import { existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { errors } from './errors.ts';
import { isWithin, overlapOf, projectPath } from './file-paths.ts';
import { manifestFile } from './paths.ts';

/** The names a site's config file may have, in the order they are looked for in its root. */
export const CONFIG_FILES = ['sitegen.config.ts', 'sitegen.config.js', 'sitegen.config.mjs'];

/**
 * Refuses a project root that is not a folder holding a site (a config file, pages/ or locales/):
 * a mistyped `--root` made a tree of cache folders there and then blamed a missing
 * locales/en.json. Checked before a build, a dev server or a check writes anything into it.
 */
export function checkSiteRoot(root: string): void {
  const stats = statSync(root, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) throw errors.rootNotFolder(root, stats ? 'is a file' : 'does not exist');
  const { pagesDir, localesDir } = siteFolders(root);
  if (CONFIG_FILES.some((name) => existsSync(path.join(root, name))) || existsSync(pagesDir) || existsSync(localesDir)) return;
  throw errors.rootNotSite(root);
}

/** The site's source folders: where they are follows from its root alone, not from its config. */
export function siteFolders(root: string): Record<'pagesDir' | 'templatesDir' | 'localesDir' | 'staticDir' | 'enhancersDir', string> {
  return {
    pagesDir: path.join(root, 'pages'),
    templatesDir: path.join(root, 'templates'),
    localesDir: path.join(root, 'locales'),
    staticDir: path.join(root, 'templates', 'static'),
    enhancersDir: path.join(root, 'templates', 'enhancers'),
  };
}

/** What the build reads of the site, each with how messages name it: its source folders and its config (when it has one). */
export function siteSources(root: string, configFile: string | null): [string, string][] {
  const { pagesDir, templatesDir, localesDir } = siteFolders(root);
  return [
    [pagesDir, 'the pages'],
    [templatesDir, 'the layouts, components and static files'],
    [localesDir, 'the locale files'],
    ...(configFile ? [[configFile, 'the config'] as [string, string]] : []),
  ];
}

/**
 * Refuses an output or build cache folder (`dir`, named as coming `from`) that is, contains or is
 * inside what the build reads: the site's source folders, its config, its installed packages, and
 * for the cache the output folder (`outDir`). A build replaces its output folder as a whole and
 * the cache removes its old entries: either would delete them (`--out pages` did, and
 * `--cache-dir .` pruned pages/ and locales/ of files a week old).
 */
export function checkApart(kind: 'output' | 'cache', dir: string, from: string, root: string, configFile: string | null, outDir?: string): void {
  const sources: [string, string][] = [
    ...siteSources(root, configFile),
    [path.join(root, 'node_modules'), 'the installed packages'],
    ...(outDir ? [[outDir, 'the output folder'] as [string, string]] : []),
  ];
  for (const [source, what] of sources) {
    const relation = overlapOf(dir, source);
    // The cache's own default place is inside node_modules.
    if (relation === null || (relation === 'is inside' && what === 'the installed packages')) continue;
    throw errors.folderOverlapsSources(kind, projectPath(root, dir), relation, projectPath(root, source), what, from);
  }
}

/**
 * The folder a build writes when told to write `outDir`: where `outDir` points when it is a
 * symbolic link (`dist -> /var/www/site`, a link to a web server's folder or a mounted volume's),
 * through every link in turn. The build replaces its output folder as a whole, by renaming
 * (output.ts, swapIntoPlace): done at the link's own path, that put a folder in place of the link
 * and left the folder it pointed to as it was, stale, for whatever serves it.
 */
export function followOutputLink(outDir: string): string {
  let folder = outDir;
  for (let links = 0; links < 40; links++) {
    if (!lstatSync(folder, { throwIfNoEntry: false })?.isSymbolicLink()) return folder;
    folder = path.resolve(path.dirname(folder), readlinkSync(folder));
  }
  // A loop of links: the swap's own error names it.
  return outDir;
}

/** The output folder's rules: not the project or a folder holding it, and apart from what the build reads (checkApart). */
export function checkOutDir(root: string, outDir: string, from: string, configFile: string | null): void {
  if (isWithin(root, outDir)) throw errors.outDirContainsRoot(outDir, root);
  checkApart('output', outDir, from, root, configFile);
}

/**
 * Refuses to replace an output folder that holds files none of which shows a sitegen build wrote
 * them: a build replaces its output folder as a whole (`--out docs` in a repository whose docs/ is
 * its documentation deleted it). A folder is a build's when its home or not-found page carries the
 * runtime's `__sitegen` data, or a folder in it (the assets folder, also one an older assets base
 * named) holds a build's manifest (`<id>/manifest.json`): a shard without the home page has one.
 * Costs a readdir and one page's read per full build.
 */
export async function checkReplaceable(root: string, outDir: string, assetsDir: string): Promise<void> {
  // A volume mounted there (its own device): the swap could not rename it (output.ts, swapIntoPlace).
  const [own, parent] = [statSync(outDir, { throwIfNoEntry: false }), statSync(path.dirname(outDir), { throwIfNoEntry: false })];
  if (own?.isDirectory() && parent && own.dev !== parent.dev) throw errors.outDirMountPoint(isWithin(outDir, root) ? projectPath(root, outDir) : outDir);
  const names = await readdir(outDir).catch(() => null);
  // None (or no folder: the swap says so), or empty.
  if (!names?.length) return;
  for (const page of ['index.html', '404.html']) {
    if (names.includes(page) && (await readFile(path.join(outDir, page), 'utf8').catch(() => '')).includes('id="__sitegen"')) return;
  }
  const top = assetsDir.split('/')[0]!;
  for (const folder of [assetsDir, ...names.filter((name) => name !== top)]) {
    if (await hasManifest(path.join(outDir, folder))) return;
  }
  throw errors.outDirNotOutput(projectPath(root, outDir), names.sort());
}

/** Whether `folder` holds a build's manifest in a folder named by its build id (paths.ts, manifestFile). */
async function hasManifest(folder: string): Promise<boolean> {
  const ids = await readdir(folder).catch(() => [] as string[]);
  for (const id of ids.filter((name) => /^[0-9a-f]{12}$/.test(name))) {
    const manifest = await readFile(path.join(folder, manifestFile(id)), 'utf8').catch(() => null);
    if (manifest?.includes(`"buildId": "${id}"`)) return true;
  }
  return false;
}
