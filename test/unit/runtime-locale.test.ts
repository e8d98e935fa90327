import { describe, expect, it } from 'vitest';
import { cookieLocale, decodeTable, encodeTable, localeCookie, matchLocale } from '../../src/runtime/locale-match.ts';
import { stripLocale, switchLocalePath } from '../../src/runtime/paths.ts';
import { SITE_LOCALES as LOCALES } from '../helpers/real-site.ts';

/** The table as the inline redirect gets it, from rows of `[code, iso]`. */
const tableOf = (rows: [string, string][]) => decodeTable(encodeTable(rows));
const full = tableOf(LOCALES.map((l) => [l.code, l.iso]));

describe('matchLocale', () => {
  const cases: [string[], string][] = [
    [['fr-CA', 'de-DE'], 'fr'],
    [['de-AT'], 'de'],
    [['de-DE'], 'de'],
    [['DE-de'], 'de'],
    [['pt-BR'], 'pt'],
    [['pt-PT'], 'pt'],
    [['es-MX'], 'es'],
    [['zh-TW'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-MO'], 'zh-TW'],
    [['zh-Hant-HK'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans-TW'], 'zh-CN'],
    [['zh'], 'zh-CN'],
    [['zh-cn'], 'zh-CN'],
    [['nb-NO'], 'en'],
    [['nb-NO', 'sv', 'ja'], 'ja'],
    [['en-GB', 'de'], 'en'],
    [[], 'en'],
    [['ar-EG'], 'ar'],
  ];
  it.each(cases)('%j gives %s (the site\'s 18 locales)', (languages, expected) => {
    expect(matchLocale(languages, full)).toBe(expected);
  });

  it('the compact table carries only what matching needs: shared languages keep their iso, Chinese its script tags', () => {
    expect(encodeTable(LOCALES.map((l) => [l.code, l.iso] as [string, string]))).toBe(
      'en ar de es fr hi id it ja ko ms pt ru th tr vi zh-CN=zh zh-TW=zh-hant=zh-hk=zh-mo',
    );
  });

  it('matches the full tag first, then its language: pl-PL gives pl, pt-BR gives pt-PT when that is the only Portuguese', () => {
    const site = tableOf([['en', 'en'], ['pl', 'pl'], ['pt-PT', 'pt-PT']]);
    expect(matchLocale(['pl-PL'], site)).toBe('pl');
    expect(matchLocale(['pt-BR'], site)).toBe('pt-PT');
    expect(matchLocale(['pt'], site)).toBe('pt-PT');
    expect(matchLocale(['de-DE', 'pt-BR'], site)).toBe('pt-PT');
    expect(matchLocale(['fr'], site)).toBe('en');
  });

  it('with two Portuguese locales, each visitor gets the closer one', () => {
    const site = tableOf([['en', 'en'], ['pt', 'pt-BR'], ['pt-PT', 'pt-PT']]);
    expect(matchLocale(['pt-BR'], site)).toBe('pt');
    expect(matchLocale(['pt-PT'], site)).toBe('pt-PT');
    expect(matchLocale(['pt-AO'], site)).toBe('pt');
    expect(matchLocale(['pt'], site)).toBe('pt');
  });

  it('maps Chinese by script whatever the order of the site\'s Chinese locales', () => {
    const site = tableOf([['en', 'en'], ['zh-TW', 'zh-TW'], ['zh-CN', 'zh-CN']]);
    for (const tag of ['zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-HK', 'zh-TW']) expect(matchLocale([tag], site), tag).toBe('zh-TW');
    for (const tag of ['zh-SG', 'zh-Hans', 'zh-Hans-TW', 'zh-CN']) expect(matchLocale([tag], site), tag).toBe('zh-CN');
  });

  it('with zh-TW not published, Traditional Chinese falls back to zh-CN', () => {
    expect(matchLocale(['zh-HK'], tableOf([['en', 'en-US'], ['zh-CN', 'zh-CN']]))).toBe('zh-CN');
  });
});

describe('cookieLocale', () => {
  it('accepts a known code', () => {
    expect(cookieLocale('a=1; i18n_redirected=de; b=2', full)).toBe('de');
    expect(cookieLocale('i18n_redirected=zh-TW', full)).toBe('zh-TW');
  });
  // `de;path=/` cannot be a stored value (the `;` ends it); its encoded and quoted forms can.
  it.each(['//evil.example', 'javascript:alert(1)', '../x', 'de%3Bpath%3D%2F', '"de;path=/"', '%2F%2Fevil.example', 'xx', '', 'DE', 'zh-tw', 'de/'])(
    'treats %j as absent',
    (value) => {
      expect(cookieLocale(`i18n_redirected=${value}`, full)).toBeUndefined();
    },
  );
  it('ignores a cookie whose name only ends in i18n_redirected', () => {
    expect(cookieLocale('x_i18n_redirected=de', full)).toBeUndefined();
  });
  it('writes the exact cookie of the specification', () => {
    expect(localeCookie('ja')).toBe('i18n_redirected=ja; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('paths between locales', () => {
  const cases: [string, string, string, string][] = [
    ['/de/jobs', 'de', 'ja', '/ja/jobs'],
    ['/ja/tos', 'ja', 'en', '/tos'],
    ['/tos', 'en', 'fr', '/fr/tos'],
    ['/', 'en', 'de', '/de'],
    ['/de', 'de', 'en', '/'],
    ['/de', 'de', 'zh-TW', '/zh-TW'],
    ['/community_privacy_policy/history.html', 'en', 'de', '/de/community_privacy_policy/history.html'],
    ['/de/community_privacy_policy/history.html', 'de', 'en', '/community_privacy_policy/history.html'],
    ['/deutsch', 'en', 'ja', '/ja/deutsch'],
  ];
  it.each(cases)('%s (%s) in %s is %s', (path, from, to, expected) => {
    expect(switchLocalePath(path, from, to, 'en')).toBe(expected);
  });
  it('strips only a whole prefix segment', () => {
    expect(stripLocale('/department', 'de', 'en')).toBe('/department');
  });
});
