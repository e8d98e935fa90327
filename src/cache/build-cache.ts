/**
 * The persistent build cache: `node_modules/.cache/sitegen/` of the project unless `--cache-dir`
 * names another folder, none with `--no-cache`. Entries are files named by a hash of everything
 * (the pages' entries: records in a few packs, found through an index, see page-packs.ts)
 * that shapes them (content hashes of the inputs, sitegen's version and its dependencies'
 * versions); each carries that key again and is checked on reading, so a truncated, corrupt or
 * foreign entry is ignored and rebuilt, never trusted. A folder that cannot be written turns the
 * cache off for the build with one warning.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT, SRC_DIR } from '../package-root.ts';
import { pageFolder } from './page-packs.ts';
import { checkApart } from '../site-folders.ts';
import { errors } from '../errors.ts';
import { isWithin, projectPath } from '../file-paths.ts';

/** Packages whose code shapes the output: a new version of any of them starts a new cache. */
const SHAPING_PACKAGES = ['react', 'react-dom', 'intl-messageformat', '@formatjs/icu-messageformat-parser', 'esbuild'];

export interface CacheLocation {
  /** Absolute folder of the cache. */
  dir: string;
  /** sitegen's version and its dependencies' versions: part of every key. */
  version: string;
  /** The folder of this version's page entries (page-packs.ts, pageFolder). */
  pages: string;
  /**
   * Prints of files this build read already (bundle-cache.ts, filePrint), by path: the sources'
   * digest reads and hashes every file of the source folders (source-prints.ts), and the bundle
   * cache's check takes their prints from here instead of reading most of its inputs again.
   * One build's (a file changed since is then found changed by the next build's digest).
   */
  prints?: Map<string, string>;
  /**
   * The bytes of the locale files the sources' digest read (source-prints.ts), by path: the
   * messages stage takes them with their prints instead of reading and hashing the files again
   * (1.4 MB for the real site). The bytes the digest was taken of are then those the build loaded.
   */
  localeBytes?: Map<string, Buffer>;
}

let versionKey: string | undefined;
/**
 * sitegen's version and code, and the versions of the packages that shape the output, read once
 * per process. The code counts, not only the version: a checkout or a git install changes it
 * without a new version, and the check, the manifest, the sitemap and verification run outside
 * the server bundle whose code the page entries are keyed by.
 */
export function toolVersion(): string {
  if (versionKey) return versionKey;
  const own = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };
  const parts = [`sitegen@${own.version}`, `sitegen-src@${sourcePrint()}`, `node-abi@${process.versions.modules}`];
  const { resolve } = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  for (const name of SHAPING_PACKAGES) parts.push(`${name}@${packageVersion(name, resolve.paths(name) ?? [])}`);
  return (versionKey = parts.join(' '));
}

/**
 * The version in the package.json of the first `node_modules` folder holding the package (where
 * Node finds it from sitegen), read as a file: a package whose `exports` do not list its
 * package.json (intl-messageformat) cannot be `require`d for it, and was '?' for every version.
 */
function packageVersion(name: string, folders: string[]): string {
  for (const folder of folders) {
    try {
      const { version } = JSON.parse(readFileSync(path.join(folder, name, 'package.json'), 'utf8')) as { version?: unknown };
      if (typeof version === 'string') return version;
    } catch {
      // not in this folder (or not readable): the next one up
    }
  }
  return '?';
}

/**
 * A hash of sitegen's sources (src/, which the compiled lib/ is made from). The compiled CLI reads
 * the one its compile made (scripts/compile.mjs, `lib/source-print.txt`): a changed source of lib/
 * compiles lib/ again, and with it the hash, and those esbuild bundles at build time (the renderer,
 * the runtime) are inputs of the bundles' own cache entries. Made here (8 to 12 ms, before the
 * config can load) only when running from src/ or without that file.
 */
function sourcePrint(): string {
  if (!import.meta.url.startsWith(pathToFileURL(SRC_DIR + path.sep).href)) {
    try {
      const compiled = readFileSync(path.join(PACKAGE_ROOT, 'lib', 'source-print.txt'), 'utf8');
      if (/^[0-9a-f]{16}$/.test(compiled)) return compiled;
    } catch {
      // not compiled (or not readable): made from the sources below
    }
  }
  const h = createHash('sha256');
  const files = readdirSync(SRC_DIR, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  for (const file of files.sort()) h.update(path.relative(SRC_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** The warning about `damaged` entries of the cache ignored and made again, if any. */
export function damageWarnings(damaged: number, cache: CacheLocation | null): string[] {
  return damaged && cache ? [`build cache: ${damaged} damaged entr${damaged === 1 ? 'y' : 'ies'} in ${cache.dir} ignored and made again.`] : [];
}

/**
 * Where this build's cache is: `option` false turns it off, a string names the folder (relative
 * to the root), undefined means the default. Returns null, with a warning in `warnings`, when the
 * folder cannot be made or written.
 */
export function openCache(root: string, option: string | false | undefined, warnings: string[], outDir?: string): CacheLocation | null {
  if (option === false) return null;
  const dir = path.resolve(root, option ?? path.join('node_modules', '.cache', 'sitegen'));
  // A folder the cache would write into and prune, holding the project or the files a build reads.
  const from = option === undefined ? 'the default' : 'from --cache-dir';
  if (isWithin(root, dir)) throw errors.folderOverlapsSources('cache', projectPath(root, dir), dir === root ? 'is' : 'contains', '.', 'the project root', from);
  checkApart('cache', dir, from, root, null, outDir);
  let pages: string;
  try {
    for (const kind of ['check', 'esbuild', 'output', 'locales']) mkdirSync(path.join(dir, kind), { recursive: true });
    pages = pageFolder(dir, toolVersion());
    const probe = path.join(dir, `.probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (err) {
    warnings.push(`build cache off: cannot write to ${dir} (${(err as NodeJS.ErrnoException).code ?? String(err)}); the build runs without it.`);
    return null;
  }
  return { dir, version: toolVersion(), pages, prints: new Map(), localeBytes: new Map() };
}
