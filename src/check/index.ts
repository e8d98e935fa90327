import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { errors } from '../errors.ts';
import { GLOBAL_ARGUMENT_NAMES } from '../i18n/globals.ts';
import { isKnownLanguage, type Locale } from '../locales.ts';
import { checkReference, checkTranslation, type Counts, type Run } from './check-locale.ts';
import { findDuplicateKeys, hasDuplicateKeys } from './duplicate-keys.ts';
import { FindingList } from './findings.ts';
import { AllowList, compareUsage } from './key-sets.ts';
import { parseLocaleFile, readLocaleFiles, relativeFile, strayLocaleFiles, type LocaleFile } from './locale-files.ts';
import { addSeverity, type CheckReport, type Finding, type LocaleSummary, type SeverityCounts } from './report.ts';

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
  /** Every message key the pages ask for (from the build); unused and undefined keys are checked only with it. */
  usedKeys?: ReadonlySet<string>;
  /**
   * Key -> the value names the pages pass for it (`t(key, { count })`), from the same render. A
   * translation may use any of them; a key absent here (or no map at all) allows en's arguments only.
   */
  passedValues?: ReadonlyMap<string, ReadonlySet<string>>;
  /** Locales whose pages were not rendered for `usedKeys` and `passedValues` (their file is malformed). */
  usageSkipped?: readonly string[];
}

/** Arguments every message receives from the build (see templates/README.md). */
const GLOBAL_ARGUMENTS: ReadonlySet<string> = new Set(GLOBAL_ARGUMENT_NAMES);

/**
 * Compares every locale file with en and returns the findings as data. Cheap enough for every
 * build: files are read once, common ICU is read without building a syntax tree, a translation
 * whose shape equals en's is not compared further, and positions are only computed for files
 * that have findings.
 */
