import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PageProvider, useI18n, type I18n, type PageContext } from '../../src/page-api.ts';
import { createTranslator } from '../../src/i18n/translator.ts';
import { resolveLocale } from '../../src/locales.ts';

const fr = resolveLocale({ code: 'fr', iso: 'fr-FR' }, 'sitegen.config.ts');
const en = resolveLocale({ code: 'en', iso: 'en-US' }, 'sitegen.config.ts');

function context(path: string): PageContext {
  return {
    translator: createTranslator({ locale: fr, messages: {}, fallbacks: [], globals: {}, onMissing: () => null, onFormatError: (key) => new Error(key) }),
    locale: fr,
    locales: [en, fr],
    defaultLocale: 'en',
    path,
    documentPath: path,
    isNotFound: false,
    site: { name: 'Site', product: 'App', url: 'https://example.com', year: 2026, links: {} },
    assetsBase: '/_static/',
    basePath: '',
  };
}

/** Renders `count` components into one document of `ctx`; each notes in `seen` what useI18n gave it and shows `show` of it. */
function render(ctx: PageContext, count: number, seen: I18n[], show: (i18n: I18n) => string): string {
  const Part = () => {
    const i18n = useI18n();
    seen.push(i18n);
    return createElement('p', null, show(i18n));
  };
  const children = Array.from({ length: count }, (_, i) => createElement(Part, { key: i }));
  return renderToStaticMarkup(createElement(PageProvider, { value: ctx, children }));
}

describe('useI18n', () => {
  it('gives every component of a document the same helpers, each document its own', () => {
    const first: I18n[] = [];
    const second: I18n[] = [];
    expect(render(context('/a'), 3, first, (i) => i.switchLocalePath('en'))).toBe('<p>/a</p>'.repeat(3));
    expect(render(context('/b'), 2, second, (i) => i.switchLocalePath('en'))).toBe('<p>/b</p>'.repeat(2));
    expect(new Set(first).size).toBe(1);
    expect(new Set(second).size).toBe(1);
    expect(second[0]).not.toBe(first[0]);
  });

  it('formats each date once per locale and style, on every page that shows it', () => {
    const original = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format')!;
    let calls = 0;
    Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', {
      configurable: true,
      get(this: Intl.DateTimeFormat) {
        const bound = original.get!.call(this) as (d: Date) => string;
        return (d: Date) => (calls++, bound(d));
      },
    });
    const shown: string[] = [];
    try {
      for (const path of ['/a', '/b']) render(context(path), 2, [], (i) => (shown.push(i.formatDate('2031-07-14', 'medium')), ''));
    } finally {
      Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', original);
    }
    const expected = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2031-07-14T00:00:00Z'));
    expect(shown).toEqual([expected, expected, expected, expected]);
    expect(calls).toBe(1);
  });

  it.each(['2026-02-30', '2026-3-1', '2026-03-01T10:00:00Z', 'tomorrow', ''])('refuses the date %j, naming it and the form it takes, instead of carrying a missing day into the next month or failing with "Invalid time value"', (date) => {
    expect(() => render(context('/a'), 1, [], (i) => i.formatDate(date))).toThrow(`formatDate(${JSON.stringify(date)}): a date is a day of the calendar written YYYY-MM-DD, such as 2026-03-01.`);
  });

  it('formats in each of the four styles, and names a style it does not know', () => {
    for (const style of ['full', 'long', 'medium', 'short'] as const) {
      const expected = new Intl.DateTimeFormat('fr-FR', { dateStyle: style, timeZone: 'UTC' }).format(new Date('2024-02-29T00:00:00Z'));
      expect(render(context('/a'), 1, [], (i) => i.formatDate('2024-02-29', style))).toBe(`<p>${expected}</p>`);
    }
    expect(() => render(context('/a'), 1, [], (i) => i.formatDate('2024-02-29', 'huge' as never))).toThrow(`formatDate(date, "huge"): the style is one of 'long' (the default), 'medium', 'short' or 'full'.`);
  });
});
