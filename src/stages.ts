/** The stages of `sitegen build`, in order. Each reads and extends one BuildState. */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, rename } from 'node:fs/promises';
import type { ResolvedConfig, SocialImage } from './config.ts';
import type { Logger } from './logger.ts';
import { loadMessages, type LoadedMessages, type LoadOptions } from './i18n/messages.ts';
import { parseWhileWaiting } from './i18n/parse-ahead.ts';
import { check, formatFinding, type CheckOptions, type CheckReport, type Finding } from './check/index.ts';
import type { LocaleMessages } from './i18n/deferred-messages.ts';
import { checkOutputPaths } from './output-paths.ts';
import { ASSET_FILES_FOLDER } from './bundle-esbuild.ts';
import { discoverRoutes, type RouteFile } from './routes.ts';
import { bundleServer, type BundleFolder, type ServerBundle } from './bundle.ts';
import type { RuntimeAssets } from './runtime-bundle.ts';
import { cachedRuntime } from './cache/runtime-cache.ts';
import { describePages } from './render/pages.ts';
import { dataFiles, type DataFiles } from './cache/data-files.ts';
import { prestartWorkers, renderAll, workersBeforeBundle, type Prestarted } from './render/pool.ts';
import { forgetBuildPacks, hasPageIndex, newBuildPacks, savePageIndex, sourceOf } from './cache/page-packs.ts';
import { pageIndexRead } from './render/render-cache.ts';
import type { JobResult, PageInfo, RenderContext, RenderJob } from './render/context.ts';
import { NO_LINKS } from './render/compact.ts';
import { saveCodeCaches } from './render/code-cache.ts';
import { cachedNumberTexts } from './cache/number-texts.ts';
import { heapFlagsChanged } from './heap-growth.ts';
import { PageVerifier, reportProblems, verifyPages, type Problem, type VerifyTargets } from './verify/verify.ts';
import { unknownEnhancers } from './verify/enhancers.ts';
import { siteFrame } from './render/source-location.ts';
import { copyStatic, keepOnly, listStatic, writeOut, writeOutParts } from './output.ts';
import { pageName } from './file-paths.ts';
import { assetsDir, MANIFEST_NAME, manifestFile, notFoundFile, pageFiles, payloadFile } from './paths.ts';
import { settleHandover, type Handover } from './handover.ts';
import { findPreviousOutput, previousFile, printSet, putRecorded, recordedFile, type FileFacts, type PreviousOutput } from './reuse-output.ts';
import { createManifest, pathsByLocale } from './manifest.ts';
import type { PayloadSources, Recorded, WrittenPages } from './cache/output-record.ts';
import { planJobs, planLocales, type PlannedJob } from './plan.ts';
import type { Shard } from './shard.ts';
import { addPassedValues, renderUnseenPages } from './shard-usage.ts';
import { renderRobots, sitemapParts } from './sitemap.ts';
import { errors, SitegenError } from './errors.ts';
import { pageImageTags, socialImageTags, type SocialImageTags } from './social-image.ts';
import { damageWarnings, type CacheLocation } from './cache/build-cache.ts';
import type { Inputs } from './cache/bundle-cache.ts';
import { hashKey } from './cache/entries.ts';
import { fallbackChain } from './locales.ts';
import { cachedCheck } from './cache/check-cache.ts';
import { bytesPrint, keepMessageTexts, keptTextTest, textPrint } from './cache/message-texts.ts';
import { relativeFile, type LocaleText } from './check/locale-files.ts';

