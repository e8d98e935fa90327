import type { ArgUse, MessageShape } from './message-shape.ts';

/**
 * A quick reader for the ICU messages sites write most: text, `{name}`, `{n, number, percent}`,
 * `{d, date, long}`, plural, selectordinal and select with plain cases, and simple tags, nested
 * freely. It is three to five times faster than the full parser because it builds no syntax tree.
 *
 * It is deliberately strict: on anything unusual (quotes, skeletons, odd spacing, a lone `}` or
 * `<`, a missing `other`, a duplicate case, a mismatched tag) it gives up and returns null, and
 * the full parser reads the message, so every syntax error is still reported by the parser
 * intl-messageformat uses. A test compares the two on every message of the fixtures.
 */
const LETTER = /\p{L}/u;
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/y;
const STYLE = /[A-Za-z]+/y;
const SELECTOR = /=\d+|[A-Za-z_][A-Za-z0-9_]*/y;
const TAG_NAME = /[A-Za-z][A-Za-z0-9]*/y;

/** ASCII letters directly; anything else by the Unicode letter property. */
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && LETTER.test(String.fromCharCode(c)));

class GiveUp {}
const GIVE_UP = new GiveUp();

export function fastShape(text: string): MessageShape | null {
  const r = new Reader(text);
  try {
    r.message(0, '', false);
    if (r.i !== text.length) return null;
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
  return r.shape;
}

class Reader {
  i = 0;
  readonly shape: MessageShape = { uses: [], tags: new Map(), tagPaths: new Map(), hasLetters: false, hasPlural: false };
  constructor(private readonly text: string) {}

  /** Reads until the end, a `}` closing an option (depth > 0) or a `</` closing a tag. */
  message(depth: number, tagPath: string, inPlural: boolean): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 123 /* { */) {
        this.argument(tagPath, inPlural);
      } else if (c === 125 /* } */) {
        if (depth === 0) throw GIVE_UP;
        break;
      } else if (c === 60 /* < */) {
        if (t.charCodeAt(this.i + 1) === 47 /* / */) {
          if (!tagPath) throw GIVE_UP;
          break;
        }
        this.tag(depth, tagPath, inPlural);
      } else if (c === 39 /* ' */) {
        throw GIVE_UP;
      } else {
        // Literal text (a `#` in a plural is the count, not text, but it is no letter either).
        if (!this.shape.hasLetters && isLetter(c)) this.shape.hasLetters = true;
        this.i++;
      }
    }
  }

  private argument(tagPath: string, inPlural: boolean): void {
    const at = this.i;
    this.i++;
    this.space();
    const name = this.match(IDENT);
    this.space();
    if (this.eat('}')) return void this.use({ name, kind: 'plain', style: '', offset: 0, options: NONE, at });
    this.expect(',');
    this.space();
    const type = this.match(IDENT);
    this.space();
    if (type === 'number' || type === 'date' || type === 'time') {
      let style = '';
      if (this.eat(',')) {
        this.space();
        style = this.match(STYLE);
        this.space();
      }
      this.expect('}');
      return void this.use({ name, kind: type, style, offset: 0, options: NONE, at });
    }
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') throw GIVE_UP;
    this.expect(',');
    this.space();
    let offset = 0;
    if (type !== 'select' && this.text.startsWith('offset:', this.i)) {
      this.i += 'offset:'.length;
      const digits = /\d+/y;
      offset = Number(this.match(digits));
      this.space();
    }
    const options = new Set<string>();
    const use: ArgUse = { name, kind: type, style: '', offset, options, at };
    this.use(use);
    while (!this.eat('}')) {
      const selector = this.match(SELECTOR);
      if (options.has(selector) || (type === 'select' && selector.startsWith('='))) throw GIVE_UP;
      options.add(selector);
      this.space();
      this.expect('{');
      this.message(1, tagPath, type !== 'select' || inPlural);
      this.expect('}');
      this.space();
    }
    if (!options.has('other')) throw GIVE_UP;
    if (type !== 'select') this.shape.hasPlural = true;
  }

  private tag(depth: number, tagPath: string, inPlural: boolean): void {
    const at = this.i;
    this.i++;
    const name = this.match(TAG_NAME);
    this.expect('>');
    const path = tagPath ? `${tagPath}/${name}` : name;
    if (!this.shape.tags.has(name)) this.shape.tags.set(name, at);
    if (!this.shape.tagPaths.has(path)) this.shape.tagPaths.set(path, at);
    this.message(depth, path, inPlural);
    this.expect('</');
    if (this.match(TAG_NAME) !== name) throw GIVE_UP;
    this.expect('>');
  }

  private use(use: ArgUse): void {
    this.shape.uses.push(use);
  }

  private space(): void {
    while (this.text.charCodeAt(this.i) === 32) this.i++;
  }

  private eat(s: string): boolean {
    if (!this.text.startsWith(s, this.i)) return false;
    this.i += s.length;
    return true;
  }

  private expect(s: string): void {
    if (!this.eat(s)) throw GIVE_UP;
  }

  private match(re: RegExp): string {
    re.lastIndex = this.i;
    const m = re.exec(this.text);
    if (!m) throw GIVE_UP;
    this.i += m[0].length;
    return m[0];
  }
}

const NONE: ReadonlySet<string> = new Set();
