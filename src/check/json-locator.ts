/**
 * Finds where each flattened key sits in a locale file's source, so findings can say
 * `locales/de.json:12:20`. JSON.parse gives no positions, so this scans the (already valid) text
 * once; the checker only builds a locator for files that actually have findings.
 */
export interface Position {
  line: number;
  column: number;
}


export class JsonLocator {
  /** The source without a byte order mark: what line and column count in. */
  readonly source: string;
  /** Flattened key -> offset of its string value's opening quote (the key is found from there). */
  private readonly entries = new Map<string, number>();
  private readonly lineStarts: number[] = [0];

  constructor(source: string) {
    // parseMessageFile ignores a byte order mark; so do positions.
    this.source = source.replace(/^\uFEFF/, '');
    for (let nl = this.source.indexOf('\n'); nl !== -1; nl = this.source.indexOf('\n', nl + 1)) this.lineStarts.push(nl + 1);
    this.scan();
  }

  /** Position of the key itself (for extra and unused keys). */
  keyPosition(key: string): Position | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Back from the value over `"key"   :   ` to the key's opening quote.
    let i = value - 1;
    while (i > 0 && this.source[i] !== '"') i--;
    i--;
    while (i > 0 && !(this.source[i] === '"' && this.source[i - 1] !== '\\')) i--;
    return this.position(i);
  }

  /** Position of character `offset` of the decoded message, inside its JSON string literal. */
  messagePosition(key: string, offset = 0): Position | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    let raw = value + 1;
    for (let decoded = 0; decoded < offset && this.source[raw] !== '"' && raw < this.source.length; decoded++) {
      if (this.source[raw] === '\\') raw += this.source[raw + 1] === 'u' ? 6 : 2;
      else raw++;
    }
    return this.position(raw);
  }

  private position(offset: number): Position {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  /**
   * Walks objects and string values, recording dotted paths the way `flatten` builds them. The
   * text is valid JSON (it parsed), so only braces, quotes and colons matter; string bodies are
   * skipped with a native search.
   */
  private scan(): void {
    const text = this.source;
    const prefixes: string[] = [];
    let pendingKey = '';
    let pendingAt = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 123 /* { */) {
        prefixes.push(pendingAt >= 0 ? prefixes[prefixes.length - 1] + pendingKey + '.' : '');
        pendingAt = -1;
      } else if (c === 125 /* } */) {
        prefixes.pop();
      } else if (c === 34 /* " */) {
        const end = closingQuote(text, i);
        let j = end + 1;
        while (j < text.length && isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) === 58 /* : */) {
          const raw = text.slice(i + 1, end);
          pendingKey = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
          pendingAt = i;
          i = j;
        } else {
          if (pendingAt >= 0) this.entries.set(prefixes[prefixes.length - 1] + pendingKey, i);
          pendingAt = -1;
          i = end;
        }
      }
    }
  }
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** Offset of the quote closing the string that opens at `open` (skipping escaped quotes). */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  while (end !== -1) {
    let backslashes = 0;
    for (let k = end - 1; text[k] === '\\'; k--) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return text.length;
}
