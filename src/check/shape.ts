/**
 * The shape of one ICU message: what a translation has to keep. Made by the quick reader
 * (fast-shape.ts) and by the full parser (message-shape.ts), both through the constructors here,
 * so every shape has one object layout and neither reader imports the other.
 */
export type ArgKind = 'plain' | 'number' | 'date' | 'time' | 'plural' | 'selectordinal' | 'select';

export interface ArgUse {
  name: string;
  kind: ArgKind;
  /** `percent`, `long`, `::currency/EUR` (skeletons keep their `::`); empty when none. */
  style: string;
  /** Plural offset (0 when none or not a plural). */
  offset: number;
  /** Option keys of plural, selectordinal and select arguments. */
  options: ReadonlySet<string>;
  /** Option keys whose text is blank (`one {}`): that count or value shows nothing; each with the offset of its key. */
  empty: ReadonlyMap<string, number>;
  /** For plural and selectordinal: whether a case shows the count with `#` (its own, not a nested plural's). */
  pound: boolean;
  /** Offset of the argument inside the message. */
  at: number;
}

/** Whether an argument chooses its case by a number: a plural or a selectordinal (whose categories depend on the language). */
export const isPlural = (kind: ArgKind): kind is 'plural' | 'selectordinal' => kind === 'plural' || kind === 'selectordinal';

export interface MessageShape {
  uses: ArgUse[];
  /** Rich-text tag names, and their nesting as paths (`b`, `link/b`), each with its first offset. */
  tags: Map<string, number>;
  tagPaths: Map<string, number>;
  /** Whether the literal text has any letter (a message of only arguments and digits never needs translating). */
  hasLetters: boolean;
  /** Whether there is a plural or selectordinal (whose categories depend on the language). */
  hasPlural: boolean;
  /** Whether some plural, selectordinal or select has a blank case (see ArgUse.empty). */
  hasEmptyCase: boolean;
  /**
   * Whether the quick reader (fast-shape.ts) made it, so that every name, type and style in it is
   * a token that reader reads; the full parser takes names it does not (`{0}`, `{名前}`).
   */
  quick: boolean;
}

/** Shared by every shape without tags until its first tag; never written to. */
export const NO_TAGS: Map<string, number> = new Map();

/** Shared by every shape without arguments until its first one (see addUse); never written to. */
const NO_USES: ArgUse[] = [];

/** Every shape is made here, so they all share one object layout (fast property access). */
export function newShape(hasLetters = false, quick = false): MessageShape {
  return { uses: NO_USES, tags: NO_TAGS, tagPaths: NO_TAGS, hasLetters, hasPlural: false, hasEmptyCase: false, quick };
}

/**
 * Adds an argument to a shape. The first one makes an array of exactly one (most messages have
 * one argument); pushing onto an empty array would reserve room for 17.
 */
export function addUse(shape: MessageShape, use: ArgUse): void {
  if (shape.uses === NO_USES) shape.uses = [use];
  else shape.uses.push(use);
}

export function newUse(name: string, kind: ArgKind, style: string, offset: number, options: ReadonlySet<string>, at: number): ArgUse {
  return { name, kind, style, offset, options, empty: NO_EMPTY, pound: false, at };
}

/** Shared by every argument without options; never written to. */
export const NO_OPTIONS: ReadonlySet<string> = new Set();

/** Shared by every use without blank cases until its first one (see markEmpty); never written to. */
const NO_EMPTY: ReadonlyMap<string, number> = new Map();

/** Records that the case `option` of `use`, whose key is at offset `at`, is blank. */
export function markEmpty(shape: MessageShape, use: ArgUse, option: string, at: number): void {
  if (use.empty === NO_EMPTY) use.empty = new Map([[option, at]]);
  else (use.empty as Map<string, number>).set(option, at);
  shape.hasEmptyCase = true;
}


/** Any letter of any script: text with none (`{product}`, `© {year}`, `24/7`) reads the same in every language. */
export const LETTER = /\p{L}/u;

/** The characters String.prototype.trim removes: what counts as blank. */
export const isSpaceChar = (c: number) =>
  c <= 32 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
