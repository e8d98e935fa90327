/**
 * Which locale a visitor gets on `/`: pure functions shared by the inline redirect script, the
 * core runtime and the unit tests. Kept tiny because the redirect is inlined in the head of `/`
 * (600-byte budget).
 */

/**
 * Rows of every published locale, default first: `[code, iso]` with the iso in lower case, or just
 * `[code]` when matching by the code does the same (see encodeTable). The last item is matched.
 */
export type LocaleTable = readonly (readonly [code: string, iso?: string])[];

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
 * The first browser language that matches a locale: each entry first by full iso (case-insensitive),
 * then by its language part. Traditional Chinese (zh-Hant, Hong Kong, Macau) counts as zh-TW; any
 * other Chinese (zh-Hans, Singapore) falls to the language part, that is the first Chinese locale
 * of the table (zh-CN comes before zh-TW). Falls back to the first (default) locale. The table's
 * isos must be lower case (`decodeTable` gives them so).
 */
export function matchLocale(languages: readonly string[], table: LocaleTable): string {
  let hit: string | undefined;
  for (let tag of languages) {
    tag = tag.toLowerCase().replace(/^zh-(hant|hk|mo).*/, 'zh-tw');
    hit ||= find(table, (l) => l.at(-1) == tag) || find(table, (l) => l.at(-1)!.split('-')[0] == tag.split('-')[0]);
  }
  return hit || table[0]![0];
}

/**
 * The table as a compact string for the inline script. A locale whose language no other locale
 * shares is found by its language part alone, so its iso is dropped (`de`, not `de=de-DE`): this
 * gives the same matches in fewer bytes. Others keep `code=iso` (iso in lower case), or just `code`
 * when the iso is the code in lower case.
 */
export function encodeTable(table: LocaleTable): string {
  const lang = (tag: string) => tag.toLowerCase().split('-')[0];
  return table
    .map(([code, iso = code]) => {
      const alone = lang(code) == lang(iso) && table.filter((l) => lang(l.at(-1)!) == lang(iso)).length == 1;
      return alone || code == iso.toLowerCase() ? code : code + '=' + iso.toLowerCase();
    })
    .join(' ');
}

/** Back to rows: `[code, iso]` or `[code]`. */
export const decodeTable = (s: string) => s.split(' ').map((e) => e.split('=')) as unknown as LocaleTable;
