/**
 * Locales: a site declares its own in sitegen.config.ts (`locales: ['en', 'pl', { code: 'pt-PT' }]`);
 * this module fills in what a row leaves out (iso, own-language name, direction) and derives the
 * fallback chain of a locale. It knows no locale of any particular site.
 */
import { errors } from './errors.ts';

/** The locale table: one row per language the site is published in. */
export interface Locale {
  /** Path prefix and message file name: `de`, `zh-CN`, `pt-PT`. */
  code: string;
  /** BCP 47 tag used for `<html lang>`, hreflang and Intl: `de-DE`. */
  iso: string;
  /** Message file, relative to `locales/`. */
  file: string;
  /** The language's name in that language, for the switcher. */
  name: string;
  dir: 'ltr' | 'rtl';
}

/** A locale as a site writes it: a BCP 47 code, or a code with what differs from the defaults. */
export type LocaleInput =
  | string
  | {
      /** Path prefix and message file name; a BCP 47 tag such as `pt-PT`. */
      code: string;
      /** The tag for `<html lang>`, hreflang and Intl; the code when absent. */
      iso?: string;
      /** The name the switcher shows; the language's own name (Intl.DisplayNames) when absent. */
      name?: string;
      /** Writing direction; from the language's script when absent. */
      dir?: 'ltr' | 'rtl';
    };

/** The locales of a site with no `locales` in its config. */
export const DEFAULT_LOCALES: readonly LocaleInput[] = ['en'];

/** Scripts written right to left (ISO 15924), as Intl.Locale#maximize gives them. */
const RTL_SCRIPTS = new Set([
  'Adlm', 'Arab', 'Aran', 'Armi', 'Avst', 'Chrs', 'Cprt', 'Elym', 'Hatr', 'Hebr', 'Hung', 'Khar', 'Lydi', 'Mand', 'Mani', 'Mend',
  'Merc', 'Mero', 'Narb', 'Nbat', 'Nkoo', 'Orkh', 'Ougr', 'Palm', 'Phli', 'Phlp', 'Phnx', 'Prti', 'Rohg', 'Samr', 'Sarb', 'Sogd',
  'Sogo', 'Syrc', 'Thaa', 'Yezi',
]);

/** The tag in canonical form (`pt-pt` -> `pt-PT`), or null when it is not a valid BCP 47 tag. */
export function canonicalTag(tag: string): string | null {
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** Whether `tag` is a valid tag of a language Intl knows (`it`, `pt-PT`; not `xx`). */
export function isKnownLanguage(tag: string): boolean {
  return canonicalTag(tag) !== null && new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag) !== undefined;
}

/** Writing direction of a language, from its (likely) script: Arabic, Hebrew, Thaana, N'Ko... are rtl. */
export function textDirection(tag: string): 'ltr' | 'rtl' {
  const script = new Intl.Locale(tag).maximize().script;
  return script && RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
}

