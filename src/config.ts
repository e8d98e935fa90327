import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_LOCALES, resolveLocales, type Locale, type LocaleInput } from './locales.ts';
import { errors, SitegenError } from './errors.ts';
import { importConfigFile, type ConfigCache } from './config-file.ts';
import { projectPath } from './file-paths.ts';
import { checkOutDir, CONFIG_FILES, followOutputLink, siteFolders } from './site-folders.ts';

/**
 * What a site writes in `sitegen.config.ts` (through `defineConfig`). `url` and `locales` make a
 * complete config; every other field has a default that keeps builds deterministic.
 */
export interface UserConfig {
  /** Public origin of the site, used for canonical, hreflang, og and sitemap URLs. */
  url: string;
  /**
   * The site's locales, in the order the switcher lists them: BCP 47 codes (`'pl'`, `'pt-PT'`) or
   * `{ code, iso?, name?, dir? }` where a default does not fit (iso: the code; name: the
   * language's own name; dir: from its script). The first is the default unless `defaultLocale`.
   */
  locales: LocaleInput[];
  /** The locale served without a path prefix, and the last fallback of every message; the first of `locales` when absent. */
  defaultLocale?: string;
  /** Site name, used in titles and the Open Graph site name; the `name` of the site's package.json, else the url's host name. */
  name?: string;
  /** Product name, given to every message as the ICU argument `{product}`; the site name when absent. */
  product?: string;
  /** Copyright year the templates may show (never read from the clock); absent unless set. */
  year?: number;
  /** Static assets base: a path (`/_static/`) or an absolute CDN URL. */
  assetsBase?: string;
  /**
   * Social preview image (og:image, twitter:image): a path of a file in templates/static
   * (`/social.png`, the default), whose width and height are read from the file, or an absolute
   * URL; or `{ path, width, height }` to give its size in pixels. Without a size (an absolute URL,
   * or a file that is not a PNG, JPEG, GIF or WebP image there) og:image:width and
   * og:image:height are left out.
   */
  socialImage?: string | SocialImage;
  /** Web font stylesheet (linked with preconnect; the site must look right without it). */
  fonts?: { stylesheet: string; preconnect: string[] };
  /** Free-form links the templates use: appStore, googlePlay, facebook, ... */
  links?: Record<string, string>;
  /**
   * Message keys whose value may stay identical to en (brand names, loanwords), as exact keys or
   * `prefix.*`: for every locale (an array, or the `'*'` entry), or per locale code
   * (`{ '*': ['brand.*'], fr: ['nav.menu'] }`).
   */
  untranslated?: string[] | Record<string, string[]>;
  /** Public values handed to the browser runtime (API keys of hosted services and the like). */
  client?: Record<string, unknown>;
}

/** A social preview image and its size in pixels (UserConfig's socialImage). */
export interface SocialImage {
  path: string;
  width: number;
  height: number;
}

/** The fields of UserConfig, for the warning about a field sitegen does not know (a typo: `locale`). */
const FIELDS = new Set<string>([
  'url', 'locales', 'defaultLocale', 'name', 'product', 'year', 'assetsBase', 'socialImage', 'fonts', 'links', 'untranslated', 'client',
] satisfies (keyof UserConfig)[]);

/** What resolveConfig makes of `site` fields: every default filled in. */
export type SiteConfig = Omit<UserConfig, 'locales' | 'defaultLocale' | 'url' | 'name' | 'product' | 'socialImage'> & {
  name: string;
  socialImage: string | SocialImage;
  product: string;
  url: string;
  links: Readonly<Record<string, string>>;
};

