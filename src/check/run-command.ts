/** What `sitegen check` does: check the locales, print the report, write the HTML report if asked. */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { errors, SitegenError } from '../errors.ts';
import { isWithin, projectPath } from '../file-paths.ts';
import { checkSiteRoot, siteSources } from '../site-folders.ts';
import type { MessageUsage } from '../build.ts';
import type { Logger } from '../logger.ts';
import type { CheckCommandContext, CheckCommandOptions } from './command.ts';

/** The whole command as a function: returns the exit code instead of exiting. */
export async function runCheckCommand(options: CheckCommandOptions, ctx: CheckCommandContext): Promise<0 | 1> {
  const [{ resolveConfig }, { check, exitCode, formatTable, renderHtmlReport, toJson }, { optimizeLater }] = await Promise.all([import('../config.ts'), import('./index.ts'), import('../optimize-later.ts')]);
  const root = path.resolve(ctx.cwd, options.root);
  checkSiteRoot(root);
  const { config, warnings } = await resolveConfig(root);
  for (const warning of warnings) ctx.logger.warn(warning);
  const html = options.html ? path.resolve(ctx.cwd, options.html) : null;
  if (html) checkReportPlace(html, config);
  // Once the config is loaded, as a build does once it knows it renders (see optimize-later.ts).
  optimizeLater();

  const usage = await usageOf(config, ctx.logger);
  const report = await check(config, { locale: options.locale, usedKeys: usage?.keys, passedValues: usage?.passedValues, headKeys: usage?.headKeys, usageSkipped: usage?.skippedLocales, texts: usage?.texts ?? undefined });

  if (options.json) (ctx.stdout ?? process.stdout).write(toJson(report));
  else ctx.logger.info(formatTable(report, { color: ctx.logger.color, strict: options.strict }));

  if (html) {
    const file = html;
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, renderHtmlReport(report));
    } catch (cause) {
      throw errors.checkReportWrite(file, cause);
    }
    if (!options.json) ctx.logger.info(`HTML report written to ${path.relative(ctx.cwd, file) || file}`);
  }
  return exitCode(report, { strict: options.strict });
}

/**
 * Refuses an HTML report that would be written over what the build reads: a locale file (`--html
 * locales/en.json` replaced the reference with the report), a page, a template or the config.
 */
function checkReportPlace(file: string, config: ResolvedConfig): void {
  for (const [source, what] of siteSources(config.root, config.configFile)) {
    if (isWithin(file, source)) throw errors.checkReportInSources(projectPath(config.root, file), projectPath(config.root, source), what);
  }
}

/**
 * What the pages ask of the messages, from the build (`collectUsage` renders every page in
 * memory): keys and the values passed. Without pages, unused and undefined keys are simply not
 * checked, and the report says so; translations may then use en's arguments only. A locale whose
 * file is malformed is left out of the render (collectUsage); en's, or a page that does not
 * bundle, leaves out the whole scan, with a warning.
 */
async function usageOf(config: ResolvedConfig, logger: Logger): Promise<MessageUsage | undefined> {
  if (!existsSync(config.pagesDir)) {
    logger.debug(`No pages folder at ${config.pagesDir}: unused and undefined keys are not checked.`);
    return undefined;
  }
  const { collectUsage } = await import('../build.ts');
  try {
    return await collectUsage(config);
  } catch (err) {
    // The report comes out all the same (a malformed en is one of its findings), without usage.
    if (!(err instanceof SitegenError)) throw err;
    logger.warn(`The pages could not be rendered to see which messages they use, so unused and undefined keys are not checked: ${err.message}`);
    return undefined;
  }
}