export async function check(config: ResolvedConfig, options: CheckOptions = {}): Promise<CheckReport> {
  const reference = config.defaultLocale;
  const selected = selectLocales(config, options);
  const texts = await readLocaleFiles(config, [reference, ...selected.filter((l) => l !== reference)]);
  const enFile = parseLocaleFile(texts[0]!);
  const run: Run = {
    findings: new FindingList(),
    allow: new AllowList(config.untranslated),
    globals: GLOBAL_ARGUMENTS,
    passed: options.passedValues,
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
  const usageSkipped = (options.usageSkipped ?? []).filter((code) => wanted.has(code));
  return { reference: reference.code, locales, findings, usageChecked: wantsEn && Boolean(options.usedKeys), usageSkipped };
}

function selectLocales(config: ResolvedConfig, options: CheckOptions): readonly Locale[] {
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

/** A file that is missing or does not parse; `reference` is the default locale's code, which all others are checked against. */
function reportUnreadable(run: Run, file: LocaleFile, severity: 'error' | 'warning', reference: string): void {
  if (file.status === 'missing') {
    run.findings.add({
      locale: file.locale.code,
      file: file.file,
      kind: 'missing-file',
      severity,
      message:
        file.locale.code === reference
          ? 'The reference file is missing: nothing can be checked or built.'
          : `The file is missing: every message of ${file.locale.code} falls back to ${reference}.`,
      hint: file.locale.code === reference ? `Create ${file.file} with the site's messages.` : `Create ${file.file} (a copy of the ${reference} file to translate).`,
    });
    return;
  }
  run.findings.add({
    locale: file.locale.code,
    file: file.file,
    line: file.error?.line,
    column: file.error?.column,
    kind: 'malformed-file',
    message: `${file.error?.message ?? 'The file cannot be read.'} Nothing else is checked in this file.`,
    hint:
      file.error?.line !== undefined
        ? 'Fix the JSON syntax at this position (a missing comma or quote, a trailing comma).'
        : 'Make it a readable JSON object whose values are messages (strings) or objects of messages.',
    frame: file.error?.frame,
  });
}

function checkAllowList(run: Run, config: ResolvedConfig, enKeys: readonly string[]): void {
  const configFile = config.configFile ? relativeFile(config, config.configFile) : 'sitegen.config.ts';
  const list = (scope: string) => (scope === '*' ? '`untranslated`' : `\`untranslated.${scope}\``);
  for (const { scope, pattern } of run.allow.unmatched(enKeys)) {
    run.findings.add({
      locale: config.defaultLocale.code,
      key: pattern,
      file: configFile,
      kind: 'allow-list-unknown',
      message: `${list(scope)} lists "${pattern}", which matches no key of en.`,
      hint: `Remove it from ${list(scope)}, or fix its name if the key was renamed.`,
    });
  }
  const codes = config.locales.map((l) => l.code);
  for (const scope of run.allow.scopes()) {
    if (codes.includes(scope)) continue;
    run.findings.add({
      locale: config.defaultLocale.code,
      key: scope,
      file: configFile,
      kind: 'allow-list-unknown',
      message: `\`untranslated\` has a list for "${scope}", which is no locale of this site.`,
      hint: `Use a locale code of the site (${codes.join(', ')}), or '*' for every locale.`,
    });
  }
}

/**
 * Keys written twice in one object: JSON.parse kept the last, the first is lost without a word.
 * `written`: the keys the scan placing the file's findings saw; without one, a count of its own.
 */
function checkDuplicateKeys(run: Run, file: LocaleFile, written: number | undefined): void {
  if (written !== undefined ? written <= file.facts.keys : !hasDuplicateKeys(file.source, file.facts.keys)) return;
  for (const dup of findDuplicateKeys(file.source)) {
    run.findings.add({
      locale: file.locale.code,
      key: dup.key,
      file: file.file,
      line: dup.second.line,
      column: dup.second.column,
      kind: 'duplicate-key',
      message: `"${dup.key}" is written twice in the same object (lines ${dup.first.line} and ${dup.second.line}): only line ${dup.second.line} is read, line ${dup.first.line} is silently lost.`,
      hint: 'Keep one of the two: delete the one you do not mean, or rename it if it was meant to be another key.',
    });
  }
}

function checkUsage(run: Run, enFile: LocaleFile, enKeys: readonly string[], used: ReadonlySet<string>): void {
  const usage = compareUsage(enKeys, used);
  for (const key of usage.unused) {
    run.findings.addKey(enFile, key, 'unused-key', 'No page or component uses this key.', `Delete it from ${enFile.file} and the other locale files, or use it.`);
  }
  for (const key of usage.undefined) {
    run.findings.add({
      locale: enFile.locale.code,
      key,
      file: enFile.file,
      kind: 'undefined-key',
      message: 'A page or component asks for this key, but en does not have it: the build fails.',
      hint: `Add "${key}" to ${enFile.file}, or fix the key in the code.`,
    });
  }
}

async function checkStrayFiles(run: Run, config: ResolvedConfig): Promise<void> {
  const published = new Set(config.locales.map((l) => l.code));
  for (const name of await strayLocaleFiles(config)) {
    const code = name.slice(0, -'.json'.length);
    run.findings.add({
      locale: code,
      file: relativeFile(config, path.join(config.localesDir, name)),
      kind: 'unknown-file',
      message: isKnownLanguage(code)
        ? `The site does not publish "${code}" (it is not in \`locales\` of the config), so this file is never used.`
        : `There is no locale "${code}", so this file is never used.`,
      hint: isKnownLanguage(code)
        ? `Add "${code}" to \`locales\` in sitegen.config.ts to publish it, or delete the file.`
        : `Rename it to a locale code of the site (${[...published].join(', ')}), or delete it.`,
    });
  }
}

/** Errors, warnings and infos per locale, counted in one pass over the findings. */
function tally(findings: readonly Finding[]): Map<string, SeverityCounts> {
  const out = new Map<string, SeverityCounts>();
  for (const f of findings) {
    let t = out.get(f.locale);
    if (!t) out.set(f.locale, (t = { errors: 0, warnings: 0, infos: 0 }));
    addSeverity(t, f.severity);
  }
  return out;
}

/** What a locale's row needs once its file is checked (not the file's tree). */
type Checked = Pick<LocaleFile, 'locale' | 'file' | 'status'> & { counts: Counts | null };

function row(file: Pick<LocaleFile, 'locale' | 'file' | 'status'>, keys: number, counts: Counts | null, severities: Map<string, SeverityCounts>): LocaleSummary {
  const { errors, warnings, infos } = severities.get(file.locale.code) ?? { errors: 0, warnings: 0, infos: 0 };
  const translated = counts?.translated ?? 0;
  return {
    locale: file.locale.code,
    iso: file.locale.iso,
    file: file.file,
    status: file.status,
    keys,
    translated,
    missing: counts?.missing ?? (file.status === 'missing' ? keys : 0),
    extra: counts?.extra ?? 0,
    errors,
    warnings,
    infos,
    completeness: keys === 0 ? (file.status === 'ok' ? 100 : 0) : Math.floor((translated * 1000) / keys) / 10,
  };
}
