/**
 * `sitegen build`: the pipeline, stage by stage.
 *
 *   config -> messages -> routes -> plan -> check -> bundle -> render -> verify -> write -> swap
 *
 * Each stage is a named function over one BuildState, timed. A failure anywhere discards the
 * staging folder and leaves the previous output exactly as it was.
 */
import path from 'node:path';
import { resolveConfig, type ConfigOverrides, type ResolvedConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { createStagingDir, discardStaging, removeAbandonedStaging, swapIntoPlace } from './output.ts';
import { newState, loadMessagesStage, routesStage, planStage, bundleStage, renderStage, shardLocales, finishCheck, cacheDamageWarnings, fallbackWarnings, PIPELINE, type BuildState } from './stages.ts';
import type { Shard } from './shard.ts';
import { errors } from './errors.ts';
import { openCache } from './cache/build-cache.ts';
import { pruneCache } from './cache/prune.ts';
import { recordedOutput, recordOutput, type OutputReport } from './cache/output-record.ts';

export interface BuildOptions extends ConfigOverrides {
  /** Project root (where pages/, templates/, locales/ and sitegen.config.ts are). */
  root?: string;
  logger?: Logger;
  /** Worker threads for rendering; default decided by the amount of work. 0 renders on the main thread. */
  workers?: number;
  /**
   * Build only shard k of n: its share of the pages plus every site-wide file, exactly as the
   * full build writes them, so that the union of the n shards is the full build.
   */
  shard?: Shard;
  /**
   * The build cache's folder (relative to the root); default `node_modules/.cache/sitegen`;
   * false builds without it (`--no-cache`).
   */
  cacheDir?: string | false;
}

export interface BuildResult {
  outDir: string;
  buildId: string;
  /** The shard built, or null for the whole build. */
  shard: Shard | null;
  /** Route pages written (not counting aliases and 404 pages). */
  pages: number;
  /** Extra `.html` paths written for pages that declare aliases. */
  aliases: number;
  notFoundPages: number;
  locales: number;
  files: number;
  bytes: number;
  warnings: string[];
  stages: { name: string; ms: number }[];
  ms: number;
  runtime: { coreGzip: number; redirectBytes: number } | null;
  /** Message keys the pages asked for. */
  usedKeys: Set<string>;
  /** The build cache and how many pages it gave (`reused`) or were rendered; null without one. */
  cache: { dir: string; reused: number; rendered: number; damaged: number } | null;
}

type Stage<T = unknown> = (state: BuildState) => Promise<T>;

/** Runs stages in order, timed; an aborted `signal` stops the run before the next stage. */
async function runStages(state: BuildState, stages: readonly (readonly [string, Stage])[], signal?: AbortSignal): Promise<void> {
  for (const [name, stage] of stages) {
    signal?.throwIfAborted();
    const start = performance.now();
    await stage(state);
    const ms = performance.now() - start;
    state.stages.push({ name, ms });
    state.logger.debug(`${name} ${ms.toFixed(0)} ms`);
  }
}

/**
 * The pipeline into a staging folder beside the output, swapped into place at the end. On failure
 * (or when `signal` aborts, which is checked between stages) the staging folder is discarded and
 * the output stays exactly as it was. Shared by `build` and the full builds of `sitegen dev`.
 * `unchanged`, asked once the bundle has given the build id, may find that the output already is
 * what the rest would write: then there is no staging folder, and nothing is written.
 */
export async function runPipeline(state: BuildState, signal?: AbortSignal, unchanged?: Stage<boolean>): Promise<void> {
  const render = PIPELINE.findIndex(([name]) => name === 'render');
  let done = false;
  const ask: [string, Stage][] = unchanged ? [['unchanged', async (s) => (done = await unchanged(s))]] : [];
  try {
    await runStages(state, [...PIPELINE.slice(0, render), ...ask], signal);
    if (done) return;
    const staging = (state.staging = await createStagingDir(state.config.outDir));
    try {
      await runStages(state, [...PIPELINE.slice(render), ['swap', async () => swapIntoPlace(staging, state.config.outDir)]], signal);
    } catch (err) {
      await discardStaging(staging);
      throw err;
    }
  } catch (err) {
    // A stage that failed while the check ran beside it: the check's errors, if any, come first.
    await finishCheck(state);
    throw err;
  } finally {
    state.staging = null;
  }
}

/**
 * The report of an output folder that is exactly what the last build with the same inputs left
 * (output-record.ts), or null; staging folders of killed builds are removed first. The check's
 * errors and warnings come out as in a full build; the arguments it left for the render to judge
 * were judged by that build, from the same inputs.
 */
async function unchangedOutput(state: BuildState): Promise<OutputReport | null> {
  // As createStagingDir does: a build killed inside its swap left the output beside it, to put back first.
  await removeAbandonedStaging(state.config.outDir);
  const report = recordedOutput(state, () => state.cacheUse.damaged++);
  if (!report) return null;
  await finishCheck(state);
  state.argumentsPending = false;
  state.cacheUse.reused += report.jobs;
  state.files = report.files;
  state.bytes = report.bytes;
  state.usedKeys = new Set(report.usedKeys);
  state.warnings.push(...cacheDamageWarnings(state), ...report.fallbackWarnings);
  return report;
}

/** What the report of a build says of its output, from its render results. */
function outputReport(state: BuildState): OutputReport {
  // A route page's result has its public paths (the page, then its aliases); a not-found page's has none.
  const routePages = state.results.filter((r) => r.paths.length > 0);
  return {
    pages: routePages.length,
    aliases: routePages.reduce((n, r) => n + r.paths.length - 1, 0),
    notFoundPages: state.results.length - routePages.length,
    files: state.files,
    bytes: state.bytes,
    jobs: state.results.length,
    usedKeys: [...state.usedKeys],
    fallbackWarnings: fallbackWarnings(state),
  };
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const start = performance.now();
  // A preview of some locales has its own build id and its own manifest: it is not a shard of the site.
  if (options.shard && options.locales) throw errors.shardWithLocales();
  // Opened first: the config's bundle is kept in the cache too.
  const cacheWarnings: string[] = [];
  const cache = openCache(path.resolve(options.root ?? process.cwd()), options.cacheDir, cacheWarnings);
  let configDamaged = 0;
  const { config, warnings } = await resolveConfig(options.root ?? process.cwd(), options, { cache: { location: cache, onDamaged: () => configDamaged++ } });
  const state = newState(config, options.logger ?? createLogger({ level: 'silent' }), [...warnings, ...cacheWarnings], options.workers);
  state.shard = options.shard ?? null;
  state.cache = cache;
  state.cacheUse.damaged += configDamaged;
  let reused: OutputReport | null = null;
  try {
    await runPipeline(state, undefined, async (s) => (reused = await unchangedOutput(s)) !== null);
  } finally {
    await state.server?.dispose();
  }
  const report = reused ?? outputReport(state);
  // After the swap and the old output's removal: both change what the record holds of the folder.
  if (!reused) await recordOutput(state, report);
  if (state.cache) await pruneCache(state.cache.dir);
  return {
    outDir: config.outDir,
    buildId: state.buildId,
    shard: state.shard,
    pages: report.pages,
    aliases: report.aliases,
    notFoundPages: report.notFoundPages,
    locales: shardLocales(state).length,
    files: state.files,
    bytes: state.bytes,
    warnings: state.warnings,
    stages: state.stages,
    ms: performance.now() - start,
    runtime: state.runtime?.sizes ?? null,
    usedKeys: state.usedKeys,
    cache: state.cache && { dir: state.cache.dir, ...state.cacheUse },
  };
}

/** What the pages ask of the messages: the keys, and the value names the code passes for each. */
export interface MessageUsage {
  keys: Set<string>;
  /** Key -> value names of its `t`/`rich` calls; keys only the browser fills in are absent. */
  passedValues: Map<string, Set<string>>;
  /** Locales whose pages were not rendered because their file cannot be read (check reports the file). */
  skippedLocales: string[];
}

/**
 * Renders every page in memory (nothing is written) and returns what they asked of the messages:
 * what `sitegen check` uses to find unused and undefined keys, and the arguments a translation
 * may use. A locale whose file is malformed is left out, so that check still reports on the rest.
 */
export async function collectUsage(config: ResolvedConfig): Promise<MessageUsage> {
  const state = newState(config, createLogger({ level: 'silent' }), []);
  state.write = false;
  let skippedLocales: string[] = [];
  const readableMessages = async (s: BuildState) => {
    const { unreadable } = await loadMessagesStage(s, { skipUnreadable: true });
    skippedLocales = [...unreadable.keys()];
    s.config = { ...s.config, locales: s.config.locales.filter((l) => !unreadable.has(l.code)) };
  };
  try {
    await runStages(state, [
      ['messages', readableMessages],
      ['routes', routesStage],
      ['plan', planStage],
      ['bundle', bundleStage],
      ['render', renderStage],
    ]);
  } finally {
    await state.server?.dispose();
  }
  return { keys: state.usedKeys, passedValues: state.passedValues, skippedLocales };
}
