import { countBySeverity, type CheckReport } from './report.ts';

/** Version of the JSON below; bumped only for a change that breaks readers. */
export const JSON_SCHEMA_VERSION = 1;

/**
 * The machine-readable report (`sitegen check --json`), schema documented in src/check/README.md.
 * Every field is always present (null when it does not apply), in a fixed order, two-space
 * indented with a final newline, so that diffs of two runs are meaningful.
 */
export function toJson(report: CheckReport): string {
  const { errors, warnings, infos } = countBySeverity(report.findings);
  const data = {
    schemaVersion: JSON_SCHEMA_VERSION,
    reference: report.reference,
    usageChecked: report.usageChecked,
    // Added after version 1 first shipped: locales whose pages the usage scan left out (malformed file).
    usageSkipped: report.usageSkipped,
    // `infos` was added after version 1 first shipped; fields are only ever added.
    summary: { errors, warnings, infos },
    locales: report.locales.map((l) => ({
      locale: l.locale,
      iso: l.iso,
      file: l.file,
      status: l.status,
      keys: l.keys,
      translated: l.translated,
      missing: l.missing,
      extra: l.extra,
      errors: l.errors,
      warnings: l.warnings,
      infos: l.infos,
      completeness: l.completeness,
    })),
    findings: report.findings.map((f) => ({
      locale: f.locale,
      key: f.key ?? null,
      file: f.file,
      line: f.line ?? null,
      column: f.column ?? null,
      severity: f.severity,
      kind: f.kind,
      message: f.message,
      hint: f.hint,
      frame: f.frame ?? null,
    })),
  };
  return JSON.stringify(data, null, 2) + '\n';
}
