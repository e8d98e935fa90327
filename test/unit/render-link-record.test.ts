/**
 * Links for verification are recorded while React renders (src/render/jsx-runtime.ts). They must
 * be what the written HTML carries: the same as tokenizing the HTML (extractLinks) would give.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Fragment, jsx, jsxs, newLinkRecord, recordingLinks } from '../../src/render/jsx-runtime.ts';
import { extractLinks } from '../../src/verify/links.ts';

/** Renders through the recording runtime; returns what was recorded and what the HTML holds. */
function both(element: ReactElement) {
  const record = newLinkRecord();
  const html = recordingLinks(record, () => renderToStaticMarkup(element));
  return { recorded: { links: record.links, alternates: record.alternates }, parsed: extractLinks(html), html };
}

function Nav(props: { locale: string }): ReactElement {
  return jsxs('nav', {
    children: [
      jsx('a', { href: `/${props.locale}/jobs`, children: 'Jobs' }),
      jsx('a', { href: '/de', hrefLang: 'de', children: 'Deutsch' }),
      jsx('a', { href: '/fr', hreflang: 'fr', children: 'Français' }),
      jsx('a', { href: '/jobs?x=1&y="2"#top', children: 'escaped' }),
      jsx('a', { href: '', children: 'empty' }),
      jsx('a', { href: 3, children: 'number' }),
      jsx('a', { href: true, children: 'boolean: no href' }),
      jsx('a', { children: 'no href' }),
      jsx('a', { href: '/de/jobs', children: 'again: recorded once' }),
    ],
  });
}

