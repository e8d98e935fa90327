import type { Locale } from '../locales.ts';
import { absoluteUrl, localizePath } from '../paths.ts';
import { escapeHtml } from '../html/escape.ts';

/** One head element, as written into the page and handed to the runtime in the payload. */
export type { HeadTag } from '../runtime/types.ts';
import type { HeadTag } from '../runtime/types.ts';

export const SOCIAL_IMAGE = { width: 894, height: 651 } as const;

export interface HeadInput {
  title: string;
  description: string;
  /** Route path without locale prefix (`/jobs`); null for the not-found page. */
  routePath: string | null;
  locale: Locale;
  locales: readonly Locale[];
  defaultLocale: string;
  baseUrl: string;
  siteName: string;
  socialImage: string;
}

/**
 * Description, canonical, hreflang alternates (every locale plus x-default), Open Graph and
 * Twitter tags of one page. The not-found page gets a robots noindex instead of canonical links.
 */
export function headTags(input: HeadInput): HeadTag[] {
  const { locale, locales, defaultLocale, baseUrl, routePath } = input;
  const tags: HeadTag[] = [{ tag: 'meta', attrs: { name: 'description', content: input.description } }];
  const image = /^https?:\/\//.test(input.socialImage) ? input.socialImage : baseUrl + input.socialImage;
  if (routePath === null) {
    tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  } else {
    const url = absoluteUrl(baseUrl, localizePath(routePath, locale.code, defaultLocale));
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
    for (const other of locales) {
      const href = absoluteUrl(baseUrl, localizePath(routePath, other.code, defaultLocale));
      tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: other.iso, href } });
    }
    tags.push({
      tag: 'link',
      attrs: { rel: 'alternate', hreflang: 'x-default', href: absoluteUrl(baseUrl, localizePath(routePath, defaultLocale, defaultLocale)) },
    });
    tags.push({ tag: 'meta', attrs: { property: 'og:url', content: url } });
  }
  const og: [string, string][] = [
    ['og:type', 'website'],
    ['og:site_name', input.siteName],
    ['og:title', input.title],
    ['og:description', input.description],
    ['og:image', image],
    ['og:image:width', String(SOCIAL_IMAGE.width)],
    ['og:image:height', String(SOCIAL_IMAGE.height)],
    ['og:locale', ogLocale(locale.iso)],
    ...locales.filter((l) => l.code !== locale.code).map((l): [string, string] => ['og:locale:alternate', ogLocale(l.iso)]),
  ];
  for (const [property, content] of og) tags.push({ tag: 'meta', attrs: { property, content } });
  const twitter: [string, string][] = [
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', input.title],
    ['twitter:description', input.description],
    ['twitter:image', image],
  ];
  for (const [name, content] of twitter) tags.push({ tag: 'meta', attrs: { name, content } });
  return tags;
}

/** Open Graph wants `de_DE`; a bare language stays as it is. */
function ogLocale(iso: string): string {
  return iso.replace('-', '_');
}

export function renderTag(tag: HeadTag): string {
  // One string built in place: every page has ~45 head tags (a profile at 20 times the real
  // site's size had most of renderTag's time in the entries' arrays and the joins).
  let html = '<' + tag.tag;
  for (const key in tag.attrs) html += ' ' + key + '="' + escapeHtml(tag.attrs[key]!) + '"';
  return html + '>';
}
