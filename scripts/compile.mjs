#!/usr/bin/env node
/**
 * Compiles the CLI to plain JavaScript in `lib/`, so that Node runs it without a TypeScript
 * loader. Runs from npm's `prepare` (so `npm ci` sets everything up) and from bin/sitegen when a
 * source file changed since the last compile.
 *
 * Three builds (esbuild):
 * - the command-line front, `src/cli.ts` with the commands' options: one CommonJS file,
 *   `lib/cli.cjs`, which every start loads. One file, as each module of an ES module graph costs
 *   a start more, and CommonJS, as only a script can be compiled with V8's code cache without
 *   flags (bin/sitegen). It bundles commander and the few modules in FRONT; every module it loads
 *   with `import()` becomes an entry of the third build, at its path under src/ (`lib/dev/dev.js`),
 *   but the commands (below).
 * - the commands, `src/commands.ts` (`sitegen build`, `merge`, `init`) with all they import: one
 *   CommonJS file too, `lib/commands.cjs`, run from a V8 code cache made after they built the
 *   starter site, so that a build compiles none of its own code (commandsCodeCache).
 * - everything else: ES modules with code splitting, the front's other lazy modules (`check`,
 *   `dev`, `serve`) and what sites import as 'sitegen' (package.json `exports`).
 *
 * `lib/inputs.json` lists the sources, and their folders under src/, with their modification
 * times: bin/sitegen compares them (a stat each) to notice stale output, the front's as it starts,
 * the rest's before it loads anything else of lib/ (inputsOf). Files are written to
 * temporary names and renamed, chunks before entries, the front after them and the input list
 * last, so that a CLI starting meanwhile never loads a half-written file.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFile, execFileSync } from 'node:child_process';
import { createRequire, isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import v8 from 'node:v8';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { withCrc } from '../bin/code-cache-crc.cjs';
import vm from 'node:vm';
import * as esbuild from 'esbuild';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const LIB = path.join(ROOT, 'lib');
const SRC = path.join(ROOT, 'src');
/** The front: every start runs it, from `lib/cli.cjs`. */
const FRONT = 'src/cli.ts';
/**
 * The only modules of src/ the front may bundle: the commands' options and what they need, none of
 * which holds state or a class (the rest of lib/ has its own copy of logger.ts and package-root.ts).
 * A static import of any other would be a second copy of it beside the ES modules' one.
 */
const FRONT_SOURCES = ['src/cli.ts', 'src/check/command.ts', 'src/dev/command.ts', 'src/logger.ts', 'src/package-root.ts'];
/**
 * Entry points besides the front's lazy modules, source -> `lib/NAME.js`: what sites import as
 * 'sitegen' (package.json `exports`).
 */
const ENTRIES = { 'page-api': 'src/page-api.ts' };
/** The commands, which the front loads with `import()` as `lib/commands.cjs` (see above). */
const COMMANDS = 'src/commands.ts';
/**
 * CommonJS packages bundled into lib/ rather than imported: every CLI start loads them (image-size:
 * its readers of four image types, every full build, see social-image.ts), and Node loads a
 * CommonJS package file by file, each also scanned for its exports by cjs-module-lexer.
 * The rest (esbuild's binary, React, the site's peers, ES module packages) stay imports.
 */
const BUNDLED = ['commander', 'fast-glob', 'image-size'];
/**
 * ES module packages the commands import statically, bundled into `lib/commands.cjs`: a CommonJS
 * file can only `require` them, which Node 22 before 22.12 refuses for an ES module (compile fails
 * on any other such import, see requiredModules). The build's check parses messages with it.
 */
const BUNDLED_IN_COMMANDS = ['@formatjs/icu-messageformat-parser'];
const PACKAGE = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const EXTERNAL = [...Object.keys(PACKAGE.dependencies ?? {}), ...Object.keys(PACKAGE.peerDependencies ?? {})].filter((name) => !BUNDLED.includes(name));
/**
 * The `require` that bundled CommonJS code calls for Node's own modules (esbuild's ES module output
 * has none), at the top of every file of lib/, which runs in Node only.
 */
const REQUIRE = "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);";
/**
 * The front, as the commands, is one function expression, which bin/sitegen compiles with V8's code cache and calls
 * with what `require` gives a module, and an `import()` of its own: a script compiled with a code
 * cache cannot call `import()` itself in Node 20 (it finds no callback to load with). Strict, as
 * the ES modules it was written as. `import.meta.url` (package-root.ts) is the file's URL.
 */
