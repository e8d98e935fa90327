/**
 * The server bundle's esbuild run (see bundle.ts), and its result in the form the build cache
 * keeps (cache/bundle-cache.ts): output files and metafile named relative to the bundle's folder,
 * which has a new name in every build.
 */
import { createHash } from 'node:crypto';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { realpath } from 'node:fs/promises';
import type * as esbuild from 'esbuild';
import type { ResolvedConfig } from './config.ts';
import { errors } from './errors.ts';
import { SRC_DIR } from './package-root.ts';
import { metafileInputs, type KeepBytes } from './cache/bundle-cache.ts';
import { api } from './esbuild-api.ts';
import { bundleValues, filesNamingPlace, IMPORT_META_DEFINE, importMetaPlugin, scriptsIn, type Transform } from './import-meta.ts';


/**
 * Left to Node, found through bundle-modules.ts' links: pages and the renderer share one React, and
 * in dev every rebuild reuses these modules already loaded (and compiled by the JIT). htmlparser2
 * is bundled: the renderer uses its tokenizer alone (verify/links.ts), and importing the package
 * loaded its parser, DOM handler, DOM utilities and serializer too, 25 modules: 22 to 25 ms of CPU
 * against 5 to 10 for the tokenizer's own, on every thread that imports the server module.
 */
const EXTERNAL = ['react', 'react-dom', 'react/*', 'react-dom/*', 'intl-messageformat', '@formatjs/*'];
/**
 * React's packages are CommonJS. Imported as ES modules, Node has cjs-module-lexer read each of
 * their files for its names before the bundle runs (React's main file and its JSX runtime's, on
 * every thread that imports the server module): a profile of a rebuild of the real site after a
 * message edit had 12.8 of the server module's ~75 ms of import in the lexer (loaded machine).
 * Required instead, from a small module of esbuild's (`module.exports = require(name)`), which
 * esbuild wraps as any CommonJS module: the named imports become reads of its exports. The same
 * files, loaded by Node's CommonJS loader as before, one instance for pages and renderer.
 */
const REQUIRED = /^react(?:-dom)?(?:\/|$)/;
/** Node's own modules, by the names a require() may give them (`os`, `node:os`, `fs/promises`). */
const NODE_BUILTIN = new RegExp(`^(?:node:)?(?:${builtinModules.filter((m) => !m.startsWith('_')).map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})$`);
/** The namespace of those small modules, and the `require` they call, made at the top of each of the bundle's files. */
const REQUIRE_NAMESPACE = 'sitegen-require';
const REQUIRE = '__sitegenRequire';
const REQUIRE_BANNER = `import { createRequire as __sitegenCreateRequire } from 'node:module'; const ${REQUIRE} = __sitegenCreateRequire(import.meta.url);`;
/** What the pages' and templates' JSX compiles to (see render/jsx-runtime.ts). */
const JSX_RUNTIME = path.join(SRC_DIR, 'render', 'jsx-runtime.ts');
/**
 * The import source esbuild gives the pages' JSX (`sitegen-jsx/jsx-runtime`), aliased to
 * JSX_RUNTIME: esbuild finds it itself. Through the plugin below, as before, each of the site's
 * .tsx files cost a round trip to the main thread, where it waited whenever that thread was busy
 * (the build's translation check runs there meanwhile).
 */
const JSX_SOURCE = 'sitegen-jsx';
/** Node's file system modules, which the site's code gets through these (render/read-files.ts). */
const SITE_FS = /^(?:node:)?fs(?:\/promises)?$/;
const SITE_FS_MODULE = path.join(SRC_DIR, 'render', 'site-fs.ts');
const SITE_FS_PROMISES_MODULE = path.join(SRC_DIR, 'render', 'site-fs-promises.ts');
/** The namespace of what a CommonJS require() of them gives: their default export, a plain object. */
const SITE_FS_REQUIRED = 'sitegen-site-fs';
/** What `process.env` stands for in the bundle, and the module that gives it. */
const SITE_ENV = '__sitegenEnv';
const SITE_ENV_MODULE = path.join(SRC_DIR, 'render', 'read-files.ts');
/** What `fetch` stands for in the bundle, from the same module: it notes what the site fetched. */
const SITE_FETCH = '__sitegenFetch';
/** The generated entry module: every page and layout, and the renderer's exports. */
export const ENTRY = 'sitegen:server';

