import { checkPlurals, compareToReference } from './compare-message.ts';
import type { FindingList } from './findings.ts';
import type { KeyPatterns } from './key-sets.ts';
import type { LocaleFile } from './locale-files.ts';
import { parseMessage, sameShape, type MessageShape, type ParsedMessage } from './message-shape.ts';

/** State shared by one check run. */
export interface Run {
  findings: FindingList;
  /** Keys whose translation may equal en (`untranslated` in the config). */
  allow: KeyPatterns;
  /** Arguments every message receives, which a translation may use even where en does not. */
  globals: ReadonlySet<string>;
}

/** en, parsed: the shape of each message, or null where en itself does not parse. */
export interface Reference {
  file: LocaleFile;
  keys: string[];
  /** Aligned with `keys`: en's text, and its shape (null where en itself does not parse). */
  values: string[];
  shapes: (MessageShape | null)[];
}

export interface Counts {
  translated: number;
  missing: number;
  extra: number;
}

/** Checks en on its own: syntax and plural categories. */
export function checkReference(run: Run, file: LocaleFile): Reference {
  const keys = Object.keys(file.messages);
  const values = keys.map((key) => file.messages[key]!);
  const shapes = values.map((value, i) => {
    const parsed = parseMessage(value);
    if (!parsed.ok) {
      run.findings.addProblem(file, keys[i]!, syntaxProblem(parsed.error), true);
      return null;
    }
    if (parsed.shape.hasPlural) for (const problem of checkPlurals(parsed.shape, file.locale)) run.findings.addProblem(file, keys[i]!, problem);
    return parsed.shape;
  });
  return { file, keys, values, shapes };
}

/** Compares one locale's messages with en, key by key. */
export function checkTranslation(run: Run, ref: Reference, file: LocaleFile): Counts {
  const en = ref.file.messages;
  const tr = file.messages;
  const code = file.locale.code;
  const counts: Counts = { translated: 0, missing: 0, extra: 0 };
  const trKeys = Object.keys(tr);
  for (let i = 0; i < ref.keys.length; i++) {
    const key = ref.keys[i]!;
    const value = tr[key];
    const enValue = ref.values[i]!;
    if (value === undefined) {
      counts.missing++;
      run.findings.add({
        locale: code,
        key,
        file: file.file,
        kind: 'missing-key',
        message: `Not translated: the key is missing, so pages show the en text.`,
        hint: `Add "${key}" to ${file.file}.`,
      });
      continue;
    }
    if (isBlank(value) && !isBlank(enValue)) {
      run.findings.addProblem(file, key, {
        kind: 'empty',
        at: 0,
        message: 'The translation is empty, so pages show the en text.',
        hint: 'Write the translation, or remove the key until it is translated.',
      });
      continue;
    }
    const enShape = ref.shapes[i];
    // A text identical to en has en's shape: no need to read it again.
    const parsed: ParsedMessage = value === enValue && enShape ? { ok: true, shape: enShape } : parseMessage(value);
    if (!parsed.ok) {
      run.findings.addProblem(file, key, syntaxProblem(parsed.error), true);
    } else {
      if (enShape && !sameShape(enShape, parsed.shape)) {
        for (const problem of compareToReference(enShape, parsed.shape, run.globals)) run.findings.addProblem(file, key, problem);
      }
      if (parsed.shape.hasPlural) for (const problem of checkPlurals(parsed.shape, file.locale)) run.findings.addProblem(file, key, problem);
    }
    if (value === enValue && !run.allow.has(key) && needsTranslation(enShape, enValue)) {
      run.findings.addProblem(file, key, {
        kind: 'untranslated',
        at: 0,
        message: 'The translation is identical to en.',
        hint: `Translate it; if it must stay as in en (a brand name), add "${key}" to \`untranslated\` in sitegen.config.ts.`,
      });
      continue;
    }
    counts.translated++;
  }
  // Every key of the file is an en key unless the file has more keys than it has of en's.
  if (trKeys.length === ref.keys.length - counts.missing) return counts;
  for (const key of trKeys) {
    if (key in en) continue;
    counts.extra++;
    run.findings.addKey(
      file,
      key,
      'extra-key',
      'The key is not in en, so no page uses it.',
      'Delete it, or fix its name if it was meant to translate an en key (a typo or a renamed key).',
    );
  }
  return counts;
}

/** Empty or only whitespace, without allocating for the usual non-blank text. */
function isBlank(s: string): boolean {
  if (s.length === 0) return true;
  const c = s.charCodeAt(0);
  // Most text starts with a character that is plainly not a space.
  if (c > 32 && c < 0xa0) return false;
  return isSpace(c) && s.trim() === '';
}
/** The characters String.prototype.trim removes. */
const isSpace = (c: number) =>
  c <= 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/** Text with no letters outside arguments (`{product}`, `© {year}`, `24/7`) reads the same in every language. */
function needsTranslation(shape: MessageShape | null | undefined, text: string): boolean {
  return shape ? shape.hasLetters : /\p{L}/u.test(text);
}

function syntaxProblem(error: { at: number; reason: string }) {
  return {
    kind: 'syntax' as const,
    at: error.at,
    message: `Invalid ICU MessageFormat at character ${error.at + 1} of the message: ${error.reason}.`,
    hint: 'Fix the message; the build cannot format it. Literal braces are written in quotes: \'{\'.',
  };
}
