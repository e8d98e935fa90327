import path from 'node:path';
import { existsSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { LOCALES, DEFAULT_LOCALE, findLocale, type Locale } from './locales.ts';
import { errors, SitegenError } from './errors.ts';

/** What a site writes in `sitegen.config.ts`. */
export interface UserConfig {
  /** Site name, used in titles and the Open Graph site name. */
  name: string;
  /** Product name, given to every message as the ICU argument `{product}`. */
  product: string;
  /** Public origin of the site, used for canonical, hreflang, og and sitemap URLs. */
  url: string;
  /** Copyright year shown in the footer (never read from the clock). */
  year: number;
  /** Static assets base: a path (`/_static/`) or an absolute CDN URL. */
  assetsBase?: string;
  /** Locale codes to publish; all of the table when absent. en is always built. */
  locales?: string[];
  /** Social preview image, a path under templates/static (894 x 651). */
  socialImage?: string;
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
  readonly site: Readonly<UserConfig> & { readonly links: Readonly<Record<string, string>> };
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

/** A file as messages show it: relative to the project root, with forward slashes. */
export function projectPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/') || '.';
}

/** Loads `sitegen.config.ts` from `root` (if any) and fills in every default, once. */
export async function resolveConfig(root: string, overrides: ConfigOverrides = {}): Promise<ResolveResult> {
  root = path.resolve(root);
  const configFile = ['sitegen.config.ts', 'sitegen.config.js', 'sitegen.config.mjs']
    .map((f) => path.join(root, f))
    .find((f) => existsSync(f)) ?? null;
  const user: Partial<UserConfig> = configFile ? await loadConfigFile(configFile, root) : {};
  const warnings: string[] = [];

  const outDir = path.resolve(root, overrides.outDir ?? 'dist');
  if (root === outDir || root.startsWith(outDir + path.sep)) throw errors.outDirContainsRoot(outDir, root);

  const wanted = overrides.locales ?? user.locales ?? LOCALES.map((l) => l.code);
  const codes = new Set<string>([DEFAULT_LOCALE]);
  for (const code of wanted) {
    if (findLocale(code)) codes.add(code);
    else warnings.push(errors.unknownLocale(code).message);
  }
  const locales = LOCALES.filter((l) => codes.has(l.code));

  const baseUrl = normalizeBaseUrl(overrides.baseUrl ?? user.url ?? 'http://localhost', configFile && projectPath(root, configFile));
  const assetsBase = normalizeAssetsBase(overrides.assetsBase ?? user.assetsBase ?? '/_static/');
  const site = {
    name: user.name ?? 'sitegen site',
    product: user.product ?? user.name ?? 'sitegen site',
    url: baseUrl,
    year: user.year ?? 2026,
    socialImage: user.socialImage ?? '/social.png',
    ...user,
    links: { ...(user.links ?? {}) },
  };
  return {
    warnings,
    config: Object.freeze({
      root,
      configFile,
      pagesDir: path.join(root, 'pages'),
      templatesDir: path.join(root, 'templates'),
      localesDir: path.join(root, 'locales'),
      staticDir: path.join(root, 'templates', 'static'),
      enhancersDir: path.join(root, 'templates', 'enhancers'),
      outDir,
      site,
      baseUrl,
      assetsBase,
      locales,
      defaultLocale: findLocale(DEFAULT_LOCALE)!,
      untranslated: resolveUntranslated(user.untranslated, configFile && projectPath(root, configFile)),
    }),
  };
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

async function loadConfigFile(file: string, root: string): Promise<Partial<UserConfig>> {
  try {
    // Bundled in memory so that the config can import types or helpers and is re-read fresh in dev.
    const out = await esbuild.build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      logLevel: 'silent',
    });
    const code = out.outputFiles[0]!.text;
    const mod = await import('data:text/javascript;base64,' + Buffer.from(code).toString('base64'));
    const value = mod.default;
    if (!value || typeof value !== 'object') throw new Error('it has no default export of an object');
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
