import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { DEFAULT_LOCALES, resolveLocales, type Locale, type LocaleInput } from './locales.ts';
import { errors, SitegenError } from './errors.ts';
import { importConfigFile, type ConfigCache } from './config-file.ts';
import { isWithin, projectPath } from './file-paths.ts';

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
  /** Origin without a trailing slash. */
  readonly baseUrl: string;
  /** Always ends with `/`. */
  readonly assetsBase: string;
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
export const CONFIG_FILES = ['sitegen.config.ts', 'sitegen.config.js', 'sitegen.config.mjs'];

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

/** The site's source folders: where they are follows from its root alone, not from its config. */
export function siteFolders(root: string): Pick<ResolvedConfig, 'pagesDir' | 'templatesDir' | 'localesDir' | 'staticDir' | 'enhancersDir'> {
  return {
    pagesDir: path.join(root, 'pages'),
    templatesDir: path.join(root, 'templates'),
    localesDir: path.join(root, 'locales'),
    staticDir: path.join(root, 'templates', 'static'),
    enhancersDir: path.join(root, 'templates', 'enhancers'),
  };
}

/** Loads `sitegen.config.ts` from `root` (if any) and fills in every default, once. */
export async function resolveConfig(root: string, overrides: ConfigOverrides = {}, hooks: ConfigHooks = {}): Promise<ResolveResult> {
  root = path.resolve(root);
  const configFile = CONFIG_FILES
    .map((f) => path.join(root, f))
    .find((f) => existsSync(f)) ?? null;
  const user: Partial<UserConfig> = configFile ? await loadConfigFile(configFile, root, hooks.onConfigImport, hooks.cache) : {};
  const warnings: string[] = [];

  const outDir = path.resolve(root, overrides.outDir ?? 'dist');
  if (isWithin(root, outDir)) throw errors.outDirContainsRoot(outDir, root);

  const where = configFile ? projectPath(root, configFile) : 'sitegen.config.ts';
  for (const key of Object.keys(user)) if (!FIELDS.has(key)) warnings.push(errors.unknownConfigField(where, key, [...FIELDS]).message);
  const { locales, defaultLocale } = siteLocales(user, where, overrides.locales, warnings);

  const baseUrl = normalizeBaseUrl(overrides.baseUrl ?? user.url ?? 'http://localhost', configFile && projectPath(root, configFile));
  const assetsBase = normalizeAssetsBase(overrides.assetsBase ?? user.assetsBase ?? '/_static/');
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
      assetsBase,
      locales,
      defaultLocale,
      untranslated: resolveUntranslated(user.untranslated, configFile && projectPath(root, configFile)),
    }),
  };
}

/**
 * `socialImage` as the config gives it, once it is known to be one: a path from the site's root
 * (`/social.png`) or an absolute http(s) URL, alone or with a size of whole pixels.
 */
function checkSocialImage(value: unknown, file: string): string | SocialImage {
  const isPath = (v: unknown): v is string => typeof v === 'string' && (/^https?:\/\/[^/]/.test(v) || /^\/[^/\\]/.test(v));
  const isSize = (v: unknown) => Number.isInteger(v) && (v as number) > 0;
  if (isPath(value)) return value;
  if (value !== null && typeof value === 'object') {
    const { path: at, width, height } = value as Record<string, unknown>;
    if (isPath(at) && isSize(width) && isSize(height)) return { path: at, width: width as number, height: height as number };
  }
  throw errors.socialImageInvalid(file, value);
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
  if (!only) return { locales: table, defaultLocale };
  const codes = new Set([defaultCode]);
  for (const code of only) {
    if (table.some((l) => l.code === code)) codes.add(code);
    else warnings.push(errors.unknownLocale(code, table.map((l) => l.code)).message);
  }
  return { locales: table.filter((l) => codes.has(l.code)), defaultLocale };
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

function normalizeBaseUrl(url: string, file: string | null): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw errors.badBaseUrl(url, file, cause);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw errors.badBaseUrl(url, file);
  return parsed.href.replace(/\/+$/, '');
}

function normalizeAssetsBase(base: string): string {
  if (/^https?:\/\//.test(base)) return base.endsWith('/') ? base : base + '/';
  const p = '/' + base.replace(/^\/+|\/+$/g, '');
  return p === '/' ? '/' : p + '/';
}
