/**
 * `sitegen check` on the command line: its options only, as every CLI start registers it (see
 * cli.ts); what it does is in run-command.ts, loaded when it runs.
 */
import type { Command } from 'commander';
import type { Logger } from '../logger.ts';

export interface CheckCommandContext {
  cwd: string;
  logger: Logger;
  /** Where `--json` goes; process.stdout unless a test captures it. */
  stdout?: { write(s: string): unknown };
  /** Set to the command's exit code, for the CLI to return. */
  exitCode?: number;
}

export interface CheckCommandOptions {
  locale?: string;
  strict?: boolean;
  json?: boolean;
  html?: string;
  root: string;
}

/** Adds `sitegen check` to the CLI. The action only parses, calls `check` and prints. */
export function registerCheck(program: Command, ctx: CheckCommandContext): void {
  program
    .command('check')
    .description("Compare every locale file with the site's default locale (the reference): missing and untranslated messages, ICU errors, arguments, tags, plurals.")
    .option('--locale <code>', 'check only this locale')
    .option('--strict', 'also fail on warnings: anything missing, untranslated or plural-incomplete')
    .option('--json', 'print the report as JSON (schema in the README) instead of the table')
    .option('--html <file>', 'also write a self-contained HTML report to this file')
    .option('--root <dir>', 'project root (where pages/, templates/ and locales/ are)', '.')
    .action(async (options: CheckCommandOptions) => {
      ctx.exitCode = await (await import('./run-command.ts')).runCheckCommand(options, ctx);
    });
}
