/**
 * One Eleventy template per route of the site (written by bench/peers/prepare.ts): paginated over
 * the site's locales, so Eleventy writes every locale's copy of the page at sitegen's URL. The
 * template renders the site's own page component inside its layout and page context; the
 * config's `11ty.tsx` extension turns that element into HTML with react-dom/server.
 */
import { createElement } from 'react';
import { PageProvider } from './sitegen.mjs';
import { createTranslator, flatten } from './translator.mjs';

/** One translator per locale and build, made on the first page of that locale. */
const translators = new Map();
const flat = new Map();

function messagesOf(data, code) {
  let m = flat.get(code);
  if (!m) flat.set(code, (m = flatten(data.messages[code] ?? {})));
  return m;
}

function translatorFor(data, locale) {
  let tr = translators.get(locale.code);
  if (tr) return tr;
  const { site } = data;
  const chain = [locale.code.split('-')[0], site.defaultLocale].filter((c, i, all) => c !== locale.code && all.indexOf(c) === i);
  const fallbacks = chain
    .map((code) => site.locales.find((l) => l.code === code))
    .filter(Boolean)
    .map((l) => ({ locale: l, messages: messagesOf(data, l.code) }));
  tr = createTranslator({ locale, messages: messagesOf(data, locale.code) }, fallbacks, { product: site.info.product });
  translators.set(locale.code, tr);
  return tr;
}

/** `route`: `/jobs`, `/`, or `/404`; `page` and `layout`: the site's modules. */
export function pageTemplate(route, page, layout) {
  const notFound = route === '/404';
  return {
    data: {
      pagination: { data: 'site.locales', size: 1, alias: 'locale' },
      permalink: ({ locale, site }) => {
        const prefix = locale.code === site.defaultLocale ? '' : `/${locale.code}`;
        return notFound ? `${prefix}/404.html` : `${prefix}${route === '/' ? '' : route}/index.html`;
      },
      eleventyExcludeFromCollections: true,
    },
    render(data) {
      const { locale, site } = data;
      const value = {
        translator: translatorFor(data, locale), locale, locales: site.locales, defaultLocale: site.defaultLocale,
        path: route, documentPath: route, isNotFound: notFound, site: site.info, assetsBase: site.assetsBase,
      };
      return createElement(PageProvider, { value }, createElement(layout.default, null, createElement(page.default)));
    },
  };
}

