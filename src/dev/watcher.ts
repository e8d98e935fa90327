import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { isWithin } from '../file-paths.ts';
import { CONFIG_FILES } from '../config.ts';

export interface SourceWatcher {
  /** Resolves once the initial scan is done and changes are being reported. */
  ready: Promise<void>;
  /**
   * Watches these files too (the config's helpers, the files and folders the pages read); known
   * ones are ignored. Resolves with the new ones once chokidar watches them (their folders
   * scanned): a change before then may not have been reported.
   */
  add(files: Iterable<string>): Promise<string[]>;
  close(): Promise<void>;
}

export interface WatchOptions {
  root: string;
  /** Folders the watcher must never report: the output folders (it must not see its own output). */
  ignore: string[];
  /** A watched file changed, added, removed (folders too), once chokidar saw its size settle. */
  onChange(file: string): void;
  /** A watched file is being written: reported as the write happens, its content may not be complete yet. */
  onWrite?(file: string): void;
  logger: Logger;
  /** Files to watch besides WATCHED, from the start (the config's helpers, wherever they are). */
  files?: Iterable<string>;
}

/** How long `add` waits at most for chokidar to watch the paths it was given. */
const WATCH_WAIT_MS = 5_000;

/** What `sitegen dev` watches, relative to the project root. */
export const WATCHED = ['pages', 'templates', 'locales', ...CONFIG_FILES];

/** Watches the site's sources with chokidar, loaded lazily so `build` never pays for it. */
export async function watchSources(options: WatchOptions): Promise<SourceWatcher> {
  const { watch } = await import('chokidar');
  const ignored = options.ignore.map((dir) => path.resolve(dir));
  const isIgnored = (file: string) => {
    const abs = path.resolve(options.root, file);
    if (ignored.some((dir) => isWithin(abs, dir))) return true;
    return abs.split(path.sep).some((seg) => seg === '.git' || seg === 'node_modules');
  };
  const added = new Set<string>([...(options.files ?? [])].filter((f) => !isIgnored(f)));
  const watcher = watch(
    [...WATCHED.map((p) => path.join(options.root, p)), ...added],
    {
      ignoreInitial: true,
      ignored: isIgnored,
      atomic: true,
      // A change is reported once the file has kept its size for 10 ms: an editor that truncates and
      // then writes would otherwise hand us an empty file to parse. (Without it chokidar also drops
      // a change that follows another within 50 ms, which could lose the last of rapid saves.)
      // onWrite, below, reports a write to a known file at once; this event is then its safety net.
      awaitWriteFinish: { stabilityThreshold: 10, pollInterval: 5 },
    },
  );
  const report = (file: string) => options.onChange(path.resolve(options.root, file));
  watcher.on('add', report).on('change', report).on('unlink', report).on('addDir', report).on('unlinkDir', report);
  // The file system's own events, as they come (chokidar's 'change' waits for the size to settle):
  // from a file's watcher (its path) or from its folder's (the folder and the file's name).
  watcher.on('raw', (_event, name: string | null, details) => {
    const { watchedPath } = details as { watchedPath: string };
    // What chokidar watches, listed once per event (it lists every watched folder anew).
    const watched = watcher.getWatched();
    /**
     * Whether chokidar watches this file: its folder lists it, and it is not a folder now. Asked of
     * the file system, not of chokidar's own keys: after a file was replaced by a folder and the
     * folder by a file again (`rm f; mkdir f; rm -r f; echo > f`), chokidar 5 sometimes keeps an
     * empty folder entry for it, and then reports nothing of the file again (no add, no change:
     * 4 to 7 of 20 such rounds in a loop here). The folder's raw events still come, and with
     * them the file is rebuilt as it is written (onWrite).
     */
    const isWatchedFile = (file: string) => (watched[path.dirname(file)]?.includes(path.basename(file)) ?? false) && !lstatSync(file, { throwIfNoEntry: false })?.isDirectory();
    const file = isWatchedFile(watchedPath) ? watchedPath : name ? path.join(watchedPath, name) : null;
    if (file && isWatchedFile(file)) options.onWrite?.(file);
  });
  watcher.on('error', (err) => options.logger.warn(`The file watcher reported: ${err instanceof Error ? err.message : String(err)}`));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const add = (files: Iterable<string>) => {
    const fresh = [...files].filter((f) => !added.has(f) && !isIgnored(f));
    for (const f of fresh) added.add(f);
    if (fresh.length === 0) return Promise.resolve(fresh);
    watcher.add(fresh);
    return watching(fresh).then(() => fresh);
  };
  /**
   * Resolves once chokidar lists every one of `files` (chokidar 4+ has no event for paths added
   * after 'ready'): a file's folder is scanned, and a folder itself; at most WATCH_WAIT_MS.
   */
  const watching = async (files: string[]) => {
    const until = Date.now() + WATCH_WAIT_MS;
    for (;;) {
      const watched = watcher.getWatched();
      const listed = (file: string) => {
        const isFolder = lstatSync(file, { throwIfNoEntry: false })?.isDirectory() ?? false;
        return path.dirname(file) in watched && (!isFolder || file in watched);
      };
      if (files.every(listed) || Date.now() >= until) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { ready, add, close: () => watcher.close() };
}
