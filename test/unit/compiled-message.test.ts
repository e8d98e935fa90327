import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { compileMessage } from '../../src/i18n/compiled-message.ts';
import { createTranslator } from '../../src/i18n/translator.ts';
import { resolveLocale } from '../../src/locales.ts';

const SAMPLES: [string, Record<string, unknown>][] = [
  ['Plain text', {}],
  ['Hello {name}, welcome to {product}', { name: 'Ada', product: 'App' }],
  ['{count, plural, =0 {No results} one {# result} other {# results}}', { count: 1234 }],
  ['{gender, select, female {She} male {He} other {They}} paid {amount, number, ::currency/EUR}', { gender: 'female', amount: 12.5 }],
  ['Due {when, date, long} at {when, time, short}', { when: new Date(Date.UTC(2026, 2, 1, 9, 30)) }],
  ['<b>Bold</b> and {n, number, percent}', { n: 0.25, b: (chunks: unknown[]) => `[${chunks.join('')}]` }],
  // Literal text at every depth: in a tag, in a plural's option inside a tag, with quoted braces.
  ["<b>{n, plural, one {<i>just</i> '{'one'}'} other {# {kind, select, a {apples} other {others}} it''s}}</b> end", { n: 3, kind: 'a', b: (c: unknown[]) => `[${c.join('')}]`, i: (c: unknown[]) => `(${c.join('')})` }],
];

describe('compileMessage', () => {
  it.each(['en-US', 'de-DE', 'ar', 'hi-IN', 'zh-TW'])('formats exactly as IntlMessageFormat does (%s)', (tag) => {
    for (const [source, values] of SAMPLES) {
      const expected = new IntlMessageFormat(source, tag, undefined, { ignoreTag: false }).format(values as never);
      expect(compileMessage(source, tag).format(values)).toEqual(expected);
    }
  });

  it('parses each (locale, source) once: the en fallback shared by other locales is not parsed again', () => {
    const first = compileMessage('Shared {product} text', 'en-US');
    const again = compileMessage('Shared {product} text', 'en-US');
    expect(again.ast).toBe(first.ast);
    expect(compileMessage('Shared {product} text', 'de-DE').ast).not.toBe(first.ast);
  });

  it("makes a locale's resolved name once, not at every compile (V8 makes an Intl.Locale's string anew each time)", () => {
    const { toString } = Intl.Locale.prototype;
    let calls = 0;
    Intl.Locale.prototype.toString = function (this: Intl.Locale) {
      calls++;
      return toString.call(this);
    };
    try {
      const names = ['One {n}', 'Two {n}', 'Three {n}'].map((source) => compileMessage(source, 'fr-CA').locale);
      expect(names).toEqual(['fr-CA', 'fr-CA', 'fr-CA']);
      expect(calls).toBe(1);
    } finally {
      Intl.Locale.prototype.toString = toString;
    }
  });

  // Every iso of the locale table, tags written in other cases, one with a Unicode extension, and ones ICU has no data for.
  it.each(['en-US', 'ar', 'de-DE', 'es', 'fr-FR', 'hi-IN', 'id-ID', 'it-IT', 'ja-JP', 'ko-KR', 'ms', 'pt-BR', 'ru-RU', 'th', 'tr-TR', 'vi', 'zh-CN', 'zh-TW', 'EN-gb', 'zh-hant-tw', 'de-DE-u-nu-arab', 'tlh', 'xx-YY'])(
    'reports the resolved locale as IntlMessageFormat does (%s)',
    (tag) => {
      expect(compileMessage('x', tag).locale).toBe(new IntlMessageFormat('x', tag).resolvedOptions().locale);
    },
  );

  it('throws the parser error for bad ICU syntax', () => {
    expect(() => compileMessage('{count, plural, one {x}', 'en-US')).toThrow();
  });
});

