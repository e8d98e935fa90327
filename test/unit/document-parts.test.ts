/**
 * A page's document is encoded from parts (render/document.ts, text/utf8.ts): the bytes must be
 * those of the whole text, also where its characters take two to four bytes.
 */
import { describe, expect, it } from 'vitest';
import { documentAround, renderDocument, type DocumentInput } from '../../src/render/document.ts';
import { utf8Of } from '../../src/text/utf8.ts';

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
});
