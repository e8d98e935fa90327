import path from 'node:path';
import { mkdir, mkdtemp, readdir, realpath, rm, writeFile } from 'node:fs/promises';
import type * as esbuild from 'esbuild';
import type { ResolvedConfig } from './config.ts';
import type { RouteFile } from './routes.ts';
import { listFiles } from './file-list.ts';
import { PACKAGE_ROOT, SRC_DIR } from './package-root.ts';
import { projectPath } from './file-paths.ts';
import { isProcessAlive } from './process-alive.ts';
import { externalPackages, linkPackages, preloadReactServer } from './bundle-modules.ts';
import { api as esbuildApi } from './esbuild-api.ts';
import { ASSET_FILE, decodeBuilt, encodeBuilt, ENTRY, KeptContext, runServerEsbuild, type BuiltServer } from './bundle-esbuild.ts';
import { cachedRun, type Inputs } from './cache/bundle-cache.ts';
import type { CacheLocation } from './cache/build-cache.ts';

/**
 * Server bundles live in the site's folder (sitegen's install may be read-only, and is shared by
 * sites); their externals resolve through links next to them (bundle-modules.ts).
 */
export function bundlesDir(root: string): string {
  return path.join(root, 'node_modules', '.cache', 'sitegen', 'bundles');
}

export interface ServerBundle {
  /** Absolute path of the ESM entry module (pages, layouts, renderer, worker loop). */
  modulePath: string;
  /** The folder the bundle's files are in (stack frames there are mapped through their source maps). */
  dir: string;
  /**
   * A SHA-256 of the bundled JS of all its files, without what depends on where the project and
   * sitegen are: part of the build id and of the render cache's key. Hashed once per esbuild run
   * (bundle-esbuild.ts, codePrint), kept with the bundle in the cache: as text it was hashed by both
   * (0.24 MB of the real site's, encoded to UTF-8 twice).
   */
  codePrint: string;
  /** All CSS the pages and templates import, minified. */
  css: string;
  /**
   * The files (images, fonts, media) pages, templates and their CSS import, by their content-hashed
   * names: the build writes them into the assets folder's `assets/`, where their URLs point
   * (bundle-esbuild.ts).
   */
  files: { name: string; contents: Uint8Array }[];
  metafile: esbuild.Metafile;
  /** Layout names (`default`), and their files in the same order. */
  layouts: string[];
  layoutFiles: string[];
  /** Lets go of the bundle's files (those no newer bundle of the folder shares are removed). */
  dispose(): Promise<void>;
}

/**
 * A folder of server bundles: a build's, or a dev session's for all its rebuilds. In a session's
 * folder bundles are split into content-hashed files (the entry, each page and layout, the
 * renderer, shared chunks), so a rebuild writes and imports only the files whose contents changed:
 * Node keeps every module it ever imported, and the renderer stays compiled by the JIT. Files are
 * counted by the bundles that use them and removed when none does. A session's bundles are made in
 * one esbuild context (KeptContext), which parses again only the files that changed.
 */
export class BundleFolder {
  /** Per file: how many bundles use it, and the hash of what was written. */
  private users = new Map<string, { count: number; hash: string }>();
  /** The esbuild context of a session's bundles (a one-shot build's folder makes one bundle, without). */
  readonly context = new KeptContext();

  private constructor(readonly dir: string) {}

  /**
   * A new folder under the site's cache (`root` is the site's folder); folders left by processes
   * that are gone are removed first.
   * Its real path (node_modules may be a symlink: pnpm, monorepos): Node names imported modules by
   * their real path and resolves their source maps' relative sources from there, so esbuild must
   * write those relative to the real folder too, or errors would point at files that do not exist.
   */
  static async create(root: string): Promise<BundleFolder> {
    const parent = bundlesDir(root);
    await mkdir(parent, { recursive: true });
    await removeAbandoned(parent);
    return new BundleFolder(await mkdtemp(path.join(await realpath(parent), `${process.pid}-`)));
  }

  /**
   * Writes the files the folder does not have with these contents (a module's name holds its hash;
   * its source map can change alone); each file counts one more user.
   */
  async add(files: esbuild.OutputFile[]): Promise<void> {
    const changed = files.filter((f) => this.users.get(f.path)?.hash !== f.hash);
    for (const f of files) this.users.set(f.path, { count: (this.users.get(f.path)?.count ?? 0) + 1, hash: f.hash });
    await Promise.all(
      changed.map(async (f) => {
        await mkdir(path.dirname(f.path), { recursive: true });
        await writeFile(f.path, f.contents);
      }),
    );
  }

  /** One user fewer for each file; files without users are removed. */
  async release(files: string[]): Promise<void> {
    const unused = files.filter((file) => {
      const entry = this.users.get(file);
      if (entry && --entry.count > 0) return false;
      this.users.delete(file);
      return true;
    });
    await Promise.all(unused.map((f) => rm(f, { force: true })));
  }

