import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { readLocaleFiles, type LocaleText } from '../check/locale-files.ts';
import path from 'node:path';
import { CONFIG_FILES, resolveConfig } from '../config.ts';
import { projectPath } from '../file-paths.ts';
import type { Logger } from '../logger.ts';
import { errors } from '../errors.ts';
import { writeOut } from '../output.ts';
import { runPipeline } from '../build.ts';
import { addStylesheet, checkStage, jobError, newState, pageImages, renderContext, verifyStage, type BuildState } from '../stages.ts';
import { BundleFolder, bundleServer } from '../bundle.ts';
import { describePages } from '../render/pages.ts';
import { ASSET_FILES_FOLDER } from '../bundle-esbuild.ts';
import { renderAll } from '../render/pool.ts';
import { discoverRoutes } from '../routes.ts';
import { readMessageFile } from '../i18n/messages.ts';
import type { JobResult, PageInfo, RenderJob } from '../render/context.ts';
import { assetsDir, notFoundFile } from '../paths.ts';
import { pageDependencies, pagesAffectedBy } from './dependency-graph.ts';
import { dirPrint, filePrint } from '../cache/bundle-cache.ts';
import { changedKeys, jobsAffectedByMessages, type MessageChange } from './message-diff.ts';
import { messagesNow } from '../i18n/deferred-messages.ts';
import { normalPath } from './live-reload.ts';
import type { SettleOptions } from './rebuild-queue.ts';

/** What one rebuild did. */
export interface Outcome {
  kind: 'full' | 'incremental' | 'none';
  /** Jobs rendered, as `{ page: '/jobs' | '404', locale }`. */
  rendered: { page: string; locale: string }[];
  /** Public paths whose HTML was rewritten (a not-found page's as its file: `/de/404.html`). */
  paths: string[];
  /** Open pages should all reload (a full build, new styles). */
  reloadAll: boolean;
  /** Those of `paths` open pages were told of already (OpenPages.show), before the others were rendered. */
  shown: string[];
}

/** The pages open in browsers: an incremental rebuild renders those first and shows them at once. */
export interface OpenPages {
  /** Their site paths, as normalPath gives them. */
  paths(): ReadonlySet<string>;
  /** Tells the browsers that these paths were rewritten (the rebuild goes on with the other pages). */
  show(paths: string[]): Promise<void>;
}

export class Superseded extends Error {
  constructor() {
    super('superseded by a newer change');
  }
}

/** Resolves once the changed files are at rest (`whole`: those read whole); throws Superseded when a newer change came. */
type AtRest = (whole?: ReadonlySet<string>) => Promise<void>;

/** A page in a locale: its file and route path (the paths of a page with parameters share its file). */
const jobKey = (page: { file: string; route: string | null }, locale: string) => `${page.file}\0${page.route ?? ''}\0${locale}`;
const routeOf = (page: PageInfo) => ({ file: page.file, route: page.path });
const pageName = (page: PageInfo) => page.path ?? '404';

/**
 * The dev build: one full build into the dev output folder, then incremental rebuilds that
 * re-render only the (page, locale) jobs a change can affect. State is replaced only when a
 * rebuild succeeds, so a failed or superseded rebuild leaves the last good one in place, and
 * its changes are owed to the next one.
 */
export class DevSession {
  private state: BuildState | null = null;
  private jobs = new Map<string, JobResult>();
  private deps = new Map<string, Set<string>>();
  private owed = new Set<string>();
  /** The config and the site's files it imports (helpers, wherever they are): an edit of one is a full rebuild. */
  readonly configFiles = new Set<string>();
  /**
   * The files and folders the pages' code read as it loaded (render/read-files.ts): a change to one
   * is a full rebuild whose modules load afresh, so that they read it again.
   */
  readonly dataFiles = new Set<string>();
  /** One folder for the session's server bundles: a rebuild writes and imports only files that changed. */
  private bundles: Promise<BundleFolder> | null = null;