export interface BuildState {
  config: ResolvedConfig;
  logger: Logger;
  warnings: string[];
  stages: { name: string; ms: number }[];
  workers?: number;
  write: boolean;
  staging: string | null;
  messages: Map<string, LocaleMessages>;
  /**
   * Each locale's messages as loaded, with a print of its file's text (see RenderContext's
   * messagePrints): part of the build id, which so hashes the prints, not the files' text again.
   */
  messagePrints: WeakMap<LocaleMessages, string>;
  /**
   * Whether the messages stage may leave a locale file whose text the build cache keeps unparsed
   * until its messages are used (i18n/deferred-messages.ts): `sitegen build`'s, not dev's, whose
   * session compares the messages of a build with the next's.
   */
  deferMessages: boolean;
  /** The message files as the messages stage read them, for the check the build starts (then let go). */
  localeTexts: LocaleText[] | null;
  routes: RouteFile[];
  notFoundFile: string | null;
  /** Shard k/n of the build, or null for the whole build. */
  shard: Shard | null;
  /** The (page, locale) pairs this build renders: all of them, or the shard's share. */
  plan: PlannedJob[];
  /** Told how much the render makes, in pages (see BuildOptions): the CLI limits the heap's growth for a large build. */
  onRender?: (pages: number) => void;
  /** Told the site's number of pairs as the plan is made, and whether the cache holds pages (see BuildOptions): the CLI holds a large build's young generation, and a rebuild's. */
  onPlan?: (pairs: number, cachedPages: boolean) => void;
  server: ServerBundle | null;
  /** Where the server bundle goes: a dev session keeps one folder for all its builds; else its own. */
  bundles?: BundleFolder;
  runtime: RuntimeAssets | null;
  /** The runtime's assets being made (startRuntimeStage), until the bundle stage takes them. */
  runtimeBuild: Promise<RuntimeAssets> | null;
  pages: PageInfo[];
  notFound: PageInfo | null;
  staticFiles: string[];
  buildId: string;
  cssFile: string | null;
  results: JobResult[];
  /**
   * Whether the results keep their links for verifyStage to judge. Without it (`sitegen build`)
   * each page's links are judged as its result arrives and dropped: at 20 times the real site's
   * size they were ~8 MB of the heap at the end of the render. Dev keeps them, as it judges the
   * whole site again after rendering a few pages.
   */
  keepLinks: boolean;
  /** The problems found by judging the pages as they arrived (see keepLinks), for verifyStage to report. */
  linkProblems: string[] | null;
  usedKeys: Set<string>;
  /** Key -> names of the values the pages pass for it (for `sitegen check`). */
  passedValues: Map<string, Set<string>>;
  /** Whether the check left arguments unknown to en for after the render (see checkStage). */
  argumentsPending: boolean;
  /** The build's translation check, running beside the bundle and render stages (see startCheckStage). */
  checking: PendingCheck | null;
  files: number;
  bytes: number;
  /** The build cache, or null (`--no-cache`, or a folder that cannot be written). */
  cache: CacheLocation | null;
  /** Pages taken from the cache, rendered (and kept), and rendered because their entry was damaged. */
  cacheUse: { reused: number; rendered: number; damaged: number };
  /** The output the last build left, whose files equal to this build's are linked into staging. */
  previous: PreviousOutput | null;
  /** Whether the bundle stage starts the render's workers (`sitegen build`'s: its caller ends any it leaves, see prestarted). */
  prestart: boolean;
  /** Render workers started by the bundle stage, until the render stage takes them (render/pool.ts, Prestarted). */
  prestarted: Promise<Prestarted | null> | null;
  /** What the output record knows of the pages of the output (output-record.ts); null without one. */
  recorded: Recorded | null;
  /** A print of what the pages' links were judged against as they came (targetsPrint); '' when they were not. */
  linksJudged: string;
  /** The site-wide and static files being written while the pages render, until the write stage takes them. */
  siteWrites: Promise<{ files: number; bytes: number }> | null;
  /** The locale files' texts being kept in the build cache (messages stage), awaited by the render stage. */
  textsKept: Promise<void> | null;
  /** What the bundle stage's esbuild results were made from, as the build cache holds it (the output record keeps it too). */
  bundleInputs: Inputs[];
  /** The files, folders and environment variables the pages' code read as its modules loaded (cache/data-files.ts); null before the bundle stage. */
  dataFiles: DataFiles | null;
  /** What writtenFiles gives, once made: the staging folder's pruning and the output record both ask. */
  written: ReadonlySet<string> | null;
  /** The facts of the files the main thread's renderer made new or left in place (RenderContext's fileFacts), for the output record; null without a cache. */
  fileFacts: Map<string, FileFacts> | null;
  /** The payload folders the swap moves from the output into the new one (handover.ts); null for none. */
  handover: Handover | null;
}

export function newState(config: ResolvedConfig, logger: Logger, warnings: string[], workers?: number): BuildState {
  return {
    config, logger, warnings: [...warnings], stages: [], workers, write: true, staging: null,
    messages: new Map(), messagePrints: new WeakMap(), deferMessages: false, prestart: false, prestarted: null, localeTexts: null, routes: [], notFoundFile: null, shard: null, plan: [], server: null, runtime: null, runtimeBuild: null,
    pages: [], notFound: null, staticFiles: [], buildId: '', cssFile: null, results: [], keepLinks: false, linkProblems: null,
    usedKeys: new Set(), passedValues: new Map(), argumentsPending: false, checking: null, files: 0, bytes: 0, cache: null, cacheUse: { reused: 0, rendered: 0, damaged: 0 },
    previous: null, recorded: null, linksJudged: '', siteWrites: null, textsKept: null, bundleInputs: [], dataFiles: null, written: null, fileFacts: null, handover: null,
  };
}

export async function loadMessagesStage(state: BuildState, options?: LoadOptions): Promise<LoadedMessages> {
  // A text the build cache keeps is known to load: its parsing (and decoding) waits for its first
  // use (see i18n/deferred-messages.ts). Each file's print is made from its bytes as it is read.
  const prints = new Map<string, string>();
  const deferred = new Set<string>();
  const { cache } = state;
  const kept = state.deferMessages && cache && state.write ? keptTextTest(cache.dir) : null;
  // The files the sources' digest read: their bytes, and those bytes' SHA-1 (CacheLocation's localeBytes).
  const digested = new WeakMap<Buffer, string>();
  const read = (file: string): Buffer | undefined => {
    const bytes = cache?.localeBytes?.get(file);
    const sha1 = cache?.prints?.get(file);
    if (bytes && sha1) digested.set(bytes, sha1);
    return bytes;
  };
  const defer = (code: string, bytes: Buffer): boolean => {
    const print = bytesPrint(bytes, digested.get(bytes));
    prints.set(code, print);
    if (!kept!(print)) return false;
    deferred.add(code);
    return true;
  };
  const loaded = await loadMessages(state.config.root, state.config.localesDir, state.config.locales, state.config.defaultLocale.code, { ...options, defer: kept ? defer : undefined, read });
  cache?.localeBytes?.clear();
  state.warnings.push(...loaded.warnings);
  state.messages = loaded.byLocale;
  for (const [code, file] of loaded.files) state.messagePrints.set(file.messages, prints.get(code) ?? textPrint(file.source));
  // The texts the render cache's entries will name by their prints, for the next builds to compare
  // with (cache/message-texts.ts): written while esbuild bundles, done before the render starts
  // (started with the render, the writes held the texts, 1.4 MB for the real site, into it). A
  // deferred text is kept already.
  if (state.cache && state.write) {
    const texts = [...loaded.files].filter(([code]) => !deferred.has(code)).map(([, file]) => ({ print: state.messagePrints.get(file.messages)!, source: file.source }));
    state.textsKept = keepMessageTexts(state.cache.dir, texts);
  }
  // Read as the check reads them: a file not there has no text. (One left out as unreadable has
  // none to give: the check then reads them all itself.) A deferred file's text is decoded only if
  // the check reads it (its cache has no part for its print).
  const { config } = state;
  state.localeTexts = loaded.unreadable.size > 0 ? null : config.locales.map((locale) => {
    const read = loaded.files.get(locale.code);
    const file = relativeFile(config, path.join(config.localesDir, locale.file));
    if (!read) return { locale, file, source: null };
    return { locale, file, get source() { return read.source; }, tree: read.tree, print: state.messagePrints.get(read.messages) };
  });
  return loaded;
}

