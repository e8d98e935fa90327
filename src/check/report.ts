/**
 * The data `sitegen check` produces. Everything the table, the JSON and the HTML report show is
 * here; formatters never look at files again.
 */

/**
 * `info`: worth a look, never wrong enough to act on by itself (a one-word label identical to en,
 * a plural case the language never selects). Shown everywhere, counted apart, never fails a run.
 */
export type Severity = 'error' | 'warning' | 'info';

/**
 * What a finding is about. These names are part of the JSON schema: never rename one, only add.
 * SEVERITY gives each kind its severity: errors break pages or the build, warnings are gaps that
 * fall back to en or lose nuance, and fail only with `--strict`. A few kinds are milder in some
 * cases (a short label identical to en, a plural lacking only ar `zero`): those findings carry
 * `info` themselves.
 */
export type FindingKind =
  | 'malformed-file'
  | 'missing-file'
  | 'unknown-file'
  | 'missing-key'
  | 'extra-key'
  | 'empty'
  | 'untranslated'
  | 'syntax'
  | 'argument-missing'
  | 'argument-unknown'
  | 'argument-unpassed'
  | 'argument-kind'
  | 'tag-mismatch'
  | 'tag-nesting'
  | 'html-entity'
  | 'plural-missing'
  | 'plural-unused'
  | 'plural-unreachable'
  | 'empty-case'
  | 'duplicate-key'
  | 'select-missing'
  | 'lost-meaning'
  | 'unused-key'
  | 'undefined-key'
  | 'allow-list-unknown';

export const SEVERITY: Readonly<Record<FindingKind, Severity>> = {
  'malformed-file': 'error',
  'missing-file': 'warning',
  'unknown-file': 'warning',
  'missing-key': 'warning',
  'extra-key': 'warning',
  empty: 'warning',
  untranslated: 'warning',
  syntax: 'error',
  'argument-missing': 'error',
  'argument-unknown': 'error',
  'argument-unpassed': 'error',
  'argument-kind': 'error',
  'tag-mismatch': 'error',
  'tag-nesting': 'warning',
  'html-entity': 'warning',
  'plural-missing': 'warning',
  'plural-unused': 'warning',
  'plural-unreachable': 'info',
  'empty-case': 'warning',
  'duplicate-key': 'error',
  'select-missing': 'warning',
  'lost-meaning': 'warning',
  'unused-key': 'warning',
  'undefined-key': 'error',
  'allow-list-unknown': 'warning',
};

export interface Finding {
  /** Locale code the finding belongs to (`en` for findings about the reference or the code). */
  locale: string;
  /** Flattened message key (`home.hero.title`); absent for findings about a whole file. */
  key?: string;
  /** File to edit, relative to the project root, with forward slashes (`locales/de.json`). */
  file: string;
  /** 1-based position in `file`; for message problems it points inside the message. */
  line?: number;
  column?: number;
  severity: Severity;
  kind: FindingKind;
  /** What is wrong, in one sentence. */
  message: string;
  /** What to do about it. */
  hint: string;
  /** A few lines of source with a caret, for syntax errors. */
  frame?: string;
}

/** One row of the summary table. */
export interface LocaleSummary {
  locale: string;
  /** BCP 47 tag used for plural rules. */
  iso: string;
  file: string;
  /** `missing`: no file (everything falls back to en); `malformed`: not valid JSON, nothing else checked. */
  status: 'ok' | 'missing' | 'malformed';
  /** Keys in en (the reference). */
  keys: number;
  /**
   * en keys present, not empty, valid ICU, and either different from en, allowed to stay identical,
   * or identical but only one or two words (an `info`: mostly a word both languages share).
   */
  translated: number;
  missing: number;
  extra: number;
  errors: number;
  warnings: number;
  infos: number;
  /** translated / keys in percent, rounded down to one decimal (100 only when complete). */
  completeness: number;
}

export interface CheckReport {
  /** The reference locale, always `en`. */
  reference: string;
  /** One row per checked locale, reference first, in the order of the locale table. */
  locales: LocaleSummary[];
  /** Sorted by locale (table order), key, line, column, kind; no duplicates. */
  findings: Finding[];
  /** Whether unused and undefined keys were checked (they need the keys the pages use). */
  usageChecked: boolean;
  /**
   * Checked locales whose pages were left out of that scan because their file is malformed: keys
   * and values only those pages use were not seen.
   */
  usageSkipped: string[];
}

/** Where a finding is: `locales/de.json:3:14`, or the file alone. */
export function findingPlace(f: Finding): string {
  return f.line !== undefined ? `${f.file}:${f.line}:${f.column}` : f.file;
}

export interface SeverityCounts {
  errors: number;
  warnings: number;
  infos: number;
}

export function countBySeverity(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { errors: 0, warnings: 0, infos: 0 };
  for (const f of findings) addSeverity(counts, f.severity);
  return counts;
}

export function addSeverity(counts: SeverityCounts, severity: Severity): void {
  if (severity === 'error') counts.errors++;
  else if (severity === 'warning') counts.warnings++;
  else counts.infos++;
}
