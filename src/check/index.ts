import type { ResolvedConfig } from '../config.ts';
import { errors } from '../errors.ts';
import { GLOBAL_ARGUMENT_NAMES } from '../i18n/globals.ts';
import type { Locale } from '../locales.ts';
import { RUNTIME_ARGUMENTS, RUNTIME_PREFIX } from '../runtime/types.ts';
import { checkTranslation, type Counts } from './check-locale.ts';
import { checkDuplicateKeys, checkStrayFiles, reportUnreadable } from './file-findings.ts';
import { FindingList } from './findings.ts';
import { AllowList } from './key-sets.ts';
import { localeTexts, parseLocaleFile, type LocaleText } from './locale-files.ts';
import { checkReference } from './reference.ts';
import { usageOf } from './report-parts.ts';
import type { CheckReport } from './report.ts';
import type { Run } from './run.ts';
import { row, tally, type Checked } from './summary.ts';
import { checkAllowList, checkUsage } from './usage-findings.ts';

export type { CheckReport, Finding, FindingKind, LocaleSummary, Severity } from './report.ts';
export { SEVERITY } from './report.ts';
export { formatTable, formatFinding } from './format-table.ts';
export { toJson } from './to-json.ts';
export { renderHtmlReport } from './html-report.ts';
export { exitCode } from './exit-code.ts';

export interface CheckOptions {
  /** Check only this locale code (its findings and row). */
  locale?: string;
  /** Check only these locale codes (a build shard's); en's own checks run when en is one of them. */
  locales?: readonly string[];
  /** The locale files as the caller read them (a build's messages stage); the check reads those it is not given. */
  texts?: readonly LocaleText[];
  /** Every message key the pages ask for (from the build); unused and undefined keys are checked only with it. */
  usedKeys?: ReadonlySet<string>;
  /**
   * Key -> the value names the pages pass for it (`t(key, { count })`), from the same render. A
   * translation may use any of them; a key absent here (or no map at all) allows en's arguments only.
   */
  passedValues?: ReadonlyMap<string, ReadonlySet<string>>;
  /** The keys pages name in their `head` (title, description), which the build formats with no values of a page's own. */
  headKeys?: ReadonlySet<string>;
  /** Locales whose pages were not rendered for `usedKeys` and `passedValues` (their file is malformed). */
  usageSkipped?: readonly string[];
}

/** Arguments every message receives from the build (see templates/README.md). */
const GLOBAL_ARGUMENTS: ReadonlySet<string> = new Set(GLOBAL_ARGUMENT_NAMES);

/**
 * The values the pages pass, with the arguments the browser runtime fills into its own messages
 * (`runtime.errorTitle`: `{status}`): an argument of en's beyond those is en's fault (its visitors
 * would see it as it is), not a translation's for leaving it out.
 */
function withRuntimeArguments(passed: ReadonlyMap<string, ReadonlySet<string>>): ReadonlyMap<string, ReadonlySet<string>> {
  const all = new Map(passed);
  for (const [name, filled] of Object.entries(RUNTIME_ARGUMENTS)) all.set(RUNTIME_PREFIX + name, new Set(filled));
  return all;
}

/**
 * Compares every locale file with en and returns the findings as data. Cheap enough for every
 * build: files are read once, common ICU is read without building a syntax tree, a translation
 * whose shape equals en's is not compared further, and positions are only computed for files
 * that have findings.
 */
export async function check(config: ResolvedConfig, options: CheckOptions = {}): Promise<CheckReport> {
  const reference = config.defaultLocale;
  const selected = selectLocales(config, options);
  const texts = await localeTexts(config, [reference, ...selected.filter((l) => l !== reference)], options.texts);
  const enFile = parseLocaleFile(texts[0]!);
  const run: Run = {
    reference: reference.code,
    findings: new FindingList(),
    allow: new AllowList(config.untranslated),
    globals: GLOBAL_ARGUMENTS,
    passed: options.passedValues && withRuntimeArguments(options.passedValues),
    heads: options.headKeys,
    words: new Map(),
  };
  const order = config.locales.map((l) => l.code);
  const wantsEn = selected.includes(reference);

  if (enFile.status !== 'ok') {
    // Without the reference nothing can be compared: report that alone.
    reportUnreadable(run, enFile, 'error', reference.code);
    const findings = run.findings.sorted(order);
    return { reference: reference.code, locales: [row(enFile, 0, null, tally(findings))], findings, usageChecked: false, usageSkipped: [] };
  }

  const ref = checkReference(run, enFile);
  if (wantsEn) {
    if (!run.allow.empty) checkAllowList(run, config, ref.keys());
    if (options.usedKeys) checkUsage(run, enFile, ref.keys(), options.usedKeys);
    if (!options.locale) await checkStrayFiles(run, config);
  }
  // en's findings are all made: one scan of en positions them (and counts its keys).
  checkDuplicateKeys(run, enFile, run.findings.place(enFile));

  // One locale at a time: parsed, compared, its findings placed, and its tree let go.
  const checked: Checked[] = [];
  for (const text of texts.slice(1)) {
    // A turn of the event loop between locales: a build checks while esbuild bundles, and esbuild's
    // plugin calls wait for this thread.
    await new Promise((resolve) => setImmediate(resolve));
    const file = parseLocaleFile(text);
    let counts: Counts | null = null;
    if (file.status !== 'ok') reportUnreadable(run, file, file.status === 'malformed' ? 'error' : 'warning', reference.code);
    else counts = checkTranslation(run, ref, file);
    const written = run.findings.place(file);
    if (file.status === 'ok') checkDuplicateKeys(run, file, written);
    checked.push({ locale: file.locale, file: file.file, status: file.status, counts });
  }

  const wanted = new Set(selected.map((l) => l.code));
  const findings = run.findings.sorted(order).filter((f) => wanted.has(f.locale) || (!options.locale && f.kind === 'unknown-file'));
  const severities = tally(findings);
  const locales = [
    ...(wantsEn ? [row(enFile, ref.count, { translated: ref.count, missing: 0, extra: 0 }, severities)] : []),
    ...checked.map((c) => row(c, ref.count, c.counts, severities)),
  ];
  return { reference: reference.code, locales, findings, ...usageOf(options, selected, reference.code) };
}

/** The locales a check of `options` selects, in the order of the locale table; throws for an unknown `locale`. */
export function selectLocales(config: ResolvedConfig, options: CheckOptions): readonly Locale[] {
  const code = options.locale;
  if (code === undefined) {
    const only = options.locales && new Set(options.locales);
    return only ? config.locales.filter((l) => only.has(l.code)) : config.locales;
  }
  const locale = config.locales.find((l) => l.code === code);
  if (!locale) {
    throw errors.checkUnknownLocale(code, config.locales.map((l) => l.code));
  }
  return [locale];
}

