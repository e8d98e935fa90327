/**
 * `import.meta.url`, `import.meta.dirname` and `import.meta.filename` of the files esbuild bundles,
 * and a CommonJS file's `__dirname` and `__filename`. Left as they are, the first are the bundle's
 * (a file in sitegen's cache), so a page that reads its data beside itself
 * (`readFileSync(new URL('./post.md', import.meta.url))`) failed with ENOENT in the cache folder;
 * the others are not defined at all in the ES module the bundle is, so a package reading a file of
 * its own (`path.join(__dirname, 'template.html')`) failed as it loaded. Each file that names them
 * instead declares its own values on its first line (so that line numbers in errors stay the
 * file's), which `IMPORT_META_DEFINE` makes its `import.meta.*` stand for; esbuild keeps each
 * file's top-level names apart.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Loader, Plugin, TransformOptions, TransformResult } from 'esbuild';
import { escapeRegExp } from './text/reg-exp.ts';

const META = { url: '__sitegen_meta_url', dirname: '__sitegen_meta_dirname', filename: '__sitegen_meta_filename' };

/** esbuild's `define` for a bundle whose files the plugin below gives their own values. */
export const IMPORT_META_DEFINE = { 'import.meta.url': META.url, 'import.meta.dirname': META.dirname, 'import.meta.filename': META.filename };

/** The files the plugin handles: JavaScript and TypeScript, by their extension. */
const SCRIPT_FILE = /\.[cm]?[jt]sx?$/;
const LOADERS: Record<string, Loader> = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js' };

/** What is put before the first line of `file`: its `import.meta.*` values. */
function importMetaValues(file: string): string {
  return [
    `const ${META.url} = ${JSON.stringify(pathToFileURL(file).href)};`,
    `const ${META.dirname} = ${JSON.stringify(path.dirname(file))};`,
    `const ${META.filename} = ${JSON.stringify(file)};`,
  ].join(' ');
}

/** A CommonJS file's names for where it is. */
const PLACE_NAMES = /\b__(?:dirname|filename)\b/;

/**
 * What is put before the first line of `file`, whose text is `contents`: the values of the
 * `import.meta.*` it names (the bundle's own with `keepBundle`) and of `__dirname` and
 * `__filename` (as `var`, which a file may declare again); '' when it names none of them.
 */
export function fileValues(file: string, contents: string, keepBundle = false): string {
  let values = contents.includes('import.meta') ? (keepBundle ? BUNDLE_VALUES : importMetaValues(file)) : '';
  if (!keepBundle && PLACE_NAMES.test(contents)) values += `var __dirname = ${JSON.stringify(path.dirname(file))}, __filename = ${JSON.stringify(file)};`;
  return values;
}

/**
 * Gives each script file esbuild loads its own `import.meta.*`, `__dirname` and `__filename` (with
 * IMPORT_META_DEFINE in the same build). `keepBundle(file)`: the file keeps the bundle's own
 * `import.meta` instead, named in the bundle's banner (`bundleValues`), as sitegen's renderer
 * does, which requires packages from where the bundle is. A file that names none is left as it is.
 * `only`: the files that name them (filesNamingPlace), when known: esbuild then loads every other
 * file itself, without a round trip to this thread apiece.
 */
export function importMetaPlugin(keepBundle: (file: string) => boolean = () => false, only?: readonly string[]): Plugin {
  const filter = only ? new RegExp(`^(?:${only.filter((file) => SCRIPT_FILE.test(file)).map(escapeRegExp).join('|')})$`) : SCRIPT_FILE;
  return {
    name: 'sitegen-import-meta',
    setup(build) {
      build.onLoad({ filter }, async (args) => {
        const contents = await readFile(args.path, 'utf8');
        const values = fileValues(args.path, contents, keepBundle(args.path));
        if (values === '') return undefined;
        return { contents: values + contents, loader: LOADERS[path.extname(args.path)] ?? 'js' };
      });
    },
  };
}

/** The bundle's own values, named in its banner (`bundleValues`). */
const BUNDLE = '__sitegenBundleMeta';
const BUNDLE_VALUES = `const ${META.url} = ${BUNDLE}.url; const ${META.dirname} = ${BUNDLE}.dirname; const ${META.filename} = ${BUNDLE}.filename;`;

/** For the bundle's banner, with importMetaPlugin's `keepBundle`: the bundle's own `import.meta.*`, which the define does not touch there. */
export const bundleValues = `const ${BUNDLE} = import.meta;`;

/** esbuild's transform (its API, loaded by the caller). */
export type Transform = (input: string, options: TransformOptions) => Promise<TransformResult>;

/** Stands for what a file's code names in esbuild's reading of it (namesPlaceInCode); no file holds it. */
const PROBE = '__sitegen_place_probe';
const PROBE_DEFINE = { 'import.meta': PROBE, __dirname: PROBE, __filename: PROBE };

/**
 * Those of `files` that name `import.meta`, `__dirname` or `__filename` in their code: a bundle
 * needs the plugin only where there are some, and only for them. Read one after the other,
 * synchronously: the real site's ~120 inputs through promises (four hops each to libuv's threads)
 * took 20 to 40 ms of its cold build. A file whose text has one of the names is then read as
 * esbuild reads code (namesPlaceInCode): shiki's language grammars spell `__dirname` and
 * `__filename` inside their regular expressions' strings, and a page highlighting code with shiki
 * was bundled twice (esbuild's 3,600 inputs again, +2 s of a 7 s build), the second time with the
 * plugin for a grammar that names nothing.
 */
export async function filesNamingPlace(files: readonly string[], transform: Transform): Promise<string[]> {
  const candidates: [file: string, text: string][] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (text.includes('import.meta') || PLACE_NAMES.test(text)) candidates.push([file, text]);
  }
  const named = await Promise.all(candidates.map(([file, text]) => namesPlaceInCode(file, text, transform)));
  return candidates.filter((_, i) => named[i]).map(([file]) => file);
}

/**
 * Whether the code of `file` (its `text`) names them, as esbuild reads it: esbuild's define
 * replaces a name only where the code uses it (not in a string, a comment or a regular expression,
 * nor where the file declares a `__dirname` of its own), so the names become PROBE there. A file
 * esbuild cannot read is taken to name them: the plugin then reads it as before.
 */
async function namesPlaceInCode(file: string, text: string, transform: Transform): Promise<boolean> {
  try {
    const { code } = await transform(text, { loader: LOADERS[path.extname(file)] ?? 'js', format: 'esm', define: PROBE_DEFINE, logLevel: 'silent', sourcefile: file });
    return code.includes(PROBE);
  } catch {
    return true;
  }
}

/**
 * The script files in `folders` and their sub-folders but those in `skip`, by their real paths (as
 * esbuild names the files it loads); none for a folder that is not there.
 */
export function scriptsIn(folders: readonly string[], skip: readonly string[] = []): string[] {
  const real = (dir: string) => {
    try {
      return realpathSync(dir);
    } catch {
      return null;
    }
  };
  const skipped = skip.map(real).filter((dir) => dir !== null);
  const files = new Set<string>();
  for (const dir of folders.map(real)) {
    if (dir === null) continue;
    for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(dir, rel);
      if (SCRIPT_FILE.test(rel) && !rel.split(path.sep).includes('node_modules') && !skipped.some((s) => file.startsWith(s + path.sep))) files.add(file);
    }
  }
  return [...files];
}