export interface ResolvedConfig {
  readonly root: string;
  readonly configFile: string | null;
  readonly pagesDir: string;
  readonly templatesDir: string;
  readonly localesDir: string;
  readonly staticDir: string;
  /** The site's own browser scripts, one per `data-enhance` name (src/enhancers.ts). */
  readonly enhancersDir: string;
  readonly outDir: string;
  readonly site: Readonly<SiteConfig>;
  /** The site's public URL without a trailing slash: its origin, and the base path if it has one (`https://me.github.io/docs`). */
  readonly baseUrl: string;
  /**
   * The folder of the host the site is served from, without a trailing slash: `''` at the root of
   * its host, `/docs` for a site at `https://me.github.io/docs/`. Every public path the pages make
   * starts with it; the output's files do not (the output is the site's folder).
   */
  readonly basePath: string;
  /**
   * The assets base as configured, always ending with `/`: a path (`/_static/`), which is also the
   * assets folder's place in the output, or a CDN URL (the files are then in `_static/` for upload).
   */
  readonly assetsBase: string;
  /** The assets' public URL: the base path and `assetsBase` (`/docs/_static/`), or the CDN URL. */
  readonly assetsUrl: string;
  readonly locales: readonly Locale[];
  readonly defaultLocale: Locale;
  /** The `untranslated` allow-list by locale code; `'*'` (always present) holds the keys of every locale. */
  readonly untranslated: UntranslatedAllowList;
}

export type UntranslatedAllowList = Readonly<Record<string, readonly string[]>>;

export interface ConfigOverrides {
  outDir?: string;
  locales?: string[];
  baseUrl?: string;
  assetsBase?: string;
}

export interface ResolveResult {
  config: ResolvedConfig;
  warnings: string[];
}

/** The config file's names, in the order they are looked for in the project root (dev watches them too). */
export { CONFIG_FILES };

export interface ConfigHooks {
  /** Hears of each of the site's files the config imports (the config itself first), for `sitegen dev` to watch. */
  onConfigImport?: (file: string) => void;
  /**
   * The build cache: the config's bundle is kept there while its files are unchanged; `onDamaged`
   * hears of an entry ignored, `whileBundling` is called once esbuild has the config (not for a
   * bundle from the cache), for work of the main thread while it waits.
   */
  cache?: ConfigCache;
}

/** Loads `sitegen.config.ts` from `root` (if any) and fills in every default, once. */
export async function resolveConfig(root: string, overrides: ConfigOverrides = {}, hooks: ConfigHooks = {}): Promise<ResolveResult> {
  root = path.resolve(root);
  const configFile = CONFIG_FILES
    .map((f) => path.join(root, f))
    .find((f) => existsSync(f)) ?? null;
  const user: Partial<UserConfig> = configFile ? await loadConfigFile(configFile, root, hooks.onConfigImport, hooks.cache) : {};
  const warnings: string[] = [];

  const outDir = followOutputLink(path.resolve(root, overrides.outDir ?? 'dist'));
  checkOutDir(root, outDir, overrides.outDir !== undefined ? 'from --out' : 'the default', configFile);

  const where = configFile ? projectPath(root, configFile) : 'sitegen.config.ts';
  for (const key of Object.keys(user)) if (!FIELDS.has(key)) warnings.push(errors.unknownConfigField(where, key, [...FIELDS]).message);
  const { locales, defaultLocale, table } = siteLocales(user, where, overrides.locales, warnings);

  const { baseUrl, basePath } = normalizeBaseUrl(overrides.baseUrl ?? user.url ?? 'http://localhost', configFile && projectPath(root, configFile));
  // Against every locale of the site, also when --locales builds some: the assets base stays the same.
  const assetsBase = checkAssetsBase(overrides.assetsBase ?? user.assetsBase ?? '/_static/', overrides.assetsBase !== undefined ? '--assets-base' : where, table);
  checkFields(user, where);
  const { locales: _locales, defaultLocale: _default, ...fields } = user;
  const name = user.name ?? packageName(root) ?? new URL(baseUrl).hostname;
  const socialImage = checkSocialImage(user.socialImage ?? '/social.png', where);
  const site: SiteConfig = {
    name,
    product: user.product ?? name,
    url: baseUrl,
    year: user.year,
    socialImage,
    ...fields,
    links: { ...(user.links ?? {}) },
  };
  site.url = baseUrl;
  site.socialImage = socialImage;
  return {
    warnings,
    config: Object.freeze({
      root,
      configFile,
      ...siteFolders(root),
      outDir,
      site,
      baseUrl,
      basePath,
      assetsBase,
      assetsUrl: isHttpUrl(assetsBase) ? assetsBase : basePath + assetsBase,
      locales,
      defaultLocale,
      untranslated: resolveUntranslated(user.untranslated, configFile && projectPath(root, configFile)),
    }),
  };
}