/**
 * Files pages and templates may import, or name in a CSS url(): images, fonts, audio, video and
 * subtitles, PDFs. Each is written content-hashed into the assets folder, and an import is its URL.
 */
export const ASSET_FILE_TYPES = ['png', 'jpg', 'jpeg', 'webp', 'avif', 'gif', 'svg', 'ico', 'woff', 'woff2', 'ttf', 'otf', 'eot', 'mp4', 'webm', 'ogv', 'ogg', 'mp3', 'm4a', 'wav', 'vtt', 'pdf'];
export const ASSET_FILE = new RegExp(`\\.(${ASSET_FILE_TYPES.join('|')})$`, 'i');
const ASSET_NAMESPACE = 'sitegen-asset';
/** Marks a resolve that is the file itself (for the file loader), not an import to make a URL of. */
const ASSET_ITSELF = 'sitegen-asset-file';
/** The folder of the assets folder that imported files are written into, beside the stylesheet. */
export const ASSET_FILES_FOLDER = 'assets';

/** The output files (paths absolute, in the bundle's folder), the metafile, the minified CSS and the code's print. */
export interface BuiltServer {
  outputFiles: esbuild.OutputFile[];
  metafile: esbuild.Metafile;
  css: string;
  /** See ServerBundle's codePrint (bundle.ts): made with the run, and kept with its result in the cache. */
  codePrint: string;
}

/**
 * An esbuild context kept for the bundles of one folder (a dev session's, see BundleFolder): a
 * rebuild of the same entry parses again only the files that changed. Made anew when the request
 * changes (another entry: pages added or removed), disposed of with the folder.
 */
export class KeptContext {
  /**
   * The files found to name `import.meta` or `__dirname`, which the session's bundles give their
   * own values (runServerEsbuild); null before its first bundle. It only grows: a file that no
   * longer names them costs nothing, and the context stays as it is.
   */
  naming: string[] | null = null;
  /** Files in node_modules looked at for them already: packages do not change within a session. */
  readonly packagesSeen = new Set<string>();
  private key: string | null = null;
  private context: Promise<esbuild.BuildContext<{ write: false; metafile: true }>> | null = null;
  /** The last bundle's CSS and its minified text. */
  private lastCss: { text: string; minified: string } | null = null;

  /**
   * `text` minified by `minify`, or as the last time when `text` is the same: most edits leave the
   * styles as they were, and minifying the real site's 50 KB took 5 to 7 ms (a round trip to esbuild).
   */
  async minifiedCss(text: string, minify: (text: string) => Promise<string>): Promise<string> {
    if (this.lastCss?.text === text) return this.lastCss.minified;
    const minified = await minify(text);
    this.lastCss = { text, minified };
    return minified;
  }

  async rebuild(key: string, options: esbuild.BuildOptions & { write: false; metafile: true }): Promise<esbuild.BuildResult<{ write: false; metafile: true }>> {
    if (key !== this.key) {
      await this.dispose();
      this.key = key;
      this.context = api().then((esbuild) => esbuild.context(options));
    }
    try {
      return await (await this.context!).rebuild();
    } catch (err) {
      // A context esbuild could not make is made again next time (a failed rebuild keeps its context).
      if (!(err as esbuild.BuildFailure).errors) await this.dispose();
      throw err;
    }
  }

  async dispose(): Promise<void> {
    const context = this.context;
    this.key = null;
    this.context = null;
    await context?.then((c) => c.dispose(), () => {});
  }
}

/**
 * Runs esbuild over the generated `entry` (and, split for dev, `sources` as entries of their own)
 * into `outdir`; in `kept`'s context when given.
 */