/**
 * The browser runtime's assets, started first: a cold build's three esbuild builds of them ended
 * 50 to 230 ms after the server module's, last of the bundle stage; started here, they run in
 * esbuild's process while this thread reads the messages and the routes. The bundle stage takes
 * them (with the build cache, they come from it at once).
 */
export async function startRuntimeStage(state: BuildState): Promise<void> {
  state.runtimeBuild = runtimeAssets(state);
  // Awaited by the bundle stage; until then a failure is not an unhandled rejection.
  state.runtimeBuild.catch(() => {});
}

function runtimeAssets(state: BuildState): Promise<RuntimeAssets> {
  const { config } = state;
  const options = { locales: config.locales, defaultLocale: config.defaultLocale.code, minify: true, enhancersDir: config.enhancersDir, root: config.root, basePath: config.basePath };
  return cachedRuntime(state.cache, options, config.root, () => state.cacheUse.damaged++, (inputs) => state.bundleInputs.push(inputs));
}

/** A check started but not yet applied to the build: its report, and what applying it needs. */
interface PendingCheck {
  report: Promise<CheckReport>;
  /** Lets a check that waits for the main thread to be free run (see startCheckStage); once is enough. */
  release(): void;
  /** Whether it was asked before the render, without the values the pages pass. */
  beforeRender: boolean;
  /** Where its warnings go in the build's list: where they went when the check ran before the next stages. */
  warningsAt: number;
}

/**
 * The translation checker of `sitegen check`: errors (ICU syntax, argument or tag mismatches)
 * fail the build; gaps are warnings, one line per locale, and the pages fall back to en.
 * `locale` limits it to one locale's file (dev, after an edit of only that file); `texts`, the files
 * as the caller read them, are not read again (check/locale-files.ts, localeTexts).
 */
export async function checkStage(state: BuildState, locale?: string, texts?: LocaleText[]): Promise<void> {
  const pending = startCheck(state, locale, check, texts);
  applyCheck(state, pending, await pending.report);
}

/**
 * The build's check, made while esbuild bundles: the bundle stage releases it once esbuild has
 * its request (or once the bundle is there, when it came from the cache), and the render stage
 * applies it (finishCheck) before it judges any page. It runs on the main thread, which waits for
 * esbuild meanwhile. (On a worker thread of its own, as before, it cost 300 to 450 ms of CPU in
 * profiles of a cold build of the real site, of which 85 to 120 ms were the check and the rest
 * the thread's start: Node's own modules compiled again for it, the check's modules loaded.)
 */
export async function startCheckStage(state: BuildState): Promise<void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const pending = startCheck(state, undefined, (config, options) => released.then(() => check(config, options)), state.localeTexts);
  state.localeTexts = null;
  pending.release = release;
  // Awaited by finishCheck; until then a failure is not an unhandled rejection.
  pending.report.catch(() => {});
  state.checking = pending;
}

/**
 * Applies the started check to the build, once: its errors fail the build (also when a later
 * stage failed meanwhile: runPipeline reports the check's errors first, as when it ran first).
 */
export async function finishCheck(state: BuildState): Promise<void> {
  const pending = state.checking;
  if (!pending) return;
  state.checking = null;
  // A stage failed before the bundle stage released it: it runs now.
  pending.release();
  applyCheck(state, pending, await pending.report);
}

function startCheck(
  state: BuildState,
  locale: string | undefined,
  run: (config: ResolvedConfig, options: CheckOptions) => Promise<CheckReport>,
  texts?: LocaleText[] | null,
): PendingCheck {
  // A shard checks the locales it renders, and en, which every page falls back to.
  const locales = state.shard ? [state.config.defaultLocale.code, ...shardLocales(state)] : undefined;
  // The values the pages pass are known once they have rendered (in dev, from the last build).
  const passedValues = state.passedValues.size > 0 ? state.passedValues : undefined;
  return {
    report: cachedCheck(state.cache, state.config, { locale, locales, passedValues, headKeys: passedValues && headKeys(state), texts: texts ?? undefined }, () => state.cacheUse.damaged++, run),
    release: () => {},
    beforeRender: !passedValues && state.results.length === 0,
    warningsAt: state.warnings.length,
  };
}

