/**
 * The translation check of a build, kept in the build cache one locale at a time: after an edit
 * of one locale's file only that locale is checked again. Kept whole, the check of all 18 locales
 * of the real site ran again after any one message edit: 300 ms of CPU or more beside the render
 * (on a thread of its own, as it then was), on a 2-core machine, for one changed file.
 *
 * A locale's part (its row and findings, see check/report-parts.ts) depends only on en's file, its
 * own file, the config, the values the pages pass and sitegen's version. en's part also depends on
 * the folder's file names (stray files) and the keys the pages use. A change to en changes every
 * key, so every locale is checked again.
 */
import type { ResolvedConfig } from '../config.ts';
import type { Locale } from '../locales.ts';
import { check, selectLocales, type CheckOptions, type CheckReport } from '../check/index.ts';
import { completeFinding } from '../check/findings.ts';
import { localeTexts, strayLocaleFiles, type LocaleText } from '../check/locale-files.ts';
import { joinParts, referenceFailed, splitReport, type CheckPart } from '../check/report-parts.ts';
import type { CacheLocation } from './build-cache.ts';
import { entryFile, hashKey, readEntry, writeEntry } from './entries.ts';
import { textPrint } from './message-texts.ts';

/** One locale's part in the cache: its code and the key of its entry. */
interface Slot {
  code: string;
  key: string;
}

/**
 * `check(config, options)`, each locale's part from the cache when its inputs are unchanged;
 * `onDamaged` hears of each entry ignored. `run` is what checks on a miss (check itself, or a
 * check that waits for its turn), asked for only the locales missing: the report joins their
 * parts with the cached ones.
 */
export async function cachedCheck(
  cache: CacheLocation | null,
  config: ResolvedConfig,
  options: CheckOptions,
  onDamaged: () => void,
  run: (config: ResolvedConfig, options: CheckOptions) => Promise<CheckReport> = check,
): Promise<CheckReport> {
  // An unknown `locale` is the check's own error.
  if (!cache || (options.locale !== undefined && !config.locales.some((l) => l.code === options.locale))) return run(config, options);
  const selected = selectLocales(config, options);
  const slots = await partSlots(cache, config, options, selected);
  const parts = new Map<string, CheckPart>();
  for (const slot of slots) {
    const found = readPart(cache, slot);
    if (found === 'damaged') onDamaged();
    else if (found) parts.set(slot.code, found);
  }
  const missing = slots.filter((s) => !parts.has(s.code));
  if (slots.length > 0 && missing.length === 0) return joinParts(config, options, selected, parts);

  const whole = missing.length === slots.length;
  const report = await run(config, whole ? options : { ...options, locales: missing.map((s) => s.code) });
  // en missing or malformed: the report is that alone, and no part is kept for an en that fails.
  if (referenceFailed(report)) return report;
  const made = splitReport(config, report, missing.map((s) => s.code));
  for (const slot of missing) writeEntry(entryFile(cache.dir, 'check', slot.key), slot.key, made.get(slot.code));
  if (whole) return report;
  for (const [code, part] of made) parts.set(code, part);
  return joinParts(config, options, selected, parts);
}

/** A part from the cache: undefined when there is none, 'damaged' when its entry is not a whole part of its locale. */
function readPart(cache: CacheLocation, slot: Slot): CheckPart | undefined | 'damaged' {
  const found = readEntry<CheckPart>(entryFile(cache.dir, 'check', slot.key), slot.key);
  if (found === undefined || found === 'damaged') return found;
  const { row, findings } = found;
  if (!row || typeof row !== 'object' || row.locale !== slot.code || !Array.isArray(findings) || !findings.every((f) => f && typeof f === 'object')) return 'damaged';
  return { row, findings: findings.map(completeFinding) };
}

/** The parts a check of `selected` is made of (en's first, if selected), each with its key. */
async function partSlots(cache: CacheLocation, config: ResolvedConfig, options: CheckOptions, selected: readonly Locale[]): Promise<Slot[]> {
  const reference = config.defaultLocale;
  const others = selected.filter((l) => l !== reference);
  const [en, ...texts] = await localeTexts(config, [reference, ...others], options.texts);
  // Everything of the config but where the output goes.
  const { outDir: _outDir, ...checked } = config;
  // What every part depends on, hashed once (en's text is most of it).
  const common = hashKey(cache.version, JSON.stringify(checked), ...textKey(en!));
  const passed = passedKey(options);
  const slots = others.map((l, i) => ({ code: l.code, key: hashKey('check-locale', common, l.code, passed, ...textKey(texts[i]!)) }));
  if (!selected.includes(reference)) return slots;
  // Stray files are checked only when the check is not limited to one locale.
  const strays = options.locale === undefined ? await strayLocaleFiles(config).then((names) => names.join('\0'), (err: Error) => `unlisted: ${err.message}`) : 'not checked';
  const used = options.usedKeys ? [...options.usedKeys].sort().join('\0') : 'no usage';
  // en's own findings depend on the values passed too (argument-unpassed).
  return [{ code: reference.code, key: hashKey('check-en', common, strays, used, passed) }, ...slots];
}

/**
 * A locale file as the check reads it: its text's print, or why there is none. By the print the
 * build's messages stage made of the text (LocaleText's print), the text is not hashed again: the
 * real site's 1.4 MB were 1.3 MB of SHA-256 in each build, and as many bytes encoded to UTF-8 for
 * it (callgrind of a one-message edit, with the print: 1.86 G instructions against 1.90 G, 2 runs each). A check without it (`sitegen
 * check`, dev) makes the same print, so both find the same entries.
 */
function textKey(text: LocaleText): string[] {
  if (text.unreadable !== undefined) return ['unreadable', text.unreadable];
  // A text with a print is there (its file was read), and is not decoded for the key (stages.ts, loadMessagesStage).
  if (text.print !== undefined) return ['text', text.print];
  return text.source === null ? ['missing', ''] : ['text', textPrint(text.source)];
}

/** The value names the pages pass, per key, in one order, and the keys pages name in their head. */
function passedKey(options: CheckOptions): string {
  const passed = options.passedValues && [...options.passedValues].map(([k, v]) => [k, [...v].sort()]).sort(([a], [b]) => (a! < b! ? -1 : 1));
  // Which keys are a head's changes the words of en's argument findings.
  return JSON.stringify([passed ?? null, options.headKeys ? [...options.headKeys].sort() : null]);
}
