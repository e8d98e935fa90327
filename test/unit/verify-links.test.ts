import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/verify/links.ts';

describe('extractLinks', () => {
  it('collects every <a href> once, with its hreflang, entities decoded', () => {
    const html =
      '<!doctype html><html><head><title>a &lt;b&gt;</title></head><body>' +
      '<a href="/de/jobs?team=a&amp;b=1">x</a><A HREF="/de/jobs?team=a&amp;b=1">again</A>' +
      '<a hreflang="fr" href="/fr">fr</a><a href="/fr">no lang</a><a name="top">no href</a>' +
      "<a href='/single' href=\"/second\">first wins</a><a href=/bare>bare</a></body></html>";
    expect(extractLinks(html).links).toEqual([
      { href: '/de/jobs?team=a&b=1', hreflang: null },
      { href: '/fr', hreflang: 'fr' },
      { href: '/fr', hreflang: null },
      { href: '/single', hreflang: null },
      { href: '/bare', hreflang: null },
    ]);
  });

  it('counts <link rel="alternate" hreflang> and ignores other links', () => {
    const html =
      '<head><link rel="alternate" hreflang="en" href="/"><link rel="alternate" hreflang="x-default" href="/" />' +
      '<link rel="alternate" href="/feed.xml"><link rel="stylesheet" href="/s.css"><link rel="canonical" href="/"></head>';
    expect(extractLinks(html)).toEqual({ links: [], alternates: 2 });
  });

  it('does not take markup inside scripts, styles or comments for links', () => {
    const html =
      '<script type="application/json">{"html":"<a href=\\"/in-script\\">"}</script><style>a[href="/in-style"]{}</style>' +
      '<!-- <a href="/in-comment"> --><abbr title="x">abbr</abbr><a href="/real">real</a>';
    expect(extractLinks(html).links).toEqual([{ href: '/real', hreflang: null }]);
  });
});
