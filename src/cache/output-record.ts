/**
 * A rebuild with nothing changed does nothing: the build cache keeps, for each output folder, a
 * record of the last build that wrote it (the key of everything that shaped it, a fingerprint of
 * the folder as that build left it, and what its report needs). A build whose key and folder still
 * match skips every stage after the config: no messages loaded, no routes, no bundle, no staging
 * folder, no file touched. A profile of such a rebuild at 20x the real site showed it spent its
 * time making a staging folder of 10,000 links and removing the old output's 10,000 folders, all
 * to put back the same files; one of the real site then showed the stages before the render
 * (messages, routes, the bundle's cache lookup, importing the server module) and the modules
 * they load as most of what was left.
 *
 * The key covers sitegen's code and version, the resolved config, the shard, the site's source
 * folders (source-prints.ts: every name and byte, taken before the build read them) and what
 * esbuild read from elsewhere (the files and folders its cache entries list, checked as the
 * bundle cache checks them). The output is a function of these: the build id is a hash of what
 * they give (the bundles, the messages, the static files), and a page's markup is a function of
 * the bundle, the messages and the config.
 *
 * The fingerprint covers every file of the output (path, kind, size, mtime, ctime, inode) and the
 * path of every folder, so an edit, a touch, a chmod, a file added, removed or replaced, even one
 * whose size and mtime were put back (which sets its ctime, which no user tool can set), makes the
 * next build a full one. For that the record is written only once the clock has moved past every
 * ctime it holds (see settledAfter): a change made in the same clock tick as the listing would
 * keep its ctime. A folder is held by a bound instead (OutputRecord's folders): any change to it
 * (an entry added, removed or renamed, a chmod, a touch, the folder replaced) sets its ctime to
 * the clock's now, past the bound.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BuildResult } from '../build.ts';
import type { ResolvedConfig } from '../config.ts';
import { localesKeyJson } from '../locales.ts';
import type { Shard } from '../shard.ts';
import type { CacheLocation } from './build-cache.ts';
import { dirPrint, filePrint, type Inputs } from './bundle-cache.ts';
import { envPrint } from './data-files.ts';
import { entryFile, hashKey, readEntry, writeEntry } from './entries.ts';
import { sourceFolders } from './source-prints.ts';
import { SRC_DIR } from '../package-root.ts';
import { payloadPrint, type FileFacts } from '../reuse-output.ts';
import { filesByTop } from '../handover.ts';

/** What the report of the recorded build said that a build without its stages cannot know. */
export interface OutputReport extends Pick<BuildResult, 'buildId' | 'pages' | 'aliases' | 'notFoundPages' | 'locales' | 'files' | 'bytes' | 'runtime'> {
  /** Render jobs (pages and not-found pages): what a cached full build would report as reused. */
  jobs: number;
  usedKeys: string[];
  /** The warnings of the build's stages (messages, check, fallbacks), in order; not those of the config or the cache. */
  warnings: string[];
}

/** Whose output the record is: where the cache is, what the build was asked, its sources' digest (source-prints.ts). */
export interface RecordScope {
  cache: CacheLocation;
  config: ResolvedConfig;
  shard: Shard | null;
  sources: string;
}

/**
 * What esbuild read that the rest of the key does not cover (see uncovered): files by a hash of
 * their bytes, folders by their names (or only their settings files) as bundle-cache.ts prints them.
 */
interface Outside {
  files: [file: string, print: string][];
  dirs: [dir: string, withNames: boolean, print: string][];
  /** Environment variables the site's code read, by a print of their values (data-files.ts). */
  env: [name: string, print: string][];
  /** Requests the site's code made as it loaded: while there are any, a build loads it to ask again. */
  fetched: string[];
}

