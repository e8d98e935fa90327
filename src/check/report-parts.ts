/**
 * A check's report in parts, one per locale, so that the build cache keeps each locale's part on
 * its own (src/cache/check-cache.ts) and checks again only the locales whose file changed. A
 * locale's findings and row depend only on en's file, its own file, the config and the values the
 * pages pass; en's part also holds what is checked once for the site (stray files, the
 * allow-list, the keys the pages use). Joined, the parts give exactly the report of one check of
 * all of them: the same rows, and the same findings in the same order.
 */
import type { ResolvedConfig } from '../config.ts';
import type { Locale } from '../locales.ts';
import { sortFindings } from './findings.ts';
import type { CheckOptions } from './index.ts';
import type { CheckReport, Finding, LocaleSummary } from './report.ts';

export interface CheckPart {
  /** The locale's row of the summary. */
  row: LocaleSummary;
  /** Its findings in report order; en's part also has those about stray files. */
  findings: Finding[];
}

/** Whether a report is en's failure alone (its file missing or malformed), which no selection changes. */
export function referenceFailed(report: CheckReport): boolean {
  return report.locales.some((r) => r.locale === report.reference && r.status !== 'ok');
}

/** The parts of the locales `codes` in a report that checked them (en readable). */
export function splitReport(config: ResolvedConfig, report: CheckReport, codes: readonly string[]): Map<string, CheckPart> {
  const parts = new Map<string, CheckPart>();
  for (const code of codes) {
    const row = report.locales.find((r) => r.locale === code);
    if (!row) throw new Error(`The translation check's report has no row for ${code}.`);
    parts.set(code, { row, findings: [] });
  }
  const published = new Set(config.locales.map((l) => l.code));
  for (const f of report.findings) {
    // A stray file's finding has the file's own code, which the site does not publish: en's part.
    parts.get(published.has(f.locale) ? f.locale : report.reference)?.findings.push(f);
  }
  return parts;
}

/**
 * The report of a check of `selected` (in the order of the locale table) with `options`, from
 * each selected locale's part. Findings of one locale come from one part, en's first, as one
 * check makes them: the stable sort keeps their order.
 */
export function joinParts(config: ResolvedConfig, options: CheckOptions, selected: readonly Locale[], parts: ReadonlyMap<string, CheckPart>): CheckReport {
  const reference = config.defaultLocale.code;
  const ordered = [...selected.filter((l) => l.code === reference), ...selected.filter((l) => l.code !== reference)].map((l) => {
    const part = parts.get(l.code);
    if (!part) throw new Error(`No part of the translation check for ${l.code}.`);
    return part;
  });
  const findings = sortFindings(ordered.flatMap((p) => p.findings), config.locales.map((l) => l.code));
  return { reference, locales: ordered.map((p) => p.row), findings, ...usageOf(options, selected, reference) };
}

/** The report's usage fields: whether the pages' keys were checked (en's part), and which selected locales their render left out. */
export function usageOf(options: CheckOptions, selected: readonly Locale[], reference: string): Pick<CheckReport, 'usageChecked' | 'usageSkipped'> {
  const wanted = new Set(selected.map((l) => l.code));
  return {
    usageChecked: wanted.has(reference) && Boolean(options.usedKeys),
    usageSkipped: (options.usageSkipped ?? []).filter((code) => wanted.has(code)),
  };
}
