import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { fastShape } from './fast-shape.ts';

/**
 * The shape of one ICU message: what a translation has to keep. Parsed with the parser
 * intl-messageformat itself uses, so "valid here" means "formats at build time".
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
  /** Offset of the argument inside the message. */
  at: number;
}

export interface MessageShape {
  uses: ArgUse[];
  /** Rich-text tag names, and their nesting as paths (`b`, `link/b`), each with its first offset. */
  tags: Map<string, number>;
  tagPaths: Map<string, number>;
  /** Whether the literal text has any letter (a message of only arguments and digits never needs translating). */
  hasLetters: boolean;
  /** Whether there is a plural or selectordinal (whose categories depend on the language). */
  hasPlural: boolean;
}

export interface SyntaxProblem {
  /** Offset of the error inside the message. */
  at: number;
  reason: string;
}

export type ParsedMessage = { ok: true; shape: MessageShape } | { ok: false; error: SyntaxProblem };

const LETTER = /\p{L}/u;
/** Shared by every shape without tags until its first tag; never written to. */
export const NO_TAGS: Map<string, number> = new Map();

/** Shared by every shape without arguments until its first one (see addUse); never written to. */
const NO_USES: ArgUse[] = [];

/** Every shape is made here, so they all share one object layout (fast property access). */
export function newShape(hasLetters = false): MessageShape {
  return { uses: NO_USES, tags: NO_TAGS, tagPaths: NO_TAGS, hasLetters, hasPlural: false };
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
  return { name, kind, style, offset, options, at };
}

/** Shared results for text without arguments or tags, most of a site; never mutated. */
const PLAIN_TEXT: ParsedMessage = { ok: true, shape: newShape(true) };
const PLAIN_SYMBOLS: ParsedMessage = { ok: true, shape: newShape(false) };
const EMPTY_OPTIONS: ReadonlySet<string> = new Set();

/**
 * Cheapest reader first: plain text, then the quick reader of common ICU (fast-shape.ts), and the
 * full parser for everything else and for every error.
 */
export function parseMessage(text: string): ParsedMessage {
  if (isPlainText(text)) return LETTER.test(text) ? PLAIN_TEXT : PLAIN_SYMBOLS;
  const shape = fastShape(text);
  return shape ? { ok: true, shape } : parseFully(text);
}

/** No `{` and no `<`: text without arguments or tags, whatever else it holds (a lone `}` or `'` is literal). */
export function isPlainText(text: string): boolean {
  return !text.includes('{') && !text.includes('<');
}

/** Whether a shape has no arguments and no tags: the shape of every plain text. */
export function isPlainShape(shape: MessageShape): boolean {
  return shape.uses.length === 0 && shape.tagPaths.size === 0;
}

/** The parser intl-messageformat uses; exported for the test that holds the quick readers to it. */
export function parseFully(text: string): ParsedMessage {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text, { captureLocation: true, shouldParseSkeletons: true });
  } catch (cause) {
    const err = cause as { message: string; location?: { start: { offset: number } } };
    return { ok: false, error: { at: err.location?.start.offset ?? 0, reason: describe(err.message) } };
  }
  const shape = newShape();
  shape.tags = new Map();
  shape.tagPaths = new Map();
  walk(ast, shape, '', text);
  shape.hasPlural = shape.uses.some((u) => u.kind === 'plural' || u.kind === 'selectordinal');
  return { ok: true, shape };
}

/**
 * Whether two shapes agree on everything compareToReference looks at: the same arguments in the
 * same order with kind, style, offset and select cases, and the same tag nesting (not plural
 * categories, which differ by language). Most translations pass, and skip the comparison.
 */
export function sameShape(a: MessageShape, b: MessageShape): boolean {
  if (a.uses.length !== b.uses.length || a.tagPaths.size !== b.tagPaths.size) return false;
  for (let i = 0; i < a.uses.length; i++) {
    const x = a.uses[i]!;
    const y = b.uses[i]!;
    if (x.name !== y.name || x.kind !== y.kind || x.style !== y.style || x.offset !== y.offset) return false;
    if (x.kind === 'select') {
      if (x.options.size !== y.options.size) return false;
      for (const o of x.options) if (!y.options.has(o)) return false;
    }
  }
  for (const p of a.tagPaths.keys()) if (!b.tagPaths.has(p)) return false;
  return true;
}

