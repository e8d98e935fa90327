import path from 'node:path';
import { statSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createLogger, type Logger } from '../logger.ts';
import { listen } from './serve.ts';
import { StaticFiles } from './static-files.ts';
import { createDevHandler } from './dev-server.ts';
import { createHostPolicy, guardHost, type AllowedHosts } from './host-guard.ts';
import { LiveReload } from './live-reload.ts';
import { RebuildQueue, type SettleOptions } from './rebuild-queue.ts';
import { watchSources, type SourceWatcher } from './watcher.ts';
import { DevSession, Superseded } from './session.ts';
import { formatProblem, renderOverlay, toProblem } from './overlay.ts';
import { describeReport, sortRendered, type RebuildReport } from './rebuild-report.ts';
import { checkSiteRoot } from '../site-folders.ts';

export interface DevOptions {
  /** Project root: pages/, templates/, locales/, sitegen.config.ts. */
  root: string;
  /** 0 picks a free port. Default 3000. */
  port?: number;
  host?: string;
  /** More host names to answer besides localhost, 127.0.0.1, [::1] and `host`, or 'all' (host-guard.ts). */
  allowedHosts?: AllowedHosts;
  logger?: Logger;
  /**
   * Quiet time after a change chokidar reports before rebuilding, so changes to several files at
   * once (a checkout, a search and replace) are one rebuild. Default 5 ms: the watcher has already
   * waited for each file's writes to settle. (A write to a known file starts a rebuild at once.)
   */
  debounceMs?: number;
  /**
   * How long a changed file must have had no write before a rebuild writes what it read from it
   * (RebuildQueue), and a tenth of how long before a failed rebuild is shown, or before a rebuild
   * writes while one of its files is gone. Default 10 ms, chokidar's stability threshold before.
   * A locale file the rebuild read whole needs less (RebuildQueue's WHOLE_QUIET_MS).
   */
  settleMs?: number;
  /** Called with the server's URL as soon as it listens, before the first build (which `dev` resolves after). */
  onListening?(url: string): void;
}

export interface DevServer {
  url: string;
  port: number;
  /** Where dev writes the site (not the build's output folder). */
  outDir: string;
  /** Every rebuild so far, the first build included. */
  readonly reports: readonly RebuildReport[];
  /** Resolves with the next finished rebuild (ok or failed; superseded ones are skipped). */
  nextReport(): Promise<RebuildReport>;
  /** Resolves once no rebuild is running or waiting. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Size and modification time of files, to tell whether they changed during a rebuild. */
function snapshot(files: ReadonlySet<string>): string {
  // At once: taken as a rebuild starts, which waited for libuv's threads before it read a file.
  return [...files].map(stamp).join('|');
}

function stamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return 'gone';
  }
}

/**
 * How many times settleMs the files of a failed rebuild must have had no write before the failure
 * is shown: a save whose writes were further apart than settleMs (a loaded machine, an editor
 * writing in parts) failed from its first write, and its next write then supersedes the failure
 * unseen. An error shown 100 ms later costs nothing; one of a save in progress would flash.
 */
const FAILURE_QUIET = 10;

/** Where dev writes its output: beside the project's caches, never in dist/. */
export const DEV_OUT_DIR = path.join('.sitegen-cache', 'dev');

