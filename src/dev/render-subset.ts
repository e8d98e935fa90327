import { pathToFileURL } from 'node:url';
import type { JobResult, RenderContext, RenderJob } from '../render/context.ts';
import type { ServerModules } from '../render/server.tsx';

/**
 * Renders a chosen list of (page, locale) jobs straight into the dev output folder, with the
 * build's own render context and error reporting (src/stages.ts).
 */
export { renderContext, jobError } from '../stages.ts';

interface ServerModule extends ServerModules {
  renderJobs(mods: ServerModules, ctx: RenderContext, jobs: RenderJob[]): Promise<JobResult[]>;
}

/**
 * Renders on the main thread: a few pages do not pay for workers. Translators are cached per
 * render context, so a fresh context after a message edit renders the new text.
 */
export async function renderSubset(modulePath: string, context: RenderContext, jobs: RenderJob[]): Promise<JobResult[]> {
  const mod = (await import(pathToFileURL(modulePath).href)) as ServerModule;
  return mod.renderJobs(mod, context, jobs);
}
