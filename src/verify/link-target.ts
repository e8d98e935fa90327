/**
 * Where a link leads, judged the way a browser follows it: the href resolved against the URL of
 * the page it is on (`new URL(href, siteUrl + pagePath)`), so that relative links (`nope`,
 * `./nope`, `../de/jobs`), dot segments (`/de/jobs/../nope`), stray whitespace (` /de/nope`) and
 * absolute links to the site's own origin (`https://example.com/de/nope`) are all checked.
 * Pure: it takes collected hrefs, whoever collects them.
 */

/** The URL a page is served at (the site's URL, with its folder if it has one, and the page's path): the base its relative links resolve against. */
export function pageUrl(siteUrl: string, pagePath: string): URL {
  return new URL(siteUrl.replace(/\/+$/, '') + pagePath);
}

/**
 * The path on the site that `href` leads to from the page at `base` (percent-decoded, without
 * query, hash or trailing slash; the home is `/`), or null when it leaves the site (another
 * origin, `mailto:`, `tel:`, `javascript:`), stays on the same document (empty or `#…`), or is
 * not a URL at all. `base` may be a function giving the page's URL: called only for an href that
 * is not a plain root-relative path.
 */
export function linkTarget(href: string, base: URL | (() => URL)): string | null {
  const plain = plainSitePath(href);
  if (plain !== null) return plain;
  if (staysOnPage(href)) return null;
  // Most links are plain paths (above): the page's URL is made only for the others.
  const from = typeof base === 'function' ? base() : base;
  let url: URL;
  try {
    url = new URL(href, from);
  } catch {
    return null;
  }
  if (url.origin !== from.origin) return null;
  const path = decodePath(url.pathname);
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : '/';
}

/** Whether a link stays on the document it is on (empty, or only a `#fragment`): it leads to no page to judge. */
export function staysOnPage(href: string): boolean {
  const trimmed = href.trim();
  return trimmed === '' || trimmed.startsWith('#');
}

/**
 * Whether a link's target depends on the page it is on: not root-relative and without a scheme.
 * A collector that hands on each (locale, href) once must keep such links once per page.
 */
export function isPageRelative(href: string): boolean {
  const trimmed = href.trim();
  return !trimmed.startsWith('/') && !SCHEME.test(trimmed);
}

/** Whether an href names its host (`https://me.github.io/blog`, `//me.github.io/blog`): on a host of several sites, it may lead to another. */
export function namesHost(href: string): boolean {
  const trimmed = href.trim();
  return trimmed.startsWith('//') || SCHEME.test(trimmed);
}

/** A URL's scheme (`https:`, `mailto:`), as the URL parser takes one. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Characters a root-relative path may hold for `new URL` to keep it exactly as written: letters,
 * digits and the path's other literal characters, without `%` (decoding), `?`, `#`, backslash,
 * spaces, quotes and angle brackets (all rewritten by the URL parser) and anything beyond ASCII.
 */
const PLAIN_PATH = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/]*$/;
/** A segment `.` or `..` (the URL parser removes it). */
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * The target of an href that is a plain root-relative path (`/de/jobs`, most of a site's links),
 * without parsing it as a URL (in the real site's build `new URL` took 18 ms for them): what
 * linkTarget's URL route gives for it, which is the path without trailing slash; else null.
 */
function plainSitePath(href: string): string | null {
  if (!PLAIN_PATH.test(href) || DOT_SEGMENT.test(href)) return null;
  return href.length > 1 ? href.replace(/\/+$/, '') || '/' : '/';
}

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}
