import { codeFrame } from '../i18n/code-frame.ts';
import type { LocaleFile } from './locale-files.ts';
import type { Problem } from './compare-message.ts';
import { SEVERITY, type Finding, type FindingKind, type Severity } from './report.ts';

/**
 * Collects findings without duplicates (the same problem found twice, e.g. in two plural
 * branches, is reported once) and sorts them for output.
 */
export class FindingList {
  private readonly byId = new Map<string, Finding>();

  add(finding: Omit<Finding, 'severity'> & { severity?: Severity }): void {
    const full: Finding = { ...finding, severity: finding.severity ?? SEVERITY[finding.kind] };
    const id = [full.locale, full.key ?? '', full.kind, full.line ?? '', full.column ?? '', full.message].join('\u0000');
    if (!this.byId.has(id)) this.byId.set(id, full);
  }

  /** A problem inside the message `key` of `file`, positioned inside the JSON string. */
  addProblem(file: LocaleFile, key: string, problem: Problem, frame = false): void {
    const pos = file.locator().messagePosition(key, problem.at);
    this.add({
      locale: file.locale.code,
      key,
      file: file.file,
      line: pos?.line,
      column: pos?.column,
      kind: problem.kind,
      message: problem.message,
      hint: problem.hint,
      frame: frame && pos ? codeFrame(file.locator().source, pos.line, pos.column, 0) : undefined,
    });
  }

  /** A finding about a key as a whole (extra, unused), positioned at the key. */
  addKey(file: LocaleFile, key: string, kind: FindingKind, message: string, hint: string): void {
    const pos = file.locator().keyPosition(key);
    this.add({ locale: file.locale.code, key, file: file.file, line: pos?.line, column: pos?.column, kind, message, hint });
  }

  /** Sorted by locale (in the given order), then key, position and kind. */
  sorted(localeOrder: readonly string[]): Finding[] {
    const rank = new Map(localeOrder.map((code, i) => [code, i]));
    const byRank = (code: string) => rank.get(code) ?? localeOrder.length;
    return [...this.byId.values()].sort(
      (a, b) =>
        byRank(a.locale) - byRank(b.locale) ||
        compareText(a.locale, b.locale) ||
        compareText(a.key ?? '', b.key ?? '') ||
        (a.line ?? 0) - (b.line ?? 0) ||
        (a.column ?? 0) - (b.column ?? 0) ||
        compareText(a.kind, b.kind) ||
        compareText(a.message, b.message),
    );
  }
}

/** Code-unit order: the same on every machine, unlike localeCompare. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
