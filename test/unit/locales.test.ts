/** The locale table from a site's config: defaults (iso, own name, direction), validation, fallback chains. */
import { describe, expect, it } from 'vitest';
import { fallbackChain, resolveLocale, resolveLocales } from '../../src/locales.ts';
import { SitegenError } from '../../src/errors.ts';

const CONFIG = 'sitegen.config.ts';

describe('resolveLocale', () => {
  it('fills in a bare code: iso is the code, the name is the language\'s own, capitalized, the direction from its script', () => {
    expect(resolveLocale('pl', CONFIG)).toEqual({ code: 'pl', iso: 'pl', file: 'pl.json', name: 'Polski', dir: 'ltr' });
    expect(resolveLocale('pt-PT', CONFIG)).toMatchObject({ iso: 'pt-PT', name: 'Português (Portugal)', dir: 'ltr' });
    expect(resolveLocale('de', CONFIG).name).toBe('Deutsch');
    expect(resolveLocale('ja', CONFIG).name).toBe('日本語');
  });

  it('keeps what the config says over the defaults', () => {
    expect(resolveLocale({ code: 'pt', iso: 'pt-BR', name: 'Português' }, CONFIG)).toEqual({ code: 'pt', iso: 'pt-BR', file: 'pt.json', name: 'Português', dir: 'ltr' });
    expect(resolveLocale({ code: 'en', dir: 'rtl' }, CONFIG).dir).toBe('rtl');
  });

  it('writes right-to-left scripts rtl: Arabic, Hebrew, Persian, Urdu, Yiddish, Thaana, N\'Ko, and languages written in Arabic script', () => {
    for (const code of ['ar', 'he', 'fa', 'ur', 'yi', 'dv', 'nqo', 'ps', 'ckb', 'ar-EG', 'pa-Arab']) expect(resolveLocale(code, CONFIG).dir, code).toBe('rtl');
    for (const code of ['en', 'zh-TW', 'hi', 'th', 'ru', 'pa', 'az']) expect(resolveLocale(code, CONFIG).dir, code).toBe('ltr');
  });

  it('refuses a code that is not a BCP 47 tag, naming it and the config file', () => {
    for (const code of ['pt_PT', 'en-', 'e', '123', 'en--US', '']) {
      const err = (() => {
        try {
          resolveLocale(code, CONFIG);
        } catch (e) {
          return e as SitegenError;
        }
      })();
      expect(err, code).toBeInstanceOf(SitegenError);
      expect(err!.code).toBe('BadLocaleCode');
      expect(err!.message).toBe(
        `sitegen.config.ts: the locale "${code}" in \`locales\` is not a valid BCP 47 language tag. Use a code such as "pl", "pt-PT" or "zh-Hant-TW" (language, then script or region, joined by "-").`,
      );
    }
    expect(() => resolveLocale({ code: 'pt', iso: 'pt_BR' }, CONFIG)).toThrow('the locale "pt_BR" in `locales` is not a valid BCP 47 language tag');
    expect(() => resolveLocale({ code: 'he', dir: 'right' as 'rtl' }, CONFIG)).toThrow('sitegen.config.ts: the locale "he" has dir "right". Use "ltr" or "rtl"');
  });
});

describe('resolveLocales', () => {
  it('keeps the config\'s order', () => {
    expect(resolveLocales(['en', 'pl', { code: 'pt-PT', name: 'Português (Portugal)' }], CONFIG).map((l) => l.code)).toEqual(['en', 'pl', 'pt-PT']);
  });

  it('refuses a code listed twice and an empty list', () => {
    expect(() => resolveLocales(['en', 'pl', { code: 'pl' }], CONFIG)).toThrow('sitegen.config.ts: the locale "pl" is listed twice in `locales`. Keep one of them.');
    expect(() => resolveLocales([], CONFIG)).toThrow('sitegen.config.ts: `locales` is empty. List at least one locale');
  });

  it('refuses a name the switcher could not show: empty, blank or not a text', () => {
    expect(() => resolveLocales(['en', { code: 'de', name: '' }], CONFIG)).toThrow(
      'sitegen.config.ts: the locale "de" has the name "". The language switcher shows it as its link\'s text: give a text that is not empty, such as "Deutsch", or leave name out for the language\'s own name.',
    );
    expect(() => resolveLocales(['en', { code: 'de', name: '  ' }], CONFIG)).toThrow(/the locale "de" has the name " {2}"\./);
    expect(() => resolveLocales(['en', { code: 'de', name: 7 as unknown as string }], CONFIG)).toThrow(/the locale "de" has the name 7\./);
  });

  it('refuses two codes that differ only in case: one language tag, one folder and one locale file on macOS and Windows', () => {
    expect(() => resolveLocales(['en', 'pt-BR', 'pt-br'], CONFIG)).toThrow(
      'sitegen.config.ts: the locales "pt-BR" and "pt-br" in `locales` are one language tag (tags are compared without case), and would be one folder and one locale file on macOS and Windows. Keep one of them.',
    );
    expect(() => resolveLocales([{ code: 'de' }, 'en', 'DE'], CONFIG)).toThrow(/the locales "de" and "DE" in `locales` are one language tag/);
  });
});

describe('fallbackChain', () => {
  const site = (...codes: string[]) => codes.map((code) => ({ code }));
  it('falls back to the shorter code when the site has it, then to the default locale', () => {
    expect(fallbackChain('pt-PT', site('en', 'pt', 'pt-PT'), 'en')).toEqual(['pt', 'en']);
    expect(fallbackChain('pt-PT', site('en', 'pt-PT'), 'en')).toEqual(['en']);
    expect(fallbackChain('zh-Hant-TW', site('en', 'zh', 'zh-Hant', 'zh-Hant-TW'), 'en')).toEqual(['zh-Hant', 'zh', 'en']);
    expect(fallbackChain('de', site('en', 'de'), 'en')).toEqual(['en']);
  });

  it('ends at the default locale, which has no fallback itself', () => {
    expect(fallbackChain('en', site('en', 'pl'), 'en')).toEqual([]);
    expect(fallbackChain('pl-PL', site('pl', 'pl-PL', 'en'), 'pl')).toEqual(['pl']);
  });
});
