/**
 * What the site's code reads besides its modules, so that a change to it builds its pages again:
 * files, folders and environment variables.
 *
 * A page that loads its data at the top of its module (`readFileSync(new URL('./post.md',
 * import.meta.url))`, a folder of posts through `readdir`, `process.env.ANALYTICS_ID`) makes pages
 * out of what the bundle does not hold: esbuild never sees it, and the build cache, keyed by the
 * bundle's code, took every page from the cache after such a file or variable changed, the old
 * text in it. The bundle gives the site's imports of `node:fs` and `node:fs/promises` these
 * modules instead (site-fs.ts): Node's own, whose calls that read a file or a folder, or ask
 * whether one is there, note its path here; its `process.env` is an env that notes the names read
 * (`siteEnv`; bundle-esbuild.ts defines both). The build asks for them once the server module is
 * loaded (its top-level code has run) and keys the build id, the cache's pages and the output
 * record by what they hold (cache/data-files.ts).
 *
 * A response its code fetches (`fetch`, `globalThis.fetch`: bundle-esbuild.ts defines them as
 * `siteFetch`) is noted with a print of its body: a page made from a headless CMS's JSON came from
 * the cache with the old text after the CMS changed, and a build with nothing else changed did
 * nothing at all. What a server answers cannot be known without asking it again, so a site that
 * fetched is loaded on every build (output-record.ts), its pages reused when the answers are the same.
 *
 * A file the site's code reads whole (`readFileSync`, `readFile`) is printed from the bytes it got
 * (`printsRead`), as the build would print it by reading it again: a site of 2,000 posts spent
 * ~100 ms of a 1.3 s build reading them twice, and the print is of what the pages were made from
 * even when the file changes as the build runs.
 *
 * Read while a page renders, a file or variable the modules did not read as they loaded is
 * refused: the build knows it only after the build id and every page's cache key are made, so a
 * change to it would not reach the cache. Reads inside node_modules are left alone: packages come
 * with the lock file, whose versions key the cache.
 *
 * This module is bundled into the server module, so it uses nothing but Node's own modules, and
 * `globalThis.process.env` for Node's env (`process.env` is the site's here).
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { digest } from '../cache/digest.ts';

const read = new Set<string>();
/** Prints of the files read whole, by path (`digest` of the bytes; CHANGED when two reads differed). */
const prints = new Map<string, string>();
/** The print of a file that two reads found different: no file's print, so the next build reads it again. */
const CHANGED = 'changed while read';
/** The requests the site's code made as its modules loaded, each with a print of the answer: `GET https://...`, `200 <digest>`. */
const fetched: [request: string, print: string][] = [];
/**
 * The environment variables the site's code read (`*`: all of them, listed). NODE_ENV always:
 * packages test it anywhere, also while a page renders.
 */
const envNames = new Set<string>(['NODE_ENV']);
/** Whether a page is being rendered now. */
let rendering = false;

/** The error for something read while a page renders. */
function readWhileRendering(what: string): Error {
  return new Error(
    `It read ${what} while rendering. Read it at the top of a module (a page's, a component's or a helper's, with top-level await for promises), ` +
      'where the build knows it before any page renders, so that a change to it renders the pages again.',
  );
}

/**
 * Notes the file or folder a call names (a path, a file: URL or a Buffer; not a file descriptor),
 * and gives its absolute path; '' for one not noted (no path, or in node_modules).
 */
function noteRead(target: unknown): string {
  let file: string;
  if (typeof target === 'string') file = path.resolve(target);
  else if (target instanceof URL) file = target.protocol === 'file:' ? path.resolve(fileURLToPath(target)) : '';
  else if (Buffer.isBuffer(target)) file = path.resolve(target.toString());
  else return '';
  if (file === '' || file.split(path.sep).includes('node_modules')) return '';
  if (read.has(file)) return file;
  if (rendering) throw readWhileRendering(file);
  read.add(file);
  return file;
}

/**
 * Keeps the print of what a read of the whole of `file` gave: bytes, or a text decoded as UTF-8
 * that encodes back to the same bytes (one without U+FFFD, which stands for bytes that were not
 * UTF-8). Text of another encoding is not printed here: the build reads the file again for it.
 * Only as the main thread loads the modules: the prints are taken then (describePages), and a
 * component reading the file again at each render, or a render worker loading the modules, would
 * only hash it for nothing.
 */
function notePrint(file: string, data: unknown, options: unknown): void {
  if (rendering || !isMainThread) return;
  let bytes: Uint8Array;
  if (data instanceof Uint8Array) bytes = data;
  else if (typeof data === 'string' && /^utf-?8$/i.test(String(typeof options === 'string' ? options : (options as { encoding?: unknown } | null)?.encoding)) && !data.includes('\uFFFD')) bytes = Buffer.from(data);
  else return;
  const print = digest(bytes);
  const before = prints.get(file);
  prints.set(file, before === undefined || before === print ? print : CHANGED);
}

/** Notes an environment variable read (or all of them, `*`); one read as the modules loaded may be read again. */
function noteEnv(name: string): void {
  if (envNames.has(name) || envNames.has('*')) return;
  if (rendering) throw readWhileRendering(name === '*' ? 'every environment variable' : `the environment variable ${name}`);
  envNames.add(name);
}

