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