/** `sitegen dev`: a first build, then a watcher, incremental rebuilds and a live-reloading server. */
export async function dev(options: DevOptions): Promise<DevServer> {
  const logger = options.logger ?? createLogger();
  const root = path.resolve(options.root);
  checkSiteRoot(root);
  const outDir = path.join(root, DEV_OUT_DIR);
  await mkdir(outDir, { recursive: true });
  const files = await StaticFiles.open(outDir);
  // A reload's paths are the build's own: their files are found as a request for them would be.
  const live = new LiveReload(async (sitePath) => {
    const found = await files.find(sitePath);
    return found?.file.endsWith('.html') ? readFile(found.file, 'utf8') : null;
  });
  const session = new DevSession(root, outDir, logger, { paths: () => live.openPages, show: (paths) => live.reload({ all: false, paths }) });
  const reports: RebuildReport[] = [];
  const settleMs = options.settleMs ?? 10;
  let waiters: ((r: RebuildReport) => void)[] = [];

  let sources: SourceWatcher | undefined;
  let closed = false;
  /**
   * Watches what the config and the pages read, from the last build on. A file or folder it read
   * that changed before the watcher looked at it is rebuilt for (its write had no event).
   */
  const watchRead = () => {
    void sources?.add([...session.configFiles, ...session.dataFiles]).then((fresh) => {
      if (!closed) for (const file of session.changedSinceRead(fresh)) queue.add(file);
    });
  };
  const rebuild = async (changed: ReadonlySet<string>, signal: AbortSignal, settled: (options?: SettleOptions) => Promise<void> = async () => {}): Promise<boolean> => {
    const start = performance.now();
    const base = { id: reports.length + 1, changed: [...changed].map((f) => path.relative(root, f)).sort() };
    const before = snapshot(changed);
    let report: RebuildReport;
    try {
      // The config's helpers are learnt as it loads (also when it then fails): watched from then on.
      const outcome = await session.rebuild(changed, signal, settled).finally(() => watchRead());
      report = { ...base, status: 'ok', kind: outcome.kind, rendered: sortRendered(outcome.rendered), paths: [...new Set(outcome.paths)].sort(), reloadAll: outcome.reloadAll, ms: performance.now() - start, problem: null };
      live.clearProblem();
      // Pages shown before the rebuild's end (OpenPages) are not updated twice.
      const rest = report.paths.filter((p) => !outcome.shown.includes(p));
      if (outcome.kind !== 'none' && (rest.length || !outcome.shown.length)) await live.reload({ all: outcome.reloadAll, paths: rest });
      logger.info(describeReport(report));
    } catch (err) {
      // A failure on a file that changed again meanwhile (a save in progress) is not worth showing:
      // the newer content gets its own rebuild. A file read half-written fails: the failure waits
      // longer than a rebuild's writes do for the rest of the save (FAILURE_QUIET).
      await settled({ quietMs: settleMs * FAILURE_QUIET });
      const superseded = err instanceof Superseded || signal.aborted || snapshot(changed) !== before;
      const problem = superseded ? null : toProblem(err, root);
      report = { ...base, status: superseded ? 'superseded' : 'failed', kind: null, rendered: [], paths: [], reloadAll: false, ms: performance.now() - start, problem };
      if (problem) {
        live.showProblem(renderOverlay(problem));
        logger.error(`${describeReport(report)}\n${formatProblem(problem)}`);
      } else logger.debug(describeReport(report));
    }
    reports.push(report);
    if (report.status === 'superseded') return false;
    const current = waiters;
    waiters = [];
    for (const resolve of current) resolve(report);
    return true;
  };

  const host = options.host ?? '127.0.0.1';
  let port = options.port ?? 3000;
  const hosts = createHostPolicy({ listenHost: host, allowedHosts: options.allowedHosts });
  const handler = createDevHandler({
    files,
    assetsPath: '/_static/',
    live,
    logger,
    version: () => String(reports.length),
    basePath: () => session.basePath,
    port: () => port,
    hosts,
    // Until a build has failed (its error in the overlay), the first one is running.
    buildState: () => (session.hasBuild ? 'built' : reports.at(-1)?.status === 'failed' ? 'failed' : 'building'),
  });
  // Always guarded: the dev server serves work in progress, wherever it listens. Listening comes
  // first: a port that is taken is said at once, not after the first build (until that build is
  // done, a page asked for is the waiting page).
  const server = await listen(guardHost(handler, hosts), { port, host, logger }).catch(async (err) => {
    await session.dispose();
    throw err;
  });
  port = server.port;
  options.onListening?.(server.url);

  // The first build: a failure is shown like any other and dev keeps running.
  await rebuild(new Set(), new AbortController().signal);
  const queue = new RebuildQueue(rebuild, options.debounceMs ?? 5, settleMs);
  const watcher = await watchSources({
    root,
    ignore: [path.join(root, '.sitegen-cache'), path.join(root, 'dist')],
    onChange: (file) => queue.add(file),
    onWrite: (file) => queue.write(file),
    logger,
    files: [...session.configFiles, ...session.dataFiles],
  }).catch(async (err) => {
    await server.close();
    await session.dispose();
    throw err;
  });
  await watcher.ready;
  sources = watcher;

  return {
    url: server.url + session.basePath,
    port,
    outDir,
    reports,
    nextReport: () => new Promise((resolve) => waiters.push(resolve)),
    idle: () => queue.idle(),
    close: async () => {
      closed = true;
      await watcher.close();
      await queue.close();
      live.closeAll();
      await server.close();
      await session.dispose();
    },
  };
}
