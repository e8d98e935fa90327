/** renderTag: one head element as the document carries it, attributes in their order, values escaped. */
import { describe, expect, it } from 'vitest';
import { headTags, renderTag, type HeadInput, type HeadTag } from '../../src/render/head.ts';

describe('renderTag', () => {
  it('writes the attributes in their order, each value escaped for a double-quoted attribute', () => {
    expect(renderTag({ tag: 'meta', attrs: { property: 'og:title', content: 'Tom & "Jerry" <3 it\'s' } })).toBe(
      '<meta property="og:title" content="Tom &amp; &quot;Jerry&quot; &lt;3 it&#39;s">',
    );
    expect(renderTag({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: 'https://example.com/' } })).toBe(
      '<link rel="alternate" hreflang="x-default" href="https://example.com/">',
    );
    expect(renderTag({ tag: 'meta', attrs: {} })).toBe('<meta>');
  });
});

describe('headTags', () => {
  const locales = [
    { code: 'en', iso: 'en-US', name: 'English', dir: 'ltr' },
    { code: 'de', iso: 'de-DE', name: 'Deutsch', dir: 'ltr' },
    { code: 'ja', iso: 'ja-JP', name: '日本語', dir: 'ltr' },
  ] as unknown as HeadInput['locales'];
  const image = { path: '/og.png', width: 1200, height: 630 };
  const page = (routePath: string | null, locale = locales[1]!, title = 'T', socialImage: HeadInput['socialImage'] = image) =>
    headTags({ title, description: 'D "q"', routePath, locale, locales, defaultLocale: 'en', baseUrl: 'https://example.com', siteName: 'Site & Co', socialImage });

  it("gives pages of one locale the same shared tags for what they have in common, and each page its own title, description and links", () => {
    const a = page('/jobs', locales[1], 'Jobs');
    const b = page('/about', locales[1], 'About');
    const property = (tags: HeadTag[], name: string) => tags.filter((t) => t.attrs.property === name);
    expect(property(a, 'og:locale:alternate').map((t) => t.attrs.content)).toEqual(['en_US', 'ja_JP']);
    expect(property(b, 'og:locale:alternate')[0]).toBe(property(a, 'og:locale:alternate')[0]);
    expect(property(b, 'og:image')[0]).toBe(property(a, 'og:image')[0]);
    expect(Object.isFrozen(property(a, 'og:site_name')[0]) && Object.isFrozen(property(a, 'og:site_name')[0]!.attrs)).toBe(true);
    expect(property(a, 'og:title')[0]!.attrs.content).toBe('Jobs');
    expect(property(b, 'og:title')[0]!.attrs.content).toBe('About');
    expect(property(page('/jobs', locales[2]), 'og:locale')[0]!.attrs.content).toBe('ja_JP');
  });

  it('writes the tags in the order and with the text the page carries, shared or not', () => {
    const tags = page('/jobs');
    expect(tags.map((t) => t.attrs.property ?? t.attrs.name ?? `${t.attrs.rel} ${t.attrs.hreflang ?? ''}`.trim())).toEqual([
      'description', 'canonical', 'alternate en-US', 'alternate de-DE', 'alternate ja-JP', 'alternate x-default', 'og:url',
      'og:type', 'og:site_name', 'og:title', 'og:description', 'og:image', 'og:image:width', 'og:image:height', 'og:locale', 'og:locale:alternate', 'og:locale:alternate',
      'twitter:card', 'twitter:title', 'twitter:description', 'twitter:image',
    ]);
    const html = tags.map(renderTag);
    // A shared tag's text is made once and is what an equal tag of a page's own gives.
    expect(page('/about').map(renderTag)[8]).toBe(html[8]);
    expect(html[8]).toBe(renderTag({ tag: 'meta', attrs: { property: 'og:site_name', content: 'Site & Co' } }));
    expect(html[8]).toBe('<meta property="og:site_name" content="Site &amp; Co">');
    expect(html[11]).toBe('<meta property="og:image" content="https://example.com/og.png">');
    expect(html.slice(12, 14)).toEqual(['<meta property="og:image:width" content="1200">', '<meta property="og:image:height" content="630">']);
    expect(page(null).slice(0, 2).map(renderTag)).toEqual(['<meta name="description" content="D &quot;q&quot;">', '<meta name="robots" content="noindex">']);
  });

  it('gives og:image an absolute URL as it is, and leaves out its width and height when its size is not known', () => {
    const tags = page('/jobs', locales[1], 'T', { path: 'https://cdn.example/card.jpg', width: null, height: null });
    const og = tags.filter((t) => t.attrs.property?.startsWith('og:image')).map(renderTag);
    expect(og).toEqual(['<meta property="og:image" content="https://cdn.example/card.jpg">']);
    expect(tags.find((t) => t.attrs.name === 'twitter:image')!.attrs.content).toBe('https://cdn.example/card.jpg');
    // Another size of the same image is not the shared tags of the first.
    const other = page('/jobs', locales[1], 'T', { ...image, width: 600, height: 315 }).filter((t) => t.attrs.property === 'og:image:width');
    expect(other.map(renderTag)).toEqual(['<meta property="og:image:width" content="600">']);
  });
});
