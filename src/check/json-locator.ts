import { stripBom } from '../i18n/messages.ts';
import { keepLayout } from './keep-layout.ts';

/**
 * Finds where flattened keys sit in a locale file's source, so findings can say
 * `locales/de.json:12:20`. JSON.parse gives no positions, so this scans the (already valid) text.
 * One scan finds all the keys asked for: the checker collects a file's findings first and asks
 * for their keys at once, and a file without findings is never scanned.
 */
export interface Position {
  line: number;
  column: number;
}

/** Candidate keys inside one object: what is left of each key there, and the full key. */
class Wanted {
  readonly rests: string[] = [];
  readonly fulls: string[] = [];
  private byRest: Map<string, string> | undefined;
  private byObject: Map<string, Wanted> | undefined;

  add(rest: string, full: string): void {
    this.rests.push(rest);
    this.fulls.push(full);
  }

  get(rest: string): string | undefined {
    if (!this.byRest) {
      this.byRest = new Map();
      for (let k = 0; k < this.rests.length; k++) this.byRest.set(this.rests[k]!, this.fulls[k]!);
    }
    return this.byRest.get(rest);
  }

  /** The candidate equal to the key between the quotes at `start` and `end` of `text`, compared in place. */
  compare(text: string, start: number, end: number): string | undefined {
    const length = end - start - 1;
    for (let k = 0; k < this.rests.length; k++) {
      const rest = this.rests[k]!;
      // The last characters first: keys of one object often share their start (`key1217`, `key1234`).
      if (rest.length === length && (length === 0 || rest.charCodeAt(length - 1) === text.charCodeAt(end - 1)) && text.startsWith(rest, start + 1)) return this.fulls[k];
    }
    return undefined;
  }

  /** The candidates continuing into the object at `key`: `title` of `home.title` for `home`. */
  inner(key: string): Wanted {
    return (this.byObject ??= this.groupByObject()).get(key) ?? NONE;
  }

  /**
   * Candidates by the object they may continue into, made once per object: `a.b.c` may continue
   * into `a` (as `b.c`) or, when the file has dotted keys, into `a.b` (as `c`).
   */
  private groupByObject(): Map<string, Wanted> {
    const out = new Map<string, Wanted>();
    for (let k = 0; k < this.rests.length; k++) {
      const rest = this.rests[k]!;
      for (let dot = rest.indexOf('.'); dot !== -1; dot = rest.indexOf('.', dot + 1)) {
        const object = rest.slice(0, dot);
        let inner = out.get(object);
        if (!inner) out.set(object, (inner = new Wanted()));
        inner.add(rest.slice(dot + 1), this.fulls[k]!);
      }
    }
    return out;
  }
}
const NONE = new Wanted();

/** Where a value string opens: its offset, and its line and where that line starts. */
interface Found {
  offset: number;
  line: number;
  lineStart: number;
}
/** Above this many candidates in one object, a key is looked up by its text instead of compared with each. */
const FEW = 4;

export class JsonLocator {
  /** The source without a byte order mark: what line and column count in. */
  readonly source: string;
  /** Flattened key -> where its string value opens (the key is found from there); undefined when absent. */
  private readonly values = new Map<string, Found | undefined>();
  /** Keys the text writes, over all objects, counted by the first scan (duplicate-keys.ts compares it with JSON.parse's). */
  keysWritten: number | undefined;

  /** `keys`: the keys that will be asked for, found in one scan; any other key costs a scan of its own. */
  constructor(source: string, keys: Iterable<string> = []) {
    // parseMessageFile ignores a byte order mark; so do positions.
    this.source = stripBom(source);
    const wanted = new Wanted();
    for (const key of new Set(keys)) wanted.add(key, key);
    if (wanted.rests.length > 0) this.scan(wanted);
  }