function applyCheck(state: BuildState, pending: PendingCheck, report: CheckReport): void {
  const failures = report.findings.filter((f) => f.severity === 'error');
  // An argument en lacks may be one the code passes (a count beside a preformatted counter), and
  // one en has that a translation lacks may be one no page passes (en's own message is then what
  // fails, at its render, which says so better): when that is all, the render decides, as it
  // records what each call passes (checkPassedArguments).
  // With other errors beside them, those others are reported alone: the arguments are judged by
  // the build that renders, once they are fixed (reported now, one that en is at fault for would
  // send the user to change every translation).
  const judgedLater = pending.beforeRender ? failures.filter((f) => f.kind === 'argument-unknown' || f.kind === 'argument-missing') : [];
  if (judgedLater.length > 0 && judgedLater.length === failures.length) state.argumentsPending = true;
  else if (failures.length) throw errors.translationErrors(failures.filter((f) => !judgedLater.includes(f)).map(formatFinding), judgedLater.length);
  const gaps = new Map<string, Map<string, number>>();
  for (const f of report.findings) {
    // Missing files and keys are reported from the render, as the en fallbacks they cause; infos
    // are notes for `sitegen check`, not warnings.
    if (f.kind === 'missing-file' || f.kind === 'missing-key' || f.severity === 'info') continue;
    const byKind = gaps.get(f.file) ?? new Map<string, number>();
    byKind.set(f.kind, (byKind.get(f.kind) ?? 0) + 1);
    gaps.set(f.file, byKind);
  }
  const lines = [...gaps].map(([file, byKind]) => `${file}: ${[...byKind].map(([kind, n]) => `${n} ${kind}`).join(', ')} (details: sitegen check)`);
  state.warnings.splice(pending.warningsAt, 0, ...lines);
}

/**
 * The check's arguments unknown to en, now that the render has recorded which values the pages
 * pass: an error only for one that no call passes. A shard that did not render every page first
 * learns what the others pass (shard-usage.ts), so that it fails exactly when the full build does.
 */
async function checkPassedArguments(state: BuildState): Promise<void> {
  state.argumentsPending = false;
  let failures = await argumentFailures(state);
  if (failures.length > 0 && state.shard) {
    const unseen = await renderUnseenPages({
      modulePath: state.server!.modulePath,
      root: state.config.root,
      context: renderContext(state, ''),
      pages: [...state.pages, ...(state.notFound ? [state.notFound] : [])],
      plan: state.plan,
      workers: state.workers,
    });
    if (unseen.length > 0) {
      addPassedValues(state.passedValues, unseen);
      failures = await argumentFailures(state);
    }
  }
  if (failures.length) throw errors.translationErrors(failures.map(formatFinding));
}

/** The check's errors for the build's locales, given the values the pages are known to pass. */
async function argumentFailures(state: BuildState): Promise<Finding[]> {
  const locales = state.shard ? [state.config.defaultLocale.code, ...shardLocales(state)] : undefined;
  const report = await cachedCheck(state.cache, state.config, { locales, passedValues: state.passedValues, headKeys: headKeys(state) }, () => state.cacheUse.damaged++);
  return report.findings.filter((f) => f.severity === 'error');
}

/** The keys the pages name in their head (title, description): the check words en's argument findings for them. */
export function headKeys(state: BuildState): Set<string> {
  return new Set([...state.pages, ...(state.notFound ? [state.notFound] : [])].flatMap((p) => [p.head.title, p.head.description]));
}

export async function routesStage(state: BuildState): Promise<void> {
  const { routes, notFound } = await discoverRoutes(state.config);
  state.routes = routes;
  state.notFoundFile = notFound;
}

/** Which (page, locale) pairs this build renders; a shard computes its share alone, from the routes. */
export async function planStage(state: BuildState): Promise<void> {
  const files = [...state.routes.map((r) => r.file), ...(state.notFoundFile ? [state.notFoundFile] : [])];
  // Told before the jobs are made: at 20 times the real site's size making them once grew the
  // young generation the CLI holds (heap-growth.ts) from 4 to 8 MB semi-spaces (1 run in 6).
  state.onPlan?.(files.length * state.config.locales.length, state.cache !== null && hasPageIndex(state.cache.pages));
  state.plan = planJobs({ files, locales: state.config.locales.map((l) => l.code), shard: state.shard });
  if (state.shard && state.plan.length === 0) {
    state.warnings.push(`Shard ${state.shard.index}/${state.shard.count} has no pages: there are more shards than (page, locale) pairs. Use fewer shards.`);
  }
}

/** The locales of the pages this build renders, in the order of the locale table. */
export function shardLocales(state: BuildState): string[] {
  return planLocales(state.plan, state.config.locales.map((l) => l.code));
}

/**
 * esbuild: pages and templates into one server module, the runtime into browser assets. The pages
 * are described (their module imported) as soon as the server module is there, while the
 * runtime's builds, which end later, may still be running.
 */
