import path from 'node:path';
import { existsSync } from 'node:fs';
import { listFiles } from './file-list.ts';
import { errors } from './errors.ts';
import { localePrefixOf, NOT_FOUND_PATH, routeBase } from './paths.ts';
import type { ResolvedConfig } from './config.ts';
import { projectPath } from './file-paths.ts';
import { compareText } from './compare-text.ts';

/** A page file and the URL path it answers (layout and aliases come from the module itself). */
export interface RouteFile {
  /** `/`, `/jobs`, `/community_privacy_policy/history`; with parameters `/blog/[slug]`. */
  path: string;
  /** Route base name: `index`, `community_privacy_policy-history`. */
  base: string;
  /** Absolute path of the page module. */
  file: string;
  /**
   * The names of the path's parameters in order (`['slug']` for `pages/blog/[slug].tsx`), absent
   * for a page of one path. Such a page module lists its paths (`export const paths`), each a page
   * of its own (render/pages.ts).
   */
  params?: string[];
  /**
   * The parameter that takes the rest of the path, one folder or more (`slug` for
   * `pages/docs/[...slug].tsx`): always the path's last one.
   */
  rest?: string;
}

export interface DiscoveredRoutes {
  routes: RouteFile[];
  /** `pages/404.tsx`, the not-found page, if any. */
  notFound: string | null;
}

/** Page modules: `.tsx`, `.jsx`, `.ts` or `.js` files. */
const PAGE_FILE = /\.(tsx|jsx|ts|js)$/;

/**
 * Whether a file under pages/ is a page: not `_`-prefixed, not a `.d.ts` file or a test. (A folder
 * named `_x` is gone into all the same: the glob this replaces left out only files of such names.)
 */
function isPageSource(rel: string, isFolder: boolean): boolean {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  return isFolder || (!name.startsWith('_') && PAGE_FILE.test(name) && !name.endsWith('.d.ts') && !name.includes('.test.'));
}

/** What route discovery reads of the config: the pages folder, and the locale codes no route may begin with. */
export type RoutesConfig = Pick<ResolvedConfig, 'root' | 'pagesDir' | 'locales' | 'defaultLocale'>;

/**
 * A path segment that is a parameter: `[slug]`, its name of ASCII letters, digits and `_`, not
 * starting with a digit; `[...slug]` takes the rest of the path.
 */
const PARAM_SEGMENT = /^\[(\.\.\.)?([A-Za-z_]\w*)\]$/;

/**
 * pages/ -> routes. The file's path under pages/ is its URL path; a folder or file named
 * `[name]` is a parameter, whose values the page module lists (render/pages.ts).
 */
export async function discoverRoutes(config: RoutesConfig): Promise<DiscoveredRoutes> {
  const { root, pagesDir } = config;
  const codes = config.locales.map((l) => l.code);
  if (!existsSync(pagesDir)) throw errors.noPages(projectPath(root, pagesDir));
  const files = (await listFiles(pagesDir, { recursive: true, keep: isPageSource })).sort();
  let notFound: string | null = null;
  const byPath = new Map<string, RouteFile>();
  for (const rel of files) {
    const file = path.join(pagesDir, rel);
    const withoutExt = rel.replace(/\.(tsx|jsx|ts|js)$/, '');
    if (withoutExt === '404') {
      if (notFound) throw errors.duplicateRoute(`${NOT_FOUND_PATH} (the not-found page)`, projectPath(root, notFound), projectPath(root, file));
      notFound = file;
      continue;
    }
    const urlPath = '/' + withoutExt.replace(/(^|\/)index$/, '').replace(/\/$/, '');
    const params: string[] = [];
    let rest: string | undefined;
    // A parameter's segment stands for its values, which are checked as the page lists them.
    const plain = withoutExt.replace(/[^/]+/g, (segment) => {
      const param = PARAM_SEGMENT.exec(segment);
      if (!param) return segment;
      const name = param[2]!;
      if (params.includes(name)) throw errors.routeParamTwice(projectPath(root, file), name);
      if (param[1]) rest = name;
      params.push(name);
      return '_'.repeat(segment.length);
    });
    // `pages/docs/[...slug]/index.tsx` is `/docs/[...slug]` too; after the rest of the path, nothing can come.
    if (rest !== undefined && !urlPath.endsWith(`/[...${rest}]`)) throw errors.restParamNotLast(projectPath(root, file), urlPath, rest);
    const odd = /[^\w./-]/.exec(plain);
    if (odd) throw errors.pagePathInvalid(projectPath(root, file), urlPath, odd[0], segmentFix(root, pagesDir, rel, odd.index));
    // pages/404/index.tsx: the not-found page is rendered with this path, so the two would be mistaken for each other.
    if (urlPath === NOT_FOUND_PATH) throw errors.notFoundPathTaken(projectPath(root, file), `the path ${NOT_FOUND_PATH}`);
    const code = localePrefixOf(urlPath, codes, config.defaultLocale.code);
    if (code) throw errors.localePrefixTaken(projectPath(root, file), 'path', urlPath, code, renameFix(root, pagesDir, rel));
    const previous = byPath.get(urlPath);
    if (previous) throw errors.duplicateRoute(urlPath, projectPath(root, previous.file), projectPath(root, file));
    const route: RouteFile = { path: urlPath, base: routeBase(urlPath), file };
    if (params.length) route.params = params;
    if (rest !== undefined) route.rest = rest;
    byPath.set(urlPath, route);
  }
  if (byPath.size === 0) throw errors.noPages(projectPath(root, pagesDir));
  const routes = [...byPath.values()].sort((a, b) => compareText(a.path, b.path));
  return { routes, notFound };
}

/** What to rename for a route whose path has a character no URL keeps as it is, at `at` of its path under pages/. */
function segmentFix(root: string, pagesDir: string, rel: string, at: number): string {
  const end = rel.indexOf('/', at);
  return end < 0 ? `Rename the file ${projectPath(root, path.join(pagesDir, rel))}` : `Rename the folder ${projectPath(root, path.join(pagesDir, rel.slice(0, end)))}/`;
}

/** What to rename for a route under a locale's prefix: its top folder under pages/, or the file itself. */
function renameFix(root: string, pagesDir: string, rel: string): string {
  const [top, ...rest] = rel.split('/');
  return rest.length ? `Rename the folder ${projectPath(root, path.join(pagesDir, top!))}/` : `Rename the file ${projectPath(root, path.join(pagesDir, rel))}`;
}