const FRONT_HEAD = "(function (exports, require, module, __filename, __dirname, __sitegenImport) {'use strict'; const __sitegenMetaUrl = require('node:url').pathToFileURL(__filename).href;";
/**
 * commander requires node:child_process when it loads, for subcommands that are programs of their
 * own (sitegen has none): with it come net, dgram and Node's streams, a sixth of a start's own
 * CPU time. The front gets it on first use instead.
 */
const LAZY_CHILD_PROCESS = {
  name: 'sitegen-lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^(node:)?child_process$/ }, (args) => (args.kind === 'require-call' && args.namespace !== 'lazy-builtin' ? { path: 'child_process', namespace: 'lazy-builtin' } : undefined));
    b.onLoad({ filter: /./, namespace: 'lazy-builtin' }, () => ({
      contents: "module.exports = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });",
      loader: 'js',
    }));
  },
};
/** What the front's `import(x)` is made into: `__sitegenImport(x)`, through a mark the plugin puts on its specifier. */
const LAZY = 'sitegen-lazy:';
/**
 * src/import-module.ts as the commands have it: their `import()` of esbuild, of the site's config
 * and of its server bundle made calls of the loader bin/sitegen hands them (see FRONT_HEAD).
 */
const COMMANDS_IMPORT = {
  name: 'sitegen-commands-import',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]import-module\.ts$/ }, () => ({ contents: 'export const importModule = (specifier) => __sitegenImport(specifier);', loader: 'js' }));
  },
};
/**
 * The hash of src/ that the build cache's keys hold (sitegen's code, cache/build-cache.ts), made
 * here once rather than by every build of the compiled CLI: reading and hashing src/'s ~140 files
 * cost each cold build 8 to 12 ms of the main thread before the config could load.
 */
const SOURCE_PRINT = 'source-print.txt';
const execFileAsync = promisify(execFile);
/** Given to this script: make the commands' code cache (commandsCodeCache), of the file named next, into the file named last. */
const CODE_CACHE_ARG = '--commands-code-cache';
/** Chunks no entry imports are removed once they are this old. */
const STALE_CHUNK_MS = 60 * 60 * 1000;

/**
 * The file whose modification time stands for an input in `lib/inputs.json`: the input itself, or
 * for a file of a bundled package its package.json, which npm writes anew with the package (80 of
 * commander's and fast-glob's files would double the stats of every start in a source checkout).
 */
function stampOf(rel) {
  const pkg = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(rel.split(path.sep).join('/'));
  return pkg ? `${pkg[1]}/package.json` : rel;
}

/**
 * The folders of src/ that hold a source, and those above them up to src/ itself, as `src/x/`: a
 * file added, removed or renamed in one changes its modification time, which an edit of a file
 * does not (a file a source imports that is removed, or added where a resolution would find it).
 */
function foldersOf(sources) {
  const folders = new Set();
  for (const rel of sources.filter((r) => r.startsWith('src/'))) {
    for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) folders.add(`${dir}/`);
  }
  return [...folders];
}

/**
 * The inputs of lib/ and their modification times (see the top of this file), in two parts:
 * `front`, those of lib/cli.cjs, which bin/sitegen checks as it starts, and `rest`, every other,
 * which it checks before it loads any other file of lib/. A start that runs no command (`--help`,
 * `--version`, a mistyped option) then takes ~10 stats instead of ~150: `sitegen --help` took
 * 121-123 ms against 132-133 ms here (perf stat, 40 runs each, twice; `node -e 0` 82-91 ms).
 * This script is in the front's part: what it writes (the code caches' header, say) may change
 * with it.
 */
async function inputsOf(front, rest) {
  const sourcesOf = (builds) => builds.flatMap((r) => Object.keys(r.metafile.inputs)).filter((rel) => !rel.startsWith('lazy-builtin:'));
  const stamps = (sources) => [...new Set([...new Set(sources)].map(stampOf))].concat(foldersOf([...new Set(sources)]));
  const frontStamps = new Set([...stamps(sourcesOf([front])), path.relative(ROOT, fileURLToPath(import.meta.url))]);
  // Also the files of src/ that only a site's server bundle or the browser runtime imports (the
  // renderer, the translator): lib/ does not run them, but its source print (sourcePrint) is made
  // of them, and a build whose inputs are unchanged is taken whole from the cache under that
  // print. Edited with a stale print, a build gave the previous code's output.
  const restStamps = stamps([...sourcesOf(rest), ...(await sourceFiles())]).filter((rel) => !frontStamps.has(rel));
  const times = async (rels) => {
    const inputs = {};
    for (const rel of [...rels].sort()) inputs[rel] = (await stat(path.join(ROOT, rel))).mtimeMs;
    return inputs;
  };
  return { front: await times([...frontStamps]), rest: await times(restStamps) };
}