  constructor(
    readonly root: string,
    readonly outDir: string,
    private readonly logger: Logger,
    private readonly open?: OpenPages,
  ) {}

  get hasBuild(): boolean {
    return this.state !== null;
  }

  /** The folder the site is served from, as the last build's config says (`/docs`), or `''`. */
  get basePath(): string {
    return this.state?.config.basePath ?? '';
  }

  /**
   * `settled()` resolves once the changed files are at rest (RebuildQueue): nothing is written before.
   * Told which files were read whole, it waits less for them (SettleOptions).
   */
  async rebuild(changed: ReadonlySet<string>, signal: AbortSignal, settled: (options?: SettleOptions) => Promise<void> = async () => {}): Promise<Outcome> {
    const files = new Set([...this.owed, ...changed]);
    const atRest = async (whole?: ReadonlySet<string>) => {
      await settled({ whole });
      if (signal.aborted) throw new Superseded();
    };
    try {
      const outcome = await this.plan(files, signal, atRest);
      this.owed.clear();
      return outcome;
    } catch (err) {
      for (const file of files) this.owed.add(file);
      throw err;
    }
  }

  async dispose(): Promise<void> {
    await this.state?.server?.dispose();
    await (await this.bundles)?.dispose();
  }

  private folder(): Promise<BundleFolder> {
    return (this.bundles ??= BundleFolder.create(this.root));
  }

  private async plan(files: Set<string>, signal: AbortSignal, atRest: AtRest): Promise<Outcome> {
    const state = this.state;
    if (!state) return this.full(signal, atRest);
    const { config } = state;
    const inside = (dir: string, f: string) => f.startsWith(dir + path.sep);
    const list = [...files];
    const isConfig = (f: string) => this.configFiles.has(f) || (path.dirname(f) === this.root && CONFIG_FILES.includes(path.basename(f)));
    if (list.some(isConfig)) return this.full(signal, atRest);
    // A file the modules read, or one added to or removed from a folder they listed.
    if (list.some((f) => this.dataFiles.has(f) || this.listingChanged(state, path.dirname(f)))) return this.full(signal, atRest, true);
    // Static files and the site's enhancers are bundled by the full build only (the runtime's assets).
    if (list.some((f) => inside(config.staticDir, f) || inside(config.enhancersDir, f))) return this.full(signal, atRest);
    const localeFiles = list.filter((f) => inside(config.localesDir, f) && f.endsWith('.json'));
    const sourceFiles = list.filter((f) => (inside(config.pagesDir, f) || inside(config.templatesDir, f)) && !inside(config.staticDir, f));
    if (sourceFiles.some((f) => inside(config.pagesDir, f)) && (await this.routesChanged(state))) return this.full(signal, atRest);
    if (localeFiles.length === 0 && sourceFiles.length === 0) return { kind: 'none', rendered: [], paths: [], reloadAll: false, shown: [] };
    return this.incremental(state, localeFiles, sourceFiles, signal, atRest);
  }

  /** `atRest` resolves once the changed files are at rest (throws Superseded when a newer change came). */
  private async full(signal: AbortSignal, atRest: AtRest, freshModules = false): Promise<Outcome> {
    await atRest();
    // Modules are loaded once per bundle file (named by its content): a new folder loads them all again.
    if (freshModules) {
      const folder = this.bundles;
      this.bundles = null;
      await (await folder)?.dispose();
    }
    // Files of an earlier config that no longer imports them stay in the set: at worst a full rebuild too many.
    const { config, warnings } = await resolveConfig(this.root, { outDir: this.outDir }, { onConfigImport: (f) => this.configFiles.add(f) });
    const state = newState(config, this.logger, warnings);
    state.bundles = await this.folder();
    // Each incremental rebuild judges the links of every page again, the ones it did not render too.
    state.keepLinks = true;
    try {
      await runPipeline(state, signal);
    } catch (err) {
      await state.server?.dispose();
      throw err;
    }
    await this.state?.server?.dispose();
    this.state = state;
    for (const file of state.dataFiles?.read ?? []) this.dataFiles.add(file);
    this.jobs = new Map(state.results.map((r) => [jobKey(r, r.locale), r]));
    this.deps = this.dependencies(state);
    const rendered = state.results.map((r) => ({ page: r.route ?? '404', locale: r.locale }));
    return { kind: 'full', rendered, paths: state.results.flatMap((r) => publicPaths(state, r)), reloadAll: true, shown: [] };
  }

