import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { fastShape } from './fast-shape.ts';
import { addUse, isPlural, LETTER, markEmpty, newShape, newUse, NO_OPTIONS, type ArgUse, type MessageShape } from './shape.ts';

export type { ArgKind, ArgUse, MessageShape } from './shape.ts';

/**
 * One ICU message read for the checker: its shape (shape.ts), or where and why it does not parse.
 * Parsed with the parser intl-messageformat itself uses, so "valid here" means "formats at build time".
 */
export interface SyntaxProblem {
  /** Offset of the error inside the message. */
  at: number;
  reason: string;
}

export type ParsedMessage = { ok: true; shape: MessageShape } | { ok: false; error: SyntaxProblem };

/** Shared results for text without arguments or tags, most of a site; never mutated. Quick: they hold no token at all. */
const PLAIN_TEXT: ParsedMessage = { ok: true, shape: newShape(true, true) };
const PLAIN_SYMBOLS: ParsedMessage = { ok: true, shape: newShape(false, true) };

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
    const at = err.location?.start.offset ?? 0;
    return { ok: false, error: { at, reason: describe(err.message, text, at) } };
  }
  const shape = newShape();
  shape.tags = new Map();
  shape.tagPaths = new Map();
  walk(ast, shape, '', text, null);
  shape.hasPlural = shape.uses.some((u) => isPlural(u.kind));
  return { ok: true, shape };
}

/**
 * Whether two shapes agree on everything compareToReference looks at: the same arguments in the
 * same order with kind, style, offset and select cases, en's `=0` of a plural, and the same tag
 * nesting (not plural categories, which differ by language). Most translations pass, and skip the comparison.
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
    // en's own text for nothing, which a translation should keep (compare-message.ts, zeroLeftOut).
    if (x.kind === 'plural' && x.options.has('=0') && !y.options.has('=0')) return false;
  }
  for (const p of a.tagPaths.keys()) if (!b.tagPaths.has(p)) return false;
  return true;
}

/** `plural`: the plural or selectordinal whose `#` these elements show (null outside one, or inside a select). */
function walk(elements: MessageFormatElement[], shape: MessageShape, path: string, text: string, plural: ArgUse | null): void {
  for (const el of elements) {
    const at = el.location?.start.offset ?? 0;
    switch (el.type) {
      case TYPE.literal:
        if (!shape.hasLetters && LETTER.test(el.value)) shape.hasLetters = true;
        break;
      case TYPE.pound:
        if (plural) plural.pound = true;
        break;
      case TYPE.argument:
        addUse(shape, newUse(el.value, 'plain', '', 0, NO_OPTIONS, at));
        break;
      case TYPE.number:
      case TYPE.date:
      case TYPE.time: {
        const kind = el.type === TYPE.number ? 'number' : el.type === TYPE.date ? 'date' : 'time';
        addUse(shape, newUse(el.value, kind, styleText(el.style, text), 0, NO_OPTIONS, at));
        break;
      }
      case TYPE.select:
      case TYPE.plural: {
        const kind = el.type === TYPE.select ? 'select' : el.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        const offset = el.type === TYPE.plural ? el.offset : 0;
        const use = newUse(el.value, kind, '', offset, new Set(Object.keys(el.options)), at);
        addUse(shape, use);
        for (const [key, option] of Object.entries(el.options)) {
          if (option.value.every((e) => e.type === TYPE.literal && e.value.trim() === '')) markEmpty(shape, use, key, keyOffset(text, key, option.location?.start.offset));
          walk(option.value, shape, path, text, kind === 'select' ? null : use);
        }
        break;
      }
      case TYPE.tag: {
        const tagPath = path ? `${path}/${el.value}` : el.value;
        if (!shape.tags.has(el.value)) shape.tags.set(el.value, at);
        if (!shape.tagPaths.has(tagPath)) shape.tagPaths.set(tagPath, at);
        walk(el.children, shape, tagPath, text, plural);
        break;
      }
    }
  }
}

/**
 * Where a case's key (`one` of `one {}`) starts: the parser places only the case's `{`, so this
 * steps back over the spaces before it and the key. Without a location, the start of the message.
 */
function keyOffset(text: string, key: string, braceAt: number | undefined): number {
  if (braceAt === undefined) return 0;
  let i = braceAt;
  while (i > 0 && text[i - 1]!.trim() === '') i--;
  return text.startsWith(key, i - key.length) ? i - key.length : braceAt;
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

/**
 * The reason for an error, as seen at the caret. The parser stops reading cases at the first
 * character that cannot start one and then reports a missing `other`, even when `other` follows:
 * a comma between two cases (`one {#}, other {#}`) is the usual culprit, so it is named.
 */
function describe(kind: string, text: string, at: number): string {
  if (kind === 'MISSING_OTHER_CLAUSE' && at < text.length && text[at] !== '}') {
    const c = text[at]!;
    if (c === ',') return 'a comma between two cases (write them one after another, separated by spaces only: `one {…} other {…}`)';
    if (c === '{') return 'a case without a name (each `{…}` needs a category such as one or other, a select value, or =N before it)';
    return `unexpected "${c}" where the next case (one, few, other, ..., =N) or the closing } should be`;
  }
  return REASONS[kind] ?? kind.toLowerCase().replace(/_/g, ' ');
}
