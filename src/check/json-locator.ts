/**
 * Finds where each flattened key sits in a locale file's source, so findings can say
 * `locales/de.json:12:20`. JSON.parse gives no positions, so this scans the (already valid) text
 * once; the checker only builds a locator for files that actually have findings.
 */
export interface Position {
  line: number;
  column: number;
}

interface Entry {
  /** Offset of the key's opening quote. */
  key: number;
  /** Offset of the string value's opening quote. */
  value: number;
}

export class JsonLocator {
  /** The source without a byte order mark: what line and column count in. */
  readonly source: string;
  private readonly entries = new Map<string, Entry>();
  private readonly lineStarts: number[] = [0];

  constructor(source: string) {
    // parseMessageFile ignores a byte order mark; so do positions.
    this.source = source.replace(/^\uFEFF/, '');
    for (let nl = this.source.indexOf('\n'); nl !== -1; nl = this.source.indexOf('\n', nl + 1)) this.lineStarts.push(nl + 1);
    this.scan();
  }

  /** Position of the key itself (for extra and unused keys). */
  keyPosition(key: string): Position | undefined {
    const entry = this.entries.get(key);
    return entry ? this.position(entry.key) : undefined;
  }

  /** Position of character `offset` of the decoded message, inside its JSON string literal. */
  messagePosition(key: string, offset = 0): Position | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    let raw = entry.value + 1;
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
   * Walks objects and string values, recording dotted paths the way `flatten` builds them. Jumps
   * from one structural character to the next with native searches: this runs on whole files.
   */
  private scan(): void {
    const text = this.source;
    const structural = /[{}"]/g;
    const prefixes: string[] = [];
    let pendingKey: { name: string; at: number } | null = null;
    let match: RegExpExecArray | null;
    while ((match = structural.exec(text))) {
      const at = match.index;
      const c = text[at];
      if (c === '{') {
        prefixes.push(pendingKey ? prefixes.at(-1)! + pendingKey.name + '.' : '');
        pendingKey = null;
      } else if (c === '}') {
        prefixes.pop();
      } else {
        const end = closingQuote(text, at);
        structural.lastIndex = end + 1;
        let j = end + 1;
        while (j < text.length && (text[j] === ' ' || text[j] === '\n' || text[j] === '\r' || text[j] === '\t')) j++;
        if (text[j] === ':') {
          const raw = text.slice(at + 1, end);
          pendingKey = { name: raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw, at };
          structural.lastIndex = j + 1;
        } else if (pendingKey) {
          this.entries.set(prefixes.at(-1)! + pendingKey.name, { key: pendingKey.at, value: at });
          pendingKey = null;
        }
      }
    }
  }
}

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
