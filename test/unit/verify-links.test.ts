import { describe, expect, it } from 'vitest';
import { extractLinks } from '../../src/verify/links.ts';
import { resourceMark, resourceOf, srcsetUrls } from '../../src/verify/resources.ts';
import { isPageRelative, linkTarget, pageUrl } from '../../src/verify/link-target.ts';

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

  it('counts <link rel="alternate" hreflang>, takes the file a stylesheet or icon link loads, and ignores other links', () => {
    const html =
      '<head><link rel="alternate" hreflang="en" href="/"><link rel="alternate" hreflang="x-default" href="/" />' +
      '<link rel="alternate" href="/feed.xml"><link rel="stylesheet" href="/s.css"><link rel="canonical" href="/">' +
      '<link rel="Shortcut Icon" href="/i.ico"><link rel="preconnect" href="https://fonts.example"></head>';
    expect(extractLinks(html)).toEqual({
      links: [
        { href: '/s.css', hreflang: resourceMark('link', 'href') },
        { href: '/i.ico', hreflang: resourceMark('link', 'href') },
      ],
      alternates: 2,
      enhancers: [],
    });
  });

  it('takes the files elements load, each URL of a srcset, in the order of the attributes, with their element and attribute', () => {
    const html =
      '<IMG SRCSET="/a.png 1x, /b.png 2x" src="/a.png"><img src="/a.png"><picture><source srcset="/c.avif" type="image/avif"></picture>' +
      '<video poster="/p.jpg" src="/v.mp4"><track src="/t.vtt"></video><audio src="/s.mp3"></audio><iframe src="/embed"></iframe>' +
      '<embed src="/e.swf"><object data="/d.pdf"></object><script src="/x.js"></script><img alt="no src"><div src="/not-loaded"></div>';
    // Each as `element attribute=URL`.
    expect(extractLinks(html).links.map((l) => `${resourceOf(l.hreflang)}=${l.href}`)).toEqual([
      'img srcset=/a.png',
      'img srcset=/b.png',
      'img src=/a.png',
      'source srcset=/c.avif',
      'video poster=/p.jpg',
      'video src=/v.mp4',
      'track src=/t.vtt',
      'audio src=/s.mp3',
      'iframe src=/embed',
      'embed src=/e.swf',
      'object data=/d.pdf',
      'script src=/x.js',
    ]);
  });

  it('collects data-enhance names of any element, each once, entities decoded', () => {
    const html =
      '<header DATA-ENHANCE="mobile-menu"><div data-enhance="slider jobs&#45;filter" data-enhance="ignored"></div>' +
      '<a href="/x" data-enhance="slider">x</a><section data-enhancer="not-it"></section><p data-enhance>empty</p></header>';
    expect(extractLinks(html).enhancers).toEqual(['mobile-menu', 'slider', 'jobs-filter']);
  });

  it('takes where forms are sent as links: a form\'s action, a button\'s or input\'s formaction, when not empty', () => {
    const html = '<FORM ACTION="/search"><button formaction="/other">x</button><input type="submit" formAction="/third"></FORM><form action=""></form><form><button>no action</button></form>';
    expect(extractLinks(html).links).toEqual(['/search', '/other', '/third'].map((href) => ({ href, hreflang: null })));
  });

  it('does not take markup inside scripts, styles or comments for links', () => {
    const html =
      '<script type="application/json">{"html":"<a href=\\"/in-script\\">"}</script><style>a[href="/in-style"]{}</style>' +
      '<!-- <a href="/in-comment"> --><abbr title="x">abbr</abbr><a href="/real">real</a>';
    expect(extractLinks(html).links).toEqual([{ href: '/real', hreflang: null }]);
  });
});

