/**
 * Which locale a visitor gets on `/`: pure functions shared by the inline redirect script, the
 * core runtime and the unit tests. Kept tiny because the redirect is inlined in the head of `/`
 * (600-byte budget). The table is the site's own (sitegen.config.ts), default first.
 */

/**
 * Rows of every published locale, default first: the code, then the tags that lead to it besides
 * the code itself (its iso, and for Chinese the script and region tags, see encodeTable).
 */
export type LocaleTable = readonly (readonly string[])[];

/** The exact cookie the runtime writes: 365 days, whole site, Lax, not Secure. */
export const localeCookie = (code: string) => `i18n_redirected=${code}; Max-Age=31536000; Path=/; SameSite=Lax`;

/**
 * The code stored in the cookie header, or undefined. Only a value that is exactly a known code
 * counts: anything else (`//evil.example`, `de;path=/`, `%2F%2F...`) is treated as absent, so a
 * hostile cookie can never end up in a URL.
 */
export const cookieLocale = (cookieHeader: string, table: LocaleTable): string | undefined =>
  find(table, (l) => l[0] == /(^|; )i18n_redirected=([^;]*)/.exec(cookieHeader)?.[2]);

const find = (table: LocaleTable, test: (row: LocaleTable[number]) => boolean) => table.find(test)?.[0];

/**
 * The first browser language that matches a locale. Each entry, in order: its full tag, then the
 * tag shortened one part at a time (`zh-hant-hk`, `zh-hant`, `zh`), each compared with the codes
 * and tags of the table, case-insensitive. The table gives each language to its first locale
 * (encodeTable), so `pt-BR` finds `pt-PT` when that is the site's only Portuguese. Falls back to
 * the first (default) locale.
 */
export function matchLocale(languages: readonly string[], table: LocaleTable): string {
  let hit: string | undefined;
  for (const tag of languages)
    for (let t = tag.toLowerCase(); !hit && t; t = t.replace(/-?[^-]*$/, '')) hit = find(table, (l) => l.some((x) => x.toLowerCase() == t));
  return hit || table[0]![0]!;
}

/**
 * Chinese by script: Traditional (zh-Hant, Hong Kong, Macau) is zh-TW, Simplified (zh-Hans,
 * Singapore) is zh-CN, whenever the site has those codes.
 */
const CHINESE: Record<string, string[]> = { 'zh-tw': ['zh-hant', 'zh-hk', 'zh-mo'], 'zh-cn': ['zh-hans', 'zh-sg'] };

/**
 * The table as a compact string for the inline script: rows joined by spaces, a row's code and tags
 * by `=`. A row carries only the tags matching needs besides its code (all lower case):
 * - its iso, when it differs from the code and another locale shares its language (a language no
 *   other locale has is found by its language part alone) or the code is of another language;
 * - the bare language (`pt`), on the first locale of that language when no code or iso is it;
 * - the Chinese script and region tags, on zh-TW and zh-CN when it is not the table's first
 *   Chinese locale (the first gets every Chinese visitor through the bare language anyway).
 */
export function encodeTable(rows: readonly (readonly [code: string, iso: string])[]): string {
  const lang = (tag: string) => tag.toLowerCase().split('-')[0]!;
  const taken = new Set(rows.flatMap(([code, iso]) => [code.toLowerCase(), iso.toLowerCase()]));
  return rows
    .map(([code, iso], i) => {
      const tags = [code];
      const shared = rows.filter(([, other]) => lang(other) == lang(iso)).length > 1;
      if ((shared || lang(code) != lang(iso)) && iso.toLowerCase() != code.toLowerCase()) tags.push(iso.toLowerCase());
      const first = rows.findIndex(([, other]) => lang(other) == lang(iso)) == i;
      if (first && !taken.has(lang(iso))) tags.push(lang(iso));
      if (!first) tags.push(...(CHINESE[code.toLowerCase()] ?? CHINESE[iso.toLowerCase()] ?? []));
      return tags.join('=');
    })
    .join(' ');
}

/** Back to rows: the code, then its tags. */
export const decodeTable = (s: string): LocaleTable => s.split(' ').map((e) => e.split('='));
