/** escapeHtml: text for HTML content and double-quoted attributes, shared by the renderer, the sitemap and the reports. */
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../src/html/escape.ts';

describe('escapeHtml', () => {
  it('escapes the five characters HTML gives a meaning, everywhere in the text', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
    expect(escapeHtml('&&')).toBe('&amp;&amp;');
    expect(escapeHtml('ends with &')).toBe('ends with &amp;');
  });

  it('gives text with nothing to escape back as it is', () => {
    for (const text of ['', 'https://example.com/de/jobs?x=1', 'Über uns — 日本語 ✓']) expect(escapeHtml(text)).toBe(text);
  });
});
