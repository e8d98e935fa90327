/**
 * `sitegen build`: the pipeline, stage by stage.
 *
 *   config -> runtime -> messages -> routes -> plan -> check -> bundle -> render -> verify -> write -> swap
 *
 * Each stage is a named function over one BuildState, timed. A failure anywhere discards the
 * staging folder and leaves the previous output exactly as it was.
 */
import path from 'node:path';
import { resolveConfig, type ConfigOverrides, type ResolvedConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import type { BuildState } from './stages.ts';
import type { LocaleText } from './check/locale-files.ts';
import type { Shard } from './shard.ts';
import { errors } from './errors.ts';
import { damageWarnings, openCache } from './cache/build-cache.ts';
import { pruneCache } from './cache/prune.ts';
import { recordedOutput, recordOutput, type OutputReport, type Recorded, type RecordScope } from './cache/output-record.ts';
import { sourceFolders, sourcePrint } from './cache/source-prints.ts';
import { checkOutDir, checkReplaceable, checkSiteRoot, followOutputLink, siteFolders } from './site-folders.ts';
import { assetsDir } from './paths.ts';

export interface BuildOptions extends ConfigOverrides {
  /** Project root (where pages/, templates/, locales/ and sitegen.config.ts are). */
  root?: string;
  logger?: Logger;
  /** Worker threads for rendering; default decided by the amount of work. 0 renders on the main thread. */
  workers?: number;
  /**
   * Called with how much the build renders, in pages, once it knows (not when the output is
   * unchanged): each (page, locale) pair counts one, and one the build cache has an entry for a tenth.
   */
  onRender?: (pages: number) => void;
  /**
   * Called as the plan is made, with the number of (page, locale) pairs of the site and whether
   * the build cache holds pages of an earlier build (before onRender, which says how much of them
   * this build renders: a shard's share, the cache's).
   */
  onPlan?: (pairs: number, cachedPages: boolean) => void;
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
  /** Locales of the pages built (a shard's share). */
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

type Stage = (state: BuildState) => Promise<unknown>;

/** Runs stages in order, timed; an aborted `signal` stops the run before the next stage. */
async function runStages(state: BuildState, stages: readonly (readonly [string, Stage])[], signal?: AbortSignal): Promise<void> {
  for (const [name, stage] of stages) {
    signal?.throwIfAborted();
    await timed(state.stages, state.logger, name, () => stage(state));
  }
}

/** Runs `work`, adds how long it took to `stages` (and says it at debug level), and returns what it gave. */
async function timed<T>(stages: BuildResult['stages'], logger: Logger, name: string, work: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const value = await work();
  const ms = performance.now() - start;
  stages.push({ name, ms });
  logger.debug(`${name} ${ms.toFixed(0)} ms`);
  return value;
}

/**
 * The pipeline into a staging folder beside the output, swapped into place at the end. On failure
 * (or when `signal` aborts, which is checked between stages) the staging folder is discarded and
 * the output stays exactly as it was. Shared by `build` and the full builds of `sitegen dev`.
 * The stages and the writer are loaded here, on use: a build with nothing changed needs neither.
 */
export async function runPipeline(state: BuildState, signal?: AbortSignal): Promise<void> {
  const [{ PIPELINE, finishCheck, settleSiteWrites }, { createStagingDir, discardStaging, spareFolder, swapIntoPlace }] = await loadStages();
  const render = PIPELINE.findIndex(([name]) => name === 'render');
  // The output a build replaces is kept in the cache for the next one to stage into (output.ts).
  const spare = state.cache && spareFolder(state.cache.dir, state.config.outDir);
  try {
    await runStages(state, PIPELINE.slice(0, render), signal);
    const staging = (state.staging = await createStagingDir(state.config.outDir, spare));
    try {
      await runStages(state, [...PIPELINE.slice(render), ['swap', async () => swapIntoPlace(staging, state.config.outDir, spare, state.handover)]], signal);
    } catch (err) {
      await settleSiteWrites(state);
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

/** The modules of a full build's stages and of its writer. */
function loadStages() {
  return Promise.all([import('./stages.ts'), import('./output.ts')]);
}

/**
 * The report of an output folder that is exactly what the last build with the same inputs left
 * (output-record.ts), or null, and what the record knows of its pages; staging folders of killed
 * builds are removed first. The recorded build gave its check's warnings and had its arguments judged
 * from the same inputs.
 */
async function unchangedOutput(scope: RecordScope, onDamaged: () => void): Promise<Recorded> {
  const { removeAbandonedStaging } = await import('./output.ts');
  // As createStagingDir does: a build killed inside its swap left the output beside it, to put back first.
  await removeAbandonedStaging(scope.config.outDir);
  return recordedOutput(scope, onDamaged);
}

/** What the report of a build says of its output, from its render results; `ownWarnings` is where its stages' warnings begin. */
function outputReport(state: BuildState, ownWarnings: number, locales: number): OutputReport {
  // A route page's result has its public paths (the page, then its aliases); a not-found page's has none.
  const routePages = state.results.filter((r) => r.paths.length > 0);
  const damage = new Set(damageWarnings(state.cacheUse.damaged, state.cache));
  return {
    buildId: state.buildId,
    pages: routePages.length,
    aliases: routePages.reduce((n, r) => n + r.paths.length - 1, 0),
    notFoundPages: state.results.length - routePages.length,
    locales,
    files: state.files,
    bytes: state.bytes,
    jobs: state.results.length,
    usedKeys: [...state.usedKeys],
    // Those about damaged cache entries are this build's own, not its inputs'.
    warnings: state.warnings.slice(ownWarnings).filter((w) => !damage.has(w)),
    runtime: state.runtime?.sizes ?? null,
  };
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const start = performance.now();
  // A preview of some locales has its own build id and its own manifest: it is not a shard of the site.
  if (options.shard && options.locales) throw errors.shardWithLocales();
  if (options.workers !== undefined && !(Number.isInteger(options.workers) && options.workers >= 0)) throw errors.workersInvalid(options.workers);
  const logger = options.logger ?? createLogger({ level: 'silent' });
  // Opened first: the config's bundle is kept in the cache too.
  const cacheWarnings: string[] = [];
  const root = path.resolve(options.root ?? process.cwd());
  checkSiteRoot(root);
  // The output folder first (resolveConfig checks it again, with the config file): a cache inside it is its fault.
  const outDir = followOutputLink(path.resolve(root, options.outDir ?? 'dist'));
  checkOutDir(root, outDir, options.outDir !== undefined ? 'from --out' : 'the default', null);
  const cache = openCache(root, options.cacheDir, cacheWarnings, outDir);
  let damaged = 0;
  // The digest of the site's sources for the output record, taken before any stage reads them:
  // one changed while the build runs differs from it then. Their folders follow from the root.
  let sources: string | undefined;
  const folders = siteFolders(root);
  const takeSources = () => (sources ??= sourcePrint(sourceFolders(folders), cache?.prints, cache?.localeBytes && { dir: folders.localesDir, bytes: cache.localeBytes }));
  // A config that esbuild bundles (not from the cache) is new, so the build will be full: its
  // stages load, and the sources' digest is taken (5 to 8 ms of the real site's build), while the
  // main thread waits for esbuild. A failure to load is left to the pipeline's own import.
  const whileBundling = () => {
    void loadStages().catch(() => {});
    if (cache) takeSources();
  };
  const { config, warnings } = await resolveConfig(root, options, { cache: { location: cache, onDamaged: () => damaged++, whileBundling } });
  const shard = options.shard ?? null;
  const before: BuildResult['stages'] = [];
  const scope: RecordScope | null = cache && { cache, config, shard, sources: await timed(before, logger, 'sources', takeSources) };
  const recorded = scope && (await timed(before, logger, 'unchanged', () => unchangedOutput(scope, () => damaged++)));
  const reused = recorded?.report;
  const result: Omit<BuildResult, 'ms'> = reused
    ? resultOf(reused, config, shard, [...warnings, ...cacheWarnings, ...reused.warnings, ...damageWarnings(damaged, cache)], before, cache && { dir: cache.dir, reused: reused.jobs, rendered: 0, damaged })
    : await checkReplaceable(root, config.outDir, assetsDir(config.assetsBase)).then(() => fullBuild(config, shard, { ...options, logger }, [...warnings, ...cacheWarnings], damaged, before, scope, recorded));
  if (cache) await pruneCache(cache.dir);
  return { ...result, ms: performance.now() - start };
}

/** A build's result from the report of its output (its own, or the recorded one when the output was already what it would write). */
function resultOf(
  report: OutputReport,
  config: ResolvedConfig,
  shard: Shard | null,
  warnings: string[],
  stages: BuildResult['stages'],
  cache: BuildResult['cache'],
): Omit<BuildResult, 'ms'> {
  return {
    outDir: config.outDir,
    buildId: report.buildId,
    shard,
    pages: report.pages,
    aliases: report.aliases,
    notFoundPages: report.notFoundPages,
    locales: report.locales,
    files: report.files,
    bytes: report.bytes,
    warnings,
    stages,
    runtime: report.runtime,
    usedKeys: new Set(report.usedKeys),
    cache,
  };
}

/**
 * Every stage, the output swapped into place and recorded (when `scope`, the cache's, is given);
 * `recorded`: what the output's record knows of its pages (see output-record.ts).
 */
async function fullBuild(
  config: ResolvedConfig,
  shard: Shard | null,
  options: BuildOptions & { logger: Logger },
  warnings: string[],
  damaged: number,
  before: BuildResult['stages'],
  scope: RecordScope | null,
  recorded: Recorded | null,
): Promise<Omit<BuildResult, 'ms'>> {
  const [{ newState, writtenPages, shardLocales, writtenFiles }, { cachedOwnNames }] = await Promise.all([import('./stages.ts'), import('./cache/locale-names.ts')]);
  const state = newState(config, options.logger, warnings, options.workers);
  state.shard = shard;
  state.onRender = options.onRender;
  state.onPlan = options.onPlan;
  state.cache = scope?.cache ?? null;
  state.cacheUse.damaged += damaged;
  state.recorded = recorded;
  state.deferMessages = true;
  state.prestart = true;
  state.stages.push(...before);
  // The languages' own names, made with Intl's data once and kept (cache/locale-names.ts).
  const names = scope && cachedOwnNames(scope.cache, config.locales, () => state.cacheUse.damaged++);
  try {
    await runPipeline(state);
  } finally {
    // Workers a failed stage left unused (the render ends those it takes).
    await (await state.prestarted?.catch(() => null))?.end();
    await state.server?.dispose();
  }
  names?.save();
  const report = outputReport(state, warnings.length, shardLocales(state).length);
  // After the swap and the old output's removal: both change what the record holds of the folder.
  if (scope) await recordOutput(scope, state.bundleInputs, report, writtenFiles(state), writtenPages(state), state.fileFacts);
  return resultOf(report, config, shard, state.warnings, state.stages, state.cache && { dir: state.cache.dir, ...state.cacheUse });
}

/** What the pages ask of the messages: the keys, and the value names the code passes for each. */
export interface MessageUsage {
  keys: Set<string>;
  /** Key -> value names of its `t`/`rich` calls; keys only the browser fills in are absent. */
  passedValues: Map<string, Set<string>>;
  /** Locales whose pages were not rendered because their file cannot be read (check reports the file). */
  skippedLocales: string[];
  /**
   * The locale files as the render read and parsed them, for the check (CheckOptions' texts), so
   * that `sitegen check` does not read and parse them again; null when some file could not be read.
   */
  texts: readonly LocaleText[] | null;
  /** The keys the pages name in their head (CheckOptions' headKeys). */
  headKeys: Set<string>;
}

/**
 * Renders every page in memory (nothing is written) and returns what they asked of the messages:
 * what `sitegen check` uses to find unused and undefined keys, and the arguments a translation
 * may use. A locale whose file is malformed is left out, so that check still reports on the rest.
 */
export async function collectUsage(config: ResolvedConfig): Promise<MessageUsage> {
  const { newState, loadMessagesStage, routesStage, planStage, bundleStage, renderStage, headKeys } = await import('./stages.ts');
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
  return { keys: state.usedKeys, passedValues: state.passedValues, skippedLocales, texts: state.localeTexts, headKeys: headKeys(state) };
}