/**
 * What the front loads with `import()`: Node's own modules as they are; a module of src/ is made an
 * entry of the ES module build, `lib/NAME.js` for `src/NAME.ts`, and imported from there (the front
 * is `lib/cli.cjs`, as cli.ts is `src/cli.ts`).
 */
function lazyModule(args, lazy) {
  if (!args.path.startsWith('.')) return { path: LAZY + args.path, external: true };
  const source = path.resolve(args.resolveDir, args.path);
  if (source === path.join(ROOT, COMMANDS)) return { path: `${LAZY}./commands.cjs`, external: true };
  const name = path.relative(SRC, source).replace(/\.tsx?$/, '').split(path.sep).join('/');
  lazy[name] = source;
  return { path: `${LAZY}./${name}.js`, external: true };
}

/**
 * The front as bin/sitegen runs it: its `import()`s made calls of the function it is given, and a
 * last line that names its contents, for the code cache (V8 itself compares only the length of the
 * script it was made from).
 */
function frontCode(text) {
  const code = text.replaceAll(`import("${LAZY}`, '__sitegenImport("');
  if (code.includes(LAZY)) throw new Error(`compile: an import() in the CLI front (${FRONT}) that is not of a plain string`);
  return keyed(code);
}

/** `code` with a last line that names its contents (bin/sitegen compares it with its code cache's header). */
const keyed = (code) => `${code}// code cache key: ${createHash('sha256').update(code).digest('base64url')}\n`;

/** A compiled file of lib/ run as bin/sitegen runs it (a function expression, see FRONT_HEAD): its exports. */
function run(script, file) {
  const module = { exports: {} };
  const importModule = (specifier) => import(specifier.startsWith('.') ? new URL(specifier, pathToFileURL(file)).href : specifier);
  script.runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file), importModule);
  return module.exports;
}

/**
 * V8's code cache of the front, made as a start would use it: compiled, run, and with the program
 * built and its help made, so that the functions every start and `--help` call are in it.
 */
function frontCodeCache(file, code) {
  const script = new vm.Script(code, { filename: file });
  run(script, file).createProgram({ cwd: ROOT }).helpInformation();
  return script.createCachedData();
}

/** What a logger of the commands' context prints: nothing. */
const SILENT = { color: false, error() {}, warn() {}, info() {}, debug() {} };

/**
 * V8's code cache of the commands, made after they built the starter site (`starter/`, what
 * `sitegen init` writes) in a temporary folder as a site is built: from scratch, after a message
 * edit, and unchanged. The functions those builds called are in it, compiled: without it a build
 * of the real site's shape compiled ~450 KB of sitegen's code, 30 to 40 ms of its CPU.
 *
 * Made in a process of its own (this script, given CODE_CACHE_ARG), started as bin/sitegen starts:
 * the builds load React (in production mode), the starter's bundles and esbuild's service, and set
 * V8 flags, none of which the process that compiles (bin/sitegen, about to run a command) may keep.
 * Null, with a warning, when the starter cannot be built (no React installed, a broken source):
 * the commands are then compiled as they run.
 */
async function commandsCodeCache(file) {
  const made = `${file}.v8cache.tmp-${process.pid}`;
  try {
    await execFileAsync(process.execPath, [fileURLToPath(import.meta.url), CODE_CACHE_ARG, file, made], { env: { ...process.env, NODE_ENV: 'production' } });
    return await readFile(made);
  } catch (err) {
    const why = err.stderr?.trim() || err.message;
    process.emitWarning(`no code cache for ${path.basename(file)}: building the starter site failed (${why}); builds compile the commands as they run`);
    return null;
  } finally {
    await rm(made, { force: true });
  }
}