interface OutputRecord {
  key: string;
  outside: Outside;
  listing: string;
  /**
   * A ctime (the file system's clock) that no folder of the output had passed when the build
   * recorded it, and that the clock had passed before the record was written: a folder with a
   * later ctime has changed since. The build's walk then takes no folder's lstat (at 20 times the
   * real site's size ~10,000 of the ~20,000 of a rebuild's walk, on its main thread after the
   * swap); the next build's walk takes them as before, and compares their ctimes with this. (A
   * clock set back after the record is the one case it misses: a folder changed then may have an
   * earlier ctime. Its entries' names are compared all the same, and its files' prints.)
   */
  folders: number;
  /** The prints of the payloads in the folder (reuse-output.ts, payloadPrint), one after the other. */
  payloads: string;
  /**
   * How many files the build wrote in each folder at the top of its payload folder, as [name,
   * count], a payload or not: a build that finds each of its own files in such a folder of the
   * output recorded, and as many, knows the folder holds no other (handover.ts).
   */
  tops: [name: string, files: number][];
  /** A print of what the build judged its pages' links against (stages.ts, targetsPrint); '' when it did not judge them as they came. */
  links: string;
  /** The print of the sitemap in the folder (reuse-output.ts, payloadPrint, from what it was made from); '' when not known. */
  sitemap: string;
  report: OutputReport;
}

/** What the record says of an output folder: its report when nothing changed, and what it knows of its pages (see OutputRecord). */
export interface Recorded {
  /** The recorded report when the folder is exactly what the last build with this key left; else null. */
  report: OutputReport | null;
  /** See OutputRecord's payloads, links and sitemap; empty when there is no record. */
  payloads: string;
  links: string;
  sitemap: string;
  /** See OutputRecord's folders (0 when there is no record) and tops (by name). */
  folders: number;
  tops: ReadonlyMap<string, number>;
}

/**
 * The payloads a build wrote: its payload folder (relative to the output, ending in a separator),
 * and in it each payload's path -> the cache entry its bytes came from (page-packs.ts, sourceOf).
 */
export interface PayloadSources {
  folder: string;
  sources: ReadonlyMap<string, string>;
}

/** What a build knows of the pages it wrote, for the next build (see OutputRecord's payloads, links and sitemap). */
export interface WrittenPages {
  payloads: PayloadSources;
  links: string;
  /** The sitemap it wrote (its path in the output) and a print of what it was made from (stages.ts, sitemapSource). */
  sitemap: { rel: string; source: string };
}

const NOTHING_RECORDED: Recorded = { report: null, payloads: '', links: '', sitemap: '', folders: 0, tops: new Map() };

/** The key of everything that shapes the output but esbuild's inputs (see the top of this file). */
function recordKey({ cache, config, shard, sources }: RecordScope): string {
  const { outDir: _outDir, ...rest } = config;
  return hashKey('output-record', cache.version, JSON.stringify(rest, localesKeyJson), JSON.stringify(shard), sources);
}

/** The record's file: one per output folder and version of sitegen (another's record is not found, rather than damaged). */
function recordFile(cache: CacheLocation, outDir: string): { file: string; slot: string } {
  const slot = hashKey('output-record', cache.version, outDir);
  return { file: entryFile(cache.dir, 'output', slot), slot };
}

/**
 * The recorded report when the output folder is exactly what the last build with this key left;
 * null otherwise (no record, another key, the folder changed since), and for a damaged record,
 * which `onDamaged` hears of. With it, what the record knows of the folder's pages.
 */
export function recordedOutput(scope: RecordScope, onDamaged: () => void): Recorded {
  const { file, slot } = recordFile(scope.cache, scope.config.outDir);
  const found = readEntry<OutputRecord>(file, slot);
  if (found === undefined) return NOTHING_RECORDED;
  if (found === 'damaged' || !wellFormed(found)) {
    onDamaged();
    return NOTHING_RECORDED;
  }
  const changed = { report: null, payloads: found.payloads, links: found.links, sitemap: found.sitemap, folders: found.folders, tops: new Map(found.tops) };
  if (found.key !== recordKey(scope) || !outsideUnchanged(found.outside)) return changed;
  const now = listing(scope.config.outDir);
  if (!now || now.digest !== found.listing || now.foldersCtimeMs > found.folders) return changed;
  // In use: the cache's pruning removes entries nobody wrote for a week (prune.ts), and a site
  // rebuilt daily with nothing changed would lose its record, and its no-op build, every week.
  try {
    const at = new Date();
    utimesSync(file, at, at);
  } catch {
    // Not touched: the only cost is a full build once the record is pruned.
  }
  return { ...changed, report: found.report };
}

