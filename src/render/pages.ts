import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteFile } from '../routes.ts';
import { errors } from '../errors.ts';
import type { PageInfo } from './context.ts';
import { projectPath } from '../file-paths.ts';
import { localePrefixOf, NOT_FOUND_PATH } from '../paths.ts';
import type { ResolvedConfig } from '../config.ts';
import { importModule } from '../import-module.ts';
import { siteFrame } from './source-location.ts';
import type { DataRead } from './read-files.ts';

interface PageModule {
  default?: unknown;
  layout?: unknown;
  aliases?: unknown;
  head?: unknown;
}

/** An alias: an absolute path ending in .html, its folders and name made of what a page's path may hold (routes.ts). */
const ALIAS = /^(?:\/[\w.-]+)+\.html$/;
/** A folder `.` or `..`, which a browser resolves away. */
const DOT_SEGMENT = /\/\.\.?\//;

/**
 * Imports the server module and checks each page's exports: component, layout, head, aliases.
 * Also gives the files and environment variables the modules' top-level code read as they loaded.
 */
export async function describePages(
  modulePath: string,
  config: Pick<ResolvedConfig, 'root' | 'locales' | 'defaultLocale'>,
  routes: RouteFile[],
  notFound: string | null,
  layouts: string[],
): Promise<{ pages: PageInfo[]; notFound: PageInfo | null; data: DataRead }> {
  const { root } = config;
  const codes = config.locales.map((l) => l.code);
  const mod = await importModule<{ pages: Record<string, PageModule>; dataRead(): DataRead }>(pathToFileURL(modulePath).href).catch((cause: unknown) => {
    // The top-level code of a page, layout or component (a top-level await of data) threw.
    if (!(cause instanceof Error) || cause.name === 'SitegenError') throw cause;
    throw errors.moduleLoadFailed(cause, siteFrame(cause.stack, path.dirname(modulePath), root));
  });
  const describe = (file: string, routePath: string | null, base: string): PageInfo => {
    const key = projectPath(root, file);
    const page = mod.pages[key]!;
    if (typeof page.default !== 'function') throw errors.pageNoDefault(key);
    const layout = page.layout === undefined ? 'default' : String(page.layout);
    if (!layouts.includes(layout)) throw errors.unknownLayout(key, layout, layouts);
    const head = page.head as { title?: unknown; description?: unknown } | undefined;
    if (!head || typeof head.title !== 'string' || typeof head.description !== 'string') throw errors.pageBadHead(key);
    const aliases = page.aliases === undefined ? [] : page.aliases;
    if (!Array.isArray(aliases)) throw errors.badAlias(key, aliases, 'list');
    for (const [i, alias] of aliases.entries()) {
      if (typeof alias !== 'string' || !ALIAS.test(alias) || DOT_SEGMENT.test(alias)) throw errors.badAlias(key, alias, 'path');
      if (aliases.indexOf(alias) < i) throw errors.badAlias(key, alias, 'twice');
      // `/404.html` would be written over the not-found page of each locale.
      if (alias === `${NOT_FOUND_PATH}.html`) throw errors.notFoundPathTaken(key, `the alias ${alias}`);
      // `/de/x.html` would be written where de's `/x.html` is.
      const code = localePrefixOf(alias, codes, config.defaultLocale.code);
      if (code) throw errors.localePrefixTaken(key, 'alias', alias, code, 'Change the alias');
    }
    return { file, key, path: routePath, base, layout, aliases: aliases as string[], head: { title: head.title, description: head.description } };
  };
  return {
    pages: routes.map((r) => describe(r.file, r.path, r.base)),
    notFound: notFound ? describe(notFound, null, '404') : null,
    // What the pages' top-level code read (render/read-files.ts), loaded now.
    data: mod.dataRead(),
  };
}