  /** Position of the key itself (for extra and unused keys). */
  keyPosition(key: string): Position | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    // Back from the value over `"key"   :   ` to the key's opening quote.
    let i = value.offset - 1;
    while (i > 0 && this.source[i] !== '"') i--;
    i--;
    while (i > 0 && !(this.source[i] === '"' && this.source[i - 1] !== '\\')) i--;
    return this.position(value, i);
  }

  /** Position of character `offset` of the decoded message, inside its JSON string literal. */
  messagePosition(key: string, offset = 0): Position | undefined {
    const value = this.value(key);
    if (value === undefined) return undefined;
    let raw = value.offset + 1;
    for (let decoded = 0; decoded < offset && this.source[raw] !== '"' && raw < this.source.length; decoded++) {
      if (this.source[raw] === '\\') raw += this.source[raw + 1] === 'u' ? 6 : 2;
      else raw++;
    }
    return this.position(value, raw);
  }

  private value(key: string): Found | undefined {
    if (!this.values.has(key)) {
      const wanted = new Wanted();
      wanted.add(key, key);
      this.scan(wanted);
    }
    return this.values.get(key);
  }

  /**
   * Line and column of `offset`, which lies on the value's line (inside the string) or a little
   * before it (the key, perhaps on an earlier line).
   */
  private position(value: Found, offset: number): Position {
    let line = value.line;
    for (let k = offset; k < value.offset; k++) if (this.source.charCodeAt(k) === 10) line--;
    const lineStart = offset >= value.lineStart ? value.lineStart : this.source.lastIndexOf('\n', offset - 1) + 1;
    return { line, column: offset - lineStart + 1 };
  }

  /**
   * Walks objects and string values, following only the keys wanted: each object gets the
   * candidates whose dotted key continues into it (`home.` leads `home.title` into `home` as
   * `title`), the way `flatten` builds keys, so a dotted key in the file (`"home.title"`) is found
   * too; the last occurrence wins, as in JSON.parse. The text is valid JSON (it parsed), so only
   * braces, quotes and colons matter; string bodies are skipped with a native search, and no key
   * text is copied where it cannot be wanted.
   */
  private scan(wanted: Wanted): void {
    const text = this.source;
    for (const key of wanted.fulls) if (!this.values.has(key)) this.values.set(key, undefined);
    const stack: Wanted[] = [];
    let current = NONE;
    // The key just read (quotes included), waiting for its value; -1 when none.
    let keyStart = -1;
    let keyEnd = -1;
    // Lines are counted on the way: a JSON string holds no raw line break, so every one is seen here.
    let line = 1;
    let lineStart = 0;
    let keys = 0;
    // The first backslash at or after the key being compared (text.length: none): a key with none
    // is compared in place. Searched again only once the keys have passed it.
    let backslash = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      // Indentation and the space after a colon: most of what lies between strings.
      if (c === 32) continue;
      if (c === 10 /* \n */) {
        line++;
        lineStart = i + 1;
      } else if (c === 123 /* { */) {
        stack.push(current);
        current = keyStart < 0 ? (stack.length === 1 ? wanted : NONE) : current === NONE ? NONE : current.inner(this.keyText(keyStart, keyEnd));
        keyStart = -1;
      } else if (c === 125 /* } */) {
        current = stack.pop() ?? NONE;
      } else if (c === 34 /* " */) {
        const end = closingQuote(text, i);
        let j = end + 1;
        while (j < text.length && isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) === 58 /* : */) {
          // A key; the loop goes on after it (over any line break before the colon).
          keys++;
          keyStart = i;
          keyEnd = end;
          i = end;
          continue;
        }
        if (keyStart >= 0 && current !== NONE) {
          // A key written with escapes differs from its text, so it is decoded before comparing.
          if (backslash < keyStart) backslash = nextBackslash(text, keyStart);
          const full = current.rests.length <= FEW && backslash > keyEnd ? current.compare(text, keyStart, keyEnd) : current.get(this.keyText(keyStart, keyEnd));
          if (full !== undefined) this.values.set(full, { offset: i, line, lineStart });
        }
        keyStart = -1;
        i = end;
        // What mostly follows a value, stepped over here rather than by the loop's tests: a comma,
        // a line break and the next line's indentation.
        if (text.charCodeAt(i + 1) === 44 /* , */) i++;
        if (text.charCodeAt(i + 1) === 10 /* \n */) {
          i++;
          line++;
          lineStart = i + 1;
          while (text.charCodeAt(i + 1) === 32) i++;
        }
      }
    }
    this.keysWritten ??= keys;
  }

  /** The decoded text of the key whose quotes are at `start` and `end`. */
  private keyText(start: number, end: number): string {
    const raw = this.source.slice(start + 1, end);
    return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
  }
}

keepLayout(new JsonLocator(''));

/** Offset of the first backslash from `from` on; the text's length when there is none. */
function nextBackslash(text: string, from: number): number {
  const at = text.indexOf('\\', from);
  return at === -1 ? text.length : at;
}

export const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** Offset of the quote closing the string that opens at `open` (skipping escaped quotes). */
export function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let backslashes = 0;
    for (let k = end - 1; text.charCodeAt(k) === 92 /* backslash */; k--) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}
