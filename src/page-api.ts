/**
 * What pages and templates import as `sitegen`: the i18n hook, locale-aware paths and page types.
 * It runs inside the server bundle only; nothing here reaches the browser.
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import type { Locale } from './locales.ts';
import type { Translator, Values } from './i18n/translator.ts';
import type { PrimitiveType } from 'intl-messageformat';

export type { Locale, LocaleInput } from './locales.ts';
export type { UserConfig } from './config.ts';
export { defineConfig } from './define-config.ts';
/** What a site's enhancer (`templates/enhancers/NAME.ts`) receives besides its element, and the page data in it. */
export type { ChunkContext as EnhancerContext, PageData } from './runtime/types.ts';
/**
 * A page's `layout`: the name of a file in the site's templates/layouts/ without its extension
 * (`default` when a page names none). A name without a file is a build error naming the page.
 */
export type LayoutName = string;

/**
 * Head of a page: message keys, formatted in each locale, and the values of their arguments
 * (`{ title: 'blog.postTitle', description: 'blog.postDescription', values: { title: post.title } }`).
 * A page with parameters may export a function of its params that returns one.
 */
export interface PageHead {
  title: string;
  description: string;
  values?: Record<string, string | number>;
  /**
   * The page's own social preview image (og:image, twitter:image) instead of the site's
   * `socialImage`: a file of templates/static (`'/covers/post.png'`), an imported image's URL, an
   * absolute URL, or `{ path, width, height }`. Its size is read from a file of the site.
   */
  image?: string | { path: string; width: number; height: number };
  /**
   * Keeps the page out of search engines: `<meta name="robots" content="noindex">` and no entry in
   * the sitemap (a thank-you page, a draft). Its links are still followed and checked.
   */
  noindex?: boolean;
}

/**
 * The props of a page with parameters (`pages/blog/[slug].tsx`): the values of its path's
 * parameters, one of those its `paths` export lists (`export default function Post({ params }: PageProps<'slug'>)`).
 */
export interface PageProps<Param extends string = string> {
  params: Readonly<Record<Param, string>>;
}

export interface LayoutProps {
  children: ReactNode;
}

/** Site values from sitegen.config.ts that templates may show. */
export interface SiteInfo {
  name: string;
  product: string;
  url: string;
  /** `year` in sitegen.config.ts: absent unless the config sets it (never read from the clock). */
  year?: number;
  links: Readonly<Record<string, string>>;
  fonts?: { stylesheet: string; preconnect: string[] };
  /** Public values also handed to the browser runtime (`client` in sitegen.config.ts). */
  client?: Readonly<Record<string, unknown>>;
}

export interface PageContext {
  translator: Translator;
  locale: Locale;
  locales: readonly Locale[];
  defaultLocale: string;
  /** Route path of the page being rendered, without locale prefix: `/jobs`, `/`; `/404` on the not-found page. */
  path: string;
  /** The path this document is written at, without locale prefix: `path`, or one of its `.html` aliases. */
  documentPath: string;
  isNotFound: boolean;
  site: SiteInfo;
  /** The assets' URL, ending in `/`: `/_static/` (after the base path, if any: `/docs/_static/`) or an absolute CDN URL. */
  assetsBase: string;
  /** The folder the site is served from (`/docs`), or `''` at the root of its host. */
  basePath: string;
}

const Context = createContext<PageContext | null>(null);

export function PageProvider(props: { value: PageContext; children: ReactNode }) {
  return createElement(Context.Provider, { value: props.value }, props.children);
}