describe('linkTarget: where a link leads from the page it is on', () => {
  const base = pageUrl('https://site.example', '/de/jobs');

  it('resolves relative links, dot segments and stray whitespace against the page URL', () => {
    expect(linkTarget('nope', base)).toBe('/de/nope');
    expect(linkTarget('./nope', base)).toBe('/de/nope');
    expect(linkTarget('../fr/jobs', base)).toBe('/fr/jobs');
    expect(linkTarget(' /de/nope', base)).toBe('/de/nope');
    expect(linkTarget('/de/jobs/../nope', base)).toBe('/de/nope');
    expect(linkTarget('/de/jobs/?team=a#open', base)).toBe('/de/jobs');
    expect(linkTarget('?q=x', base)).toBe('/de/jobs');
    expect(linkTarget('/', base)).toBe('/');
    expect(linkTarget('/de/%C3%BCber', base)).toBe('/de/über');
  });

  it("asks a page URL given as a function only for a link that is not a plain path, and resolves the others as with the URL", () => {
    let asked = 0;
    const lazy = () => (asked++, base);
    expect(linkTarget('/de/jobs/', lazy)).toBe('/de/jobs');
    expect(linkTarget('/fr', lazy)).toBe('/fr');
    expect(linkTarget('#main', lazy)).toBe(null);
    expect(asked).toBe(0);
    expect(linkTarget('../fr/jobs', lazy)).toBe('/fr/jobs');
    expect(linkTarget('https://other.example/x', lazy)).toBe(null);
    expect(asked).toBe(2);
  });

  it("checks absolute links to the site's own origin, and lets other origins and schemes go", () => {
    expect(linkTarget('https://site.example/de/nope', base)).toBe('/de/nope');
    expect(linkTarget('//site.example/de/nope', base)).toBe('/de/nope');
    expect(linkTarget('HTTPS://SITE.EXAMPLE/de/jobs', base)).toBe('/de/jobs');
    expect(linkTarget('https://other.example/de/nope', base)).toBeNull();
    expect(linkTarget('//other.example/x', base)).toBeNull();
    expect(linkTarget('http://site.example:8080/x', base)).toBeNull();
    expect(linkTarget('mailto:a@site.example', base)).toBeNull();
    expect(linkTarget('tel:+123', base)).toBeNull();
    expect(linkTarget('javascript:void(0)', base)).toBeNull();
  });

  it('gives for root-relative paths exactly what the URL parser gives (the plain ones skip it)', () => {
    const fromUrl = (href: string) => {
      let url: URL;
      try {
        url = new URL(href, base);
      } catch {
        return null;
      }
      if (url.origin !== base.origin) return null;
      const p = decodeURIComponent(url.pathname);
      return p.length > 1 ? p.replace(/\/+$/, '') || '/' : '/';
    };
    const hrefs = [
      '/', '//', '/de', '/de/', '/de/jobs///', '/de//x', '/a/./b', '/a/.', '/a/..', '/a/../../b', '/.x', '/x.', '/a..b/',
      "/a'b(c)*!$&+,;=:@~_-", '/a b', '/a\\b', '/a"b', '/a<b>', '/a`b', '/a{b}', '/a|b', '/a^b', '/a[b]', '/über', '/a%2e%2E/b',
      '/%2e/x', '/de/jobs?x', '/de/jobs#x', '/\tx', '/x\n',
    ];
    for (const href of hrefs) expect([href, linkTarget(href, base)]).toEqual([href, fromUrl(href)]);
  });

  it('leaves same-document links alone', () => {
    expect(linkTarget('', base)).toBeNull();
    expect(linkTarget('  ', base)).toBeNull();
    expect(linkTarget('#main', base)).toBeNull();
  });

  it('knows which hrefs depend on the page they are on', () => {
    expect(['nope', './nope', ' ../x', '?q', 'de/jobs'].map(isPageRelative)).toEqual([true, true, true, true, true]);
    expect(['/de', ' /de/nope', '//site.example/x', 'https://site.example/x', 'mailto:x'].map(isPageRelative)).toEqual([false, false, false, false, false]);
  });
});

describe('srcsetUrls: the URLs of a srcset, as the HTML standard reads them', () => {
  it.each([
    ['/a.png 1x, /b.png 2x', ['/a.png', '/b.png']],
    ['/a.png', ['/a.png']],
    ['  /a.png 480w,/b.png   800w , ', ['/a.png', '/b.png']],
    ['/a,b.png 1x, /c.png 2x', ['/a,b.png', '/c.png']],
    ['/a.png,/b.png', ['/a.png,/b.png']],
    ['/a.png, /b.png', ['/a.png', '/b.png']],
    ['data:image/png;base64,AAA= 1x, /b.png 2x', ['data:image/png;base64,AAA=', '/b.png']],
    ['/a.png (max-width: 1px, 2x) 1x, /b.png', ['/a.png', '/b.png']],
    ['', []],
  ])('%j', (srcset, urls) => {
    expect(srcsetUrls(srcset)).toEqual(urls);
  });

  it('marks a resource apart from any hreflang', () => {
    expect(resourceOf(resourceMark('img', 'src'))).toBe('img src');
    expect(resourceOf('de')).toBeNull();
    expect(resourceOf(null)).toBeNull();
  });
});
