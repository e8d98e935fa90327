/**
 * Output paths are pure functions of (route path, locale): the writer, the manifest, the sitemap,
 * the verifier and the runtime all agree because they all come from here.
 */
import path from 'node:path';
import { localizePath } from './page-api.ts';

export { localizePath };

/** Route name: base name, three underscores, locale code (`community_privacy_policy-history___fr`). */
export function routeName(routePath: string, code: string): string {
  return `${routeBase(routePath)}___${code}`;
}

/** `/` -> `index`, `/community_privacy_policy/history` -> `community_privacy_policy-history`. */
export function routeBase(routePath: string): string {
  const segments = routePath.split('/').filter(Boolean);
  return segments.length ? segments.join('-') : 'index';
}

/**
 * The file (relative to the output folder) that answers a public path:
 * `/` -> `index.html`, `/de/jobs` -> `de/jobs/index.html`, `/x/history.html` -> `x/history.html`.
 */
export function htmlFile(publicPath: string): string {
  const clean = publicPath.replace(/^\/+|\/+$/g, '');
  if (clean.endsWith('.html')) return clean;
  return clean ? `${clean}/index.html` : 'index.html';
}

/**
 * The route path the not-found page is rendered with (its context's `path`, the base of its
 * links). No route may have it, nor an alias the not-found page's file (routes.ts, render/pages.ts).
 */
export const NOT_FOUND_PATH = '/404';

/**
 * The locale whose URL prefix a site path begins with (`/de/about` -> `de`), or null. Every locale
 * but the default is written under its prefix, so en's `/de/about` would be de's `/about`. Compared
 * without case: on a case-insensitive file system (macOS, Windows) `dist/DE/` is `dist/de/`, and a
 * site must build the same on every machine.
 */
export function localePrefixOf(sitePath: string, codes: readonly string[], defaultLocale: string): string | null {
  const first = sitePath.split('/')[1]!.toLowerCase();
  return codes.find((code) => code !== defaultLocale && code.toLowerCase() === first) ?? null;
}

/** Not-found page of a locale: `404.html`, `de/404.html`. */
export function notFoundFile(code: string, defaultLocale: string): string {
  return code === defaultLocale ? '404.html' : `${code}/404.html`;
}

/** Payload of a page, relative to the assets folder: `<id>/payload.json`, `<id>/de/jobs/payload.json`. */
export function payloadFile(buildId: string, publicPath: string): string {
  const clean = publicPath.replace(/^\/+|\/+$/g, '');
  return clean ? `${buildId}/${clean}/payload.json` : `${buildId}/payload.json`;
}

/** A page's documents (each one's public path, null for a not-found page's, and file) and payload file, relative to the output. */
export interface PageFiles {
  documents: { path: string | null; file: string }[];
  payload: string | null;
}

/**
 * The files one page writes in one locale, relative to the output folder: its documents (the
 * route's path, then each alias, with their public paths; a not-found page's one document has
 * none) and its payload (route pages only). The renderer writes exactly these, and a build that
 * reuses an older output's folder as its staging folder keeps exactly these of it (output.ts).
 */
export function pageFiles(
  page: { path: string | null; aliases: readonly string[] },
  code: string,
  layout: { defaultLocale: string; assetsDir: string; buildId: string },
): PageFiles {
  if (page.path === null) return { documents: [{ path: null, file: notFoundFile(code, layout.defaultLocale) }], payload: null };
  const documents = [page.path, ...page.aliases].map((p) => {
    const publicPath = localizePath(p, code, layout.defaultLocale);
    return { path: publicPath, file: htmlFile(publicPath) };
  });
  return { documents, payload: path.join(layout.assetsDir, payloadFile(layout.buildId, documents[0]!.path!)) };
}

/** The manifest's name in its build id's folder (merge finds the shards' manifests by it). */
export const MANIFEST_NAME = 'manifest.json';

export function manifestFile(buildId: string): string {
  return `${buildId}/${MANIFEST_NAME}`;
}

/**
 * Where the assets base lives inside the output folder. A path base (`/_static/`) is that folder;
 * an absolute CDN URL keeps the files in `_static/` for upload.
 */
export function assetsDir(assetsBase: string): string {
  if (/^https?:\/\//.test(assetsBase)) return '_static';
  return assetsBase.replace(/^\/+|\/+$/g, '');
}

/**
 * The site path a path on the site's host leads to, for a site served from a folder (`/docs`):
 * `/docs/de/jobs` is `/de/jobs`, `/docs` is `/`; null for a path outside the folder.
 */
export function insideBase(hostPath: string, basePath: string): string | null {
  if (hostPath === basePath) return '/';
  return hostPath.startsWith(basePath) && hostPath.charCodeAt(basePath.length) === 0x2f ? hostPath.slice(basePath.length) : null;
}

/** Absolute URL of a public path on the site's origin. */
export function absoluteUrl(baseUrl: string, publicPath: string): string {
  return baseUrl + (publicPath === '/' ? '/' : publicPath);
}