const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  try {
    const url = new URL(v);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
};
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The settings the templates and the runtime read as they are, checked for their type: a value of
 * another kind failed later, in a page's render or with a TypeError of its own, far from the line
 * that set it.
 */
function checkFields(user: Partial<UserConfig>, file: string): void {
  const check = (field: keyof UserConfig, ok: (v: unknown) => boolean, expected: string) => {
    if (user[field] !== undefined && !ok(user[field])) throw errors.configFieldInvalid(file, field, user[field], expected);
  };
  const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  check('name', text, "a text that is not empty, such as 'Example'");
  check('product', text, "a text that is not empty, such as 'Example App'");
  check('year', (v) => Number.isInteger(v), 'a whole number, such as 2026');
  check('fonts', (v) => isPlainObject(v) && isHttpUrl(v.stylesheet) && Array.isArray(v.preconnect) && v.preconnect.every(isHttpUrl),
    "{ stylesheet, preconnect } with the stylesheet's http(s) URL and a list of http(s) origins, such as { stylesheet: 'https://fonts.example/css', preconnect: ['https://fonts.example'] }");
  check('links', (v) => isPlainObject(v) && Object.values(v).every((link) => typeof link === 'string'), "an object of texts by name, such as { appStore: 'https://apps.example/app' }");
  check('client', isPlainObject, "an object of the values handed to the browser runtime, such as { apiKey: '...' }");
}

/**
 * The assets base, normalized (`/_static/`, `https://cdn.example/s/`) once it is known to be one:
 * a path of URL-safe folder names, none a locale's (the locales' pages live in those folders), or
 * an absolute http(s) URL.
 */
function checkAssetsBase(value: unknown, from: string, locales: readonly Locale[]): string {
  if (typeof value !== 'string') throw errors.assetsBaseInvalid(value, from, 'is not a text');
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) {
    if (!isHttpUrl(value)) throw errors.assetsBaseInvalid(value, from, 'is a URL, but not an absolute http(s) one');
    // As the URL parser spells it (`HTTPS://CDN.example/s` is https://cdn.example/s/), which paths.ts' assetsDir tells from a path.
    const href = new URL(value).href;
    return href.endsWith('/') ? href : `${href}/`;
  }
  if (value.startsWith('//')) throw errors.assetsBaseInvalid(value, from, 'is a protocol-relative URL; write it with https:');
  const folders = value.split('/').filter((name) => name !== '');
  if (folders.length === 0) throw errors.assetsBaseInvalid(value, from, 'names no folder (the assets would mix with the pages)');
  const bad = folders.find((name) => !/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(name) || name === '..');
  if (bad !== undefined) throw errors.assetsBaseInvalid(value, from, `has the folder name ${JSON.stringify(bad)}, which is not URL-safe`);
  const locale = locales.find((l) => l.code.toLowerCase() === folders[0]!.toLowerCase());
  if (locale) throw errors.assetsBaseInvalid(value, from, `starts with the folder of the locale ${locale.code}, whose pages live there`);
  return `/${value.replace(/^\/+|\/+$/g, '')}/`;
}

/**
 * A social preview image as a config or a page's head may give it, or null for a value of another
 * kind: a path from the site's root (`/social.png`) or an absolute http(s) URL, alone or with a
 * size of whole pixels (`{ path, width, height }`).
 */
export function asSocialImage(value: unknown): string | SocialImage | null {
  const isPath = (v: unknown): v is string => typeof v === 'string' && (/^https?:\/\/[^/]/.test(v) || /^\/[^/\\]/.test(v));
  const isSize = (v: unknown) => Number.isInteger(v) && (v as number) > 0;
  if (isPath(value)) return value;
  if (value !== null && typeof value === 'object') {
    const { path: at, width, height } = value as Record<string, unknown>;
    if (isPath(at) && isSize(width) && isSize(height)) return { path: at, width: width as number, height: height as number };
  }
  return null;
}

