/**
 * The translation check of a build, kept in the build cache: the report depends only on the
 * locale folder (every file's name and bytes: stray and malformed files are findings too), the
 * config, what the check was asked and sitegen's version. A profile of a build whose pages all
 * came from the cache showed the check as its largest stage (about 300 ms of 1 s of CPU).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { check, type CheckOptions, type CheckReport } from '../check/index.ts';
import type { CacheLocation } from './build-cache.ts';
import { entryFile, hashKey, readEntry, writeEntry } from './entries.ts';

/**
 * `check(config, options)`, from the cache when its inputs are unchanged; `onDamaged` hears of an
 * entry ignored. `run` is what checks on a miss (check itself, or checkInWorker).
 */
export async function cachedCheck(
  cache: CacheLocation | null,
  config: ResolvedConfig,
  options: CheckOptions,
  onDamaged: () => void,
  run: (config: ResolvedConfig, options: CheckOptions) => Promise<CheckReport> = check,
): Promise<CheckReport> {
  if (!cache) return run(config, options);
  const key = await checkKey(cache, config, options);
  const file = entryFile(cache.dir, 'check', key);
  const found = readEntry<CheckReport>(file, key);
  if (found !== undefined && found !== 'damaged' && Array.isArray(found.findings) && Array.isArray(found.locales)) return found;
  if (found !== undefined) onDamaged();
  const report = await run(config, options);
  writeEntry(file, key, report);
  return report;
}

async function checkKey(cache: CacheLocation, config: ResolvedConfig, options: CheckOptions): Promise<string> {
  const names = await readdir(config.localesDir).catch(() => [] as string[]);
  const files = await Promise.all(
    names.sort().map(async (name) => [name, await readFile(path.join(config.localesDir, name)).catch(() => Buffer.alloc(0))] as const),
  );
  const passed = options.passedValues && [...options.passedValues].map(([k, v]) => [k, [...v].sort()]).sort(([a], [b]) => (a! < b! ? -1 : 1));
  const used = options.usedKeys && [...options.usedKeys].sort();
  const asked = JSON.stringify({ locale: options.locale, locales: options.locales, passed, used });
  // Everything of the config but where the output goes.
  const { outDir: _outDir, ...checked } = config;
  return hashKey('check', cache.version, JSON.stringify(checked), asked, ...files.flatMap(([name, bytes]) => [name, bytes]));
}