/**
 * `process.env` as the site's code sees it (bundle-esbuild.ts defines it so): Node's own, whose
 * reads note the name read; listing its names reads them all. Writes go through.
 */
export const siteEnv: NodeJS.ProcessEnv = new Proxy(globalThis.process.env, {
  get: (env, name) => (typeof name === 'string' && noteEnv(name), Reflect.get(env, name)),
  has: (env, name) => (typeof name === 'string' && noteEnv(name), Reflect.has(env, name)),
  getOwnPropertyDescriptor: (env, name) => (typeof name === 'string' && noteEnv(name), Reflect.getOwnPropertyDescriptor(env, name)),
  ownKeys: (env) => (noteEnv('*'), Reflect.ownKeys(env)),
});

/** What `process.env` stands for in the server bundle (bundle-esbuild.ts: esbuild's `define` names this export, its `inject` imports it where used). */
export const __sitegenEnv = siteEnv;

/** `fn` (a call of `node:fs` whose first argument names a file or folder), noting that argument first. */
export function noted<F extends (...args: any[]) => any>(fn: F): F {
  return ((target: unknown, ...rest: unknown[]) => {
    noteRead(target);
    return fn(target, ...rest);
  }) as F;
}

/**
 * `fn`, a call that lists a folder (`readdir`, `readdirSync`, `opendir`...), noting the folder and,
 * for a recursive listing (`{ recursive: true }`), every folder inside it: a folder is printed by
 * its own names (cache/data-files.ts), so a file added to a folder below would otherwise change no
 * print, and the pages made from the listing would come from the cache without it.
 */
export function notedListing<F extends (...args: any[]) => any>(fn: F): F {
  return ((target: unknown, ...rest: unknown[]) => {
    const dir = noteRead(target);
    const options = rest[0];
    if (dir !== '' && !rendering && typeof options === 'object' && options !== null && (options as { recursive?: unknown }).recursive) noteFoldersIn(dir);
    return fn(target, ...rest);
  }) as F;
}

/** Notes every folder below `dir` (one listing of each, with their types: no stat per file). */
function noteFoldersIn(dir: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return; // The site's own call fails as it does.
  }
  for (const entry of entries) if (entry.isDirectory()) noteRead(path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * `fn`, a call that reads a whole file (`readFileSync`, `readFile` with a callback, `readFile`
 * of `node:fs/promises`), noting its path first and the print of what it gives (notePrint).
 */
export function notedWhole<F extends (...args: any[]) => any>(fn: F, kind: 'sync' | 'callback' | 'promise'): F {
  return ((target: unknown, ...rest: unknown[]) => {
    const file = noteRead(target);
    if (file === '') return fn(target, ...rest);
    const options = typeof rest[0] === 'function' ? undefined : rest[0];
    if (kind === 'sync') {
      const data = fn(target, ...rest);
      notePrint(file, data, options);
      return data;
    }
    if (kind === 'promise') {
      return fn(target, ...rest).then((data: unknown) => (notePrint(file, data, options), data));
    }
    const done = rest.at(-1);
    if (typeof done !== 'function') return fn(target, ...rest);
    return fn(target, ...rest.slice(0, -1), (error: unknown, data: unknown) => {
      if (!error) notePrint(file, data, options);
      done(error, data);
    });
  }) as F;
}

/**
 * `fetch` as the site's code sees it in the server bundle: Node's own, noting the request (its
 * method, URL and, for a text body such as a GraphQL query, a print of it) and a print of the
 * answer's status and body, read from a clone as the modules load on the main thread.
 */
export async function siteFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  // Not `globalThis.fetch`, which the bundle's define makes this function.
  const nodeFetch = Reflect.get(globalThis, 'fetch') as typeof globalThis.fetch;
  const response = await nodeFetch(input, init);
  if (rendering || !isMainThread) return response;
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  const url = input instanceof Request ? input.url : String(input);
  const body = typeof init?.body === 'string' ? ` ${digest(init.body)}` : '';
  let print: string;
  try {
    print = `${response.status} ${digest(new Uint8Array(await response.clone().arrayBuffer()))}`;
  } catch {
    print = 'unread';
  }
  fetched.push([`${method} ${url}${body}`, print]);
  return response;
}

/** What `fetch` stands for in the server bundle (bundle-esbuild.ts: esbuild's `define` names this export, its `inject` imports it where used). */
export const __sitegenFetch = siteFetch;

/** What the site's code has read so far besides its modules (cache/data-files.ts prints it). */
export interface DataRead {
  /** The files and folders, sorted. */
  read: string[];
  /** The prints of the files read whole, by path (notePrint); a file missing here is printed by reading it again. */
  printed: Map<string, string>;
  /** The environment variables, sorted (`*` first when it listed them all). */
  env: string[];
  /** The requests, each with a print of the answer (siteFetch), sorted. */
  fetched: [string, string][];
}

/** What the site's code has read so far: asked once its modules have loaded (render/pages.ts, describePages). */
export function dataRead(): DataRead {
  const key = ([request, print]: [string, string]) => `${request}\0${print}`;
  return {
    read: [...read].sort(),
    printed: new Map(prints),
    env: [...envNames].sort(),
    fetched: [...fetched].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)),
  };
}

/** Runs a page's render with reads refused. */
export function refusingReads<T>(render: () => T): T {
  rendering = true;
  try {
    return render();
  } finally {
    rendering = false;
  }
}
