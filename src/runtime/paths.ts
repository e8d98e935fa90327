/** Public paths between locales (strategy prefix_except_default). Pure, used by the switcher. */

/** The path without its locale prefix: `/de/jobs` -> `/jobs`, `/de` -> `/`. */
export function stripLocale(path: string, locale: string, defaultLocale: string): string {
  if (locale == defaultLocale) return path;
  const prefix = '/' + locale;
  if (path == prefix) return '/';
  return path.startsWith(prefix + '/') ? path.slice(prefix.length) : path;
}

/** The same page in another locale: `/ja/tos` to en is `/tos`; `.html` aliases keep their suffix. */
export function switchLocalePath(path: string, from: string, to: string, defaultLocale: string): string {
  const bare = stripLocale(path, from, defaultLocale);
  if (to == defaultLocale) return bare;
  return bare == '/' ? '/' + to : '/' + to + bare;
}

