import { categoryBit, OTHER_BIT, type PluralCategories } from './plural-categories.ts';
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
  return READER.read(text, null, null) ? READER.shape : null;
}

/** The plural categories of the translation's language, for a plural (cardinal) or a selectordinal (ordinal). */
export type CategoriesOf = (kind: 'plural' | 'selectordinal') => PluralCategories;

/**
 * Whether a translation needs nothing said about it, read against en's shape without making one
 * of its own: true only when fastShape would read it, the shape would equal en's (sameShape), no
 * case is blank, and every plural has exactly the categories its language may have and needs. Then
 * the comparison, the plural check and the blank-case check find nothing, and making the shape
 * (objects, sets, strings) was most of a check's time and garbage. False means only "read it
 * in full": the usual path decides what, if anything, is wrong; so it is false for an en shape
 * the full parser made, whose names the quick reader could not compare in place.
 */
export function matchesReference(text: string, en: MessageShape, categoriesOf: CategoriesOf): boolean {
  return en.quick && READER.read(text, en, categoriesOf);
}

/** Stands in for the shape and the plural being read when reading against a reference: written to, never read. */
const SCRATCH_SHAPE = newShape(true);
const SCRATCH_USE = newUse('', 'plural', '', 0, NO_OPTIONS, 0);

class Reader {
  i = 0;
  // Set by read().
  shape!: MessageShape;
  private text = '';
  /** The plural whose `#` the text being read shows; null outside one, or inside a select. */
  private plural: ArgUse | null = null;
  /** Reading against en's shape (matchesReference): nothing is made, everything is compared. */
  private en: MessageShape | null = null;
  private categoriesOf: CategoriesOf | null = null;
  /** With `en`: the next argument of en, and the tag paths seen (each once). */
  private next = 0;
  private readonly tagsSeen: string[] = [];

