import { describe, expect, it } from 'vitest';
import { injectClient, isAllowedEventRequest, shellFingerprint, CLIENT_PATH } from '../../src/dev/live-reload.ts';
import { renderOverlay, toProblem } from '../../src/dev/overlay.ts';
import { createHostPolicy } from '../../src/dev/host-guard.ts';
import { errors } from '../../src/errors.ts';

describe('injectClient', () => {
  it('adds the client script, with the shell fingerprint, before </head>, or in front when there is no head', () => {
    const doc = '<html><head><title>x</title></head><body></body></html>';
    expect(injectClient(doc)).toBe(
      `<html><head><title>x</title><script type="module" src="${CLIENT_PATH}" data-shell="${shellFingerprint(doc)}"></script></head><body></body></html>`,
    );
    expect(injectClient('<p>x</p>')).toBe(`<script type="module" src="${CLIENT_PATH}" data-shell="${shellFingerprint('<p>x</p>')}"></script><p>x</p>`);
  });

  it('names the file served, escaped, so the client of a not-found page knows which page it shows', () => {
    expect(injectClient('<p>x</p>', '/de/404.html')).toContain(' data-page="/de/404.html"></script>');
    expect(injectClient('<p>x</p>', '/a"b<c&/index.html')).toContain(' data-page="/a&quot;b&lt;c&amp;/index.html"></script>');
  });
});

describe('shellFingerprint', () => {
  const page = (parts: { head?: string; header?: string; main?: string; mainAttrs?: string } = {}) =>
    `<!doctype html><html lang="de"><head><title>T</title>${parts.head ?? '<meta name="description" content="d">'}</head>` +
    `<body><header>${parts.header ?? '<a href="/de">Start</a>'}</header>` +
    `<main id="main"${parts.mainAttrs ?? ' tabindex="-1"'}>${parts.main ?? '<h1>Hallo</h1>'}</main><footer>f</footer></body></html>`;

  it('ignores what is inside #main: the dev client can swap that in place', () => {
    expect(shellFingerprint(page({ main: '<h1>Grüß dich</h1><p data-x="1">new</p>' }))).toBe(shellFingerprint(page()));
  });

  it('changes with the head, the header, or the attributes of main itself', () => {
    const base = shellFingerprint(page());
    expect(shellFingerprint(page({ head: '<meta name="description" content="neu">' }))).not.toBe(base);
    expect(shellFingerprint(page({ header: '<a href="/de">Startseite</a>' }))).not.toBe(base);
    expect(shellFingerprint(page({ mainAttrs: ' tabindex="-1" class="wide"' }))).not.toBe(base);
  });

  it('covers the whole document when there is no main element, so any change needs a reload', () => {
    const a = '<html><body><div id="main"><p>a</p></div></body></html>';
    expect(shellFingerprint(a)).not.toBe(shellFingerprint(a.replace('<p>a</p>', '<p>b</p>')));
  });
});

describe('isAllowedEventRequest', () => {
  const listen = { port: 3000, hosts: createHostPolicy({ listenHost: '127.0.0.1' }) };
  it.each([
    [{ host: '127.0.0.1:3000' }, true],
    [{ host: 'localhost:3000' }, true],
    [{ host: 'localhost:3000', origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, true],
    [{ host: '[::1]:3000' }, true],
    [{ host: 'evil.example:3000' }, false], // DNS rebinding
    [{ host: 'localhost:3001' }, false],
    [{}, false],
    [{ host: 'localhost:3000', origin: 'https://evil.example' }, false],
    [{ host: 'localhost:3000', origin: 'null' }, false],
    [{ host: 'localhost:3000', origin: 'http://localhost:4000' }, false],
    [{ host: 'localhost:3000', 'sec-fetch-site': 'cross-site' }, false],
  ])('%o -> %s', (headers, allowed) => {
    expect(isAllowedEventRequest(headers, listen)).toBe(allowed);
  });

  it('accepts the configured host name when listening on one', () => {
    expect(isAllowedEventRequest({ host: 'devbox.local:3000' }, { port: 3000, hosts: createHostPolicy({ listenHost: 'devbox.local' }) })).toBe(true);
  });

  it('accepts the names --allowed-hosts adds, as Host and as Origin', () => {
    const hosts = createHostPolicy({ listenHost: '0.0.0.0', allowedHosts: ['preview.example'] });
    expect(isAllowedEventRequest({ host: 'preview.example:3000', origin: 'http://preview.example:3000' }, { port: 3000, hosts })).toBe(true);
    expect(isAllowedEventRequest({ host: 'evil.example:3000' }, { port: 3000, hosts })).toBe(false);
  });
});

describe('overlay', () => {
  it('finds file, line and column in a locale JSON error and escapes everything it shows', () => {
    const err = errors.localeJsonInvalid('/site/locales/de.json', 3, 7, 'Unexpected token <script>', '> 3 | "<script>"');
    const problem = toProblem(err, '/site');
    expect(problem).toMatchObject({ file: 'locales/de.json', line: 3, column: 7, code: 'LocaleJsonInvalid' });
    const html = renderOverlay(problem);
    expect(html).toContain('locales/de.json:3:7');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('finds the location inside an esbuild message', () => {
    const err = errors.bundleFailed('✘ [ERROR] Expected ";"\n\n    pages/index.tsx:4:12:\n      4 │ x');
    expect(toProblem(err, '/site')).toMatchObject({ file: 'pages/index.tsx', line: 4, column: 12 });
  });
});
