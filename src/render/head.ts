import type { Locale } from '../locales.ts';
import { absoluteUrl, localizePath } from '../paths.ts';
import { escapeHtml } from '../html/escape.ts';

/** One head element, as written into the page and handed to the runtime in the payload. */
export type { HeadTag } from '../runtime/types.ts';
import type { HeadTag } from '../runtime/types.ts';
import type { SocialImageTags } from '../social-image.ts';

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
  /** Its path (from the site's root) or absolute URL, and its size when known (social-image.ts). */
  socialImage: SocialImageTags;
  /** A page kept out of search engines (its head's `noindex`): a robots noindex beside its canonical links. */
  noindex?: boolean;
}

/**
 * Description, canonical, hreflang alternates (every locale plus x-default), Open Graph and
 * Twitter tags of one page. The not-found page gets a robots noindex instead of canonical links; a
 * page whose head says `noindex` gets one too, beside them.
 * The tags that are the same on every page of a locale (25 of ~47: the site's name and image, the
 * locale and its 17 alternates) are made once per locale and shared, frozen, with their HTML text
 * (renderTag).
 */
export function headTags(input: HeadInput): HeadTag[] {
  const { locale, locales, defaultLocale, baseUrl, routePath } = input;
  const tags: HeadTag[] = [{ tag: 'meta', attrs: { name: 'description', content: input.description } }];
  if (routePath === null || input.noindex) tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
  if (routePath !== null) {
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
  const shared = localeTags(locale, locales, input.siteName, input.socialImage, baseUrl);
  tags.push(...shared.site, meta('property', 'og:title', input.title), meta('property', 'og:description', input.description), ...shared.locale);
  tags.push(shared.twitterCard, meta('name', 'twitter:title', input.title), meta('name', 'twitter:description', input.description), shared.twitterImage);
  return tags;
}

function meta(kind: 'property' | 'name', key: string, content: string): HeadTag {
  return { tag: 'meta', attrs: kind === 'property' ? { property: key, content } : { name: key, content } };
}

interface LocaleTags {
  /** og:type and og:site_name. */
  site: HeadTag[];
  /** og:image with its size (when known), og:locale and the other locales' og:locale:alternate. */
  locale: HeadTag[];
  twitterCard: HeadTag;
  twitterImage: HeadTag;
}

/** Per list of locales (a render context's), per locale, site name, image and base URL: the locale's shared tags. */
const sharedTags = new WeakMap<readonly Locale[], Map<string, LocaleTags>>();

function localeTags(locale: Locale, locales: readonly Locale[], siteName: string, socialImage: SocialImageTags, baseUrl: string): LocaleTags {
  let byLocale = sharedTags.get(locales);
  if (!byLocale) sharedTags.set(locales, (byLocale = new Map()));
  const { width, height } = socialImage;
  const image = /^https?:\/\//.test(socialImage.path) ? socialImage.path : baseUrl + socialImage.path;
  const id = JSON.stringify([locale.code, locale.iso, siteName, image, width, height]);
  let made = byLocale.get(id);
  if (!made) {
    const frozen = (tag: HeadTag) => Object.freeze({ tag: tag.tag, attrs: Object.freeze(tag.attrs) });
    made = {
      site: [meta('property', 'og:type', 'website'), meta('property', 'og:site_name', siteName)].map(frozen),
      locale: [
        meta('property', 'og:image', image),
        ...(width !== null && height !== null ? [meta('property', 'og:image:width', String(width)), meta('property', 'og:image:height', String(height))] : []),
        meta('property', 'og:locale', ogLocale(locale.iso)),
        ...locales.filter((l) => l.code !== locale.code).map((l) => meta('property', 'og:locale:alternate', ogLocale(l.iso))),
      ].map(frozen),
      twitterCard: frozen(meta('name', 'twitter:card', 'summary_large_image')),
      twitterImage: frozen(meta('name', 'twitter:image', image)),
    };
    byLocale.set(id, made);
  }
  return made;
}

/** Open Graph wants `de_DE`; a bare language stays as it is. */
function ogLocale(iso: string): string {
  return iso.replace('-', '_');
}

/** The HTML text of the shared, frozen tags (see headTags), made once. */
const texts = new WeakMap<HeadTag, string>();

export function renderTag(tag: HeadTag): string {
  const known = texts.get(tag);
  if (known !== undefined) return known;
  // One string built in place: every page has ~45 head tags (a profile at 20 times the real
  // site's size had most of renderTag's time in the entries' arrays and the joins).
  let html = '<' + tag.tag;
  for (const key in tag.attrs) html += ' ' + key + '="' + escapeHtml(tag.attrs[key]!) + '"';
  html += '>';
  if (Object.isFrozen(tag)) texts.set(tag, html);
  return html;
}
