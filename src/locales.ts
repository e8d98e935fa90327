/** The locale table: one row per language the site is published in. */
export interface Locale {
  /** Path prefix and message file name: `de`, `zh-CN`. */
  code: string;
  /** BCP 47 tag used for `<html lang>`, hreflang and Intl: `de-DE`. */
  iso: string;
  /** Message file, relative to `locales/`. */
  file: string;
  /** The language's name in that language, for the switcher. */
  name: string;
  dir: 'ltr' | 'rtl';
}

const row = (code: string, iso: string, name: string, dir: 'ltr' | 'rtl' = 'ltr'): Locale => ({
  code,
  iso,
  file: `${code}.json`,
  name,
  dir,
});

/** All locales of the specification, default first. */
export const LOCALES: readonly Locale[] = [
  row('en', 'en-US', 'English'),
  row('ar', 'ar', 'العربية', 'rtl'),
  row('de', 'de-DE', 'Deutsch'),
  row('es', 'es', 'Español'),
  row('fr', 'fr-FR', 'Français'),
  row('hi', 'hi-IN', 'हिन्दी'),
  row('id', 'id-ID', 'Bahasa Indonesia'),
  row('it', 'it-IT', 'Italiano'),
  row('ja', 'ja-JP', '日本語'),
  row('ko', 'ko-KR', '한국어'),
  row('ms', 'ms', 'Bahasa Melayu'),
  row('pt', 'pt-BR', 'Português'),
  row('ru', 'ru-RU', 'Русский'),
  row('th', 'th', 'ไทย'),
  row('tr', 'tr-TR', 'Türkçe'),
  row('vi', 'vi', 'Tiếng Việt'),
  row('zh-CN', 'zh-CN', '简体中文'),
  row('zh-TW', 'zh-TW', '繁體中文'),
];

export const DEFAULT_LOCALE = 'en';

export function findLocale(code: string): Locale | undefined {
  return LOCALES.find((l) => l.code === code);
}
