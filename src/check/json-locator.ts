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
    for (let i = 0; i < this.source.length; i++) if (this.source.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
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

  /** Walks objects and string values, recording dotted paths the way `flatten` builds them. */
  private scan(): void {
    const text = this.source;
    const prefixes: string[] = [];
    let i = 0;
    let pendingKey: { name: string; at: number } | null = null;
    const readString = (): string => {
      const start = i;
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      return JSON.parse(text.slice(start, i)) as string;
    };
    while (i < text.length) {
      const c = text[i]!;
      if (c === '{') {
        prefixes.push(pendingKey ? prefixes.at(-1)! + pendingKey.name + '.' : '');
        pendingKey = null;
        i++;
      } else if (c === '}') {
        prefixes.pop();
        i++;
      } else if (c === '"') {
        const at = i;
        const value = readString();
        let j = i;
        while (j < text.length && /\s/.test(text[j]!)) j++;
        if (text[j] === ':') {
          pendingKey = { name: value, at };
          i = j + 1;
        } else if (pendingKey) {
          this.entries.set(prefixes.at(-1)! + pendingKey.name, { key: pendingKey.at, value: at });
          pendingKey = null;
        }
      } else i++;
    }
  }
}