/**
 * Records the output folder as this build left it (after the swap and the old output's removal,
 * which changed the link count, hence the ctime, of every file that was linked), with `inputs`,
 * what esbuild read for it, `written`, the files the build wrote there (see listing), and of its
 * `pages`, a print of each payload and of the sitemap from the same walk's lstat and what their
 * links were judged against. When the folder or the clock cannot be trusted, the record is
 * removed: the next build is full, and reads every payload it compares. The files of `made` (by
 * path in the output) are listed from their facts as the build wrote them, without an lstat.
 */
export async function recordOutput(scope: RecordScope, inputs: Inputs[], report: OutputReport, written: ReadonlySet<string> | readonly string[], pages?: WrittenPages, made?: ReadonlyMap<string, FileFacts> | null): Promise<void> {
  const { file, slot } = recordFile(scope.cache, scope.config.outDir);
  let prints = '';
  let sitemap = '';
  const folder = pages && path.sep + pages.payloads.folder;
  const sitemapAt = pages && path.sep + pages.sitemap.rel;
  const onFile = pages && folder
    ? (rel: string, stats: FileFacts) => {
        if (rel === sitemapAt) sitemap = payloadPrint(pages.sitemap.rel, stats, pages.sitemap.source);
        const source = rel.startsWith(folder) ? pages.payloads.sources.get(rel.slice(folder.length)) : undefined;
        if (source !== undefined) prints += payloadPrint(rel.slice(folder.length), stats, source);
      }
    : undefined;
  // Every folder of the output is as the build left it: the clock now is their bound (see OutputRecord's folders).
  const folders = clockNow(scope.config.outDir);
  const now = folders !== null && listing(scope.config.outDir, namesOf(written), onFile, made);
  if (now && (await settledAfter(scope.config.outDir, Math.max(now.maxCtimeMs, folders)))) {
    const tops = pages ? [...filesByTop(written, pages.payloads.folder)] : [];
    writeEntry(file, slot, { key: recordKey(scope), outside: uncovered(inputs, scope.config), listing: now.digest, folders, payloads: prints, tops, links: pages?.links ?? '', sitemap, report } satisfies OutputRecord);
  } else {
    rmSync(file, { force: true });
  }
}

/**
 * What of esbuild's inputs the rest of the key does not cover already: files in the source
 * folders are in the sources digest, sitegen's own in its version (toolVersion hashes src/), and
 * folders in the source folders with all their names and files. Reading them again was most of
 * the time checking a record took (~100 of the real site's 118 files).
 */
function uncovered(inputs: Inputs[], config: ResolvedConfig): Outside {
  const folders = sourceFolders(config);
  const within = (dirs: string[], file: string) => dirs.some((dir) => file === dir || file.startsWith(dir + path.sep));
  const outside: Outside = { files: [], dirs: [], env: [], fetched: [] };
  for (const { files, dirs, listed = [], env = [], fetched = [] } of inputs) {
    outside.env.push(...env);
    outside.fetched.push(...fetched);
    // As bundle-cache.ts prints them: a folder holding an input with its names.
    const named = new Set([...files.map(([file]) => path.dirname(file)), ...listed]);
    outside.files.push(...files.filter(([file]) => !within([...folders, SRC_DIR], file)));
    outside.dirs.push(...dirs.filter(([dir]) => !within(folders, dir)).map(([dir, print]): Outside['dirs'][number] => [dir, named.has(dir), print]));
  }
  return outside;
}

/**
 * Every file and folder of `outside` as it was; stops at the first difference. Never when the
 * site's code fetched something: only asking again tells whether the answer changed.
 */
