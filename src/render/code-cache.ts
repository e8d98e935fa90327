/**
 * A CommonJS file of a package (React DOM's server renderer, static-markup.ts) run with a V8 code
 * cache kept in the build cache, on the main thread. Node 20 compiles every `require`d file anew in
 * each process, and V8 compiles each of its functions again on its first call: in a process of its
 * own, loading the legacy server renderer (264 KB) and rendering one page took 10.4 to 12.3 ms,
 * against 5.9 to 8.2 ms with a cache made after such a render (4 runs each). A rebuild after a
 * message edit renders a page or two, and paid all of it: about 3% of the real site's.
 *
 * The cache is made by the first build that finds none, from the file as its render left it (the
 * functions the pages called are in it, compiled), and written once that build's render is done
 * (saveCodeCaches). A release build of V8 does not check a cache's own checksum, and one with a few
 * bytes changed (a damaged disk or copy) aborts the process as it is read: so, as bin/sitegen does
 * for lib/, a cache is used only if the CRC-32 it was written with matches. V8 itself refuses a
 * cache made from another source, by another V8, or under other flags (the build sets some as it
 * goes, by its size: heap-growth.ts, optimize-later.ts): the file is then compiled as `require`
 * would, and this build writes the cache again. A build of 1,000 pages or more that renders them
 * runs under other flags than the rebuilds after it (heapFlagsChanged): it writes none (the render
 * stage asks), and keeps a cache its rebuilds can use. Its name holds a hash of the source and
 * Node's version.
 *
 * The file is run as Node runs a CommonJS module (its wrapper, a `require` from its own folder), once
 * per thread: loaded through `require` (the renderer's fallback, or the same file before) it is
 * another instance, as a copy of a package is.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { asDefaultGrowth } from '../heap-growth.ts';

interface Loaded {
  exports: unknown;
  script: vm.Script;
  /** Where its cache goes; null when it has one there already, or none is kept. */
  saveTo: string | null;
}

/**
 * The files loaded so, by their real path: one instance per thread, shared by the build's copy of
 * this module and the server module's (which each have their own, as render-cache.ts' indexes).
 */
const loaded: Map<string, Loaded> = ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.codeCached')] ??= new Map()) as never;

/**
 * The CRC-32 line a cache file starts with: 8 hex digits and a newline. The same line as
 * bin/code-cache-crc.cjs makes for lib/'s caches, written again here: this file is bundled into the
 * server module too, and esbuild names a CommonJS file it bundles by its path from the project
 * (`__commonJS({ "../../bin/code-cache-crc.cjs"() ... })`), which would make the build id depend on
 * where sitegen lives; as an ES module it could not be loaded by bin/sitegen (CommonJS, Node 20).
 */
const CRC_LENGTH = 9;
const crcLine = (bytes: Uint8Array) => `${crc32(bytes).toString(16).padStart(8, '0')}\n`;

/** The exports of the CommonJS `file`, run with its code cache in `cacheDir` (the build cache's folder) if one is there. */
export function requireCached(file: string, cacheDir: string): unknown {
  const real = realpathSync(file);
  const had = loaded.get(real);
  if (had) return had.exports;
  const source = readFileSync(real, 'utf8');
  const name = createHash('sha256').update(source).update(`\0${process.version}\0${process.arch}`).digest('hex').slice(0, 40);
  const cacheFile = path.join(cacheDir, 'code', `${name}.v8cache`);
  const cachedData = checkedCache(cacheFile);
  // Under the flags the cache was made under, whether or not the build holds its young generation.
  const script = asDefaultGrowth(() => new vm.Script(Module.wrap(source), { filename: real, cachedData }));
  const module = { exports: {} as unknown };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(real), module, real, path.dirname(real));
  // A cache V8 refused is made again: the flags of the builds run here now are the likelier ones.
  const usable = cachedData !== undefined && !script.cachedDataRejected;
  loaded.set(real, { exports: module.exports, script, saveTo: usable ? null : cacheFile });
  return module.exports;
}

/** The cache in `file` if its CRC-32 matches; undefined when there is none, or it is damaged. */
function checkedCache(file: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(CRC_LENGTH);
  return bytes.length > CRC_LENGTH && bytes.toString('latin1', 0, CRC_LENGTH) === crcLine(data) ? data : undefined;
}

/**
 * Writes the code cache of each file this thread loaded without one (see requireCached), as its
 * runs left it; atomically, as the build cache's entries are. A failed write only costs the next
 * build the compile.
 */
export function saveCodeCaches(): void {
  for (const entry of loaded.values()) {
    const file = entry.saveTo;
    if (file === null) continue;
    entry.saveTo = null;
    const tmp = `${file}.tmp-${process.pid}`;
    try {
      const data = asDefaultGrowth(() => entry.script.createCachedData());
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(tmp, Buffer.concat([Buffer.from(crcLine(data), 'latin1'), data]));
      renameSync(tmp, file);
    } catch {
      rmSync(tmp, { force: true });
    }
  }
}