export async function bundleStage(state: BuildState): Promise<void> {
  const { config } = state;
  // esbuild's results come from the build cache while the files they were made from are unchanged.
  const onDamaged = () => state.cacheUse.damaged++;
  const onInputs = (inputs: Inputs) => state.bundleInputs.push(inputs);
  const release = () => state.checking?.release();
  // Render workers a build is sure to use. None: without pages in the cache, the main thread
  // renders every page; with some, the render decides once the bundle is there (by the pages the
  // cache lacks), so a worker may then render a locale parsed ahead here, but only the locales
  // whose text the cache does not keep are parsed (the others are deferred: parse-ahead.ts).
  const workers = workersBeforeBundle(state.plan.length, !!state.cache && hasPageIndex(state.cache.pages), state.workers);
  // Set once the server bundle is there (or failed): the parsing ahead stops then.
  let bundled = false;
  // While esbuild bundles, the main thread would wait: it runs the check, then, unless workers are
  // sure to render, parses the messages of the locales to render (i18n/parse-ahead.ts).
  const whileBundling = () => {
    release();
    if (workers > 0) return;
    const locales = new Set(shardLocales(state));
    const parse = () => void parseWhileWaiting(config.locales.filter((l) => locales.has(l.code)), state.messages, () => bundled);
    void (state.checking?.report ?? Promise.resolve()).then(parse, parse);
  };
  const described = bundleServer(config, state.routes, state.notFoundFile, state.bundles, { location: state.cache, onDamaged, onInputs, whileBundling })
    .finally(() => (bundled = true))
    .then((server) => {
      // Set at once: the build disposes of it also when the runtime's builds fail.
      state.server = server;
      void state.prestarted?.then((workers) => workers?.load(server.modulePath));
      // A bundle from the cache had no esbuild to wait for: the check runs while the pages are described.
      release();
      return describePages(server.modulePath, config, state.routes, state.notFoundFile, server.layouts, pageImages(config, server));
    });
  const runtime = state.runtimeBuild ?? runtimeAssets(state);
  const statics = listStatic(config.staticDir);
  // While esbuild works: the main thread only waits for it (see Prestarted).
  if (state.prestart && state.write) state.prestarted = prestartWorkers(workers);
  // All settled before a failure is thrown: the server module's folder is then the build's to dispose of.
  for (const outcome of await Promise.allSettled([described, runtime, statics])) if (outcome.status === 'rejected') throw outcome.reason;
  const [{ pages, notFound, data }, assets, staticFiles] = await Promise.all([described, runtime, statics]);
  // What the pages' code read as it loaded: part of the build id, the cache's keys and the output record.
  state.dataFiles = dataFiles(data, config.root);
  state.bundleInputs.push(state.dataFiles.inputs);
  state.runtime = assets;
  state.runtimeBuild = null;
  state.staticFiles = staticFiles;
  state.pages = pages;
  state.notFound = notFound;
  checkOutputPaths({
    root: config.root,
    staticDir: config.staticDir,
    pages,
    notFound,
    staticFiles,
    assetsDir: assetsDir(config.assetsBase),
    localeFolders: config.locales.map((l) => l.code).filter((code) => code !== config.defaultLocale.code),
  });
  addStylesheet(state, state.server!);
  state.buildId = await buildId(state);
}

/** A page's own social image as its head tags give it (social-image.ts, pageImageTags): a static file or an image the bundle imports. */
export function pageImages(config: ResolvedConfig, server: ServerBundle): (image: string | SocialImage) => SocialImageTags | null {
  const site = { staticDir: config.staticDir, assetFiles: `${config.assetsUrl}${ASSET_FILES_FOLDER}/`, basePath: config.basePath, files: server.files };
  return (image) => pageImageTags(image, site);
}

/** The site's one stylesheet: the pages' CSS and the runtime's own few rules, content-hashed. */
export function addStylesheet(state: BuildState, server: ServerBundle): void {
  server.css += state.runtime!.css;
  state.cssFile = server.css ? `assets/site.${hash(server.css).slice(0, 10)}.css` : null;
}

/** The build id is a hash of everything that shapes the output, never a timestamp. */
async function buildId(state: BuildState): Promise<string> {
  const h = createHash('sha256');
  const { config } = state;
  h.update(JSON.stringify({ site: config.site, baseUrl: config.baseUrl, assetsBase: config.assetsBase, locales: config.locales }));
  h.update(state.server!.codePrint).update(state.server!.css).update(state.dataFiles?.print ?? '');
  for (const file of state.runtime!.files) h.update(file.path).update(file.contents);
  // Each locale file's print (a SHA-1 of its text, made as it was read); none for a locale without one.
  for (const locale of config.locales) {
    const messages = state.messages.get(locale.code);
    h.update((messages && state.messagePrints.get(messages)) ?? '').update('\0');
  }
  for (const rel of state.staticFiles) h.update(rel).update(await readFile(path.join(config.staticDir, rel)));
  return h.digest('hex').slice(0, 12);
}

export function hash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** React to static markup, one job per (page, locale), written as soon as it is rendered. */
export async function renderStage(state: BuildState): Promise<void> {
  const { config } = state;
  const jobs: RenderJob[] = plannedPages(state);
  // Writing into staging: files equal to the current output's are linked from there.
  if (state.staging && state.write) {
    state.previous = await findPreviousOutput(config.outDir, assetsDir(config.assetsBase), state.buildId, MANIFEST_NAME);
    // Payloads the output's record knows may stay where they are and move with their folders (handover.ts).
    if (state.previous?.payloads && state.cache && state.recorded?.payloads && state.recorded.folders > 0) state.previous.handing = new Map();
    await keepStagedFiles(state, state.staging);
    // Awaited by the write stage (or settleSiteWrites); until then a failure is not an unhandled rejection.
    state.siteWrites = writeSiteFiles(state);
    state.siteWrites.catch(() => {});
  }
  const targets = state.keepLinks ? null : verifyTargets(state);
  const verifier = targets && new PageVerifier(targets);
  if (targets) state.linksJudged = targetsPrint(targets);
  const { recorded, previous } = state;
  if (previous && recorded?.payloads) {
    previous.recorded = printSet(recorded.payloads);
    previous.linksJudged = targets !== null && recorded.links === state.linksJudged;
  }
  /** Each job's problems, at its index: reported in the order of the jobs, as verifyPages does. */
  const problems: (Problem[] | undefined)[] = [];
  const context = cachedRenderContext(state, state.staging ?? '');
  // The numbers the messages show, as the last builds formatted them (cache/number-texts.ts).
  const numbers = context.cache && state.write ? cachedNumberTexts(state.cache!, () => state.cacheUse.damaged++) : null;
  const prestarted = await state.prestarted;
  state.prestarted = null;
  state.fileFacts = context.cache && state.write ? new Map() : null;
  const rendering = { ...context, previous: state.previous, numberTexts: numbers?.texts ?? null, fileFacts: state.fileFacts };
  state.results = await renderAll({
    prestarted,
    modulePath: state.server!.modulePath,
    workers: state.workers,
    root: config.root,
    jobs,
    context: rendering,
    onWork: state.onRender,
    onResult: verifier
      ? (result, index) => {
          // Most pages have none: only those that do keep a list (reportProblems skips the gaps).
          const found = verifier.problems(result);
          if (found.length > 0) problems[index] = found;
          result.links = NO_LINKS;
        }
      : undefined,
  }).catch((err: unknown) => {
    if (context.cache) forgetBuildPacks(context.cache.build);
    throw err;
  });
  await state.textsKept;
  // React's renderer as the render left it compiled, for the next build's main thread
  // (render/code-cache.ts); not under flags a rebuild's render does not have, which V8 would refuse.
  if (context.cache && !heapFlagsChanged()) saveCodeCaches();
  numbers?.save();
  // Merged into the index as this thread's render read it, if it did (and the file is unchanged since).
  if (context.cache) state.cacheUse.damaged += await savePageIndex(context.cache.pages, context.cache.build, state.results.flatMap((r) => (r.stored ? [r.stored] : [])), pageIndexRead(rendering));
  state.linkProblems = verifier && reportProblems(problems);
  // The check's errors come before any page's: they say better why a page failed.
  await finishCheck(state);
  // Results share their lists (see addPassedValues): each list once.
  for (const keys of new Set(state.results.map((r) => r.usedKeys))) for (const key of keys) state.usedKeys.add(key);
  addPassedValues(state.passedValues, state.results);
  // Before any page's error: a translation using an argument no page passes fails that page too,
  // and the check's finding says better why.
  if (state.argumentsPending) await checkPassedArguments(state);
  for (const result of state.results) {
    if (result.error && state.write) throw jobError(state, result);
    if (result.cache) state.cacheUse[result.cache]++;
    state.bytes += result.bytes;
    // Route pages: one HTML file per path plus the payload; a not-found page: one file.
    state.files += result.paths.length ? result.paths.length + 1 : 1;
  }
  state.warnings.push(...damageWarnings(state.cacheUse.damaged, state.cache), ...fallbackWarnings(state));
  if (state.staging && state.previous?.handing) state.handover = await settleHandover(state.staging, state.previous, writtenFiles(state), state.recorded!, state.fileFacts);
}