  /**
   * Reads `text` whole: into `shape`, or against `en`. One reader serves every message (reading
   * is synchronous and never re-entered). False when the quick reader gives up, or the text
   * differs from `en`.
   */
  read(text: string, en: MessageShape | null, categoriesOf: CategoriesOf | null): boolean {
    this.text = text;
    this.i = 0;
    this.shape = en ? SCRATCH_SHAPE : newShape(false, true);
    this.plural = null;
    this.en = en;
    this.categoriesOf = categoriesOf;
    this.next = 0;
    if (this.tagsSeen.length !== 0) this.tagsSeen.length = 0;
    try {
      this.message(0, '');
    } catch (e) {
      if (e === GIVE_UP) return false;
      throw e;
    }
    return this.i === text.length && (!en || (this.next === en.uses.length && this.tagsSeen.length === en.tagPaths.size));
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
        this.i = this.en ? this.plainText(this.i) : this.literal(this.i);
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

  /**
   * Literal text read against a reference: only where it ends matters, as nothing is made (a
   * `#` would mark the scratch plural, and the scratch shape has letters from the start).
   */
  private plainText(i: number): number {
    const t = this.text;
    for (; i < t.length; i++) {
      const c = t.charCodeAt(i);
      if (c === 123 /* { */ || c === 125 /* } */ || c === 60 /* < */ || c === 39 /* ' */) break;
    }
    return i;
  }

  /**
   * An argument. Against a reference, each name, type and style is compared with en's argument
   * in the same place instead of being copied out of the text (see match).
   */
  private argument(tagPath: string): void {
    const at = this.i;
    const want = this.en && this.wanted();
    this.i++;
    this.space();
    const name = this.match(IDENT, want?.name);
    this.space();
    if (this.eat('}')) {
      if (want) return void (want.kind !== 'plain' && this.differ());
      return void this.use(newUse(name, 'plain', '', 0, NO_OPTIONS, at));
    }
    this.expect(',');
    this.space();
    if (want?.kind === 'plain') this.differ();
    const type = this.match(IDENT, want?.kind);
    this.space();
    if (type === 'number' || type === 'date' || type === 'time') {
      let style = '';
      if (this.eat(',')) {
        this.space();
        style = this.match(STYLE, want?.style);
        this.space();
      }
      this.expect('}');
      if (want) return void (want.style !== style && this.differ());
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
    if (want && want.offset !== offset) this.differ();
    const options = want ? NO_OPTIONS : new Set<string>();
    const use = want ? SCRATCH_USE : newUse(name, type, '', offset, options, at);
    if (!want) this.use(use);
    // Against en: the cases read so far, one bit each (see caseAgainst), and a plural's categories.
    let cases = 0;
    const categories = want && type !== 'select' ? this.categoriesOf!(type) : null;
    const outer = this.plural;
    this.plural = type === 'select' ? null : use;
    while (!this.eat('}')) {
      const selectorAt = this.i;
      let selector = '';
      if (want) cases = this.caseAgainst(want, categories, cases);
      else selector = this.selector(type, options as Set<string>);
      this.space();
      this.expect('{');
      const start = this.i;
      this.message(1, tagPath);
      if (this.isBlank(start, this.i)) {
        // A blank case may deserve a finding (case-check.ts): left to the usual path.
        if (want) this.differ();
        markEmpty(this.shape, use, selector, selectorAt);
      }
      this.expect('}');
      this.space();
    }
    this.plural = outer;
    if (want) return this.settle(want, categories, cases);
    if (!options.has('other')) throw GIVE_UP;
    if (type !== 'select') this.shape.hasPlural = true;
  }

  /** A case name (`one`, `=0`, `female`), added to `options`; a second one of a name gives up. */
  private selector(type: string, options: Set<string>): string {
    const selector = this.text.charCodeAt(this.i) === 61 /* = */ ? '=' + (this.i++, this.match(DIGITS)) : this.match(IDENT);
    if (options.has(selector) || (type === 'select' && selector.startsWith('='))) throw GIVE_UP;
    options.add(selector);
    return selector;
  }

  /** en's next argument, the one the argument being read must equal. */
  private wanted(): ArgUse {
    const want = this.en!.uses[this.next++];
    return want ?? this.differ();
  }

  /**
   * Reads a case name against en's argument `want` and returns `cases` with its bit added. A
   * plural's case must be one of `categories` its language has (`=N` cases are left to the usual
   * path); a select's (`categories` null), one of en's. A case read twice gives up, as fastShape does.
   */
  private caseAgainst(want: ArgUse, categories: PluralCategories | null, cases: number): number {
    if (this.text.charCodeAt(this.i) === 61 /* = */) this.differ();
    const start = this.i;
    const end = this.skip(IDENT);
    let bit = 0;
    if (!categories) {
      let k = 0;
      for (const option of want.options) {
        if (option.length === end - start && this.text.startsWith(option, start)) bit = 1 << k;
        if (++k > 30) this.differ();
      }
    } else {
      bit = categoryBit(this.text, start, end);
      if (!(categories.allowedBits & bit)) this.differ();
    }
    if (bit === 0 || cases & bit) this.differ();
    return cases | bit;
  }

  /**
   * The cases of an argument read against `want`: en's select cases exactly; a plural's, every
   * category its language needs (known without asking which it needs when it has all it may have),
   * and none of en's `=0` (a translation that keeps it has an exact case, which caseAgainst leaves
   * to the usual path; one that drops it deserves an info there).
   */
  private settle(want: ArgUse, categories: PluralCategories | null, cases: number): void {
    if (!categories) {
      let all = 0;
      let other = 0;
      let k = 0;
      for (const option of want.options) {
        if (option === 'other') other = 1 << k;
        all |= 1 << k++;
      }
      if (cases !== all || other === 0) this.differ();
    } else if (want.options.has('=0') || !(cases & OTHER_BIT) || ((categories.allowedBits & ~cases) !== 0 && (categories.requiredBits & ~cases) !== 0)) this.differ();
  }

  /** The text read differs from the reference (or the reference cannot tell): the usual path decides. */
  private differ(): never {
    throw GIVE_UP;
  }

  private tag(depth: number, tagPath: string): void {
    const at = this.i;
    this.i++;
    const name = this.match(TAG_NAME);
    this.expect('>');
    const path = tagPath ? `${tagPath}/${name}` : name;
    if (this.en) {
      // sameShape compares tag paths as sets: each must be en's, and all of en's must be seen.
      if (!this.en.tagPaths.has(path)) this.differ();
      if (!this.tagsSeen.includes(path)) this.tagsSeen.push(path);
    } else {
      if (this.shape.tags === NO_TAGS) {
        this.shape.tags = new Map();
        this.shape.tagPaths = new Map();
      }
      if (!this.shape.tags.has(name)) this.shape.tags.set(name, at);
      if (!this.shape.tagPaths.has(path)) this.shape.tagPaths.set(path, at);
    }
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

  /**
   * Reads a token: its text, or, given `same` (en's name, type or style when reading against a
   * reference), `same` itself when the token equals it, compared in place without copying it.
   */
  private match(token: readonly [number, number], same?: string): string {
    const start = this.i;
    if (same === undefined) return this.text.slice(start, this.skip(token));
    // en's token is one this reader read (matchesReference takes only such shapes): the text has
    // the same token when it starts with it and the token does not go on.
    const end = start + same.length;
    if (!this.text.startsWith(same, start) || cls(this.text.charCodeAt(end)) & token[1]) this.differ();
    this.i = end;
    return same;
  }

  /** Steps over a token and returns where it ends. */
  private skip(token: readonly [number, number]): number {
    const start = this.i;
    if (!(cls(this.text.charCodeAt(start)) & token[0])) throw GIVE_UP;
    let end = start + 1;
    while (end < this.text.length && cls(this.text.charCodeAt(end)) & token[1]) end++;
    this.i = end;
    return end;
  }

}

const READER = new Reader();