function walk(elements: MessageFormatElement[], shape: MessageShape, path: string, text: string): void {
  for (const el of elements) {
    const at = el.location?.start.offset ?? 0;
    switch (el.type) {
      case TYPE.literal:
        if (!shape.hasLetters && LETTER.test(el.value)) shape.hasLetters = true;
        break;
      case TYPE.pound:
        break;
      case TYPE.argument:
        addUse(shape, newUse(el.value, 'plain', '', 0, EMPTY_OPTIONS, at));
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time: {
        const kind = el.type === TYPE.number ? 'number' : el.type === TYPE.date ? 'date' : 'time';
        addUse(shape, newUse(el.value, kind, styleText(el.style, text), 0, EMPTY_OPTIONS, at));
        break;
      }
      case TYPE.select:
      case TYPE.plural: {
        const kind = el.type === TYPE.select ? 'select' : el.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        const offset = el.type === TYPE.plural ? el.offset : 0;
        addUse(shape, newUse(el.value, kind, '', offset, new Set(Object.keys(el.options)), at));
        for (const option of Object.values(el.options)) walk(option.value, shape, path, text);
        break;
      }
      case TYPE.tag: {
        const tagPath = path ? `${path}/${el.value}` : el.value;
        if (!shape.tags.has(el.value)) shape.tags.set(el.value, at);
        if (!shape.tagPaths.has(tagPath)) shape.tagPaths.set(tagPath, at);
        walk(el.children, shape, tagPath, text);
        break;
      }
    }
  }
}

/** A style as written: `percent`, or a skeleton `::currency/EUR` taken from the source text. */
function styleText(style: unknown, text: string): string {
  if (!style) return '';
  if (typeof style === 'string') return style.trim();
  const loc = (style as { location?: { start: { offset: number }; end: { offset: number } } }).location;
  const pattern = (style as { pattern?: string }).pattern;
  if (pattern !== undefined) return '::' + pattern;
  return loc ? text.slice(loc.start.offset, loc.end.offset).trim() : '::';
}

const REASONS: Record<string, string> = {
  EXPECT_ARGUMENT_CLOSING_BRACE: 'an argument is not closed with }',
  EMPTY_ARGUMENT: 'an argument is empty ({})',
  MALFORMED_ARGUMENT: 'an argument name is malformed',
  EXPECT_ARGUMENT_TYPE: 'an argument type is expected after the comma',
  INVALID_ARGUMENT_TYPE: 'unknown argument type (use number, date, time, plural, selectordinal or select)',
  EXPECT_ARGUMENT_STYLE: 'an argument style is expected after the second comma',
  INVALID_NUMBER_SKELETON: 'the number skeleton is invalid',
  INVALID_DATE_TIME_SKELETON: 'the date skeleton is invalid',
  EXPECT_NUMBER_SKELETON: 'a number skeleton is expected after ::',
  EXPECT_DATE_TIME_SKELETON: 'a date skeleton is expected after ::',
  UNCLOSED_QUOTE_IN_ARGUMENT_STYLE: "a quote (') in the argument style is not closed",
  EXPECT_SELECT_ARGUMENT_OPTIONS: 'select has no options',
  EXPECT_PLURAL_ARGUMENT_OFFSET_VALUE: 'offset: needs a number',
  INVALID_PLURAL_ARGUMENT_OFFSET_VALUE: 'the plural offset is not a number',
  EXPECT_SELECT_ARGUMENT_SELECTOR: 'a select option name is expected',
  EXPECT_PLURAL_ARGUMENT_SELECTOR: 'a plural category or =N is expected',
  EXPECT_SELECT_ARGUMENT_SELECTOR_FRAGMENT: 'a select option needs its text in {braces}',
  EXPECT_PLURAL_ARGUMENT_SELECTOR_FRAGMENT: 'a plural case needs its text in {braces}',
  INVALID_PLURAL_ARGUMENT_SELECTOR: 'a plural case must be a category (one, few, ...) or =N',
  DUPLICATE_PLURAL_ARGUMENT_SELECTOR: 'a plural case appears twice',
  DUPLICATE_SELECT_ARGUMENT_SELECTOR: 'a select option appears twice',
  MISSING_OTHER_CLAUSE: 'plural and select need an `other` case',
  INVALID_TAG: 'a tag is malformed',
  INVALID_TAG_NAME: 'a tag name is invalid',
  UNMATCHED_CLOSING_TAG: 'a closing tag does not match the tag it closes',
  UNCLOSED_TAG: 'a tag is opened but never closed',
};

function describe(kind: string): string {
  return REASONS[kind] ?? kind.toLowerCase().replace(/_/g, ' ');
}