function outsideUnchanged(outside: Outside): boolean {
  return (
    outside.fetched.length === 0 &&
    outside.env.every(([name, print]) => envPrint(name) === print) &&
    outside.files.every(([file, print]) => filePrint(file) === print) &&
    outside.dirs.every(([dir, withNames, print]) => dirPrint(dir, withNames) === print)
  );
}

/**
 * The names in each folder of a tree that holds exactly `files` (relative paths) and the folders
 * above them, as listing() walks it: folders by their path from the tree's top with a separator
 * before each name ('' for the top); undefined for a path that is not such a folder.
 */
function namesOf(files: Iterable<string>): (rel: string) => string[] | undefined {
  const names = new Map<string, Set<string>>([['', new Set()]]);
  const add = (rel: string): void => {
    const at = rel.lastIndexOf(path.sep);
    const parent = at < 0 ? '' : path.sep + rel.slice(0, at);
    let here = names.get(parent);
    // A folder seen first: its own name goes into the folder above it.
    if (!here) {
      names.set(parent, (here = new Set()));
      add(rel.slice(0, at));
    }
    here.add(rel.slice(at + 1));
  };
  for (const file of files) add(file);
  return (rel) => {
    const here = names.get(rel);
    return here && [...here];
  };
}

/**
 * A digest of every file under `dir` (relative path, kind, size, mtime, ctime and inode) and of
 * the path of every folder (`dir` itself included); the latest ctime of a file, and of a folder,
 * seen. Null when the folder cannot be read, or a file or folder named is not there. `onFile` is
 * shown each regular file's lstat.
 *
 * The names in each folder are read from it, or, with `given`, taken from there: a build records
 * the output it has just written from its own list of files (namesOf), one lstat per file,
 * without reading or taking the lstat of any folder (its bound stands for them: see
 * OutputRecord's folders; `foldersCtimeMs` is then 0). At 20 times the real site's size the
 * folders' reads (an open, two getdents and a close for each of ~10,000) were most of the ~160 ms
 * the record took after a message edit. Whatever else is in the folder then, the next build's walk
 * finds it and its digest differs: that build is a full one.
 *
 * A file of `made` (by its path from the tree's top, without a separator before it) is taken as
 * those facts, which the build took of a regular file it made new as it wrote it, or found in
 * place (reuse-output.ts, FileFacts), not by an lstat: at 20 times the real site's size, after a
 * message edit, ~5,000 documents of the walk's ~10,000 files, and ~5,000 payloads more when the
 * build staged into an older output. Were such a file changed since, the next build's walk would
 * see its digest differ all the same, and build in full.
 */
function listing(
  dir: string,
  given?: (rel: string) => string[] | undefined,
  onFile?: (rel: string, stats: FileFacts) => void,
  made?: ReadonlyMap<string, FileFacts> | null,
): { digest: string; maxCtimeMs: number; foldersCtimeMs: number } | null {
  const h = createHash('sha256');
  let maxCtimeMs = 0;
  let foldersCtimeMs = 0;
  const names = given ?? ((rel: string) => readdirSync(dir + rel));
  const folder = (rel: string, stats: Stats | null) => {
    h.update(`${rel}\0d\n`);
    if (stats) foldersCtimeMs = Math.max(foldersCtimeMs, stats.ctimeMs);
  };
  const file = (rel: string, stats: FileFacts, kind: 'f' | 'l' | 'o') => {
    h.update(`${rel}\0${kind}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}\0${stats.mode}\n`);
    maxCtimeMs = Math.max(maxCtimeMs, stats.ctimeMs);
    if (onFile && kind === 'f') onFile(rel, stats);
  };
  // Paths joined as strings: path.join's normalizing was a fifth of the walk's time at 10,000 files.
  const walk = (rel: string, inside: string[]) => {
    for (const name of inside.sort()) {
      const child = `${rel}${path.sep}${name}`;
      // A folder of the build's own list is one (its lstat is not taken); the files in it are looked at.
      const listed = given?.(child);
      if (listed) {
        folder(child, null);
        if (!walk(child, listed)) return false;
        continue;
      }
      const facts = made?.get(child.slice(1));
      if (facts) {
        file(child, facts, 'f');
        continue;
      }
      const stats = lstatSync(dir + child);
      if (!stats.isDirectory()) file(child, stats, stats.isFile() ? 'f' : stats.isSymbolicLink() ? 'l' : 'o');
      // A folder where the build's list has a file: not what the build wrote.
      else if (given) return false;
      else {
        folder(child, stats);
        if (!walk(child, names(child) ?? [])) return false;
      }
    }
    return true;
  };
  try {
    const top = lstatSync(dir);
    if (!top.isDirectory()) return null;
    folder('', given ? null : top);
    if (!walk('', names('') ?? [])) return null;
  } catch {
    return null;
  }
  return { digest: h.digest('hex'), maxCtimeMs, foldersCtimeMs };
}

