import { codeFrame } from '../i18n/code-frame.ts';
import { JsonLocator } from './json-locator.ts';
import type { LocaleFile } from './locale-files.ts';
import type { Problem } from './compare-message.ts';
import { SEVERITY, type Finding, type FindingKind, type Severity } from './report.ts';
import { compareText } from '../compare-text.ts';
import { keepLayout } from './keep-layout.ts';

/** A finding inside a file, waiting for its position. */
interface Unplaced {
  key: string;
  /** Where: at character `at` of the message, or at the key itself (`at` null). */
  at: number | null;
  kind: FindingKind;
  /** Set when milder than the kind's own severity (an `info`). */
  severity: Severity | undefined;
  message: string;
  hint: string;
  frame: boolean;
}

/**
 * Collects findings without duplicates (the same problem found twice, e.g. in two plural
 * branches, is reported once) and sorts them for output. Findings inside a file wait until the
 * file is done (`place`), so one scan of its text positions all of them.
 */
export class FindingList {
  /** Every finding, in the order first made (the sort is stable). */
  private readonly all: Finding[] = [];
  /**
   * The findings of one locale and key, to look for the same one among: a key has one or two. A
   * name of the whole finding (its message too) cost a string and its hash for each one made.
   */
  private readonly byKey = new Map<string, Finding[]>();
  private readonly unplaced = new Map<LocaleFile, Unplaced[]>();

  add(finding: Omit<Finding, 'severity'> & { severity?: Severity }): void {
    const id = `${finding.locale}\0${finding.key ?? ''}`;
    const same = this.byKey.get(id);
    if (same?.some((f) => f.kind === finding.kind && f.line === finding.line && f.column === finding.column && f.message === finding.message)) return;
    const complete = completeFinding(finding);
    if (same) same.push(complete);
    else this.byKey.set(id, [complete]);
    this.all.push(complete);
  }

  /** A problem inside the message `key` of `file`, to be positioned inside the JSON string. */
  addProblem(file: LocaleFile, key: string, problem: Problem, frame = false): void {
    this.defer(file, { key, at: problem.at, kind: problem.kind, severity: problem.severity, message: problem.message, hint: problem.hint, frame });
  }

  /** A finding about a key as a whole (extra, unused), to be positioned at the key. */
  addKey(file: LocaleFile, key: string, kind: FindingKind, message: string, hint: string): void {
    this.defer(file, { key, at: null, kind, severity: undefined, message, hint, frame: false });
  }

  /**
   * Positions the findings waiting in `file`, all with one scan of its text. Returns the number of
   * keys that scan saw written (for duplicate-keys.ts), undefined when there was nothing to place.
   */
  place(file: LocaleFile): number | undefined {
    const list = this.unplaced.get(file);
    if (!list) return undefined;
    this.unplaced.delete(file);
    const locator = new JsonLocator(file.source, list.map((u) => u.key));
    for (const u of list) {
      const pos = u.at === null ? locator.keyPosition(u.key) : locator.messagePosition(u.key, u.at);
      this.add({
        locale: file.locale.code,
        key: u.key,
        file: file.file,
        line: pos?.line,
        column: pos?.column,
        kind: u.kind,
        severity: u.severity,
        message: u.message,
        hint: u.hint,
        frame: u.frame && pos ? codeFrame(locator.source, pos.line, pos.column, 0) : undefined,
      });
    }
    return locator.keysWritten;
  }

  private defer(file: LocaleFile, finding: Unplaced): void {
    const list = this.unplaced.get(file);
    if (list) list.push(finding);
    else this.unplaced.set(file, [finding]);
  }

  /** Sorted by locale (in the given order), then key, position and kind (see sortFindings). */
  sorted(localeOrder: readonly string[]): Finding[] {
    for (const file of [...this.unplaced.keys()]) this.place(file);
    return sortFindings([...this.all], localeOrder);
  }
}

keepLayout(new FindingList());

/**
 * Every field of a finding, in one order (one object layout), whichever fields the caller gave or
 * a cached copy kept (JSON drops the undefined ones); the kind's severity unless it has its own.
 */
export function completeFinding(finding: Omit<Finding, 'severity'> & { severity?: Severity }): Finding {
  return {
    locale: finding.locale,
    key: finding.key,
    file: finding.file,
    line: finding.line,
    column: finding.column,
    severity: finding.severity ?? SEVERITY[finding.kind],
    kind: finding.kind,
    message: finding.message,
    hint: finding.hint,
    frame: finding.frame,
  };
}

/**
 * The report's order: by locale (in `localeOrder`, codes not in it last), then key, position,
 * kind and message. Stable, so findings that compare equal keep the order they were made in.
 */
export function sortFindings(findings: Finding[], localeOrder: readonly string[]): Finding[] {
  const rank = new Map(localeOrder.map((code, i) => [code, i]));
  const byRank = (code: string) => rank.get(code) ?? localeOrder.length;
  return findings.sort(
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