  private async incremental(state: BuildState, localeFiles: string[], sourceFiles: string[], signal: AbortSignal, atRest: AtRest): Promise<Outcome> {
    const { config } = state;
    const draft: BuildState = { ...state, messages: new Map(state.messages), warnings: [] };
    const selected = new Map<string, RenderJob>();
    const allPages = () => [...draft.pages, ...(draft.notFound ? [draft.notFound] : [])];
    let deps = this.deps;
    let reloadAll = false;

    // Messages: re-read the edited files and diff them key by key.
    const changes: MessageChange[] = [];
    /**
     * The locale files read whole. One that parsed is a JSON object, and no proper part of a JSON
     * object's text parses (only the closing brace ends it, and only white space may follow), so a
     * save that truncates the file and writes it, in as many parts as it likes, or that renames a
     * whole file into place, is never read part-way as this. It needs no longer wait at rest.
     */
    const whole = new Set<string>();
    /** The edited files as read here, for the check (which would read them again through libuv's threads, and parse them again). */
    const texts: LocaleText[] = [];
    for (const file of localeFiles) {
      const locale = config.locales.find((l) => path.join(config.localesDir, l.file) === file);
      if (!locale) continue;
      // Read at once (a rebuild's first step; a read through libuv's threads waited for them).
      const loaded = await readMessageFile(file, projectPath(config.root, file), undefined, readFileSync);
      if (!loaded && locale.code === config.defaultLocale.code) throw errors.localeFileMissing(projectPath(config.root, file), locale.code, null);
      if (loaded) whole.add(file);
      texts.push({ locale, file: projectPath(config.root, file), source: loaded?.source ?? null, tree: loaded?.tree });
      const messages = loaded ? messagesNow(loaded.messages) : {};
      const before = state.messages.get(locale.code);
      changes.push({ locale: locale.code, keys: changedKeys(before ? messagesNow(before) : {}, messages) });
      draft.messages.set(locale.code, messages);
    }
    // The build's translation checker: an ICU or argument error shows in the overlay. Only the edited
    // files can have new errors (a file whose rebuild failed is owed to this one), unless en changed.
    if (changes.some((c) => c.locale === config.defaultLocale.code)) await checkStage(draft);
    else {
      // en, the check's reference, read at once as well.
      const reference = await readLocaleFiles(config, [config.defaultLocale], (f) => readFileSync(f, 'utf8'));
      for (const text of texts) await checkStage(draft, text.locale.code, [...reference, text]);
    }

    // Sources: bundle again; the metafile says which pages import what changed.
    try {
      if (sourceFiles.length) {
        const server = await bundleServer(config, state.routes, state.notFoundFile, await this.folder());
        draft.server = server;
        const described = await describePages(server.modulePath, config, state.routes, state.notFoundFile, server.layouts, pageImages(config, server));
        if (signal.aborted) throw new Superseded();
        if (shapeChanged(state, described.pages, server.layouts)) {
          await server.dispose();
          return this.full(signal, atRest);
        }
        for (const file of described.data.read) this.dataFiles.add(file);
        draft.pages = described.pages;
        draft.notFound = described.notFound;
        addStylesheet(draft, server);
        if (server.css !== state.server!.css) reloadAll = true;
        deps = this.dependencies(draft);
        const affected = reloadAll ? new Set(allPages().map((p) => p.file)) : pagesAffectedBy(deps, sourceFiles);
        for (const page of allPages()) {
          if (!affected.has(page.file)) continue;
          for (const locale of config.locales) selected.set(jobKey(routeOf(page), locale.code), { page, locale: locale.code });
        }
      }
      if (changes.length) {
        const known = [...this.jobs.values()].map((r) => ({ file: r.file, route: r.route, locale: r.locale, usedKeys: new Set(r.usedKeys) }));
        // By file and route: a page with parameters may have thousands of paths.
        const pages = new Map(allPages().map((p) => [jobKey(routeOf(p), ''), p]));
        for (const job of jobsAffectedByMessages(known, changes, draft.messages, config.defaultLocale.code, config.locales)) {
          const page = pages.get(jobKey(job, ''));
          if (page) selected.set(jobKey(job, job.locale), { page, locale: job.locale });
        }
      }

      const jobs = [...selected.values()];
      // The pages open in browsers first, shown as soon as they are written; then the others. (The
      // whole rebuild's links are verified at its end: a broken one then shows in the overlay.)
      // Not after a style change: every open page reloads, once all pages have the new styles.
      const open = reloadAll ? new Set<string>() : (this.open?.paths() ?? new Set<string>());
      const isOpen = (job: RenderJob) => {
        const before = this.jobs.get(jobKey(routeOf(job.page), job.locale));
        return before !== undefined && publicPaths(draft, before).some((p) => open.has(normalPath(p)));
      };
      // What the rebuild read is what it writes: no change came since, and none is under way. The open
      // pages render while the files settle (in memory: their files are made, and shown, once at rest).
      const rest = atRest(whole);
      rest.catch(() => {}); // awaited below, also when no page is open
      const render = this.renderer(draft, signal);
      const results = await render(jobs.filter(isOpen), { writeAfter: rest });
      await rest;
      const shown = results.flatMap((r) => publicPaths(draft, r));
      if (shown.length) await this.open!.show(shown);
      results.push(...(await render(jobs.filter((job) => !isOpen(job)), { oneAtATime: shown.length > 0 })));
      if (signal.aborted) throw new Superseded();

      const merged = new Map(this.jobs);
      for (const r of results) merged.set(jobKey(r, r.locale), r);
      draft.results = [...merged.values()];
      await verifyStage(draft);
      if (reloadAll && draft.cssFile) await writeOut(this.outDir, path.join(assetsDir(config.assetsBase), draft.cssFile), draft.server!.css);
      // Files (images, fonts) imported since (content-hashed: one the last bundle had is there
      // already), and no longer those no page imports now, as a fresh start would have them.
      const folder = path.join(assetsDir(config.assetsBase), ASSET_FILES_FOLDER);
      const had = new Set(state.server!.files.map((file) => file.name));
      const has = new Set(draft.server!.files.map((file) => file.name));
      for (const file of draft.server!.files) if (!had.has(file.name)) await writeOut(this.outDir, path.join(folder, file.name), file.contents);
      for (const name of had) if (!has.has(name)) await rm(path.join(this.outDir, folder, name), { force: true });
      // The stylesheet it replaces (content-hashed, so another name): every page links the new one now.
      if (state.cssFile && state.cssFile !== draft.cssFile) await rm(path.join(this.outDir, assetsDir(config.assetsBase), state.cssFile), { force: true });

      if (draft.server !== state.server) await state.server?.dispose();
      this.state = draft;
      this.jobs = merged;
      this.deps = deps;
      return {
        kind: 'incremental',
        rendered: jobs.map((j) => ({ page: pageName(j.page), locale: j.locale })),
        paths: results.flatMap((r) => publicPaths(draft, r)),
        reloadAll,
        shown,
      };
    } catch (err) {
      if (draft.server !== state.server) await draft.server?.dispose();
      throw err;
    }
  }