export async function runServerEsbuild(
  config: ResolvedConfig,
  entry: string,
  sources: { in: string; out: string }[],
  outdir: string,
  kept?: KeptContext,
): Promise<{ value: BuiltServer; inputs: string[] }> {
  const split = sources.length > 0;
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    // ownMeta: the files that get their own import.meta (see below), or none.
    const options = (ownMeta: false | readonly string[]) => ({
      entryPoints: [{ in: ENTRY, out: 'server' }, ...sources],
      plugins: [
        {
          name: 'sitegen-entry',
          setup(build: esbuild.PluginBuild) {
            build.onResolve({ filter: /^sitegen:server$/ }, () => ({ path: ENTRY, namespace: 'sitegen' }));
            build.onLoad({ filter: /.*/, namespace: 'sitegen' }, () => ({ contents: entry, resolveDir: config.root, loader: 'js' }));
          },
        },
        {
          // JSX renders through sitegen's runtime, which records links for verification as React
          // renders: also a file's own import of React's runtime (JSX compiled before, a package's).
          name: 'sitegen-jsx-runtime',
          setup(build: esbuild.PluginBuild) {
            build.onResolve({ filter: /^react\/jsx-runtime$/ }, (args) => (args.importer === JSX_RUNTIME ? undefined : { path: JSX_RUNTIME }));
          },
        },
        {
          // A file a page or template imports (an image): its value is the file's URL in the assets
          // folder, where the build writes it (bundle.ts, ServerBundle's files) under the content-hashed
          // name esbuild's file loader gives it, as it does for a CSS url() (which needs no more:
          // the stylesheet is written into that folder too). The loader's own value is a path
          // relative to the bundle's file, which no page could use.
          name: 'sitegen-asset-files',
          setup(build: esbuild.PluginBuild) {
            build.onResolve({ filter: ASSET_FILE }, async (args) => {
              // The URL module's own import of the file (an absolute path), for the file loader.
              if (args.namespace === ASSET_NAMESPACE) return { path: args.path };
              if (args.kind === 'url-token' || args.pluginData === ASSET_ITSELF) return undefined;
              const found = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: ASSET_ITSELF });
              return found.errors.length ? { errors: found.errors } : { path: found.path, namespace: ASSET_NAMESPACE };
            });
            build.onLoad({ filter: /./, namespace: ASSET_NAMESPACE }, (args) => ({
              contents: `import file from ${JSON.stringify(args.path)};\nexport default ${JSON.stringify(`${config.assetsUrl}${ASSET_FILES_FOLDER}/`)} + file.slice(file.lastIndexOf('/') + 1);\n`,
              loader: 'js',
            }));
          },
        },
        {
          name: 'sitegen-require',
          setup(build: esbuild.PluginBuild) {
            build.onResolve({ filter: REQUIRED }, (args) => ({ path: args.path, namespace: REQUIRE_NAMESPACE }));
            // Node's own modules, in one callback (each is a round trip to this thread, busy with
            // the check meanwhile): the site's file system notes what it reads (render/read-files.ts),
            // sitegen's own is Node's; a CommonJS package's require() of any other goes to Node's
            // require, as React's does (in an ES module bundle esbuild's require() fails: "Dynamic
            // require of "os" is not supported"); an import stays esbuild's.
            build.onResolve({ filter: NODE_BUILTIN }, (args) => {
              const required = args.kind === 'require-call';
              if (SITE_FS.test(args.path)) {
                if (isSitegenSource(args.importer)) return undefined;
                const module = args.path.endsWith('promises') ? SITE_FS_PROMISES_MODULE : SITE_FS_MODULE;
                // Required, the module's object as Node's fs is: one a package may patch (graceful-fs, under fs-extra, does).
                return required ? { path: module, namespace: SITE_FS_REQUIRED } : { path: module };
              }
              return required ? { path: args.path, namespace: REQUIRE_NAMESPACE } : undefined;
            });
            build.onLoad({ filter: /.*/, namespace: SITE_FS_REQUIRED }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)}).default;`, resolveDir: SRC_DIR, loader: 'js' }));
            build.onLoad({ filter: /.*/, namespace: REQUIRE_NAMESPACE }, (args) => ({ contents: `module.exports = ${REQUIRE}(${JSON.stringify(args.path)});`, loader: 'js' }));
          },
        },
        ...(ownMeta ? [importMetaPlugin(isSitegenSource, ownMeta)] : []),
      ],
      banner: { js: ownMeta ? `${REQUIRE_BANNER} ${bundleValues}` : REQUIRE_BANNER },
      // The site's reads of process.env note the names read (render/read-files.ts).
      define: { ...(ownMeta ? IMPORT_META_DEFINE : {}), 'process.env': SITE_ENV, fetch: SITE_FETCH, 'globalThis.fetch': SITE_FETCH },
      inject: [SITE_ENV_MODULE],
      bundle: true,
      splitting: split,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      jsxImportSource: JSX_SOURCE,
      sourcemap: 'linked',
      sourcesContent: false,
      outdir,
      entryNames: split ? '[dir]/[name]-[hash]' : '[name]',
      chunkNames: 'chunks/[name]-[hash]',
      external: EXTERNAL,
      alias: { sitegen: path.join(SRC_DIR, 'page-api.ts'), [`${JSX_SOURCE}/jsx-runtime`]: JSX_RUNTIME },
      loader: Object.fromEntries(ASSET_FILE_TYPES.map((type) => [`.${type}`, 'file'])),
      logLevel: 'silent',
      absWorkingDir: config.root,
    }) satisfies esbuild.BuildOptions;
    // The plugins' answers (the entry's text) are part of the context: a new entry needs a new one.
    const run = async (ownMeta: false | readonly string[]) =>
      kept ? kept.rebuild(JSON.stringify([entry, sources, outdir, config.root, ownMeta]), options(ownMeta)) : (await api()).build(options(ownMeta));
    // Files get their own import.meta and __dirname (import-meta.ts) only where one of the site's
    // names them, and then only those files (with sitegen's own that name import.meta): the
    // plugin reads each file it is given on esbuild's behalf, a round trip to this thread apiece,
    // which for a page importing date-fns and react-icons (~300 files) took 350 ms more than
    // esbuild alone, and 50 ms of each of a dev session's rebuilds. The site's scripts in pages/,
    // templates/layouts/ and templates/components/ are looked at before the first bundle (a
    // build's, a session's), so that a page reading its data beside itself is bundled once (not
    // all of templates/: the real site's templates/static-src/ holds a tool naming import.meta that
    // no page imports, which gave its bundle the plugin for nothing); esbuild's inputs after it (a
    // session's site files every time, as they change; packages once), and a file found then (a
    // helper, a package, a page edited to name them) has the bundle made again.
    const templates = ['layouts', 'components'].map((dir) => path.join(config.templatesDir, dir));
    const scanned = kept?.naming ? null : scriptsIn([config.pagesDir, ...templates], [config.staticDir, config.enhancersDir]);
    const esbuild = await api();
    let naming = kept?.naming ?? (await filesNamingPlace(scanned!, esbuild.transform));
    const plugged = async () => naming.length > 0 && [...naming, ...(await sitegenNamingPlace(esbuild.transform))];
    result = await run(await plugged());
    const known = new Set([...(scanned ?? []), ...naming]);
    const inPackages = (file: string) => file.includes(`${path.sep}node_modules${path.sep}`);
    const unseen = metafileInputs(result.metafile.inputs, await realpath(config.root)).filter(
      (f) => !isSitegenSource(f) && !known.has(f) && !(kept && inPackages(f) && kept.packagesSeen.has(f)),
    );
    const more = await filesNamingPlace(unseen, esbuild.transform);
    if (kept) for (const file of unseen) if (inPackages(file)) kept.packagesSeen.add(file);
    if (more.length > 0) {
      naming = [...naming, ...more];
      result = await run(await plugged());
    }
    if (kept) kept.naming = naming;
  } catch (cause) {
    const failure = cause as esbuild.BuildFailure;
    if (!failure.errors) throw cause;
    const detail = (await (await api()).formatMessages(failure.errors, { kind: 'error', color: false })).join('\n');
    const first = failure.errors.find((e) => e.location)?.location;
    // An import of a file of no kind the bundle takes (`import post from './post.md'`): say how to read it.
    const unbundled = failure.errors.find((e) => NO_LOADER.test(e.text) && /\.[cm]?[jt]sx?$/.test(e.location?.file ?? ''));
    const hint = unbundled ? `\n\n${unreadHint(unbundled)}` : '';
    throw errors.bundleFailed(detail.trimEnd() + hint, first ? { file: path.resolve(config.root, first.file), line: first.line, column: first.column + 1 } : undefined);
  }
  // esbuild writes the metafile's paths relative to the real path of its working folder.
  const base = await realpath(config.root);
  const entryMeta = Object.values(result.metafile.outputs).find((o) => o.entryPoint === `sitegen:${ENTRY}`)!;
  const cssPath = entryMeta.cssBundle ? path.resolve(base, entryMeta.cssBundle) : null;
  const cssOut = result.outputFiles.find((f) => f.path === cssPath);
  const minify = async (text: string) => (await (await api()).transform(text, { loader: 'css', minify: true, target: ['chrome100', 'safari15', 'firefox100'] })).code;
  const css = !cssOut ? '' : kept ? await kept.minifiedCss(cssOut.text, minify) : await minify(cssOut.text);
  return { value: { outputFiles: result.outputFiles, metafile: result.metafile, css, codePrint: codePrint(result.outputFiles, outdir) }, inputs: metafileInputs(result.metafile.inputs, base) };
}

/** sitegen's own sources that name import.meta (for importMetaPlugin's list), read on first use. */
let sitegenNaming: Promise<string[]> | null = null;
function sitegenNamingPlace(transform: Transform): Promise<string[]> {
  return (sitegenNaming ??= filesNamingPlace(scriptsIn([SRC_DIR]), transform));
}

/** Whether `file` is one of sitegen's own sources bundled into the server module (the renderer and the page API). */
function isSitegenSource(file: string): boolean {
  return file.startsWith(SRC_DIR + path.sep);
}

/**
 * The end of the path esbuild names a module by that it wraps to run on first use (`__esm({
 * "../src/x.ts"() {`, `__commonJS({ "../y.js"(exports, module) {`), relative to the project:
 * sitegen's read-files.ts is one in every bundle (its `process.env` is injected into CommonJS
 * modules too). Found by its end, which starts with a quote (see withoutWrappedNames).
 */
const WRAPPED_MODULE_END = /"\((?:exports, module)?\) \{$/gm;

/**
 * `text` without the paths of its wrapped modules (the quoted name at the start of a line, before
 * WRAPPED_MODULE_END). As one regular expression anchored at the line's start (`^\s*"[^"\n]*"`
 * with a lookahead) it was tried at every character: ~100 ms for a page bundling shiki (11 MB of
 * code), ~7 ms this way for the same result.
 */
function withoutWrappedNames(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(WRAPPED_MODULE_END)) {
    const close = match.index;
    const open = text.lastIndexOf('"', close - 1);
    const lineStart = text.lastIndexOf('\n', close) + 1;
    if (open < lineStart || !/^[ \t]*$/.test(text.slice(lineStart, open))) continue;
    out += text.slice(last, open);
    last = close + 1;
  }
  return out + text.slice(last);
}

/**
 * The values import-meta.ts gives a file that names `import.meta` or `__dirname` (its absolute
 * path, as esbuild prints the declarations, renamed `__sitegen_meta_url2` where several files
 * have one): where the project lives, which the output does not depend on.
 */
const PLACE_VALUE = /\b((?:__sitegen_meta_(?:url|dirname|filename)|__dirname|__filename)\d* = )"(?:[^"\\\n]|\\.)*"/g;

/**
 * A SHA-256 of the bundle's JS (files in `outdir`) without what depends on where the project and
 * sitegen are: esbuild's name hashes (they cover the source maps, which name files by their path
 * from sitegen's cache), its `// path/of/module.ts` comments, the paths of wrapped modules and the
 * values of files' `import.meta` and `__dirname` (a site checked out elsewhere, or each shard's CI
 * machine, gets the same build id; what a file reads through them is keyed by the data's own
 * print, by paths relative to the project). Made once per esbuild run and kept
 * in the cache with its files: a build whose bundle came from the cache decoded the real site's
 * 0.24 MB of code to text, ran both replaces over it and hashed it again, 1.5 to 2.6 ms of the
 * main thread in a rebuild after a message edit (~1% of it), to find the print it had made.
 */
function codePrint(files: readonly esbuild.OutputFile[], outdir: string): string {
  const unplaced = (text: string) => withoutWrappedNames(text.replace(/-[A-Z0-9]{8}(?=\.js\b)/g, '').replace(/^\/\/ .*$/gm, '')).replace(PLACE_VALUE, '$1""');
  const code = createHash('sha256');
  const texts = files.filter((f) => f.path.endsWith('.js')).map((f) => unplaced(path.relative(outdir, f.path) + '\0' + f.text));
  for (const text of texts.sort()) code.update(text).update('\0');
  return code.digest('hex');
}

/** The folder in the metafile's paths, as esbuild writes them: relative to `base`, with forward slashes. */
const metaPrefix = (base: string, outdir: string) => path.relative(base, outdir).split(path.sep).join('/') + '/';
/** Stands for the bundle's folder in a kept metafile. */
const OUT = '\0out/';

/**
 * The result as JSON, its files' paths relative to `outdir` (`base`: the real path of the working
 * folder), their bytes given to `keep` (kept beside the entry, see cache/bundle-cache.ts).
 */
export function encodeBuilt(built: BuiltServer, base: string, outdir: string, keep: KeepBytes): unknown {
  return {
    files: built.outputFiles.map((f) => [path.relative(outdir, f.path), f.hash, keep(f.contents)]),
    metafile: JSON.stringify(built.metafile).replaceAll(JSON.stringify(metaPrefix(base, outdir)).slice(1, -1), OUT),
    css: built.css,
    codePrint: built.codePrint,
  };
}

/** A kept result placed in `outdir`, its files' bytes from `kept`, or null when its shape is not that of encodeBuilt's. */
export function decodeBuilt(json: unknown, base: string, outdir: string, kept: Buffer): BuiltServer | null {
  const j = json as { files?: unknown; metafile?: unknown; css?: unknown; codePrint?: unknown };
  const within = (at: unknown): at is [number, number] =>
    Array.isArray(at) && at.length === 2 && at.every((n) => Number.isSafeInteger(n) && n >= 0) && at[0] + at[1] <= kept.length;
  const row = (r: unknown): r is [string, string, [number, number]] => Array.isArray(r) && r.length === 3 && typeof r[0] === 'string' && typeof r[1] === 'string' && within(r[2]);
  if (!j || !Array.isArray(j.files) || !j.files.every(row) || typeof j.metafile !== 'string' || typeof j.css !== 'string' || typeof j.codePrint !== 'string' || !/^[0-9a-f]{64}$/.test(j.codePrint)) return null;
  let metafile: esbuild.Metafile;
  try {
    metafile = JSON.parse(j.metafile.replaceAll(OUT, JSON.stringify(metaPrefix(base, outdir)).slice(1, -1))) as esbuild.Metafile;
  } catch {
    return null;
  }
  if (!metafile || typeof metafile.outputs !== 'object' || typeof metafile.inputs !== 'object') return null;
  const outputFiles = j.files.map(([rel, hash, [at, length]]) => outputFile(path.join(outdir, rel), hash, kept.subarray(at, at + length)));
  return { outputFiles, metafile, css: j.css, codePrint: j.codePrint };
}

/** An esbuild OutputFile of these bytes (its text decoded when first asked for, as esbuild's own). */
function outputFile(file: string, hash: string, contents: Uint8Array): esbuild.OutputFile {
  let text: string | undefined;
  return { path: file, hash, contents, get text() { return (text ??= Buffer.from(contents).toString('utf8')); } };
}

/** esbuild's error for an import of a file of a kind it has no loader for: the extension and the file. */
const NO_LOADER = /^No loader is configured for "(\.[^"]+)" files: (.+)$/;

/**
 * What to do about an import of a file of a kind the bundle does not take (`import post from
 * './post.md'`): read it as the module loads, with the path from the importing module.
 */
function unreadHint(error: esbuild.Message): string {
  const [, ext, file] = NO_LOADER.exec(error.text)!;
  const from = error.location ? path.dirname(error.location.file) : null;
  const rel = from === null ? path.basename(file!) : path.relative(from, file!).split(path.sep).join('/');
  const url = rel.startsWith('.') ? rel : `./${rel}`;
  return (
    `A ${ext} file is not bundled: read it at the top of the module instead, as it loads, with ` +
    `readFileSync(new URL('${url}', import.meta.url), 'utf8') from node:fs (it is then an input of the build, as every file the pages read is).`
  );
}
