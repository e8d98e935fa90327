/**
 * What the site's pages and components import as `sitegen` when Eleventy renders them: the same
 * page context and `useI18n()` as sitegen's page API (src/page-api.ts), written against this
 * folder's own React so that the pages, react-dom/server and this context share one copy.
 */
import { createContext, createElement, useContext } from 'react';

const Context = createContext(null);

export function PageProvider(props) {
  return createElement(Context.Provider, { value: props.value }, props.children);
}

/** The config file's `defineConfig` is the identity, as in sitegen. */
export const defineConfig = (config) => config;

/** `/jobs` -> `/de/jobs`; the default locale has no prefix. */
export function localizePath(path, code, defaultLocale) {
  if (!path.startsWith('/')) path = '/' + path;
  if (code === defaultLocale) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

const dateFormats = new Map();
function dateFormat(iso, style) {
  const key = `${iso}|${style}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(iso, { dateStyle: style, timeZone: 'UTC' })));
  return format;
}

export function useI18n() {
  const ctx = useContext(Context);
  if (!ctx) throw new Error('useI18n() outside a page');
  const { translator, locale } = ctx;
  return {
    locale,
    locales: ctx.locales,
    t: (key, values) => translator.t(key, values),
    rich: (key, values) => translator.rich(key, values),
    pluralTemplates: (key) => translator.pluralForms(key),
    localePath: (path, code = locale.code) => localizePath(path, code, ctx.defaultLocale),
    path: ctx.path,
    isNotFound: ctx.isNotFound,
    switchLocalePath: (code) => localizePath(ctx.isNotFound ? '/' : ctx.documentPath, code, ctx.defaultLocale),
    site: ctx.site,
    assetsBase: ctx.assetsBase,
    formatDate: (iso, style = 'long') => dateFormat(locale.iso, style).format(new Date(iso + 'T00:00:00Z')),
  };
}