/** The process commandsCodeCache starts: runs the commands in `file` as described there, and writes their code cache into `into`. */
async function makeCommandsCodeCache(file, into) {
  const script = new vm.Script(await readFile(file, 'utf8'), { filename: file });
  const commands = run(script, file);
  const site = await mkdtemp(path.join(tmpdir(), 'sitegen-compile-'));
  try {
    await cp(path.join(ROOT, 'starter'), site, { recursive: true });
    const build = () => commands.buildCommand({ root: site, out: 'dist', cache: true }, { cwd: site, logger: SILENT });
    await build();
    // One message of the home page edited in one locale: the page is rendered again, the rest reused.
    const de = path.join(site, 'locales', 'de.json');
    const messages = JSON.parse(await readFile(de, 'utf8'));
    messages.home.intro += '!';
    await writeFile(de, JSON.stringify(messages));
    await build();
    await build();
  } finally {
    await rm(site, { recursive: true, force: true });
  }
  // A build sets V8 flags of its own (optimize-later.ts: every flag it sets is listed here), and V8
  // accepts a code cache only under the flags it was made with: those of a start, V8's defaults.
  v8.setFlagsFromString(v8Defaults(['--interrupt-budget', '--max-inlined-bytecode-size-cumulative']));
  await writeFile(into, script.createCachedData());
}

/** `--flag=value` for each of `flags` as V8 has it by default (from `node --v8-options`). */
function v8Defaults(flags) {
  const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
  return flags.map((flag) => new RegExp(`default: (${flag}=\\S+)`).exec(options)?.[1] ?? '').join(' ');
}

/**
 * The packages a CommonJS file of lib/ requires that are ES modules (`"type": "module"`, no
 * `require` condition), which Node 22 before 22.12 cannot require.
 */
function requiredModules(text) {
  const names = [...text.matchAll(/\brequire\("([^".][^"]*)"\)/g)].map((m) => m[1]).filter((name) => !name.startsWith('node:') && !isBuiltin(name));
  return [...new Set(names)].filter((name) => {
    const pkg = /^(@[^/]+\/)?[^/]+/.exec(name)[0];
    let json;
    try {
      json = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8'));
    } catch {
      return false;
    }
    return json.type === 'module' && !JSON.stringify(json.exports ?? {}).includes('"require"');
  });
}

async function writeAtomic(file, contents) {
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, contents);
  await rename(tmp, file);
}

/**
 * Writes a CommonJS build of lib/ (its source map as it is), its code as `code` makes it, and V8's
 * code cache of it as `codeCache` makes it (none if that gives null), headed by the code's last line,
 * its key, and the cache's CRC-32 (8 hex digits, a newline), which bin/sitegen both compares before
 * using it.
 */
async function writeCompiled(outputFiles, codeCache, code) {
  for (const f of outputFiles) {
    if (!f.path.endsWith('.cjs')) {
      await writeAtomic(f.path, f.contents);
      continue;
    }
    const text = code(f.text);
    await writeAtomic(f.path, text);
    const key = text.slice(text.lastIndexOf('\n', text.length - 2) + 1);
    const cache = await codeCache(f.path, text);
    if (cache) await writeAtomic(`${f.path}.v8cache`, Buffer.concat([Buffer.from(key), withCrc(cache)]));
    else await rm(`${f.path}.v8cache`, { force: true });
  }
}

