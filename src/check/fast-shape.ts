import { addUse, isSpaceChar, LETTER, markEmpty, newShape, newUse, NO_OPTIONS, NO_TAGS, type ArgUse, type MessageShape } from './shape.ts';

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

// Character classes of the tokens read here (narrower than ICU allows, on purpose).
const ALPHA = 1;
const DIGIT = 2;
const UNDERSCORE = 4;
const CLASS = new Uint8Array(128);
for (let c = 65; c <= 90; c++) CLASS[c] = ALPHA;
for (let c = 97; c <= 122; c++) CLASS[c] = ALPHA;
for (let c = 48; c <= 57; c++) CLASS[c] = DIGIT;
CLASS[95] = UNDERSCORE;
const cls = (c: number) => (c < 128 ? CLASS[c]! : 0);
/** Token kinds: which classes may start it and which may continue it. */
const IDENT = [ALPHA | UNDERSCORE, ALPHA | DIGIT | UNDERSCORE] as const;
const STYLE = [ALPHA, ALPHA] as const;
const TAG_NAME = [ALPHA, ALPHA | DIGIT] as const;
const DIGITS = [DIGIT, DIGIT] as const;

/** ASCII letters directly; anything else by the Unicode letter property. */
const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c > 127 && LETTER.test(String.fromCharCode(c)));

class GiveUp {}
const GIVE_UP = new GiveUp();

export function fastShape(text: string): MessageShape | null {
  const r = READER.start(text);
  try {
    r.message(0, '');
    if (r.i !== text.length) return null;
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
  return r.shape;
}

class Reader {
  i = 0;
  // Set by start().
  shape!: MessageShape;
  private text = '';
  /** The plural whose `#` the text being read shows; null outside one, or inside a select. */
  private plural: ArgUse | null = null;

  /** One reader serves every message (reading is synchronous and never re-entered). */
  start(text: string): this {
    this.text = text;
    this.i = 0;
    this.shape = newShape();
    this.plural = null;
    return this;
  }

  /** Reads until the end, a `}` closing an option (depth > 0) or a `</` closing a tag. */
  message(depth: number, tagPath: string): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charCodeAt(this.i);
      if (c === 123 /* { */) {
        this.argument(tagPath);
      } else if (c === 125 /* } */) {
        if (depth === 0) throw GIVE_UP;
        break;
      } else if (c === 60 /* < */) {
        if (t.charCodeAt(this.i + 1) === 47 /* / */) {
          if (!tagPath) throw GIVE_UP;
          break;
        }
        this.tag(depth, tagPath);
      } else if (c === 39 /* ' */) {
        throw GIVE_UP;
      } else {
        this.i = this.literal(this.i);
      }
    }
  }

  /**
   * Literal text from `i` to the next character that means something here, in one tight loop (a
   * `#` in a plural is the count, not text, and no letter either).
   */
  private literal(i: number): number {
    const t = this.text;
    const shape = this.shape;
    for (; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 123 /* { */ || c === 125 /* } */ || c === 60 /* < */ || c === 39 /* ' */) break;
      if (c === 35 /* # */ && this.plural) this.plural.pound = true;
      else if (!shape.hasLetters && isLetter(c)) shape.hasLetters = true;
    }
    return i;
  }

  private argument(tagPath: string): void {
    const at = this.i;
    this.i++;
    this.space();
    const name = this.match(IDENT);
    this.space();
    if (this.eat('}')) return void this.use(newUse(name, 'plain', '', 0, NO_OPTIONS, at));
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
      return void this.use(newUse(name, type, style, 0, NO_OPTIONS, at));
    }
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') throw GIVE_UP;
    this.expect(',');
    this.space();
    let offset = 0;
    if (type !== 'select' && this.text.startsWith('offset:', this.i)) {
      this.i += 'offset:'.length;
      offset = Number(this.match(DIGITS));
      this.space();
    }
    const options = new Set<string>();
    const use = newUse(name, type, '', offset, options, at);
    this.use(use);
    const outer = this.plural;
    this.plural = type === 'select' ? null : use;
    while (!this.eat('}')) {
      const selectorAt = this.i;
      const selector = this.text.charCodeAt(this.i) === 61 /* = */ ? '=' + (this.i++, this.match(DIGITS)) : this.match(IDENT);
      if (options.has(selector) || (type === 'select' && selector.startsWith('='))) throw GIVE_UP;
      options.add(selector);
      this.space();
      this.expect('{');
      const start = this.i;
      this.message(1, tagPath);
      if (this.isBlank(start, this.i)) markEmpty(this.shape, use, selector, selectorAt);
      this.expect('}');
      this.space();
    }
    this.plural = outer;
    if (!options.has('other')) throw GIVE_UP;
    if (type !== 'select') this.shape.hasPlural = true;
  }

  private tag(depth: number, tagPath: string): void {
    const at = this.i;
    this.i++;
    const name = this.match(TAG_NAME);
    this.expect('>');
    const path = tagPath ? `${tagPath}/${name}` : name;
    if (this.shape.tags === NO_TAGS) {
      this.shape.tags = new Map();
      this.shape.tagPaths = new Map();
    }
    if (!this.shape.tags.has(name)) this.shape.tags.set(name, at);
    if (!this.shape.tagPaths.has(path)) this.shape.tagPaths.set(path, at);
    this.message(depth, path);
    this.expect('</');
    if (this.match(TAG_NAME) !== name) throw GIVE_UP;
    this.expect('>');
  }

  private use(use: MessageShape['uses'][number]): void {
    addUse(this.shape, use);
  }

  /** Whether the text from `start` to `end` is only spaces (a case that shows nothing); stops at the first other character. */
  private isBlank(start: number, end: number): boolean {
    for (let k = start; k < end; k++) if (!isSpaceChar(this.text.charCodeAt(k))) return false;
    return true;
  }

  private space(): void {
    while (this.text.charCodeAt(this.i) === 32) this.i++;
  }

  private eat(s: string): boolean {
    if (s.length === 1 ? this.text.charCodeAt(this.i) !== s.charCodeAt(0) : !this.text.startsWith(s, this.i)) return false;
    this.i += s.length;
    return true;
  }

  private expect(s: string): void {
    if (!this.eat(s)) throw GIVE_UP;
  }

  private match(token: readonly [number, number]): string {
    const start = this.i;
    if (!(cls(this.text.charCodeAt(start)) & token[0])) throw GIVE_UP;
    let end = start + 1;
    while (end < this.text.length && cls(this.text.charCodeAt(end)) & token[1]) end++;
    this.i = end;
    return this.text.slice(start, end);
  }

}

const READER = new Reader();
