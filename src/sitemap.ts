import type { Locale } from './locales.ts';
import { absoluteUrl, localizePath } from './paths.ts';
import { escapeHtml } from './html/escape.ts';

/** `sitemap.xml`: every page in every locale, each with its hreflang alternates. */
export function renderSitemap(options: { baseUrl: string; routePaths: string[]; locales: readonly Locale[]; defaultLocale: string }): string {
  const { baseUrl, locales, defaultLocale } = options;
  const url = (p: string, code: string) => escapeHtml(absoluteUrl(baseUrl, localizePath(p, code, defaultLocale)));
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const routePath of options.routePaths) {
    const alternates = [
      ...locales.map((l) => `    <xhtml:link rel="alternate" hreflang="${l.iso}" href="${url(routePath, l.code)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(routePath, defaultLocale)}"/>`,
    ];
    for (const locale of locales) {
      out.push('  <url>', `    <loc>${url(routePath, locale.code)}</loc>`, ...alternates, '  </url>');
    }
  }
  out.push('</urlset>');
  return out.join('\n') + '\n';
}

export function renderRobots(baseUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${baseUrl}/sitemap.xml\n`;
}
