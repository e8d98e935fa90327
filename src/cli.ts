/**
 * The command line: commander wiring only. Every action calls a library function; only this
 * edge prints the final error and sets the exit code.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import type { BuildResult } from './build.ts';
import { createLogger, type Logger } from './logger.ts';
import { SitegenError } from './errors.ts';
import { formatShard, parseShard } from './shard.ts';
import { registerCheck } from './check/command.ts';
import { registerServeAndDev } from './dev/command.ts';
import { PACKAGE_ROOT } from './package-root.ts';

export interface CliContext {
  cwd: string;
  logger: Logger;
  /** A command's own exit code (`check` sets 1 for findings); runCli returns it. */
  exitCode?: number;
}

const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string };

const list = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

export function createProgram(ctx: CliContext): Command {
  const program = new Command('sitegen')
    .description('Static site generator: renders React pages for every locale into plain files.')
    .version(pkg.version, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  program
    .command('build')
    .description('Build every page in every locale into the output folder (atomically).')
    .option('--root <dir>', 'project root (pages/, templates/, locales/)', ctx.cwd)
    .option('--out <dir>', 'output folder, relative to the root', 'dist')
    .option('--locales <codes>', 'preview: only these comma-separated locale codes (en is always built); not a shard of the site', list)
    .option('--shard <k/n>', 'build shard k of n: its share of the pages plus every site-wide file (combine the n outputs with sitegen merge)')
    .option('--base-url <url>', 'public origin for canonical, hreflang, og and sitemap URLs (default: url in sitegen.config.ts)')
    .option('--assets-base <base>', 'static assets base: a path or an absolute CDN URL (default: /_static/)')
    .option('--cache-dir <dir>', 'build cache folder, relative to the root (default: node_modules/.cache/sitegen)')
    .option('--no-cache', 'build without reading or writing the build cache')
    .addOption(new Option('--workers <n>', 'render threads (0 = main thread; default: by amount of work)').argParser(Number))
    .addHelpText(
      'after',
      '\nExamples:\n  $ sitegen build\n  $ sitegen build --out public --locales de,fr --base-url https://example.com\n  $ sitegen build --shard 2/3 --out out-2\n',
    )
    .action(async (opts: { root: string; out: string; locales?: string[]; shard?: string; baseUrl?: string; assetsBase?: string; workers?: number; cache: boolean; cacheDir?: string }) => {
      // Loaded on use, as every command's implementation: `sitegen --help` loads commander only.
      const { build } = await import('./build.ts');
      (await import('./heap-growth.ts')).limitHeapGrowth();
      const result = await build({
        root: opts.root,
        outDir: opts.out,
        locales: opts.locales,
        shard: opts.shard === undefined ? undefined : parseShard(opts.shard),
        baseUrl: opts.baseUrl,
        assetsBase: opts.assetsBase,
        workers: opts.workers,
        cacheDir: opts.cache ? opts.cacheDir : false,
        logger: ctx.logger,
      });
      printSummary(ctx.logger, result);
    });

  program
    .command('merge')
    .description('Copy the outputs of `sitegen build --shard k/n` together into the full build; shards that disagree are refused.')
    .argument('<shards...>', 'output folders of the shards, in any order')
    .option('--out <dir>', 'output folder (replaced as a whole, only if every shard agrees)', 'dist')
    .addHelpText('after', '\nExample:\n  $ sitegen merge out-1 out-2 out-3 --out dist\n')
    .action(async (shards: string[], opts: { out: string }) => {
      const { merge } = await import('./merge.ts');
      const r = await merge({ shards, outDir: opts.out, cwd: ctx.cwd });
      ctx.logger.info(`merged ${r.shards} shard(s) → ${r.outDir} (${r.files} files, ${kb(r.bytes)}, build ${r.buildId})`);
    });

  program
    .command('init')
    .description('Write a starter site (config, pages, a layout with a language switcher, two locales) into a folder.')
    .argument('[dir]', 'folder of the new site', '.')
    .option('--force', 'overwrite files the starter has that already exist')
    .addHelpText('after', '\nExample:\n  $ npx sitegen init my-site && cd my-site && npm install && npm run dev\n')
    .action(async (dir: string, opts: { force?: boolean }) => {
      const { init } = await import('./init.ts');
      const r = await init({ dir: path.resolve(ctx.cwd, dir), force: opts.force });
      ctx.logger.info(`wrote ${r.files.length} files into ${r.dir}:\n${r.files.map((f) => `  ${f}`).join('\n')}`);
      if (r.added.length) ctx.logger.info(`package.json: added ${r.added.join(', ')}`);
      const rel = path.relative(ctx.cwd, r.dir);
      const cd = rel.startsWith('..') ? r.dir : rel;
      ctx.logger.info(`next: ${cd ? `cd ${cd} && ` : ''}npm install && npm run dev (build: npm run build, check the translations: npm run check)`);
    });

  registerCheck(program, ctx);
  registerServeAndDev(program, ctx);
  return program;
}

const kb = (n: number) => (n / 1024).toFixed(1) + ' KB';

export function printSummary(logger: Logger, r: BuildResult): void {
  const warnings = r.warnings;
  logger.info(
    `built ${r.shard ? `shard ${formatShard(r.shard)}: ` : ''}${r.pages} pages${r.aliases ? `, ${r.aliases} .html aliases` : ''} and ${r.notFoundPages} not-found pages in ${r.locales} locales → ${r.outDir} ` +
      `(${r.files} files, ${kb(r.bytes)}, ${(r.ms / 1000).toFixed(2)} s, build ${r.buildId})`,
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
  if (err instanceof SitegenError) {
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

export async function runCli(argv: string[], ctx: CliContext = { cwd: process.cwd(), logger: createLogger() }): Promise<number> {
  const program = createProgram(ctx);
  ctx.exitCode = undefined;
  try {
    await program.parseAsync(argv);
    return ctx.exitCode ?? 0;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code?.startsWith('commander.')) return (err as { exitCode: number }).exitCode;
    ctx.logger.error(formatError(err));
    return 1;
  }
}
