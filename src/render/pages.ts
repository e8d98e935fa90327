import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RouteFile } from '../routes.ts';
import { errors } from '../errors.ts';
import type { PageInfo } from './context.ts';
import { projectPath } from '../file-paths.ts';
import { localePrefixOf, NOT_FOUND_PATH, routeBase } from '../paths.ts';
import { asSocialImage, type ResolvedConfig, type SocialImage } from '../config.ts';
import { importModule } from '../import-module.ts';
import { siteFrame } from './source-location.ts';
import type { DataRead } from './read-files.ts';
import type { SocialImageTags } from '../social-image.ts';

interface PageModule {
  default?: unknown;
  layout?: unknown;
  aliases?: unknown;
  head?: unknown;
  paths?: unknown;
}

/** An alias: an absolute path ending in .html, its folders and name made of what a page's path may hold (routes.ts). */
const ALIAS = /^(?:\/[\w.-]+)+\.html$/;
/** A folder `.` or `..`, which a browser resolves away. */
const DOT_SEGMENT = /\/\.\.?\//;
/** A parameter's value: one path segment of what a page's path may hold (routes.ts), not `.` or `..`. */
const PARAM_VALUE = /^(?!\.\.?$)[\w.-]+$/;

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
  /** A page's own social image (`head.image`) as its head tags give it; null for a path that names no file of the site. */
  images: (image: string | SocialImage) => SocialImageTags | null,
): Promise<{ pages: PageInfo[]; notFound: PageInfo | null; data: DataRead }> {
  const { root } = config;
  const codes = config.locales.map((l) => l.code);
  const mod = await importModule<{ pages: Record<string, PageModule>; dataRead(): DataRead }>(pathToFileURL(modulePath).href).catch((cause: unknown) => {
    // The top-level code of a page, layout or component (a top-level await of data) threw.
    if (!(cause instanceof Error) || cause.name === 'SitegenError') throw cause;
    throw errors.moduleLoadFailed(cause, siteFrame(cause.stack, path.dirname(modulePath), root));
  });
  const describe = (file: string, routePath: string | null, base: string, params?: string[]): PageInfo => {
    const key = projectPath(root, file);
    const page = mod.pages[key]!;
    if (typeof page.default !== 'function') throw errors.pageNoDefault(key);
    const layout = page.layout === undefined ? 'default' : String(page.layout);
    if (!layouts.includes(layout)) throw errors.unknownLayout(key, layout, layouts);
    // A page with parameters may give each of its paths a head of its own (below).
    const head = params && typeof page.head === 'function' ? { title: '', description: '' } : pageHead(page.head, key, images);
    // Every path of a page with parameters would have the same aliases.
    if (params && page.aliases !== undefined) throw errors.badAlias(key, page.aliases, 'params');
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
    return { file, key, path: routePath, base, layout, aliases: aliases as string[], head };
  };
  /** What a page's `paths()` or `head(params)` gives; a throw is the page's error, named. */
  const call = <T,>(key: string, what: string, fn: () => T): T => {
    try {
      return fn();
    } catch (cause) {
      if (cause instanceof Error && cause.name === 'SitegenError') throw cause;
      throw errors.pageExportFailed(key, what, cause, cause instanceof Error ? siteFrame(cause.stack, path.dirname(modulePath), root) : undefined);
    }
  };
  // Each path a page with parameters lists is a page of its own, rendered by the same module.
  const pages: PageInfo[] = [];
  const taken = new Map(routes.filter((r) => !r.params).map((r) => [r.path, projectPath(root, r.file)]));
  for (const route of routes) {
    const shared = describe(route.file, route.path, route.base, route.params);
    if (!route.params) {
      pages.push(shared);
      continue;
    }
    const module = mod.pages[shared.key]!;
    const listed = typeof module.paths === 'function' ? call(shared.key, 'its paths()', module.paths as () => unknown) : module.paths;
    for (const [index, params] of pageParams(listed, route, shared.key, typeof module.paths === 'function').entries()) {
      const routePath = route.path.replace(/\[(?:\.\.\.)?([^\]/]+)\]/g, (_, name: string) => params[name]!);
      const which = `${shared.key} (paths[${index}]: ${route.params.map((n) => `${n} ${JSON.stringify(params[n])}`).join(', ')})`;
      if (routePath === NOT_FOUND_PATH) throw errors.notFoundPathTaken(which, `the path ${NOT_FOUND_PATH}`);
      const code = localePrefixOf(routePath, codes, config.defaultLocale.code);
      if (code) throw errors.localePrefixTaken(which, 'path', routePath, code, `Change paths[${index}]`);
      const other = taken.get(routePath);
      if (other !== undefined) throw errors.duplicateRoute(routePath, other, which);
      taken.set(routePath, which);
      const headOf = module.head as (params: Record<string, string>) => unknown;
      const head = typeof headOf === 'function' ? pageHead(call(shared.key, `its head for ${routePath}`, () => headOf({ ...params })), shared.key, images, routePath) : shared.head;
      pages.push({ ...shared, path: routePath, base: routeBase(routePath), params, head });
    }
  }
  // The manifest names a route by its path's folders joined by '-' (paths.ts, routeName): the
  // runtime finds a page's route by that name, so two paths must not share one.
  const named = new Map<string, PageInfo>();
  for (const page of pages) {
    const other = named.get(page.base);
    if (other) throw errors.routeNameTaken(page.base, pageLabel(other), pageLabel(page), config.defaultLocale.code);
    named.set(page.base, page);
  }
  return {
    pages,
    notFound: notFound ? describe(notFound, null, '404') : null,
    // What the pages' top-level code read (render/read-files.ts), loaded now.
    data: mod.dataRead(),
  };
}

