/**
 * A page's document is encoded from parts (render/document.ts, text/utf8.ts): the bytes must be
 * those of the whole text, also where its characters take two to four bytes.
 */
import { describe, expect, it } from 'vitest';
import { documentAround, renderDocument, type DocumentInput } from '../../src/render/document.ts';
import { utf8Of, utf8OfText } from '../../src/text/utf8.ts';

const input = (body: string[]): DocumentInput => ({
  locale: { code: 'ja', iso: 'ja-JP', name: '日本語', dir: 'ltr' } as DocumentInput['locale'],
  title: 'タイトル',
  head: [{ tag: 'meta', attrs: { name: 'description', content: '説明 "x"' } }],
  body,
  data: { buildId: 'abc123', assetsBase: '/_static/', locale: 'ja', route: 'index___ja', path: '/ja', messages: { loading: '読み込み中…' }, client: {} },
  cssHref: null,
  runtimeSrc: '/_static/runtime.js',
  redirectScript: null,
  favicon: null,
});

describe('a document in parts', () => {
  it('gives, joined around the build id, the document as one text, its body once and in order', () => {
    const body = ['<header>ヘッダー</header>', '<main>本文 😀</main>', '<footer>©</footer>'];
    const [before, after] = documentAround(input(body));
    const whole = renderDocument(input(body));
    expect(before + 'abc123' + after.join('')).toBe(whole);
    expect(whole).toContain(`<body>${body.join('')}</body>\n</html>\n`);
    expect(whole.split('<main>').length).toBe(2);
  });

  it('encodes parts to the UTF-8 bytes of their text joined', () => {
    const parts = ['', 'a', 'ü', '日本語', '😀 x', '\u0000', 'z'.repeat(5000), 'ß'.repeat(3000)];
    const bytes = utf8Of(parts);
    expect(bytes.equals(Buffer.from(parts.join('')))).toBe(true);
    expect(utf8Of([]).byteLength).toBe(0);
    const [, after] = documentAround(input(['<main>本文 😀</main>']));
    expect(utf8Of(after).toString('utf8')).toBe(after.join(''));
  });

  it('encodes texts longer than the encoder had room for, and shorter ones after them, to their exact bytes', () => {
    // Three bytes for each of 30,000 characters, four for each pair, three for a lone surrogate (U+FFFD).
    const long = ['語'.repeat(30_000), '😀'.repeat(20_000), '\ud800', 'x'];
    expect(utf8Of(long).equals(Buffer.from(long.join('')))).toBe(true);
    expect(utf8OfText('😀'.repeat(50_000)).equals(Buffer.from('😀'.repeat(50_000)))).toBe(true);
    const short = utf8OfText('ab');
    expect([...short]).toEqual([0x61, 0x62]);
    // The bytes are a copy: the next text encoded does not change them.
    utf8OfText('zz');
    expect(short.toString()).toBe('ab');
  });
});
