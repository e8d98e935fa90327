import type { Locale } from './locales.ts';
import type { PageInfo } from './render/context.ts';
import { localizePath, routeName } from './paths.ts';
import type { Manifest, ManifestRoute } from './runtime/types.ts';

// The shapes are the browser runtime's: one definition of what it reads.
export type { Manifest, ManifestRoute } from './runtime/types.ts';

/** The runtime's map of the site: every (route, locale) with its public path and layout. */
export function createManifest(buildId: string, pages: PageInfo[], locales: readonly Locale[], defaultLocale: string): Manifest {
  const routes: ManifestRoute[] = [];
  for (const page of pages) {
    for (const locale of locales) {
      const route: ManifestRoute = {
        name: routeName(page.path!, locale.code),
        path: localizePath(page.path!, locale.code, defaultLocale),
        locale: locale.code,
        layout: page.layout,
      };
      if (page.aliases.length) route.aliases = page.aliases.map((a) => localizePath(a, locale.code, defaultLocale));
      routes.push(route);
    }
  }
  return {
    buildId,
    defaultLocale,
    locales: locales.map(({ code, iso, name, dir }) => ({ code, iso, name, dir })),
    routes,
  };
}

/**
 * Every public path of the site per locale (pages and their aliases): the whole site's route
 * table, which links are checked against even where a build writes only some of the pages.
 */
export function pathsByLocale(manifest: Manifest): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const route of manifest.routes) {
    let set = out.get(route.locale);
    if (!set) out.set(route.locale, (set = new Set()));
    for (const publicPath of publicPaths(route)) set.add(publicPath);
  }
  return out;
}

/** The public paths one route is written at: its page, then its `.html` aliases. */
export function publicPaths(route: ManifestRoute): string[] {
  return [route.path, ...(route.aliases ?? [])];
}
