import { paint } from '../logger.ts';
import { countBySeverity, findingPlace, type CheckReport, type Finding } from './report.ts';

export interface TableOptions {
  /** ANSI colours; only on a terminal (the logger knows). */
  color: boolean;
  /** Whether warnings fail this run, for the closing line. */
  strict?: boolean;
}


const COLUMNS = ['locale', 'keys', 'translated', 'missing', 'extra', 'errors', 'warnings', 'infos', 'complete'] as const;

/**
 * The human report: one row per locale, then the problems grouped by locale and key, each with
 * its hint, then one closing line that says whether the run fails and why.
 */
export function formatTable(report: CheckReport, options: TableOptions): string {
  const { color } = options;
  const out: string[] = [];

  const rows = report.locales.map((l) => [
    l.locale,
    String(l.keys),
    String(l.translated),
    String(l.missing),
    String(l.extra),
    String(l.errors),
    String(l.warnings),
    String(l.infos),
    l.status === 'ok' ? `${l.completeness.toFixed(1)}%` : `(${l.status} file)`,
  ]);
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  out.push(paint(color, 1, line(COLUMNS)));
  report.locales.forEach((l, i) => {
    const text = line(rows[i]!);
    out.push(l.errors > 0 ? paint(color, 31, text) : l.warnings > 0 ? paint(color, 33, text) : text);
  });

  let locale: string | undefined;
  let key: string | undefined | null = null;
  for (const f of report.findings) {
    if (f.locale !== locale) {
      locale = f.locale;
      key = null;
      out.push('', paint(color, 1, `${f.locale}  ${f.file}`));
    }
    if (f.key !== key) {
      key = f.key;
      out.push(`  ${f.key ?? '(whole file)'}`);
    }
    const severity = f.severity === 'error' ? paint(color, 31, 'error  ') : f.severity === 'warning' ? paint(color, 33, 'warning') : paint(color, 36, 'info   ');
    out.push(`    ${severity} ${f.kind}  ${paint(color, 2, findingPlace(f))}`);
    out.push(`            ${f.message}`);
    if (f.frame) out.push(...f.frame.split('\n').map((l) => `            ${paint(color, 2, l)}`));
    out.push(`            ${paint(color, 36, '→ ' + f.hint)}`);
  }

  out.push('');
  if (!report.usageChecked) {
    out.push(`Unused and undefined keys were not checked: they need the message keys of the pages (a pages/ folder, and no --locale other than ${report.reference}).`);
  }
  if (report.usageSkipped.length > 0) {
    out.push(`The pages were not rendered in ${report.usageSkipped.join(', ')} to see which messages they use, because the locale file is malformed; fix it and check again.`);
  }
  out.push(verdict(report, options));
  return out.join('\n');
}

/** The closing line. Infos are counted apart: they never fail a run. */
function verdict(report: CheckReport, options: TableOptions): string {
  const { errors, warnings, infos } = countBySeverity(report.findings);
  const notes = infos > 0 ? `${infos} info(s) to look at, which never fail the check.` : '';
  if (errors === 0 && warnings === 0) {
    return paint(options.color, 32, `All ${report.locales.length} locale(s) complete and correct.${notes ? ' ' + notes : ''}`);
  }
  const counts = `${errors} error(s), ${warnings} warning(s)${infos > 0 ? `, ${infos} info(s)` : ''}.`;
  if (errors > 0) return paint(options.color, 31, `${counts} Errors fail the check; fix them first.`);
  return options.strict
    ? paint(options.color, 31, `${counts} Warnings fail the check because of --strict.`)
    : paint(options.color, 33, `${counts} Warnings do not fail the check; --strict makes them fail.`);
}

/** One finding on one line, for build logs: `locales/de.json:3:14 de home.title argument-missing: ... (hint)`. */
export function formatFinding(f: Finding): string {
  return `${findingPlace(f)} ${f.locale}${f.key ? ` ${f.key}` : ''} ${f.kind}: ${f.message} ${f.hint}`;
}
