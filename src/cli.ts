/**
 * The command line: commander wiring only. Every start loads, runs and compiles this module, so it
 * imports commander and nothing of the generator: each action loads its command from commands.ts
 * (and a command its implementation) on use. In lib/ this module is one CommonJS file, commands.ts
 * with what it imports another, the rest ES modules; scripts/compile.mjs refuses a static import of any other module of src/ from here, as
 * it would be a second copy of that module (and of its classes, for `instanceof`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { BuildCommandOptions } from './commands.ts';
import { createLogger, type Logger } from './logger.ts';
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

/** `--locales de,fr`: the codes; none at all (`--locales ,`, an empty variable) is refused, not taken as en alone. */
function parseLocales(value: string): string[] {
  const codes = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (codes.length === 0) throw new InvalidArgumentError(`${JSON.stringify(value)} names no locale; give comma-separated locale codes, such as --locales de,fr.`);
  return codes;
}

export function createProgram(ctx: CliContext): Command {
  const program = new Command('sitegen')
    .description('Static site generator: renders React pages for every locale into plain files.')
    .version(pkg.version, '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  program
    .command('build')
    .description('Build every page in every locale into the output folder (atomically).')
    .option('--root <dir>', 'project root (where pages/, templates/ and locales/ are)', '.')
    .option('--out <dir>', 'output folder, relative to the root', 'dist')
    .option('--locales <codes>', 'preview: only these comma-separated locale codes (en is always built); not a shard of the site', parseLocales)
    .option('--shard <k/n>', 'build shard k of n: its share of the pages plus every site-wide file (combine the n outputs with sitegen merge)')
    .option('--base-url <url>', 'public origin for canonical, hreflang, og and sitemap URLs (default: url in sitegen.config.ts)')
    .option('--assets-base <base>', 'static assets base: a path or an absolute CDN URL (default: /_static/)')
    .option('--cache-dir <dir>', 'build cache folder, relative to the root (default: node_modules/.cache/sitegen)')
    .option('--no-cache', 'build without reading or writing the build cache')
    .addOption(new Option('--workers <n>', 'render threads (0 = main thread; default: by amount of work)').argParser(parseWorkers))
    .addHelpText(
      'after',
      '\nExamples:\n  $ sitegen build\n  $ sitegen build --out public --locales de,fr --base-url https://example.com\n  $ sitegen build --shard 2/3 --out out-2\n',
    )
    .action(async (opts: BuildCommandOptions) => (await import('./commands.ts')).buildCommand(opts, ctx));

  program
    .command('merge')
    .description('Copy the outputs of `sitegen build --shard k/n` together into the full build; shards that disagree are refused.')
    .argument('<shards...>', 'output folders of the shards, in any order')
    .option('--out <dir>', 'output folder (replaced as a whole, only if every shard agrees)', 'dist')
    .addHelpText('after', '\nExample:\n  $ sitegen merge out-1 out-2 out-3 --out dist\n')
    .action(async (shards: string[], opts: { out: string }) => (await import('./commands.ts')).mergeCommand(shards, opts, ctx));

  program
    .command('init')
    .description('Write a starter site (config, pages, a layout with a language switcher, two locales) into a folder.')
    .argument('[dir]', 'folder of the new site', '.')
    .option('--force', 'overwrite files the starter has that already exist')
    .addHelpText('after', '\nExample:\n  $ npx sitegen init my-site && cd my-site && npm install && npm run dev\n')
    .action(async (dir: string, opts: { force?: boolean }) => (await import('./commands.ts')).initCommand(dir, opts, ctx));

  registerCheck(program, ctx);
  registerServeAndDev(program, ctx);
  return program;
}

/** `--workers`: a whole number of threads, 0 for the main thread alone. */
function parseWorkers(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`"${value}" is not a number of threads; give a whole number, 0 to render on the main thread alone.`);
  return Number(value);
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
    const { formatError } = await import('./commands.ts');
    ctx.logger.error(formatError(err));
    return 1;
  }
}