/**
 * A page's head: message keys of its title and description, the values of their arguments, and its
 * own social image (a path of the site or an absolute URL, or `{ path, width, height }`).
 */
function pageHead(head: unknown, key: string, images: (image: string | SocialImage) => SocialImageTags | null, route?: string): PageInfo['head'] {
  const given = head as { title?: unknown; description?: unknown; values?: unknown; image?: unknown; noindex?: unknown } | null | undefined;
  if (!given || typeof given.title !== 'string' || typeof given.description !== 'string') throw errors.pageBadHead(key, route);
  const result: PageInfo['head'] = { title: given.title, description: given.description };
  if (given.values !== undefined) {
    const values = given.values as Record<string, unknown> | null;
    const fine = typeof values === 'object' && values !== null && !Array.isArray(values) && Object.values(values).every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)));
    if (!fine) throw errors.pageBadHead(key, route);
    result.values = { ...(values as Record<string, string | number>) };
  }
  if (given.image !== undefined) {
    const image = asSocialImage(given.image);
    if (image === null) throw errors.pageImageInvalid(key, route, given.image);
    const tags = images(image);
    if (!tags) throw errors.pageImageMissing(key, route, image as string);
    result.image = tags;
  }
  if (given.noindex !== undefined && typeof given.noindex !== 'boolean') throw errors.pageBadHead(key, route);
  if (given.noindex) result.noindex = true;
  return result;
}

/**
 * The params of each path a page with parameters lists (`export const paths`): an object with a
 * value for each parameter (a string or a whole number; other keys are the page's own), or for a
 * page of one parameter its value alone. The rest of the path (`[...slug]`) is one folder or more,
 * joined by `/` (`'guides/install'`) or given as a list (`['guides', 'install']`). `called`: the
 * list is what a `paths()` function returned.
 */
function pageParams(list: unknown, route: { params?: string[]; rest?: string }, key: string, called: boolean): Record<string, string>[] {
  const names = route.params!;
  const shown = (n: string) => (n === route.rest ? `[...${n}]` : `[${n}]`);
  const sample = (n: string) => (n === route.rest ? "'guides/install'" : "'hello-world'");
  const example = names.length === 1 ? `{ ${names[0]}: ${sample(names[0]!)} }` : `{ ${names.map((n) => `${n}: '...'`).join(', ')} }`;
  if (list === undefined && !called) throw errors.pagePathsMissing(key, 'exports no paths', example);
  if (list instanceof Promise) throw errors.pagePathsMissing(key, 'its paths() returns a promise', example);
  if (!Array.isArray(list)) throw errors.pagePathsMissing(key, `its paths are ${shownValue(list)}, not a list`, example);
  const seen = new Map<string, number>();
  const asText = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value);
  return list.map((item: unknown, index) => {
    const entry = shownValue(item);
    const alone = typeof item === 'string' || typeof item === 'number' || (route.rest !== undefined && Array.isArray(item));
    const given: Record<string, unknown> = names.length === 1 && alone ? { [names[0]!]: item } : (item as Record<string, unknown>);
    if (typeof given !== 'object' || given === null || Array.isArray(given)) throw errors.pageParamInvalid(key, index, entry, `is not an object with a value for ${names.map(shown).join(' and ')}: write ${example}.`);
    const params: Record<string, string> = {};
    for (const name of names) {
      const value = given[name];
      const text = name === route.rest && Array.isArray(value) && value.length > 0 ? value.map(asText).join('/') : asText(value);
      if (text === undefined) throw errors.pageParamInvalid(key, index, entry, `gives no value for the parameter ${shown(name)}.`);
      const isText = typeof text === 'string';
      if (!isText || !(name === route.rest ? text.split('/').every((segment) => PARAM_VALUE.test(segment)) : PARAM_VALUE.test(text))) {
        throw errors.pageParamInvalid(
          key,
          index,
          entry,
          name === route.rest
            ? `gives the parameter [...${name}] the value ${shownValue(value)}, which is no path: a value is one folder name or more, joined by '/' or given as a list, each made of ASCII letters, digits, '-', '_' and '.' (not '.' or '..' alone), as a page's path is: \`guides/install\` or ['guides', 'install'].`
            : `gives the parameter [${name}] the value ${shownValue(value)}, which is no path segment: a value is made of ASCII letters, digits, '-', '_' and '.' (not '.' or '..' alone), as a page's path is: a slug such as \`hello-world\` for "Hello, world!".`,
        );
      }
      params[name] = text;
    }
    const path = names.map((n) => params[n]).join('/');
    // (Values that differ in case only are two paths, which the output's check finds to be one file on macOS and Windows: output-paths.ts.)
    const before = seen.get(path);
    if (before !== undefined) throw errors.pageParamInvalid(key, index, entry, `gives the same path as paths[${before}]. Give each path other values.`);
    seen.set(path, index);
    return params;
  });
}

/** A value as an error shows it: short JSON, or its kind. */
function shownValue(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
}

/** A page as an error names it: its file and path (`pages/a/b.tsx (the page /a/b)`). */
function pageLabel(page: PageInfo): string {
  return `${page.key} (the page ${page.path})`;
}
