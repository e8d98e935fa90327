/** renderTag: one head element as the document carries it, attributes in their order, values escaped. */
import { describe, expect, it } from 'vitest';
import { renderTag } from '../../src/render/head.ts';

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