describe('translator', () => {
  it('works out the plural forms of a message once per locale and hands out copies', () => {
    const translator = createTranslator({
      locale: resolveLocale({ code: 'de', iso: 'de-DE' }, 'sitegen.config.ts'),
      messages: { items: '{count, plural, one {# Eintrag} other {# Einträge}}' },
      fallbacks: [],
      globals: { product: 'App' },
      onMissing: () => null,
      onFormatError: (key, cause) => new Error(`${key}: ${String(cause)}`),
    });
    const forms = translator.pluralForms('items');
    expect(forms).toEqual({ one: '# Eintrag', other: '# Einträge' });
    forms.one = 'changed by a caller';
    expect(translator.pluralForms('items')).toEqual({ one: '# Eintrag', other: '# Einträge' });
  });
});

describe('translator: results kept per key', () => {
  const de = resolveLocale({ code: 'de', iso: 'de-DE' }, 'sitegen.config.ts');
  const translator = () =>
    createTranslator({
      locale: de,
      messages: { price: 'Ab {amount, number} Euro', total: 'Summe {n, number}', broken: '{when, date, long}' },
      fallbacks: [],
      globals: { amount: 1234.5 },
      onMissing: () => null,
      onFormatError: (key, cause) => new Error(`${key}: ${String(cause)}`),
    });

  /** How often Intl formats a number while `run` runs: how often a message with a number argument was formatted. */
  function numbersFormatted(run: () => void): number {
    let calls = 0;
    const original = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get(this: Intl.NumberFormat) {
        const bound = original.get!.call(this) as (n: number) => string;
        return (n: number) => (calls++, bound(n));
      },
    });
    try {
      run();
    } finally {
      Object.defineProperty(Intl.NumberFormat.prototype, 'format', original);
    }
    return calls;
  }

  it('formats a message asked without values of its own once, however often a page asks for it', () => {
    const t = translator();
    const texts: unknown[] = [];
    expect(numbersFormatted(() => texts.push(t.t('price'), t.t('price'), t.t('price', {})))).toBe(1);
    expect(numbersFormatted(() => texts.push(t.rich('price'), t.rich('price')))).toBe(1);
    expect(new Set(texts)).toEqual(new Set([`Ab ${new Intl.NumberFormat('de-DE').format(1234.5)} Euro`]));
  });

  it('formats a message again for every call that passes values', () => {
    const t = translator();
    expect(numbersFormatted(() => expect([t.t('total', { n: 1 }), t.t('total', { n: 2 })]).toEqual(['Summe 1', 'Summe 2']))).toBe(2);
  });

  it('keeps no failed result: a message that cannot be formatted fails at every call', () => {
    const t = translator();
    expect(() => t.t('broken')).toThrow(/^broken: /);
    expect(() => t.t('broken')).toThrow(/^broken: /);
    expect(() => t.rich('broken')).toThrow(/^broken: /);
  });
});

describe('plain text of a message with tags (t)', () => {
  const translator = createTranslator({
    locale: resolveLocale({ code: 'de', iso: 'de-DE' }, 'sitegen.config.ts'),
    messages: {
      desc: 'Alle <b>Beiträge</b> über {product}',
      nested: '{n, plural, one {<em>ein</em> <link>Eintrag</link>} other {<strong># <i>Einträge</i></strong>}}',
    },
    fallbacks: [],
    globals: { product: 'App' },
    onMissing: () => null,
    onFormatError: (key, cause) => new Error(`${key}: ${String(cause)}`),
  });

  it('is the text inside each tag, for a title or an attribute, not an element shown as "[object Object]"', () => {
    expect(translator.t('desc')).toBe('Alle Beiträge über App');
    // Tags in plural branches, inside other tags, and one the page would pass to rich() as a function.
    expect(translator.t('nested', { n: 1 })).toBe('ein Eintrag');
    expect(translator.t('nested', { n: 3 })).toBe('3 Einträge');
  });

  it('leaves rich() its elements', () => {
    expect(JSON.stringify(translator.rich('desc'))).toContain('"type":"b"');
  });
});