/** Prefix a site path with a locale (`/jobs` -> `/de/jobs`; the default locale has no prefix). */
export function localizePath(path: string, code: string, defaultLocale: string): string {
  if (!path.startsWith('/')) path = '/' + path;
  if (code === defaultLocale) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

export interface I18n {
  locale: Locale;
  locales: readonly Locale[];
  /** Plain text of a message: for attributes, titles, alt texts. */
  t(key: string, values?: Record<string, PrimitiveType>): string;
  /** A message with rich-text tags (<b>, <em>, ...) as elements; pass functions for others. */
  rich(key: string, values?: Values): ReactNode;
  /**
   * `localePath('/jobs')` is `/de/jobs` in de; a second argument picks another locale. On a site
   * served from a folder (`url: 'https://me.github.io/docs'`) it starts with it: `/docs/de/jobs`.
   */
  localePath(path: string, code?: string): string;
  /**
   * Route path of the current page without locale prefix: `/jobs`, `/` (on a `.html` alias, the
   * route's path). On the not-found page it is `/404`, which is no route's path, so a layout that
   * marks the current nav link marks none there.
   */
  path: string;
  /** True on the not-found page (`pages/404.tsx`), which every locale writes as its `404.html`. */
  isNotFound: boolean;
  /**
   * The page the visitor is on, in another locale, for language links: `/ja/jobs`, the `.html`
   * form on an alias (`/ja/community_privacy_policy/history.html`), that locale's home on the
   * not-found page (`/ja`).
   */
  switchLocalePath(code: string): string;
  site: SiteInfo;
  /** The assets' URL, ending in `/`: `/_static/`, `/docs/_static/` on a site served from a folder, or a CDN URL. */
  assetsBase: string;
  /**
   * The folder the site is served from, without a trailing slash (`/docs` for a `url` of
   * `https://me.github.io/docs`), or `''` at the root of its host: the start of a link to a file
   * of the static folder, `${basePath}/images/team.jpg`. (localePath and switchLocalePath add it.)
   */
  basePath: string;
  /**
   * Forms of a `{count, plural, ...}` message for browser code: `{ one: '# result', other: '# results' }`,
   * `#` standing for the number. Render it as `data-plural={JSON.stringify(pluralTemplates(key))}`.
   */
  pluralTemplates(key: string): Record<string, string>;
  /** Formats a calendar date (`2026-03-01`) in the current locale; a page that gives another form fails, naming it. */
  formatDate(iso: string, style?: 'full' | 'long' | 'medium' | 'short'): string;
}

export function useI18n(): I18n {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useI18n() was called outside a page rendered by sitegen');
  // Every component of a document asks for it (the header, each language switcher, each icon
  // link...): made once per document, not with a dozen new functions at every call. A thread
  // renders one document at a time, so the last one made is kept. (Kept in a WeakMap by context,
  // a cold build at 20 times the real site's size took more user time than with a new object at
  // every call: 5,850 against 5,110 ms, medians of 6 alternating rounds.)
  if (last?.ctx !== ctx) last = { ctx, i18n: i18nFor(ctx) };
  return last.i18n;
}

let last: { ctx: PageContext; i18n: I18n } | null = null;

function i18nFor(ctx: PageContext): I18n {
  const { translator, locale } = ctx;
  return {
    locale,
    locales: ctx.locales,
    t: (key, values) => translator.t(key, values),
    rich: (key, values) => translator.rich(key, values),
    pluralTemplates: (key) => translator.pluralForms(key),
    localePath: (path, code = locale.code) => ctx.basePath + localizePath(path, code, ctx.defaultLocale),
    path: ctx.path,
    isNotFound: ctx.isNotFound,
    switchLocalePath: (code) => ctx.basePath + localizePath(ctx.isNotFound ? '/' : ctx.documentPath, code, ctx.defaultLocale),
    site: ctx.site,
    assetsBase: ctx.assetsBase,
    basePath: ctx.basePath,
    formatDate: (iso, style = 'long') => dateFormat(locale.iso, style)(iso),
  };
}

const DATE_STYLES = new Set(['full', 'long', 'medium', 'short']);
/** A calendar date as formatDate takes it: `2026-03-01`. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const dateFormats = new Map<string, (iso: string) => string>();
/**
 * Intl formatters are costly to create: one per locale and style. Each date is formatted once per
 * formatter: every page of a locale that shows a date shows the same few.
 */
function dateFormat(iso: string, style: 'full' | 'long' | 'medium' | 'short'): (date: string) => string {
  const key = `${iso}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    if (!DATE_STYLES.has(style)) throw new Error(`formatDate(date, ${JSON.stringify(style)}): the style is one of 'long' (the default), 'medium', 'short' or 'full'.`);
    const intl = new Intl.DateTimeFormat(iso, { dateStyle: style, timeZone: 'UTC' });
    const texts = new Map<string, string>();
    format = (date) => {
      let text = texts.get(date);
      if (text === undefined) {
        const day = new Date(date + 'T00:00:00Z');
        // Also a day the month lacks (2026-02-30), which Date would carry into the next month.
        if (typeof date !== 'string' || !ISO_DATE.test(date) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) {
          throw new Error(`formatDate(${JSON.stringify(date)}): a date is a day of the calendar written YYYY-MM-DD, such as 2026-03-01.`);
        }
        text = intl.format(day);
        // A long dev session may format many: start afresh past a bound.
        if (texts.size >= MAX_DATES) texts.clear();
        texts.set(date, text);
      }
      return text;
    };
    dateFormats.set(key, format);
  }
  return format;
}
const MAX_DATES = 10_000;
