import { stripBom } from '../i18n/messages.ts';
import { closingQuote, isSpace, type Position } from './json-locator.ts';

/**
 * Keys written twice in one object of a locale file. JSON.parse keeps the last silently, so a
 * translation (often the newer one, moved by a merge) is lost without a word.
 *
 * Cheap for the usual file: the keys the text writes are counted with a native search for quotes
 * (`hasDuplicateKeys`) and compared with the keys JSON.parse kept; only a file where they differ
 * is tokenized again to name the keys and their lines (`findDuplicateKeys`).
 */
export interface DuplicateKey {
  /** Flattened key (`home.title`). */
  key: string;
  /** The occurrence JSON.parse dropped, and the one it kept (the last). */
  first: Position;
  second: Position;
}

/**
 * Whether the text writes more keys than `parsedKeys` (what JSON.parse kept, counted over all
 * objects). Every key ends with a quote followed by a colon; so can an escaped quote inside a
 * message (`"Note\": …"`), which only costs the exact scan, never hides a duplicate.
 */
export function hasDuplicateKeys(source: string, parsedKeys: number): boolean {
  let written = 0;
  for (let i = source.indexOf('"'); i !== -1; i = source.indexOf('"', i + 1)) {
    let j = i + 1;
    while (isSpace(source.charCodeAt(j))) j++;
    if (source.charCodeAt(j) === 58 /* : */) written++;
  }
  return written > parsedKeys;
}

/** Every key written twice in one object, in file order: a tokenizer over the (valid) JSON text. */
export function findDuplicateKeys(raw: string): DuplicateKey[] {
  const text = stripBom(raw);
  const out: DuplicateKey[] = [];
  const stack: { prefix: string; seen: Map<string, Position> }[] = [];
  let key: string | null = null;
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      line++;
      lineStart = i + 1;
    } else if (c === 123 /* { */) {
      const outer = stack.at(-1);
      stack.push({ prefix: outer && key !== null ? `${outer.prefix}${key}.` : '', seen: new Map() });
      key = null;
    } else if (c === 125 /* } */) {
      stack.pop();
    } else if (c === 34 /* " */) {
      const end = closingQuote(text, i);
      let j = end + 1;
      while (isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) === 58 /* : */ && stack.length > 0) {
        const raw = text.slice(i + 1, end);
        key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const here = { line, column: i - lineStart + 1 };
        const { prefix, seen } = stack.at(-1)!;
        const first = seen.get(key);
        if (first) out.push({ key: prefix + key, first, second: here });
        seen.set(key, here);
      } else key = null;
      i = end;
    }
  }
  return out;
}