  async dispose(): Promise<void> {
    this.users.clear();
    await this.context.dispose();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** Removes bundle folders (and files of older versions) whose process is no longer running. */
async function removeAbandoned(parent: string): Promise<void> {
  for (const name of await readdir(parent)) {
    const pid = Number(/^(?:server-)?(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isProcessAlive(pid)) await rm(path.join(parent, name), { recursive: true, force: true });
  }
}

/**
 * Bundles every page, layout and the renderer into a server module with esbuild, into `folder`
 * (a dev session passes its own for all rebuilds; without one the bundle has a folder of its own).
 */
export async function bundleServer(
  config: ResolvedConfig,
  pages: RouteFile[],
  notFound: string | null,
  folder?: BundleFolder,
  cache?: {
    location: CacheLocation | null;
    onDamaged(): void;
    onInputs?(inputs: Inputs): void;
    /** Called once esbuild has the request, for work of the main thread while it waits (not for a bundle from the cache). */
    whileBundling?(): void;
  },
): Promise<ServerBundle> {
  const layoutsDir = path.join(config.templatesDir, 'layouts');
  const layoutFiles = (await listFiles(layoutsDir, { recursive: false, keep: (rel) => /\.(tsx|jsx)$/.test(rel) })).map((rel) => path.join(layoutsDir, rel)).sort();
  const layouts = layoutFiles.map((f) => path.basename(f).replace(/\.(tsx|jsx)$/, ''));
  const pageFiles = [...pages.map((p) => p.file), ...(notFound ? [notFound] : [])];
  const renderer = path.join(SRC_DIR, 'render', 'server.tsx');
  const entry = [
    ...pageFiles.map((f, i) => `import * as p${i} from ${JSON.stringify(f)};`),
    ...layoutFiles.map((f, i) => `import * as l${i} from ${JSON.stringify(f)};`),
    // Keyed by the path relative to the root: absolute paths would make the output depend on the checkout's location.
    `export const pages = {${pageFiles.map((f, i) => `${JSON.stringify(projectPath(config.root, f))}: p${i}`).join(', ')}};`,
    `export const layouts = {${layouts.map((name, i) => `${JSON.stringify(name)}: l${i}`).join(', ')}};`,
    `export { renderJobs, startWorker } from ${JSON.stringify(renderer)};`,
    `export { dataRead } from ${JSON.stringify(path.join(SRC_DIR, 'render', 'read-files.ts'))};`,
    // For benchmarks and tools that render pages themselves with the bundle's own React context.
    `export { PageProvider } from ${JSON.stringify(path.join(SRC_DIR, 'page-api.ts'))};`,
    `export { createTranslator } from ${JSON.stringify(path.join(SRC_DIR, 'i18n', 'translator.ts'))};`,
  ].join('\n');
  // In a shared folder (dev), each page and layout and the renderer is an entry of its own, so that
  // shared code lands in shared chunks and an edit changes only the files that contain it. A bundle
  // of its own (a build) is one file: fewer files to write and import.
  const split = folder !== undefined;
  const sources = [renderer, ...pageFiles, ...layoutFiles].map((f) => ({ in: f, out: f === renderer ? 'renderer' : projectPath(config.root, f).replace(/\.[^./]+$/, '') }));

  const owned = folder ? null : await BundleFolder.create(config.root);
  const into = folder ?? owned!;
  // esbuild writes the metafile's paths relative to the real path of its working folder.
  const base = await realpath(config.root);
  let built: BuiltServer;
  try {
    // The folder's name differs in each build; its place relative to the sources is in the key.
    const where = [path.relative(into.dir, config.root), path.relative(into.dir, SRC_DIR)];
    // The assets base too: an imported image's value is its URL there (bundle-esbuild.ts).
    built = await cachedRun(cache?.location ?? null, 'server', [entry, String(split), config.assetsUrl, ...where], {
      make: async () => {
        // Loaded first, so that esbuild has the request before React's preload below takes the thread.
        await esbuildApi();
        const running = runServerEsbuild(config, entry, split ? sources : [], into.dir, folder?.context);
        // Once esbuild has the request (after its plugins' setup, in microtasks): React meanwhile.
        setImmediate(() => {
          preloadReactServer(config.root, cache?.location?.dir ?? null);
          cache?.whileBundling?.();
        });
        return running;
      },
      encode: (b, keep) => encodeBuilt(b, base, into.dir, keep),
      decode: (json, kept) => decodeBuilt(json, base, into.dir, kept),
      roots: [config.root, PACKAGE_ROOT],
      onDamaged: () => cache?.onDamaged(),
      onInputs: (inputs) => cache?.onInputs?.(inputs),
    });
  } catch (cause) {
    await owned?.dispose();
    throw cause;
  }
  const { metafile, css, codePrint } = built;
  const [entryOut] = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === `sitegen:${ENTRY}`)!;
  const modulePath = path.resolve(base, entryOut);

  const files = built.outputFiles.filter((f) => f.path.endsWith('.js') || f.path.endsWith('.js.map'));
  // React is required (bundle-esbuild.ts), and React DOM's server renderer loaded by its file's
  // path (render/static-markup.ts): imports esbuild does not see.
  const packages = [...new Set([...externalPackages(metafile), 'react', 'react-dom'])];
  await Promise.all([into.add(files), linkPackages(path.dirname(into.dir), packages, config.root)]);
  const written = files.map((f) => f.path);
  return {
    modulePath,
    dir: into.dir,
    codePrint,
    css,
    files: built.outputFiles.filter((f) => ASSET_FILE.test(f.path)).map((f) => ({ name: path.basename(f.path), contents: f.contents })),
    metafile,
    layouts,
    layoutFiles,
    // Only the files' names: their contents (the code and its source map) are not kept for the build.
    dispose: async () => {
      if (owned) await owned.dispose();
      else await into.release(written);
    },
  };
}
