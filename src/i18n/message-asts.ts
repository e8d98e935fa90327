/**
 * ICU sources parsed once per locale tag and thread, for compiled-message.ts, and parsed ahead of
 * their compile while the thread would wait (parse-ahead.ts). Kept on globalThis: the build's copy
 * of this module parses ahead what the server module's copy then compiles. The parser is
 * intl-messageformat's own (its `IntlMessageFormat.__parse` is this `parse`), so an AST is the same
 * whichever copy made it.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** Past this many parsed sources per locale (a long dev session of edits), start afresh. */
const MAX_ASTS = 50_000;

const byTag: Map<string, Map<string, MessageFormatElement[]>> = ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.messageAsts')] ??= new Map()) as never;

/** The AST of `source` for the locale `tag` (`locale` is its Intl.Locale); throws the parser's error for bad ICU syntax. */
export function messageAst(source: string, tag: string, locale: Intl.Locale): MessageFormatElement[] {
  const asts = astsOf(tag);
  let ast = asts.get(source);
  if (!ast) {
    ast = flattenLiterals(parse(source, { ignoreTag: false, locale }));
    if (asts.size >= MAX_ASTS) asts.clear();
    asts.set(source, ast);
  }
  return ast;
}

/** Parses `source` for a compile to come (see messageAst); one that does not parse is left to that compile, which reports it with its key. */
export function parseAhead(source: string, tag: string, locale: Intl.Locale): void {
  if (astsOf(tag).size >= MAX_ASTS) return;
  try {
    messageAst(source, tag, locale);
  } catch {
    // thrown again by the compile
  }
}

function astsOf(tag: string): Map<string, MessageFormatElement[]> {
  let asts = byTag.get(tag);
  if (!asts) byTag.set(tag, (asts = new Map()));
  return asts;
}

/**
 * The parser builds each literal text a character at a time (`value += char`), and V8 keeps such
 * a string as a chain of one two-part string per character, 32 bytes each, for as long as the AST
 * lives: at 20 times the real site's size, 64,000 of them (2 MB) on the main thread and 48,000 in
 * the render worker, all of the site's literal text. Reading a character of such a string makes V8
 * replace the chain by one flat string, so each literal is read once here, when it is parsed.
 */
function flattenLiterals(elements: MessageFormatElement[]): MessageFormatElement[] {
  for (const el of elements) {
    if (el.type === TYPE.literal) el.value.charCodeAt(0);
    else if (el.type === TYPE.tag) flattenLiterals(el.children);
    else if (el.type === TYPE.select || el.type === TYPE.plural) for (const option of Object.values(el.options)) flattenLiterals(option.value);
  }
  return elements;
}
