/**
 * Which locale a visitor gets on `/`: pure functions shared by the inline redirect script and the
 * unit tests. Kept tiny because the redirect is inlined in the head of `/` (600-byte budget).
 */

/** `[code, iso]` of every published locale, default first. */
export type LocaleTable = readonly (readonly [code: string, iso: string])[];

export const COOKIE_NAME = 'i18n_redirected';

/** The exact cookie the runtime writes: 365 days, whole site, Lax, not Secure. */
export const localeCookie = (code: string) => `${COOKIE_NAME}=${code}; Max-Age=31536000; Path=/; SameSite=Lax`;

/**
 * The code stored in the cookie header, or undefined. Only a value that is exactly a known code
 * counts: anything else (`//evil.example`, `de;path=/`, `%2F%2F...`) is treated as absent, so a
 * hostile cookie can never end up in a URL.
 */
export function cookieLocale(cookieHeader: string, table: LocaleTable): string | undefined {
  for (const part of cookieHeader.split(/; */)) {
    const eq = part.indexOf('=');
    if (part.slice(0, eq) === COOKIE_NAME) {
      const value = part.slice(eq + 1);
      return table.some((l) => l[0] === value) ? value : undefined;
    }
  }
}

/**
 * The first browser language that matches a locale: each entry first by full iso or code
 * (case-insensitive), then Chinese by script or region, then by its language part.
 * Falls back to the first (default) locale.
 */
export function matchLocale(languages: readonly string[], table: LocaleTable): string {
  const find = (tag: string) => table.find((l) => l[0].toLowerCase() == tag || l[1].toLowerCase() == tag);
  for (const raw of languages) {
    const tag = raw.toLowerCase();
    const lang = tag.split('-')[0]!;
    const hit =
      find(tag) ??
      // Traditional script is used in Taiwan, Hong Kong and Macau; Simplified elsewhere.
      (lang == 'zh' && tag != 'zh' ? find(!/-hans/.test(tag) && /-(hant|hk|mo|tw)\b/.test(tag) ? 'zh-tw' : 'zh-cn') : undefined) ??
      table.find((l) => l[1].toLowerCase().split('-')[0] == lang);
    if (hit) return hit[0];
  }
  return table[0]![0];
}