/**
 * A staging folder that holds an older output (output.ts, createStagingDir) keeps only what this
 * build writes: its pages' files and the site-wide ones. Its payload folder is renamed for this
 * build's id first, so that the payloads in it are kept too.
 */
async function keepStagedFiles(state: BuildState, staging: string): Promise<void> {
  // A fresh staging folder (no older output to stage into): nothing to keep, nothing to list.
  if ((await readdir(staging)).length === 0) return;
  const { config } = state;
  const assets = assetsDir(config.assetsBase);
  // Taken before anything in it changes: files older than this the older output left (reuse-output.ts).
  const takenAt = (await lstat(staging)).ctimeMs;
  const older = await findPreviousOutput(staging, assets, state.buildId, MANIFEST_NAME);
  if (older?.payloads && older.payloads.before !== older.payloads.now) {
    await rename(path.join(staging, older.payloads.before), path.join(staging, older.payloads.now)).catch(() => {});
  }
  const payloads = state.previous?.handing ? path.join(assets, state.buildId) + path.sep : null;
  const { kept, folders } = await keepOnly(staging, writtenFiles(state), payloads);
  if (kept && state.previous) {
    state.previous.stagedBefore = takenAt;
    state.previous.foldersStaged = folders;
  }
}

/**
 * Every file the build writes into its staging folder (relative paths): its pages' files, the
 * site-wide ones and the static files. Made once per build (~7 ms at 20 times the real site's
 * size): everything it follows from is known before the render starts.
 */
export function writtenFiles(state: BuildState): ReadonlySet<string> {
  return (state.written ??= filesWritten(state));
}

function filesWritten(state: BuildState): Set<string> {
  const { config } = state;
  const files = new Set(siteFiles(state).map((f) => f.rel));
  for (const file of state.staticFiles) files.add(file);
  const layout = { defaultLocale: config.defaultLocale.code, assetsDir: assetsDir(config.assetsBase), buildId: state.buildId };
  for (const job of plannedPages(state)) {
    const { documents, payload } = pageFiles(job.page, job.locale, layout);
    for (const doc of documents) files.add(doc.file);
    if (payload) files.add(payload);
  }
  return files;
}

/**
 * What the output record keeps of the build's pages (output-record.ts): the payloads it wrote from
 * cache entries (rendered and kept, or taken from the cache), each with its entry (reuse-output.ts,
 * payloadPrint), what their links were judged against, and what its sitemap was made from.
 */
export function writtenPages(state: BuildState): WrittenPages {
  return { payloads: payloadSources(state), links: state.linksJudged, sitemap: { rel: SITEMAP, source: sitemapSource(state) } };
}

function payloadSources(state: BuildState): PayloadSources {
  const sources = new Map<string, string>();
  for (const result of state.results) {
    const source = result.stored ? sourceOf(result.stored) : result.source;
    // A route page's payload is named by its public path (paths.ts, pageFiles); a not-found page has none.
    if (source !== undefined && result.paths.length > 0) sources.set(path.normalize(payloadFile('', result.paths[0]!)).slice(1), source);
  }
  return { folder: path.join(assetsDir(state.config.assetsBase), state.buildId) + path.sep, sources };
}

