/**
 * What each command of the CLI does once its arguments are parsed. Kept apart from the commander
 * wiring (cli.ts), which every start loads, runs and compiles: this module and everything it
 * imports load only when a command runs. In lib/ this module and all it imports are one CommonJS
 * file, `lib/commands.cjs`, which runs from a V8 code cache (see scripts/compile.mjs): a build
 * compiles none of sitegen's own code.
 */
import path from 'node:path';
import type { BuildResult } from './build.ts';
import type { CliContext } from './cli.ts';
import type { Logger } from './logger.ts';
import { isSitegenError } from './errors.ts';
import { formatShard, parseShard } from './shard.ts';

export interface BuildCommandOptions {
  root: string;
  out: string;
  locales?: string[];
  shard?: string;
  baseUrl?: string;
  assetsBase?: string;
  workers?: number;
  cache: boolean;
  cacheDir?: string;
}

export async function buildCommand(opts: BuildCommandOptions, ctx: CliContext): Promise<void> {
  const [{ build }, { capYoungGeneration, holdYoungGeneration, limitHeapGrowth }, { optimizeLater }] = await Promise.all([import('./build.ts'), import('./heap-growth.ts'), import('./optimize-later.ts')]);
  const stopCap = capYoungGeneration();
  const result = await build({
    root: path.resolve(ctx.cwd, opts.root),
    outDir: opts.out,
    locales: opts.locales,
    shard: opts.shard === undefined ? undefined : parseShard(opts.shard),
    baseUrl: opts.baseUrl,
    assetsBase: opts.assetsBase,
    workers: opts.workers,
    cacheDir: opts.cache ? opts.cacheDir : false,
    logger: ctx.logger,
    // Once the build knows it renders (see optimize-later.ts for why not sooner).
    onPlan: (pairs, cachedPages) => {
      optimizeLater();
      holdYoungGeneration(pairs, cachedPages);
    },
    onRender: limitHeapGrowth,
  }).finally(stopCap);
  printSummary(ctx.logger, result);
}

export async function mergeCommand(shards: string[], opts: { out: string }, ctx: CliContext): Promise<void> {
  const { merge } = await import('./merge.ts');
  const r = await merge({ shards, outDir: opts.out, cwd: ctx.cwd });
  ctx.logger.info(`merged ${r.shards} shard(s) → ${r.outDir} (${r.files} files, ${kb(r.bytes)}, build ${r.buildId})`);
}

export async function initCommand(dir: string, opts: { force?: boolean }, ctx: CliContext): Promise<void> {
  const { init } = await import('./init.ts');
  const r = await init({ dir: path.resolve(ctx.cwd, dir), force: opts.force });
  ctx.logger.info(`wrote ${r.files.length} files into ${r.dir}:\n${r.files.map((f) => `  ${f}`).join('\n')}`);
  if (r.added.length) ctx.logger.info(`package.json: added ${r.added.join(', ')}`);
  if (r.unnamed) ctx.logger.warn('package.json does not name sitegen, so npm install would not install it there: add it as you installed it (npm install /path/to/sitegen-VERSION.tgz, or its git URL).');
  const rel = path.relative(ctx.cwd, r.dir);
  const cd = rel.startsWith('..') ? r.dir : rel;
  // Quoted for a shell when it holds more than a path's plain characters.
  const shown = /^[\w./-]+$/.test(cd) ? cd : `'${cd.replaceAll("'", "'\\''")}'`;
  ctx.logger.info(`next: ${cd ? `cd ${shown} && ` : ''}npm install && npm run dev (build: npm run build, check the translations: npm run check)`);
}

const kb = (n: number) => (n / 1024).toFixed(1) + ' KB';
/** `1 page`, `2 pages`. */
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function printSummary(logger: Logger, r: BuildResult): void {
  const warnings = r.warnings;
  const aliases = r.aliases ? `, ${count(r.aliases, '.html alias', '.html aliases')}` : '';
  logger.info(
    `built ${r.shard ? `shard ${formatShard(r.shard)}: ` : ''}${count(r.pages, 'page')}${aliases} and ${count(r.notFoundPages, 'not-found page')} in ${count(r.locales, 'locale')} → ${r.outDir} ` +
      `(${count(r.files, 'file')}, ${kb(r.bytes)}, ${(r.ms / 1000).toFixed(2)} s, build ${r.buildId})`,
  );
  if (r.cache) logger.info(`cache: ${r.cache.reused} page(s) reused, ${r.cache.rendered + r.cache.damaged} rendered (${r.cache.dir})`);
  if (r.runtime) logger.info(`runtime: core ${r.runtime.coreGzip} B gzipped, root redirect ${r.runtime.redirectBytes} B`);
  if (warnings.length) {
    logger.info(`${warnings.length} warning(s):`);
    for (const w of warnings.slice(0, 5)) logger.warn(w);
    if (warnings.length > 5) logger.info(`… and ${warnings.length - 5} more`);
  }
}

/** Prints a user error as its message and detail, without a stack; a bug with its stack and cause chain. */
export function formatError(err: unknown): string {
  if (isSitegenError(err)) {
    return [err.message, err.detail].filter(Boolean).join('\n');
  }
  const lines: string[] = [];
  let current: unknown = err;
  while (current) {
    lines.push(current instanceof Error ? (current.stack ?? current.message) : String(current));
    current = current instanceof Error ? current.cause : undefined;
    if (current) lines.push('caused by:');
  }
  return lines.join('\n');
}
