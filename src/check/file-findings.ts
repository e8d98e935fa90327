/**
 * Findings about locale files as files, before or beside their messages: one missing or not
 * parsing, one of a code the site does not publish, keys written twice in one object.
 */
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { isKnownLanguage } from '../locales.ts';
import type { Run } from './run.ts';
import { findDuplicateKeys, hasDuplicateKeys } from './duplicate-keys.ts';
import { relativeFile, strayLocaleFiles, type LocaleFile } from './locale-files.ts';

/** A file that is missing or does not parse; `reference` is the default locale's code, which all others are checked against. */
export function reportUnreadable(run: Run, file: LocaleFile, severity: 'error' | 'warning', reference: string): void {
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

export async function checkStrayFiles(run: Run, config: ResolvedConfig): Promise<void> {
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

/**
 * Keys written twice in one object: JSON.parse kept the last, the first is lost without a word.
 * `written`: the keys the scan placing the file's findings saw; without one, a count of its own.
 */
export function checkDuplicateKeys(run: Run, file: LocaleFile, written: number | undefined): void {
  if (written !== undefined ? written <= file.facts.keys : !hasDuplicateKeys(file.source, file.facts.keys)) return;
  for (const dup of findDuplicateKeys(file.source)) {
    run.findings.add({
      locale: file.locale.code,
      key: dup.key,
      file: file.file,
      line: dup.second.line,
      column: dup.second.column,
      kind: 'duplicate-key',
      message: duplicateMessage(dup),
      hint: 'Keep one of the two: delete the one you do not mean, or rename it if it was meant to be another key.',
    });
  }
}

/** Where the two are, by line (or by line and column when one line holds both: a minified file). */
function duplicateMessage(dup: { key: string; first: { line: number; column: number }; second: { line: number; column: number } }): string {
  const oneLine = dup.first.line === dup.second.line;
  const at = (p: { line: number; column: number }) => (oneLine ? `${p.line}:${p.column}` : `line ${p.line}`);
  const both = oneLine ? `line ${dup.first.line}, columns ${dup.first.column} and ${dup.second.column}` : `lines ${dup.first.line} and ${dup.second.line}`;
  return `"${dup.key}" is written twice in the same object (${both}): only the one at ${at(dup.second)} is read, the one at ${at(dup.first)} is silently lost.`;
}
