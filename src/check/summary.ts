/** The report's rows: one per locale, its counts and the severities of its findings. */
import type { Counts } from './check-locale.ts';
import type { LocaleFile } from './locale-files.ts';
import { addSeverity, type Finding, type LocaleSummary, type SeverityCounts } from './report.ts';

/** Errors, warnings and infos per locale, counted in one pass over the findings. */
export function tally(findings: readonly Finding[]): Map<string, SeverityCounts> {
  const out = new Map<string, SeverityCounts>();
  for (const f of findings) {
    let t = out.get(f.locale);
    if (!t) out.set(f.locale, (t = { errors: 0, warnings: 0, infos: 0 }));
    addSeverity(t, f.severity);
  }
  return out;
}

/** What a locale's row needs once its file is checked (not the file's tree). */
export type Checked = Pick<LocaleFile, 'locale' | 'file' | 'status'> & { counts: Counts | null };

export function row(file: Pick<LocaleFile, 'locale' | 'file' | 'status'>, keys: number, counts: Counts | null, severities: Map<string, SeverityCounts>): LocaleSummary {
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
