import type { Locale } from './locales.ts';
import { absoluteUrl, localizePath } from './paths.ts';
import { escapeHtml } from './html/escape.ts';

/**
 * `sitemap.xml`: every page in every locale, each with its hreflang alternates. Made in parts, one
 * per route (each of its locales' `<url>` entries), so that it is written to disk as it is made: at
 * 20 times the real site's size it is 10 MB, and made whole (its lines, then their join, then the
 * bytes written) it was the cold build's peak memory, 37 MB above the render's (226 -> 189 MB peak
 * RSS without it).
 */
export function* sitemapParts(options: { baseUrl: string; routePaths: string[]; locales: readonly Locale[]; defaultLocale: string }): Generator<string> {
  const { baseUrl, locales, defaultLocale } = options;
  const url = (p: string, code: string) => escapeHtml(absoluteUrl(baseUrl, localizePath(p, code, defaultLocale)));
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  for (const routePath of options.routePaths) {
    let alternates = '';
    for (const l of locales) alternates += `    <xhtml:link rel="alternate" hreflang="${l.iso}" href="${url(routePath, l.code)}"/>\n`;
    alternates += `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(routePath, defaultLocale)}"/>\n`;
    let part = '';
    for (const locale of locales) part += `  <url>\n    <loc>${url(routePath, locale.code)}</loc>\n${alternates}  </url>\n`;
    yield part;
  }
  yield '</urlset>\n';
}

export function renderRobots(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}