/** The render's warnings about messages shown in a fallback locale: per locale, per locale of its fallback chain. */
function fallbackWarnings(state: BuildState): string[] {
  const { config } = state;
  const fallbacks = new Map<string, Map<string, Set<string>>>();
  for (const result of state.results) {
    let byFrom = fallbacks.get(result.locale);
    if (!byFrom) fallbacks.set(result.locale, (byFrom = new Map()));
    for (const { key, from } of result.fallbacks) {
      let set = byFrom.get(from);
      if (!set) byFrom.set(from, (set = new Set()));
      set.add(key);
    }
  }
  const warnings: string[] = [];
  for (const locale of config.locales) {
    for (const from of fallbackChain(locale.code, config.locales, config.defaultLocale.code)) {
      const keys = fallbacks.get(locale.code)?.get(from);
      if (!keys) continue;
      const list = [...keys].sort();
      warnings.push(
        `locales/${locale.file}: ${list.length} message(s) missing, shown in ${from} instead: ${list.slice(0, 5).join(', ')}${list.length > 5 ? ', …' : ''}`,
      );
    }
  }
  return warnings;
}

/** What every renderer needs besides its jobs; `outDir` is where the pages are written. */
export function renderContext(state: BuildState, outDir: string): RenderContext {
  const { config } = state;
  const messages: Record<string, LocaleMessages> = {};
  // A shard hands its renderers only the messages its pages use: its locales and their fallbacks.
  const chains = (code: string) => [code, ...fallbackChain(code, config.locales, config.defaultLocale.code)];
  const wanted = state.shard && new Set([config.defaultLocale.code, ...shardLocales(state).flatMap(chains)]);
  const messagePrints: Record<string, string> = {};
  for (const [code, m] of state.messages) {
    if (wanted && !wanted.has(code)) continue;
    messages[code] = m;
    // Only for the very messages the print was made of (dev replaces a locale's after an edit).
    const print = state.messagePrints.get(m);
    if (print !== undefined) messagePrints[code] = print;
  }
  return {
    outDir,
    assetsDir: assetsDir(config.assetsBase),
    buildId: state.buildId,
    baseUrl: config.baseUrl,
    basePath: config.basePath,
    assetsBase: config.assetsUrl,
    defaultLocale: config.defaultLocale.code,
    locales: [...config.locales],
    site: { ...config.site, socialImage: socialImageTags(config.site.socialImage, config.staticDir) },
    client: config.site.client ?? {},
    messages,
    messagePrints,
    cssFile: state.cssFile,
    favicon: state.staticFiles.includes('favicon.svg') ? config.basePath + '/favicon.svg' : null,
    runtime: state.runtime && { entry: state.runtime.entry, redirectScript: state.runtime.redirectScript },
    write: state.write,
    cache: null,
  };
}

/**
 * The render context with the build cache's part of every page's key: sitegen's and its
 * dependencies' versions, the server bundle's code (every page and template, the renderer) and
 * the context itself, without the build id (the renderer writes it around cached pages afresh).
 */
function cachedRenderContext(state: BuildState, outDir: string): RenderContext {
  const ctx = renderContext(state, outDir);
  if (!state.cache) return ctx;
  const { outDir: _out, buildId: _id, messages: _messages, messagePrints: _prints, ...shaping } = ctx;
  const key = hashKey(state.cache.version, state.server!.codePrint, state.dataFiles?.print ?? '', state.server!.css, JSON.stringify(shaping));
  return { ...ctx, cache: { dir: state.cache.dir, key, pages: state.cache.pages, build: newBuildPacks() } };
}

/**
 * The plan's pages: a planned (page file, locale) pair is every path of its file in that locale
 * (one, but for a page with parameters: its paths go together, also into a shard).
 */
function plannedPages(state: BuildState): RenderJob[] {
  const byFile = new Map<string, PageInfo[]>();
  for (const page of [...state.pages, ...(state.notFound ? [state.notFound] : [])]) {
    const list = byFile.get(page.file);
    if (list) list.push(page);
    else byFile.set(page.file, [page]);
  }
  return state.plan.flatMap((job) => (byFile.get(job.file) ?? []).map((page) => ({ page, locale: job.locale })));
}

/** A failed render job as a catalogue error naming the page, the locale and the source location. */
export function jobError(state: BuildState, result: JobResult): SitegenError {
  const err = result.error!;
  const page = pageName(state.config.root, result.file, result.route);
  const cause = Object.assign(new Error(err.message), { name: err.name, stack: err.stack });
  const where = siteFrame(err.stack, state.server!.dir, state.config.root);
  return errors.renderFailed(page, result.locale, cause, err.name === 'SitegenError' ? undefined : where);
}

/** Links are checked against the whole site's route table, so a shard accepts links to pages another shard writes. */
export async function verifyStage(state: BuildState): Promise<void> {
  const { config } = state;
  const problems = state.linkProblems ?? verifyPages({ results: state.results, ...verifyTargets(state) });
  state.linkProblems = null;
  if (problems.length) throw errors.brokenLinks(problems);
  // The names are those the runtime bundle was made with: the runtime's own and the site's enhancers.
  const unknown = unknownEnhancers(state.results, state.runtime?.chunks ?? [], config.root);
  if (unknown.length) throw errors.unknownEnhancers(unknown);
}

/**
 * A print of what verification judges the pages against: a page's links judged against targets of
 * the same print are judged the same (the build that wrote the output record did, see renderStage).
 */
function targetsPrint(targets: VerifyTargets): string {
  return hash(JSON.stringify(targets, (_key, value: unknown) => (value instanceof Map || value instanceof Set ? [...value] : value)));
}

/** What verification judges the pages against. */
function verifyTargets(state: BuildState): VerifyTargets {
  const { config } = state;
  return {
    pathsByLocale: pathsByLocale(createManifest(state.buildId, state.pages, config.locales, config.defaultLocale.code)),
    // A link may lead to any file at a public path: the static folder's, and those the build writes beside its pages.
    staticPaths: new Set([...state.staticFiles, SITEMAP, ROBOTS, ...notFoundFiles(state)].map((f) => '/' + f)),
    assetsBase: config.assetsUrl,
    basePath: config.basePath,
    expectedAlternates: config.locales.length + 1,
    root: config.root,
    baseUrl: config.baseUrl,
    defaultLocale: config.defaultLocale.code,
  };
}

