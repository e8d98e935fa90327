import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuildState } from '../stages.ts';
import type { Messages } from '../i18n/translator.ts';
import type { JobResult, RenderContext, RenderJob } from '../render/context.ts';
import type { ServerModules } from '../render/server.tsx';
import { assetsDir } from '../paths.ts';
import { errors, type SitegenError } from '../errors.ts';

/**
 * Renders a chosen list of (page, locale) jobs straight into the dev output folder.
 *
 * It composes the build's pieces the way src/stages.ts renderStage does, but for a subset of
 * jobs. The context below mirrors renderStage's; if renderStage ever exposes its context
 * builder, use that instead.
 */
export function renderContext(state: BuildState, outDir: string): RenderContext {
  const { config } = state;
  const messages: Record<string, Messages> = {};
  for (const [code, m] of state.messages) messages[code] = m;
  return {
    outDir,
    assetsDir: assetsDir(config.assetsBase),
    buildId: state.buildId,
    baseUrl: config.baseUrl,
    assetsBase: config.assetsBase,
    defaultLocale: config.defaultLocale.code,
    locales: [...config.locales],
    site: { ...config.site, socialImage: config.site.socialImage ?? '/social.png' } as RenderContext['site'],
    client: config.site.client ?? {},
    messages,
    cssFile: state.cssFile,
    favicon: state.staticFiles.includes('favicon.svg') ? '/favicon.svg' : null,
    runtime: state.runtime && { entry: state.runtime.entry, redirectScript: state.runtime.redirectScript },
    write: true,
  };
}

interface ServerModule extends ServerModules {
  renderJobs(mods: ServerModules, ctx: RenderContext, jobs: RenderJob[]): Promise<JobResult[]>;
}

let instance = 0;

/**
 * Renders on the main thread (a few pages do not pay for workers). The server module keeps
 * translators per locale in module scope, so after a message edit it is imported afresh
 * (a query string gives a new module instance without bundling again).
 */
export async function renderSubset(modulePath: string, context: RenderContext, jobs: RenderJob[], fresh: boolean): Promise<JobResult[]> {
  const url = pathToFileURL(modulePath).href + (fresh ? `?dev=${++instance}` : '');
  const mod = (await import(url)) as ServerModule;
  return mod.renderJobs(mod, context, jobs);
}

/** The first failed job as a catalogue error naming its page and locale. */
export function firstRenderError(results: readonly JobResult[], root: string): SitegenError | null {
  const failed = results.find((r) => r.error);
  if (!failed) return null;
  const err = failed.error!;
  if (err.name === 'SitegenError') {
    const wrapped = errors.renderFailed(path.relative(root, failed.file), failed.locale, Object.assign(new Error(err.message), err), undefined);
    return wrapped;
  }
  const frame = err.stack
    ?.split('\n')
    .map((l) => /\(?((?:file:\/\/)?\/[^()\s]+:\d+:\d+)\)?$/.exec(l.trim())?.[1])
    .find((f) => f && !f.includes('/node_modules/') && !f.includes('/src/'));
  const where = frame?.replace(/^file:\/\//, '').replace(root + '/', '');
  return errors.renderFailed(path.relative(root, failed.file), failed.locale, Object.assign(new Error(err.message), err), where);
}
