/**
 * A rebuild with nothing changed does nothing: the build cache keeps, for each output folder, a
 * record of the last build that wrote it (the key of everything that shaped it, a fingerprint of
 * the folder as that build left it, and what its report needs). A build whose key and folder still
 * match skips render, verify, write and swap: no staging folder, no file touched. A profile of such
 * a rebuild at 20x the real site showed it spent its time making a staging folder of 10,000 links
 * and removing the old output's 10,000 folders, all to put back the same files.
 *
 * The fingerprint covers every file and folder of the output (path, kind, size, mtime, ctime,
 * inode), so an edit, a touch, a chmod, a file added, removed or replaced, even one whose size and
 * mtime were put back (which sets its ctime, which no user tool can set), makes the next build a
 * full one. For that the record is written only once the clock has moved past every ctime it
 * holds (see settledAfter): a change made in the same clock tick as the listing would keep its ctime.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync, type Stats } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BuildState } from '../stages.ts';
import type { CacheLocation } from './build-cache.ts';
import { entryFile, hashKey, readEntry, writeEntry } from './entries.ts';

/** What the report of the recorded build said that a build without render cannot know. */
export interface OutputReport {
  pages: number;
  aliases: number;
  notFoundPages: number;
  files: number;
  bytes: number;
  /** Render jobs (pages and not-found pages): what a cached full build would report as reused. */
  jobs: number;
  usedKeys: string[];
  /** The render's warnings about messages shown in a fallback locale, in order. */
  fallbackWarnings: string[];
}

interface OutputRecord {
  key: string;
  listing: string;
  report: OutputReport;
}

/**
 * The key of everything that shapes the output: the build id (config's site, base URL, assets
 * base and locales, the server bundle, the runtime, messages, static files), the rest of the
 * config, the shard, and the cache's version (sitegen's code and its dependencies' versions: React
 * renders outside the bundle, and the manifest, sitemap and verify run outside it too).
 */
function recordKey(state: BuildState, cache: CacheLocation): string {
  const { outDir: _outDir, ...config } = state.config;
  return hashKey('output-record', cache.version, state.buildId, JSON.stringify(config), JSON.stringify(state.shard));
}

/** The record's file: one per output folder. */
function recordFile(cache: CacheLocation, outDir: string): { file: string; slot: string } {
  const slot = hashKey('output-record', outDir);
  return { file: entryFile(cache.dir, 'output', slot), slot };
}

/**
 * The recorded report when the output folder is exactly what the last build with this key left;
 * null otherwise (no record, another key, the folder changed since), and for a damaged record,
 * which `onDamaged` hears of.
 */
export function recordedOutput(state: BuildState, onDamaged: () => void): OutputReport | null {
  const cache = state.cache;
  if (!cache) return null;
  const { file, slot } = recordFile(cache, state.config.outDir);
  const found = readEntry<OutputRecord>(file, slot);
  if (found === undefined) return null;
  if (found === 'damaged' || !wellFormed(found)) {
    onDamaged();
    return null;
  }
  if (found.key !== recordKey(state, cache)) return null;
  const now = listing(state.config.outDir);
  if (!now || now.digest !== found.listing) return null;
  // In use: the cache's pruning removes entries nobody wrote for a week (prune.ts), and a site
  // rebuilt daily with nothing changed would lose its record, and its no-op build, every week.
  try {
    const at = new Date();
    utimesSync(file, at, at);
  } catch {
    // Not touched: the only cost is a full build once the record is pruned.
  }
  return found.report;
}

/**
 * Records the output folder as this build left it (after the swap and the old output's removal,
 * which changed the link count, hence the ctime, of every file that was linked). Without a cache,
 * or when the folder or the clock cannot be trusted, the record is removed: the next build is full.
 */
export async function recordOutput(state: BuildState, report: OutputReport): Promise<void> {
  const cache = state.cache;
  if (!cache) return;
  const { file, slot } = recordFile(cache, state.config.outDir);
  const now = listing(state.config.outDir);
  if (now && (await settledAfter(state.config.outDir, now.maxCtimeMs))) {
    writeEntry(file, slot, { key: recordKey(state, cache), listing: now.digest, report } satisfies OutputRecord);
  } else {
    rmSync(file, { force: true });
  }
}

/**
 * A digest of every file and folder under `dir` (itself included): relative path, kind, size,
 * mtime, ctime and inode; and the latest ctime seen. Null when the folder cannot be read.
 */
function listing(dir: string): { digest: string; maxCtimeMs: number } | null {
  const h = createHash('sha256');
  let maxCtimeMs = 0;
  const add = (rel: string, stats: Stats) => {
    const kind = stats.isDirectory() ? 'd' : stats.isFile() ? 'f' : stats.isSymbolicLink() ? 'l' : 'o';
    h.update(`${rel}\0${kind}\0${stats.size}\0${stats.mtimeMs}\0${stats.ctimeMs}\0${stats.ino}\0${stats.mode}\n`);
    maxCtimeMs = Math.max(maxCtimeMs, stats.ctimeMs);
  };
  // Paths joined as strings: path.join's normalizing was a fifth of the walk's time at 10,000 files.
  const walk = (rel: string) => {
    for (const name of readdirSync(dir + rel).sort()) {
      const child = `${rel}${path.sep}${name}`;
      const stats = lstatSync(dir + child);
      add(child, stats);
      if (stats.isDirectory()) walk(child);
    }
  };
  try {
    add('', lstatSync(dir));
    walk('');
  } catch {
    return null;
  }
  return { digest: h.digest('hex'), maxCtimeMs };
}

/** How long recordOutput waits for the clock to pass the listing's ctimes (file systems with 2 s timestamps). */
const SETTLE_LIMIT_MS = 2500;

/**
 * Whether the file system's clock has passed `ctimeMs`: a probe file beside the output folder (the
 * same file system, hence the same timestamp granularity) gets a later ctime. Only then does any
 * later change to a listed file or folder give it a ctime other than the one recorded.
 */
async function settledAfter(outDir: string, ctimeMs: number): Promise<boolean> {
  // Named like a staging folder, so that one left by a killed build is removed by the next (output.ts).
  const probe = path.join(path.dirname(outDir), `.${path.basename(outDir)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
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
  const numbers = p && [p.pages, p.aliases, p.notFoundPages, p.files, p.bytes, p.jobs].every((n) => Number.isInteger(n) && n >= 0);
  const strings = (xs: unknown) => Array.isArray(xs) && xs.every((x) => typeof x === 'string');
  return !!r && typeof r.key === 'string' && typeof r.listing === 'string' && !!numbers && strings(p.usedKeys) && strings(p.fallbackWarnings);
}
