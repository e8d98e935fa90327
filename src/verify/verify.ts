import { pageName } from '../file-paths.ts';
import type { JobResult } from '../render/context.ts';
import { insideBase, localizePath, NOT_FOUND_PATH } from '../paths.ts';
import { isPageRelative, linkTarget, namesHost, pageUrl } from './link-target.ts';
import { resourceOf } from './resources.ts';

export interface VerifyInput extends VerifyTargets {
  results: JobResult[];
}

/** What pages are judged against: the build's paths and where its links may lead. */
export interface VerifyTargets {
  /** Every public path of the build per locale (pages and aliases). */
  pathsByLocale: Map<string, Set<string>>;
  /**
   * Files at public paths beside the pages: those copied from the static folder and those the
   * build writes (`/favicon.svg`, `/sitemap.xml`, `/de/404.html`).
   */
  staticPaths: Set<string>;
  /** The assets' URL (`/_static/`, `/docs/_static/` or an absolute URL); links below it are not pages. */
  assetsBase: string;
  /** The folder the site is served from (`/docs`), or `''`: the pages' links start with it. */
  basePath: string;
  /** Expected hreflang alternates per route page (locales + x-default). */
  expectedAlternates: number;
  root: string;
  /** The site's public URL: links are resolved against each page's URL on it. */
  baseUrl: string;
  defaultLocale: string;
}

/**
 * Checks the rendered pages: every link that stays on the site's origin (relative ones included,
 * resolved against the page's URL) leads to a page or file of this build in the same locale (a
 * language-switcher link, marked with hreflang, may go to any locale), every file an element loads
 * from the site (`<img src>`, a stylesheet) is one of its files (or pages, for an iframe), and
 * every route page carries all its alternates. Returns one line per problem.
 */
export function verifyPages(input: VerifyInput): string[] {
  const verifier = new PageVerifier(input);
  return reportProblems(input.results.map((result) => verifier.problems(result)));
}

/** One problem of a page; `link` identifies a broken link with an hreflang (see reportProblems). */
export interface Problem {
  line: string;
  link: string | null;
}

/**
 * The lines of the pages' problems, given in the order of the pages (a missing entry: none), each
 * once. A broken link with an hreflang is reported at the first page of its locale that has it, as
 * the renderer hands every such link on (links without one it hands on at their first page only).
 */
export function reportProblems(byPage: readonly (readonly Problem[] | undefined)[]): string[] {
  const links = new Set<string>();
  const lines = new Set<string>();
  for (const problems of byPage) {
    for (const { line, link } of problems ?? []) {
      if (link !== null && links.has(link)) continue;
      if (link !== null) links.add(link);
      lines.add(line);
    }
  }
  return [...lines];
}

/**
 * verifyPages one page at a time, so that a build can judge each page's links as its result
 * arrives and keep only the problems, not every page's links until the end.
 */
export class PageVerifier {
  private readonly anyLocale = new Set<string>();
  private readonly assets: string | null;

  constructor(private readonly input: VerifyTargets) {
    for (const set of input.pathsByLocale.values()) for (const p of set) this.anyLocale.add(p);
    this.assets = assetsPath(input.assetsBase, input.baseUrl);
  }

  /** The page's problems, in the order of its links (for reportProblems to de-duplicate). */
  problems(result: JobResult): Problem[] {
    const { input, anyLocale, assets } = this;
    const problems: Problem[] = [];
    // Made only for a page with a problem, or a link that is not a plain path: most pages have
    // neither, and at 20 times the real site's size the main thread judges ~5,800 pages.
    const page = () => pageName(input.root, result.file, result.route);
    const own = input.pathsByLocale.get(result.locale) ?? new Set<string>();
    // A not-found page is served at any missing URL; its links are judged from its own path.
    let url: URL | undefined;
    const base = () => (url ??= pageUrl(input.baseUrl, result.paths[0] ?? localizePath(NOT_FOUND_PATH, result.locale, input.defaultLocale)));
    for (const { href, hreflang } of result.links) {
      const onHost = linkTarget(href, base);
      if (onHost === null || (assets !== null && (onHost + '/').startsWith(assets))) continue;
      // On a site served from a folder, a path outside it is another site's if written as a URL
      // (`https://me.github.io/blog`); as a path (`/jobs`, `../jobs`) it is a link that forgot the folder.
      const found = input.basePath ? insideBase(onHost, input.basePath) : onHost;
      if (found === null) {
        if (namesHost(href)) continue;
        const relative = isPageRelative(href);
        const fix = relative
          ? `: it climbs above the folder the site is served from, ${input.basePath}/ (make it with localePath(), or start it with basePath)`
          : `, which is served from ${input.basePath}/: start it with basePath (localePath() does for a page)`;
        const shown = relative ? `"${href}" (${onHost})` : `"${href}"`;
        const resource = resourceOf(hreflang);
        if (resource !== null) {
          const [tag, attribute] = resource.split(' ');
          problems.push({ line: `${page()}${relative ? ` [${result.locale}]` : ''}: <${tag} ${attribute}=${shown}> loads a file outside the site${fix}`, link: relative ? null : `\0${hreflang}\0${href}` });
        } else {
          problems.push({ line: `${page()} [${result.locale}]: link to ${shown} leads outside the site${fix}`, link: hreflang !== null && !relative ? `${result.locale}\0${hreflang}\0${href}` : null });
        }
        continue;
      }
      // A page's file is served at its own name too, as on any static host (`/jobs/index.html`).
      const target = found.endsWith(INDEX_FILE) && !input.staticPaths.has(found) ? found.slice(0, -INDEX_FILE.length) || '/' : found;
      if (input.staticPaths.has(target)) continue;
      const resource = resourceOf(hreflang);
      if (resource !== null) {
        // A file an element loads: a static file, an asset, or a page of any locale (an iframe's).
        if (anyLocale.has(target)) continue;
        const [tag, attribute] = resource.split(' ');
        const shown = onHost === href ? `"${href}"` : `"${href}" (${onHost})`;
        // Reported once for all locales, unless relative: it then loads another file in each.
        const relative = isPageRelative(href);
        problems.push({ line: `${page()}${relative ? ` [${result.locale}]` : ''}: <${tag} ${attribute}=${shown}> loads no file of this build`, link: relative ? null : `\0${hreflang}\0${href}` });
        continue;
      }
      const ok = hreflang ? anyLocale.has(target) : own.has(target);
      if (!ok) {
        const shown = onHost === href ? `"${href}"` : `"${href}" (${onHost})`;
        const where = anyLocale.has(target) ? ' (it exists in another locale: use localePath())' : '';
        // A relative href leads somewhere else from each page: judged on every page it is on.
        const link = hreflang !== null && !isPageRelative(href) ? `${result.locale}\0${hreflang}\0${href}` : null;
        problems.push({ line: `${page()} [${result.locale}]: link to ${shown} leads to no page of this build${where}`, link });
      }
    }
    if (result.paths.length > 0 && result.alternates !== input.expectedAlternates) {
      problems.push({ line: `${page()} [${result.locale}]: has ${result.alternates} hreflang alternates, expected ${input.expectedAlternates}`, link: null });
    }
    return problems;
  }
}

/** The file name of a page in its folder (paths.ts, htmlFile), with the separator before it. */
const INDEX_FILE = '/index.html';

/** The path below which links are assets (ending in `/`), or null when the assets live on another origin. */
function assetsPath(assetsBase: string, baseUrl: string): string | null {
  if (!/^https?:\/\//.test(assetsBase)) return assetsBase;
  const url = new URL(assetsBase);
  return url.origin === new URL(baseUrl).origin ? url.pathname : null;
}
