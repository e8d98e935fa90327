/**
 * The languages' own names and writing directions (locales.ts, ownName and textDirection) kept in
 * the build cache. A build that writes its output needs every locale's name and direction (the
 * manifest, the build id, the language switcher, `<html dir>`), and making them takes Intl's data:
 * display names for each language, 8 to 11 ms of CPU for the real site's 18 in profiles of the
 * first rebuild after a one-message edit, and the likely subtags for the directions, 2 to 13 ms
 * (direct timers), the same in every full build, for values that only change with Node's ICU data
 * or sitegen. Kept here, keyed by those and sitegen's version, a build reads them from one small
 * entry instead. Written once, the entry is pruned a week later like any other (prune.ts): the
 * next build makes them again.
 */
import type { Locale } from '../locales.ts';
import { nameData, undirectedLocales, unnamedLocales } from '../locales.ts';
import type { CacheLocation } from './build-cache.ts';
import { entryFile, hashKey, isRecordOf, readCheckedEntry, writeEntry } from './entries.ts';

/** Code and tag -> own name; tag -> writing direction. */
interface Kept {
  names: Record<string, string>;
  dirs: Record<string, Locale['dir']>;
}

const id = (code: string, iso: string) => `${code} ${iso}`;

/**
 * Gives the unnamed and undirected locales of `table` the names and directions the cache has for
 * them (a damaged entry is ignored, and `onDamaged` hears of it); `save` keeps them all once the
 * build has made the others.
 */
export function cachedOwnNames(cache: CacheLocation, table: readonly Locale[], onDamaged: () => void): { save(): void } {
  const unnamed = unnamedLocales(table);
  const undirected = undirectedLocales(table);
  const key = hashKey('locale-names', cache.version, nameData());
  const file = entryFile(cache.dir, 'locales', key);
  const found = unnamed.length + undirected.length > 0 ? readCheckedEntry(file, key, wellFormed, onDamaged) : undefined;
  const known: Kept = found ?? { names: {}, dirs: {} };
  let missing = false;
  for (const [locale, iso] of unnamed) {
    const name = Object.hasOwn(known.names, id(locale.code, iso)) ? known.names[id(locale.code, iso)] : undefined;
    if (name === undefined) missing = true;
    else locale.name = name;
  }
  for (const [locale, iso] of undirected) {
    const dir = Object.hasOwn(known.dirs, iso) ? known.dirs[iso] : undefined;
    if (dir === undefined) missing = true;
    else locale.dir = dir;
  }
  return {
    save: () => {
      if (!missing) return;
      const kept: Kept = { names: { ...known.names }, dirs: { ...known.dirs } };
      for (const [locale, iso] of unnamed) kept.names[id(locale.code, iso)] = locale.name;
      for (const [locale, iso] of undirected) kept.dirs[iso] = locale.dir;
      writeEntry(file, key, kept);
    },
  };
}

function wellFormed(kept: unknown): kept is Kept {
  return (
    isRecordOf(kept, () => true) &&
    isRecordOf((kept as Kept).names, (n) => typeof n === 'string' && n.length > 0) &&
    isRecordOf((kept as Kept).dirs, (d) => d === 'ltr' || d === 'rtl')
  );
}