/** The language of `code` named in the language `iso` itself, starting with a capital where the script has them. */
export function ownName(code: string, iso: string): string {
  const name = new Intl.DisplayNames([iso], { type: 'language', languageDisplay: 'standard', fallback: 'code' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(iso) + name.slice(1);
}

/**
 * One row of the table from what the config says. `where` names the config file for the error a
 * code that is not a BCP 47 tag gives.
 */
export function resolveLocale(input: LocaleInput, where: string): Locale {
  const row = typeof input === 'string' ? { code: input } : input;
  const code = row?.code;
  if (typeof code !== 'string' || !canonicalTag(code)) throw errors.badLocaleCode(String(code), where);
  const iso = row.iso ?? code;
  const canonicalIso = canonicalTag(iso);
  if (!canonicalIso) throw errors.badLocaleCode(iso, where);
  if (row.dir !== undefined && row.dir !== 'ltr' && row.dir !== 'rtl') throw errors.badLocaleDir(code, String(row.dir), where);
  // The switcher's link text: an empty one is a link no screen reader can name.
  if (row.name != null && (typeof row.name !== 'string' || row.name.trim() === '')) throw errors.badLocaleName(code, row.name, where);
  const locale = { code, iso, file: `${code}.json` } as Locale;
  if (row.name != null) locale.name = row.name;
  else withOwnName(locale, canonicalIso);
  if (row.dir !== undefined) locale.dir = row.dir;
  else withTextDirection(locale, canonicalIso);
  return locale;
}

/** Locales whose name is made on first use (withOwnName), with the tag it is made in. */
const unnamed = new WeakMap<Locale, string>();
/** Locales whose writing direction is found on first use (withTextDirection), with the tag it is found from. */
const undirected = new WeakMap<Locale, string>();

/**
 * Gives `locale` its writing direction (textDirection), found when first read, as withOwnName does
 * the name. Finding it takes Intl's likely subtags: the first `maximize()` of a thread loads them,
 * 2 to 13 ms of every build of the real site (direct timers), which a build with nothing changed
 * does not otherwise need, and a full build reads from the build cache (cache/locale-names.ts).
 */
function withTextDirection(locale: Locale, iso: string): void {
  let dir: Locale['dir'] | undefined;
  undirected.set(locale, iso);
  Object.defineProperty(locale, 'dir', {
    enumerable: true,
    configurable: true,
    get: () => (dir ??= textDirection(iso)),
    set: (value: Locale['dir']) => void (dir = value),
  });
}

/**
 * The locales of `table` whose writing direction is found on first use, each with the tag it is
 * found from (for directions kept elsewhere: cache/locale-names.ts gives them with `locale.dir = ...`).
 */
export function undirectedLocales(table: readonly Locale[]): [Locale, string][] {
  return table.flatMap((locale): [Locale, string][] => {
    const iso = undirected.get(locale);
    return iso === undefined ? [] : [[locale, iso]];
  });
}

/**
 * Gives `locale` the language's own name (ownName), made when first read, in its place among the
 * fields (JSON of the table, part of the build id, lists them in the same order). Making the
 * names takes Intl's data for every language (~23 ms for the real site's 16), which a build with
 * nothing changed does not otherwise need: its key holds what the names are made from instead
 * (localesKeyJson).
 */
function withOwnName(locale: Locale, iso: string): void {
  let name: string | undefined;
  unnamed.set(locale, iso);
  Object.defineProperty(locale, 'name', {
    enumerable: true,
    configurable: true,
    get: () => (name ??= ownName(locale.code, iso)),
    set: (value: string) => void (name = value),
  });
}

/**
 * The locales of `table` whose own name is made on first use, each with the tag it is made in
 * (for names kept elsewhere: cache/locale-names.ts gives them with `locale.name = ...`).
 */
export function unnamedLocales(table: readonly Locale[]): [Locale, string][] {
  return table.flatMap((locale): [Locale, string][] => {
    const iso = unnamed.get(locale);
    return iso === undefined ? [] : [[locale, iso]];
  });
}

/** What the own names of unnamed locales (and the directions of undirected ones) are made from besides their code and tag: this Node's ICU and CLDR data. */
export function nameData(): string {
  return `icu ${process.versions.icu} cldr ${process.versions.cldr} unicode ${process.versions.unicode}`;
}

/**
 * For JSON.stringify: a locale whose own name or writing direction is made on first use stands as
 * what they are made from (its code and tag, and the ICU and CLDR data of this Node), without
 * making them. For cache keys.
 */
export function localesKeyJson(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const locale = value as Locale;
  const nameFrom = unnamed.get(locale);
  const dirFrom = undirected.get(locale);
  if (nameFrom === undefined && dirFrom === undefined) return value;
  const { code, iso, file } = locale;
  return {
    code,
    iso,
    file,
    ...(nameFrom === undefined ? { name: locale.name } : { ownName: [nameFrom, nameData()] }),
    ...(dirFrom === undefined ? { dir: locale.dir } : { likelyDir: [dirFrom, nameData()] }),
  };
}

/** The site's table from its config, in the config's order: every code valid and listed once. */
export function resolveLocales(inputs: readonly LocaleInput[], where: string): Locale[] {
  if (!Array.isArray(inputs) || inputs.length === 0) throw errors.noLocales(where);
  const table = inputs.map((input) => resolveLocale(input, where));
  // Compared without case, as language tags are: `de` and `DE` would also be one folder, and one
  // locale file, on a case-insensitive file system (macOS's, Windows').
  const seen = new Map<string, string>();
  for (const { code } of table) {
    const first = seen.get(code.toLowerCase());
    if (first !== undefined) throw errors.duplicateLocale(code, where, first);
    seen.set(code.toLowerCase(), code);
  }
  return table;
}

/**
 * Where a message missing in `code` is looked up next, in order: each shorter form of the code the
 * site publishes (`pt-PT` -> `pt`, `zh-Hant-TW` -> `zh-Hant` -> `zh`), then the default locale.
 */
export function fallbackChain(code: string, locales: readonly Pick<Locale, 'code'>[], defaultCode: string): string[] {
  const chain: string[] = [];
  const published = new Set(locales.map((l) => l.code));
  for (let tag = code; tag.includes('-'); ) {
    tag = tag.slice(0, tag.lastIndexOf('-'));
    if (published.has(tag) && tag !== defaultCode) chain.push(tag);
  }
  if (code !== defaultCode) chain.push(defaultCode);
  return chain;
}
