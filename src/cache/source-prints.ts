/**
 * A digest of the site's source folders as they are now: every name under pages/, templates/
 * (layouts, components, enhancers, static files) and locales/, and every file's bytes. The output
 * record (output-record.ts) holds the digest a build took before it read any of them, so that a
 * rebuild can tell that nothing there changed without loading the messages, discovering the
 * routes or bundling: a profile of a rebuild with nothing changed spent 120 of its 180 ms in
 * build() on those stages, only to find the build id it had recorded.
 *
 * Taken before the stages read the files: a file changed while the build runs then differs from
 * the digest, and the next build is a full one. More than the build reads is covered (any file
 * and name, dot-names too): a change that does not shape the output costs one full build.
 */
import { createHash, type Hash } from 'node:crypto';
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { filePrint } from './bundle-cache.ts';

/** The folders a build reads its sources from (others are read only through esbuild, whose inputs the record lists). */
export function sourceFolders(config: Pick<ResolvedConfig, 'pagesDir' | 'templatesDir' | 'localesDir' | 'staticDir' | 'enhancersDir'>): string[] {
  const all = [config.pagesDir, config.templatesDir, config.localesDir, config.staticDir, config.enhancersDir].sort();
  // A folder inside another one is walked with it.
  return all.filter((dir, i) => !all.some((other, j) => j !== i && (dir.startsWith(other + path.sep) || (dir === other && j < i))));
}

/**
 * The digest of `folders`: each one's tree of names, kinds and file prints ('missing' for a folder
 * that is not there). Each file's print (bundle-cache.ts, filePrint) goes into `prints` by its
 * path: the bundle cache checks its inputs with them (build-cache.ts, CacheLocation's prints).
 */
export function sourcePrint(folders: string[], prints?: Map<string, string>, keep?: KeptBytes): string {
  const h = createHash('sha256');
  for (const dir of folders) {
    h.update(`${dir}\0`);
    addTree(h, dir, new Set(), prints, keep);
  }
  return h.digest('hex');
}

/** The files of a folder whose bytes the digest keeps, as it read them (CacheLocation's localeBytes). */
export interface KeptBytes {
  dir: string;
  bytes: Map<string, Buffer>;
}

/**
 * Adds a folder's entries, sorted, recursing into folders; symbolic links are followed (as the
 * build's globs do), each real folder walked once per path so that a link cycle ends.
 */
function addTree(h: Hash, dir: string, onPath: Set<string>, prints: Map<string, string> | undefined, keep: KeptBytes | undefined): void {
  let entries: Dirent[];
  let real: string;
  try {
    real = realpathSync(dir);
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    h.update('missing\n');
    return;
  }
  if (onPath.has(real)) {
    h.update('cycle\n');
    return;
  }
  onPath.add(real);
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const file = path.join(dir, entry.name);
    const kind = entry.isSymbolicLink() ? statKind(file) : entry.isDirectory() ? 'd' : entry.isFile() ? 'f' : 'o';
    h.update(`${entry.name}\0${kind}\0`);
    if (kind === 'd') addTree(h, file, onPath, prints, keep);
    else if (kind === 'f') {
      // A print (base64, or 'missing') holds no line break: none passes for the names after it.
      const print = filePrint(file, keep && dir === keep.dir ? (bytes) => keep.bytes.set(file, bytes) : undefined);
      prints?.set(file, print);
      h.update(`${print}\n`);
    } else h.update('\n');
  }
  onPath.delete(real);
}

/** What a symbolic link points at: a folder, a file, something else or nothing. */
function statKind(file: string): string {
  try {
    const stats = statSync(file);
    return stats.isDirectory() ? 'd' : stats.isFile() ? 'f' : 'o';
  } catch {
    return 'broken';
  }
}
