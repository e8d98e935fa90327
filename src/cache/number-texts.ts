/**
 * Numbers as the pages' messages showed them (a plural's `#`, a `{count, number}`: Intl.NumberFormat's
 * text of a value in a locale and style), kept in the build cache. The first Intl.NumberFormat a
 * process makes has V8 list every locale ICU formats numbers in (Intl::BuildLocaleSet, perf), 8.8 ms
 * of CPU whatever the locale, then 0.05 ms for the next: a rebuild of the real site after a
 * one-message edit renders one page, and paid that list for the one count it shows, ~4% of the
 * rebuild's CPU (profile). The texts change only with Node (V8 and its ICU data) and sitegen: kept
 * by those, a build shows the numbers the cache has without any formatter (i18n/compiled-message.ts,
 * useNumberTexts), and formats the others as before. The main thread's renderer adds the numbers it
 * formatted to the texts, and the build keeps them all for the next (a render worker's go with it).
 */
import type { CacheLocation } from './build-cache.ts';
import { entryFile, hashKey, isRecordOf, readCheckedEntry, writeEntry } from './entries.ts';
import { nameData } from '../locales.ts';

/**
 * The texts the cache has (a damaged entry is ignored, and `onDamaged` hears of it), for the
 * renderers to show and add to; `save` keeps them once the render is done, if it added any.
 */
export function cachedNumberTexts(cache: CacheLocation, onDamaged: () => void): { texts: Map<string, string>; save(): void } {
  const key = hashKey('number-texts', cache.version, nameData(), `v8 ${process.versions.v8}`);
  // Beside the languages' own names (locale-names.ts): Intl's data too, pruned as they are.
  const file = entryFile(cache.dir, 'locales', key);
  const texts = new Map<string, string>(Object.entries(readCheckedEntry(file, key, wellFormed, onDamaged) ?? {}));
  const kept = texts.size;
  return {
    texts,
    save: () => {
      if (texts.size > kept && texts.size <= MAX_TEXTS) writeEntry(file, key, Object.fromEntries(texts));
    },
  };
}

/** Past this many (a site that shows every number it has), none are kept: the entry stays small to read. */
const MAX_TEXTS = 20_000;

function wellFormed(kept: unknown): kept is Record<string, string> {
  return isRecordOf(kept, (t) => typeof t === 'string');
}