/**
 * The file system's clock now, as a new file's ctime: a probe beside the output folder (the same
 * file system, hence the same timestamp granularity); null when none can be made.
 */
function clockNow(outDir: string): number | null {
  const probe = probeFile(outDir);
  try {
    writeFileSync(probe, '');
    return statSync(probe).ctimeMs;
  } catch {
    return null;
  } finally {
    rmSync(probe, { force: true });
  }
}

/** A probe file's path beside the output: named like a staging folder, so that one left by a killed build is removed by the next (output.ts). */
function probeFile(outDir: string): string {
  return path.join(path.dirname(outDir), `.${path.basename(outDir)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** How long recordOutput waits for the clock to pass the listing's ctimes (file systems with 2 s timestamps). */
const SETTLE_LIMIT_MS = 2500;

/**
 * Whether the file system's clock has passed `ctimeMs`: a probe file beside the output folder (the
 * same file system, hence the same timestamp granularity) gets a later ctime. Only then does any
 * later change to a listed file or folder give it a ctime other than the one recorded.
 */
async function settledAfter(outDir: string, ctimeMs: number): Promise<boolean> {
  const probe = probeFile(outDir);
  const start = performance.now();
  try {
    for (let wait = 1; ; wait = Math.min(wait * 2, 100)) {
      // Made anew each time: a new file's ctime is the clock's now.
      rmSync(probe, { force: true });
      writeFileSync(probe, '');
      if (statSync(probe).ctimeMs > ctimeMs) return true;
      if (performance.now() - start > SETTLE_LIMIT_MS) return false;
      await sleep(wait);
    }
  } catch {
    return false;
  } finally {
    rmSync(probe, { force: true });
  }
}

function wellFormed(r: OutputRecord): boolean {
  const p = r?.report;
  const numbers = p && [p.pages, p.aliases, p.notFoundPages, p.locales, p.files, p.bytes, p.jobs].every((n) => Number.isInteger(n) && n >= 0);
  const strings = (xs: unknown) => Array.isArray(xs) && xs.every((x) => typeof x === 'string');
  const runtime = p?.runtime === null || (typeof p?.runtime?.coreGzip === 'number' && typeof p.runtime.redirectBytes === 'number');
  const o = r?.outside;
  const tuples = (xs: unknown, ...kinds: string[]) => Array.isArray(xs) && xs.every((x) => Array.isArray(x) && x.length === kinds.length && kinds.every((k, i) => typeof x[i] === k));
  const inputs = !!o && tuples(o.files, 'string', 'string') && tuples(o.dirs, 'string', 'boolean', 'string') && tuples(o.env, 'string', 'string') && strings(o.fetched);
  return !!r && typeof r.key === 'string' && typeof r.listing === 'string' && typeof r.folders === 'number' && typeof r.payloads === 'string' && tuples(r.tops, 'string', 'number') && typeof r.links === 'string' && typeof r.sitemap === 'string' && inputs && !!numbers && typeof p.buildId === 'string' && strings(p.usedKeys) && strings(p.warnings) && runtime;
}