/**
 * `socialImage` as the config gives it, once it is known to be one: a path from the site's root
 * (`/social.png`) or an absolute http(s) URL, alone or with a size of whole pixels.
 */
function checkSocialImage(value: unknown, file: string): string | SocialImage {
  const image = asSocialImage(value);
  if (image === null) throw errors.socialImageInvalid(file, value);
  return image;
}

/** `untranslated` as a map by locale code with `'*'` for every locale; the array form is `'*'` alone. */
function resolveUntranslated(value: unknown, file: string | null): UntranslatedAllowList {
  const isList = (v: unknown): v is string[] => Array.isArray(v) && v.every((k) => typeof k === 'string');
  if (value === undefined) return { '*': [] };
  if (isList(value)) return { '*': [...value] };
  if (value !== null && typeof value === 'object' && Object.values(value).every(isList)) {
    return { '*': [], ...(value as Record<string, string[]>) };
  }
  throw errors.untranslatedInvalid(file ?? 'sitegen.config.ts');
}

/**
 * The site's locale table and its default locale; with `only` (`--locales`), the table narrowed to
 * those codes and the default (a code the site does not have is a warning).
 */
function siteLocales(user: Partial<UserConfig>, where: string, only: readonly string[] | undefined, warnings: string[]) {
  const table = resolveLocales(user.locales ?? DEFAULT_LOCALES, where);
  const defaultCode = user.defaultLocale ?? table[0]!.code;
  const defaultLocale = table.find((l) => l.code === defaultCode);
  if (!defaultLocale) throw errors.unknownDefaultLocale(defaultCode, table.map((l) => l.code), where);
  if (!only) return { locales: table, defaultLocale, table };
  const codes = new Set([defaultCode]);
  for (const code of only) {
    if (table.some((l) => l.code === code)) codes.add(code);
    else warnings.push(errors.unknownLocale(code, table.map((l) => l.code)).message);
  }
  return { locales: table.filter((l) => codes.has(l.code)), defaultLocale, table };
}

/** The `name` of the site's own package.json (without an npm scope), if it has one. */
function packageName(root: string): string | undefined {
  try {
    const name = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).name;
    return typeof name === 'string' && name ? name.replace(/^@[^/]+\//, '') : undefined;
  } catch {
    return undefined;
  }
}

async function loadConfigFile(file: string, root: string, onImport: ((file: string) => void) | undefined, cache: ConfigHooks['cache']): Promise<Partial<UserConfig>> {
  try {
    const { value } = await importConfigFile(file, onImport, cache);
    if (!value || typeof value !== 'object') throw errors.configNoDefault(projectPath(root, file));
    return value as Partial<UserConfig>;
  } catch (cause) {
    if (cause instanceof SitegenError) throw cause;
    throw errors.configInvalid(projectPath(root, file), cause);
  }
}

/**
 * The site's public URL as every absolute URL the build writes starts with (`https://example.com`,
 * `https://me.github.io/docs`), and its path, the base path all public paths take.
 */
function normalizeBaseUrl(url: string, file: string | null): { baseUrl: string; basePath: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw errors.badBaseUrl(url, file, cause);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw errors.badBaseUrl(url, file);
  // Canonical, hreflang and sitemap URLs are the base URL and a path: a query, fragment or password would sit in their middle.
  const more = parsed.username || parsed.password ? 'a user name or password' : parsed.search || parsed.hash ? 'a query or a fragment' : null;
  if (more) throw errors.baseUrlNotOrigin(url, file, more, parsed.origin + parsed.pathname);
  const folders = parsed.pathname.split('/').filter((name) => name !== '');
  // As the URL parser spells them: `/my docs` is `/my%20docs`, which no folder name of a static host should need.
  const bad = folders.find((name) => !/^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/.test(name));
  if (bad !== undefined) throw errors.basePathInvalid(url, file, bad);
  const basePath = folders.map((name) => '/' + name).join('');
  return { baseUrl: parsed.origin + basePath, basePath };
}