/** Every file of src/, by its path and bytes, hashed as build-cache.ts hashes them when it runs from src/ itself. */
async function sourcePrint() {
  const h = createHash('sha256');
  const files = (await readdir(SRC, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  for (const file of files.sort()) h.update(path.relative(SRC, file)).update('\0').update(await readFile(file)).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** Every file of src/, as `src/x/y.ts` (the form of esbuild's metafile): what sourcePrint is made of. */
async function sourceFiles() {
  const files = (await readdir(SRC, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return files.map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/**
 * `prune`: remove every file of lib/ this compile did not write, whatever its age (npm's `prepare`,
 * which also runs before `npm pack`: the package carries only what its entries import, and the
 * code caches made for the Node that packed it; V8 ignores them under another).
 */
export async function compile({ prune = false } = {}) {
  const common = { absWorkingDir: ROOT, bundle: true, platform: 'node', target: 'node20', external: EXTERNAL, jsx: 'automatic', sourcemap: 'linked', metafile: true, write: false, logLevel: 'warning' };
  // A CommonJS file of lib/ that bin/sitegen runs: one function expression (see FRONT_HEAD).
  const script = { ...common, outdir: LIB, outExtension: { '.js': '.cjs' }, format: 'cjs', define: { 'import.meta.url': '__sitegenMetaUrl' }, banner: { js: FRONT_HEAD }, footer: { js: '})' } };
  const lazy = {};
  const front = await esbuild.build({
    ...script,
    entryPoints: { cli: FRONT },
    plugins: [
      { name: 'sitegen-lazy-modules', setup: (b) => b.onResolve({ filter: /./ }, (args) => (args.kind === 'dynamic-import' ? lazyModule(args, lazy) : undefined)) },
      LAZY_CHILD_PROCESS,
    ],
  });
  const strays = Object.keys(front.metafile.inputs).filter((rel) => rel.startsWith('src/') && !FRONT_SOURCES.includes(rel));
  if (strays.length) throw new Error(`compile: the CLI front (${FRONT}) imports ${strays.join(', ')}; load them with import() on use, or add them to FRONT_SOURCES in scripts/compile.mjs if they hold no state`);
  const commands = await esbuild.build({
    ...script,
    entryPoints: { commands: COMMANDS },
    external: EXTERNAL.filter((name) => !BUNDLED_IN_COMMANDS.includes(name)),
    plugins: [COMMANDS_IMPORT],
  });
  const result = await esbuild.build({
    ...common,
    entryPoints: Object.entries({ ...ENTRIES, ...lazy }).map(([out, source]) => ({ in: source, out })),
    outdir: LIB,
    splitting: true,
    format: 'esm',
    banner: { js: REQUIRE },
    chunkNames: 'chunks/[name]-[hash]',
  });
  for (const dir of new Set(result.outputFiles.map((f) => path.dirname(f.path)))) await mkdir(dir, { recursive: true });
  const entries = new Set(Object.keys({ ...ENTRIES, ...lazy }).map((name) => path.join(LIB, `${name}.js`)));
  const chunks = result.outputFiles.filter((f) => !entries.has(f.path));
  await Promise.all(chunks.map((f) => writeAtomic(f.path, f.contents)));
  await Promise.all(result.outputFiles.filter((f) => entries.has(f.path)).map((f) => writeAtomic(f.path, f.contents)));
  // The front and the commands, each with its code cache; the commands' is made by running them,
  // which reads the source print.
  await writeAtomic(path.join(LIB, SOURCE_PRINT), await sourcePrint());
  await writeCompiled(front.outputFiles, (file, code) => frontCodeCache(file, code), frontCode);
  const esm = requiredModules(commands.outputFiles.find((f) => f.path.endsWith('.cjs')).text);
  if (esm.length) throw new Error(`compile: the commands (${COMMANDS}) import ${esm.join(', ')}, ES modules a CommonJS file cannot require in every Node: add them to BUNDLED_IN_COMMANDS in scripts/compile.mjs`);
  await writeCompiled(commands.outputFiles, commandsCodeCache, keyed);
  await writeAtomic(path.join(LIB, 'inputs.json'), JSON.stringify(await inputsOf(front, [commands, result]), null, 2) + '\n');
  // Chunks of earlier compiles that no entry imports any more; only old ones, as a CLI started
  // before this compile may still load its chunks on use. When pruning, every file of lib/ this
  // compile did not write, whatever its age (but the declarations tsc writes into lib/types/).
  const written = new Set([...result.outputFiles, ...front.outputFiles, ...commands.outputFiles].flatMap((f) => (f.path.endsWith('.cjs') ? [f.path, `${f.path}.v8cache`] : [f.path])));
  for (const rel of await readdir(LIB, { recursive: true })) {
    const file = path.join(LIB, rel);
    // A file a compile (or its code cache's process) was writing when it was killed (Ctrl-C as a
    // command recompiled): named by the pid of that compile, which no longer runs.
    const writer = /\.tmp-(\d+)$/.exec(rel);
    if (writer) {
      if (!isProcessAlive(Number(writer[1]))) await rm(file, { force: true });
      continue;
    }
    if (written.has(file) || rel === 'inputs.json' || rel === SOURCE_PRINT || rel.startsWith(`types${path.sep}`)) continue;
    if (prune ? (await stat(file)).isFile() : rel.startsWith(`chunks${path.sep}`) && Date.now() - (await stat(file)).mtimeMs > STALE_CHUNK_MS) await rm(file, { force: true });
  }
}

/** Whether a process with this id runs (EPERM: it does, as another user's); as src/process-alive.ts, which this script cannot import. */
function isProcessAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === CODE_CACHE_ARG) {
    // One line for the warning of the compile that started this process.
    await makeCommandsCodeCache(process.argv[3], process.argv[4]).catch((err) => {
      process.stderr.write(`${err?.message ?? err}\n`);
      process.exitCode = 1;
    });
  }
  else await compile({ prune: true });
}