describe('links recorded while rendering', () => {
  it('are the links and alternates the HTML carries', () => {
    const made = jsx('a', { href: '/made-but-never-rendered' });
    void made;
    const tree = jsxs(Fragment, {
      children: [
        jsx(Nav, { locale: 'de' }),
        jsx('link', { rel: 'alternate', hrefLang: 'de', href: '/de' }),
        jsx('link', { rel: 'alternate', href: '/no-hreflang' }),
        jsx('link', { rel: 'stylesheet', hrefLang: 'de', href: '/x.css' }),
        jsx('svg', { children: jsx('a', { href: '/in-svg' }) }),
        jsx('div', { dangerouslySetInnerHTML: { __html: '<p><a href="/raw">raw</a><link rel="alternate" hreflang="it" href="/it"></p>' } }),
        jsx('textarea', { defaultValue: '<a href="/text">not a link</a>' }),
        jsx('script', { dangerouslySetInnerHTML: { __html: 'document.write("<a href=\\"/script\\">")' } }),
        false,
        null,
      ],
    });
    const { recorded, parsed } = both(tree);
    expect(recorded.links).toEqual(parsed.links);
    expect(recorded.alternates).toBe(parsed.alternates);
    expect(recorded.links.map((l) => l.href)).toContain('/raw');
    expect(recorded.links.map((l) => l.href)).not.toContain('/made-but-never-rendered');
    expect(recorded.alternates).toBe(2);
  });

  it('keep each pair of href and hreflang once, however many links of one href have other hreflangs', () => {
    const tree = jsxs('nav', {
      children: ['/x', '/x', 'de', '/x', 'fr', 'de', null, 'fr', 'it'].map((lang, i) =>
        jsx('a', { href: i === 6 ? '/y' : '/x', ...(lang === null || lang.startsWith('/') ? {} : { hrefLang: lang }), children: String(i) }, String(i)),
      ),
    });
    const { recorded, parsed } = both(tree);
    expect(recorded.links).toEqual([
      { href: '/x', hreflang: null },
      { href: '/x', hreflang: 'de' },
      { href: '/x', hreflang: 'fr' },
      { href: '/y', hreflang: null },
      { href: '/x', hreflang: 'it' },
    ]);
    expect(recorded.links).toEqual(parsed.links);
  });

  it('are the files the HTML loads (images, srcsets, media, frames, scripts, stylesheets), each URL with its element and attribute', () => {
    const tree = jsxs('main', {
      children: [
        jsx('img', { srcSet: '/a.png 1x, /b.png 2x', src: '/a.png', alt: '' }),
        jsx('img', { src: '/a.png', alt: 'again' }),
        jsx('img', { alt: 'no src', src: '' }),
        jsxs('picture', { children: [jsx('source', { srcSet: '/c.avif', type: 'image/avif' }), jsx('img', { src: 3, alt: '' })] }),
        jsxs('video', { poster: '/p.jpg', src: '/v.mp4', children: [jsx('track', { src: '/t.vtt' })] }),
        jsx('audio', { src: '/s.mp3' }),
        jsx('iframe', { src: '/embed', title: 'x' }),
        jsx('object', { data: '/d.pdf' }),
        jsx('script', { src: '/x.js' }),
        jsx('link', { rel: 'stylesheet', href: '/s.css' }),
        jsx('video', { src: '/raw.mp4', dangerouslySetInnerHTML: { __html: '<source src="/in-raw.webm">' } }),
        jsx('div', { src: '/not-loaded' }),
      ],
    });
    const { recorded, html } = both(tree);
    // React's own preloads of the images, at the start, are their URLs again: not recorded.
    expect(html).toMatch(/^<link rel="preload" as="image" imageSrcSet="\/a\.png 1x, \/b\.png 2x"\/><link rel="preload" as="image" href="\/a\.png"\/><main>/);
    expect(recorded.links).toEqual(extractLinks(html.slice(html.indexOf('<main>'))).links);
    expect(recorded.links.map((l) => `${l.hreflang!.slice(1)}=${l.href}`)).toEqual([
      'img srcset=/a.png',
      'img srcset=/b.png',
      'img src=/a.png',
      'source srcset=/c.avif',
      'img src=3',
      'video poster=/p.jpg',
      'video src=/v.mp4',
      'track src=/t.vtt',
      'audio src=/s.mp3',
      'iframe src=/embed',
      'object data=/d.pdf',
      'script src=/x.js',
      'link href=/s.css',
      'video src=/raw.mp4',
      'source src=/in-raw.webm',
    ]);
  });

  it('are where forms are sent, as links of the page (a form\'s action, a button\'s or input\'s formAction), also inside raw HTML', () => {
    const tree = jsxs('main', {
      children: [
        jsxs('form', { action: '/search', method: 'get', children: [jsx('input', { name: 'q' }), jsx('button', { formAction: '/other', children: 'Go' }), jsx('input', { type: 'submit', formAction: '/third' })] }),
        jsx('form', { action: '', children: jsx('button', { children: 'no action' }) }),
        jsx('form', { 'data-enhance': 'slider', action: 'https://forms.example/x' }),
        jsx('div', { dangerouslySetInnerHTML: { __html: '<form action="/raw"><button formaction="/raw-button">x</button></form>' } }),
      ],
    });
    const { recorded, parsed } = both(tree);
    expect(recorded.links).toEqual(parsed.links);
    expect(recorded.links).toEqual(['/search', '/other', '/third', 'https://forms.example/x', '/raw', '/raw-button'].map((href) => ({ href, hreflang: null })));
  });

  it('are the data-enhance names the HTML carries, on any element, split as the runtime splits them', () => {
    const made = jsx('div', { 'data-enhance': 'made-but-never-rendered' });
    void made;
    const tree = jsxs('main', {
      children: [
        jsx('section', { 'data-enhance': 'slider', children: jsx('div', { 'data-enhance': 'slider  jobs-filter' }) }),
        jsx('a', { href: '/x', 'data-enhance': 'mobile-menu' }),
        jsx('header', { 'data-enhance': true }),
        jsx('div', { 'data-enhance': 'cookie-notice', dangerouslySetInnerHTML: { __html: '<p data-enhance="in-raw">x</p>' } }),
        jsx('template', { dangerouslySetInnerHTML: { __html: '' } }),
      ],
    });
    const record = newLinkRecord();
    const html = recordingLinks(record, () => renderToStaticMarkup(tree));
    expect(record.enhancers).toEqual(['slider', 'jobs-filter', 'mobile-menu', 'true', 'in-raw', 'cookie-notice']);
    expect([...record.enhancers].sort()).toEqual([...extractLinks(html).enhancers].sort());
  });

  it('keep keys and markup as React renders them without the recorder', () => {
    const list = jsx('ul', { children: ['/a', '/b'].map((href) => jsx('li', { children: jsx('a', { href, children: href }) }, href)) });
    expect(both(list).html).toBe('<ul><li><a href="/a">/a</a></li><li><a href="/b">/b</a></li></ul>');
  });

  it('hand keyed elements on without React\'s "key prop is being spread into JSX" warning (its development build)', () => {
    // The development build is the one that warns; it marks each element it makes with _store.
    expect((jsx('a', {}) as unknown as { _store?: object })._store).toBeDefined();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // React warns once per element and props shape: `data-case` keeps this shape apart from other tests'.
      const tree = jsxs('div', {
        children: [
          ...['de', 'fr'].map((code) => jsx('a', { 'data-case': 'keyed', hrefLang: code, href: `/${code}`, children: code }, code)),
          jsx('link', { 'data-case': 'keyed', rel: 'alternate', hrefLang: 'de', href: '/de' }, 'alternate'),
          jsx('p', { 'data-case': 'keyed', dangerouslySetInnerHTML: { __html: '<a href="/raw">raw</a>' } }, 'raw'),
          jsx('a', { 'data-case': 'keyed', dangerouslySetInnerHTML: { __html: 'raw anchor' }, href: '/raw-anchor' }, 'raw-anchor'),
          jsx('div', { 'data-case': 'keyed', 'data-enhance': 'slider' }, 'enhanced'),
        ],
      });
      const { recorded, html } = both(tree);
      expect(recorded.links.map((l) => l.href)).toEqual(['/de', '/fr', '/raw', '/raw-anchor']);
      expect(html).toContain('<a data-case="keyed" hrefLang="de" href="/de">de</a>');
      expect(error.mock.calls.map((call) => call.join(' '))).toEqual([]);
    } finally {
      error.mockRestore();
    }
  });

  it('record nothing outside a recorded render', () => {
    const record = newLinkRecord();
    renderToStaticMarkup(jsx('a', { href: '/outside' }));
    expect(record.links).toEqual([]);
  });
});
