/**
 * The languages' own names (locales.ts, ownName) kept in the build cache. A build that writes its
 * output needs every locale's name (the manifest, the build id, the language switcher), and making
 * them takes Intl's display names for each language: 8 to 11 ms of CPU for the real site's 18 in
 * profiles of the first rebuild after a one-message edit, the same in every full build, for names
 * that only change with Node's ICU data or sitegen. Kept here, keyed by those and sitegen's
 * version, a build reads them from one small entry instead. Written once, the entry is pruned a
 * week later like any other (prune.ts): the next build makes the names again.
 */
import type { Locale } from '../locales.ts';
import { nameData, unnamedLocales } from '../locales.ts';
import type { CacheLocation } from './build-cache.ts';
import { entryFile, hashKey, readEntry, writeEntry } from './entries.ts';

/** Code and tag -> own name. */
type Names = Record<string, string>;

const id = (code: string, iso: string) => `${code} ${iso}`;

/**
 * Gives the unnamed locales of `table` the names the cache has for them (a damaged entry is
 * ignored, and `onDamaged` hears of it); `save` keeps them all once the build has made the others.
 */
export function cachedOwnNames(cache: CacheLocation, table: readonly Locale[], onDamaged: () => void): { save(): void } {
  const unnamed = unnamedLocales(table);
  const key = hashKey('locale-names', cache.version, nameData());
  const file = entryFile(cache.dir, 'locales', key);
  const found = unnamed.length > 0 ? readEntry<Names>(file, key) : undefined;
  if (found === 'damaged' || (found !== undefined && !wellFormed(found))) onDamaged();
  const known: Names = found && found !== 'damaged' && wellFormed(found) ? found : {};
  let missing = false;
  for (const [locale, iso] of unnamed) {
    const name = Object.hasOwn(known, id(locale.code, iso)) ? known[id(locale.code, iso)] : undefined;
    if (name === undefined) missing = true;
    else locale.name = name;
  }
  return {
    save: () => {
      if (!missing) return;
      const names: Names = { ...known };
      for (const [locale, iso] of unnamed) names[id(locale.code, iso)] = locale.name;
      writeEntry(file, key, names);
    },
  };
}

function wellFormed(names: unknown): names is Names {
  return !!names && typeof names === 'object' && !Array.isArray(names) && Object.values(names).every((n) => typeof n === 'string' && n.length > 0);
}