/** The not-found pages' files, one per locale of the build, a shard's included (none without pages/404.tsx). */
function notFoundFiles(state: BuildState): string[] {
  const { config } = state;
  return state.notFound ? config.locales.map((l) => notFoundFile(l.code, config.defaultLocale.code)) : [];
}

/**
 * Everything that is not a page: assets, payload-independent files, sitemap, robots, static files.
 * Written while the pages render (writeSiteFiles, started by the render stage): they need nothing
 * the render makes. Written here, after the last page and one file after another, they took 6 to
 * 29 ms at the end of a cold build of the real site (a timeline of its stages); this stage now
 * waits for them, and counts them.
 */
export async function writeStage(state: BuildState): Promise<void> {
  const written = state.siteWrites ?? writeSiteFiles(state);
  state.siteWrites = null;
  const { files, bytes } = await written;
  state.files += files;
  state.bytes += bytes;
}

/** Writes the site-wide and static files into the staging folder, all at once; settles only once every write has. */
function writeSiteFiles(state: BuildState): Promise<{ files: number; bytes: number }> {
  const out = state.staging!;
  const writes = [...siteFiles(state).map((file) => file.write(out)), copyStatic(state.config.staticDir, state.staticFiles, out, state.previous).then(() => 0)];
  return Promise.allSettled(writes).then((outcomes) => {
    let bytes = 0;
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') throw outcome.reason;
      bytes += outcome.value;
    }
    return { files: writes.length - 1 + state.staticFiles.length, bytes };
  });
}

/**
 * Lets the site-wide files being written (see writeStage) finish, whatever their outcome: before
 * the staging folder is discarded, so that no write makes a file in it while it is removed.
 */
export async function settleSiteWrites(state: BuildState): Promise<void> {
  await state.siteWrites?.catch(() => {});
  state.siteWrites = null;
}

/** The site-wide files the write stage makes (static files aside): where each goes, and how it is written there (its size). */
function siteFiles(state: BuildState): { rel: string; write: (out: string) => Promise<number> }[] {
  const { config } = state;
  const assets = assetsDir(config.assetsBase);
  const put = (rel: string, contents: () => string | Uint8Array) => ({ rel, write: (out: string) => writeOut(out, rel, contents(), state.previous) });
  return [
    ...(state.cssFile ? [put(path.join(assets, state.cssFile), () => state.server!.css)] : []),
    ...state.server!.files.map((file) => put(path.join(assets, ASSET_FILES_FOLDER, file.name), () => file.contents)),
    ...state.runtime!.files.map((file) => put(path.join(assets, file.path), () => file.contents)),
    put(path.join(assets, manifestFile(state.buildId)), () => JSON.stringify(createManifest(state.buildId, state.pages, config.locales, config.defaultLocale.code), null, 2) + '\n'),
    { rel: SITEMAP, write: (out: string) => writeSitemap(state, out) },
    put(ROBOTS, () => renderRobots(config.baseUrl)),
  ];
}

const SITEMAP = 'sitemap.xml';
const ROBOTS = 'robots.txt';

/** What the sitemap is made of (sitemap.ts): the routes' paths, the locales and the base URL; no build id. */
function sitemapOptions(state: BuildState): Parameters<typeof sitemapParts>[0] {
  const { config } = state;
  // A page kept out of search engines is no entry of the sitemap.
  const routePaths = state.pages.filter((p) => !p.head.noindex).map((p) => p.path!);
  return { baseUrl: config.baseUrl, routePaths, locales: config.locales, defaultLocale: config.defaultLocale.code };
}

/** A print of what the sitemap is made of: the output record keeps the sitemap's print with it (writeSitemap). */
function sitemapSource(state: BuildState): string {
  const { baseUrl, routePaths, locales, defaultLocale } = sitemapOptions(state);
  return hashKey('sitemap', JSON.stringify([baseUrl, routePaths, locales.map((l) => [l.code, l.iso]), defaultLocale]));
}

/**
 * Writes the sitemap (its size). Made and compared with the previous output's (read whole) in
 * every build, at 20 times the real site's size it is 10 MB: 14 to 16 ms of the main thread in a
 * rebuild after a one-message edit, to link the same file. When the output record knows the
 * previous output's sitemap as made from what this build's is made from (its print: place, inode,
 * size, times, and a print of its routes, locales and base URL; reuse-output.ts, payloadPrint),
 * that file is linked, neither made nor read, as a payload the record knows is. Any change to the
 * file since gave it another ctime, hence another print: it is then made and compared as before.
 */
async function writeSitemap(state: BuildState, out: string): Promise<number> {
  const previous = previousFile(state.previous, SITEMAP);
  const recorded = state.recorded?.sitemap;
  const known = previous !== null && recorded ? recordedFile(previous, SITEMAP, sitemapSource(state), (print) => print === recorded) : null;
  if (!known) return writeOutParts(out, SITEMAP, () => sitemapParts(sitemapOptions(state)), state.previous);
  await putRecorded(path.join(out, SITEMAP), previous!);
  return known.size;
}

/** The stages that turn sources into a staged output folder, in order (the swap comes after). */
export const PIPELINE: readonly [string, (state: BuildState) => Promise<unknown>][] = [
  ['runtime', startRuntimeStage],
  ['messages', loadMessagesStage],
  ['routes', routesStage],
  ['plan', planStage],
  ['check', startCheckStage],
  ['bundle', bundleStage],
  ['render', renderStage],
  ['verify', verifyStage],
  ['write', writeStage],
];