  /**
   * Renders jobs on the main thread, where the bundle is loaded already (a rebuild has a few pages);
   * the first failure is thrown. `oneAtATime` gives the event loop a turn after each page: pages
   * rendered after those already shown must not hold up the dev server's answers to the browsers.
   * `writeAfter`: the jobs render now, their files are made once it resolves (render/pool.ts).
   */
  private renderer(draft: BuildState, signal: AbortSignal) {
    const options = { modulePath: draft.server!.modulePath, context: renderContext(draft, this.outDir), workers: 0, root: draft.config.root };
    return async (jobs: RenderJob[], { oneAtATime = false, writeAfter }: { oneAtATime?: boolean; writeAfter?: Promise<void> } = {}): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const batch of oneAtATime ? jobs.map((job) => [job]) : [jobs]) {
        if (batch.length === 0) continue;
        results.push(...(await renderAll({ ...options, jobs: batch, writeAfter })));
        const failed = results.find((r) => r.error);
        if (failed) throw jobError(draft, failed);
        if (signal.aborted) throw new Superseded();
        if (oneAtATime) await new Promise((resolve) => setImmediate(resolve));
      }
      return results;
    };
  }

  private async routesChanged(state: BuildState): Promise<boolean> {
    const now = await discoverRoutes(state.config);
    const key = (routes: { path: string; file: string }[], nf: string | null) => JSON.stringify([routes.map((r) => [r.path, r.file]), nf]);
    return key(now.routes, now.notFound) !== key(state.routes, state.notFoundFile);
  }

  /**
   * Whether the names in a folder the modules listed are not those the last build saw: a change
   * inside it to a file they did not read (an editor's swap or backup file, `sed -i`'s temporary
   * file made and gone again) is none of theirs. A folder the session knows but the last build
   * did not print counts as changed.
   */
  private listingChanged(state: BuildState, dir: string): boolean {
    if (!this.dataFiles.has(dir)) return false;
    const before = state.dataFiles?.inputs.dirs.find(([listed]) => listed === dir)?.[1];
    return before === undefined || dirPrint(dir, true) !== before;
  }

  /**
   * Of `paths` (files and folders the pages read, just given to the watcher), those that are not
   * as the last build read them: a write between that read and the watcher's first look at them
   * was reported by no event.
   */
  changedSinceRead(paths: readonly string[]): string[] {
    const inputs = this.state?.dataFiles?.inputs;
    if (!inputs) return [];
    const files = new Map(inputs.files);
    const dirs = new Map(inputs.dirs);
    return paths.filter((p) => {
      const file = files.get(p);
      const dir = dirs.get(p);
      return (file !== undefined && filePrint(p) !== file) || (dir !== undefined && dirPrint(p, true) !== dir);
    });
  }

  private dependencies(state: BuildState): Map<string, Set<string>> {
    const { metafile, layouts, layoutFiles } = state.server!;
    const layoutFile = new Map(layouts.map((name, i) => [name, layoutFiles[i]!]));
    const pages = [...state.pages, ...(state.notFound ? [state.notFound] : [])];
    return pageDependencies(metafile, state.config.root, pages, layoutFile);
  }
}

/** Where a job's HTML is seen: its route and aliases, or for the not-found page its file. */
function publicPaths(state: BuildState, result: JobResult): string[] {
  if (result.file !== state.notFound?.file) return result.paths;
  return ['/' + notFoundFile(result.locale, state.config.defaultLocale.code)];
}

/** A change of layout list, or of a page's paths, layout or aliases, changes the manifest and links: rebuild all. */
function shapeChanged(state: BuildState, pages: PageInfo[], layouts: string[]): boolean {
  if (JSON.stringify(layouts) !== JSON.stringify(state.server!.layouts)) return true;
  const shape = (list: PageInfo[]) => JSON.stringify(list.map((p) => [p.file, p.path, p.layout, p.aliases]));
  return shape(pages) !== shape(state.pages);
}
