import { countBySeverity, type CheckReport } from './report.ts';

/**
 * 1 when the check fails: on any error; with `strict`, on any warning too (anything missing,
 * untranslated, plural-incomplete, unused, ...). Infos never fail it. 0 otherwise.
 */
export function exitCode(report: CheckReport, options: { strict?: boolean } = {}): 0 | 1 {
  const { errors, warnings } = countBySeverity(report.findings);
  if (errors > 0) return 1;
  return options.strict && warnings > 0 ? 1 : 0;
}
