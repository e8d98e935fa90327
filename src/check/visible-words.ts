import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { isPlainText } from './message-shape.ts';
import { LETTER } from './shape.ts';

/**
 * How many words a reader sees in a message: its literal text without arguments, counts and ICU
 * syntax, nor URLs, e-mail addresses, hashtags and handles (NAMES), the words of every case counted once (`{n, plural, one {# Hashtag} other {# Hashtags}}`
 * shows two words: Hashtag, Hashtags). A short label identical to en (`Menu`, `Status`) is mostly
 * a word both languages share; a sentence identical to en is rarely anything but untranslated.
 *
 * Only messages identical to en are counted, so the full parser is affordable here.
 */
export function visibleWordCount(text: string): number {
  const words = new Set<string>();
  if (isPlainText(text)) addWords(text, words);
  else {
    try {
      collect(parse(text), words);
    } catch {
      addWords(text, words);
    }
  }
  return words.size;
}

/**
 * A run of letters, marks and digits, with inner apostrophes or hyphens (`don't`, `e-mail`), holding a
 * letter. The typographic apostrophe is written as `\u2019`: lib/commands.cjs, which every build reads
 * and compiles, is then ASCII only, and Node makes it a one-byte string (the one character outside
 * ASCII made its 558 KB a two-byte string of 1.1 MB).
 */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['\u2019-][\p{L}\p{M}\p{N}]+)*/gu;

/**
 * What no translator translates, whose letters are no words: a URL (`https://example.com/help`,
 * `www.example.com`), an e-mail address, a hashtag or a handle (`#AlightMotion`, `@alightmotion`).
 */
const NAMES = /(?:\b[a-z][a-z\d+.-]*:\/\/|\bwww\.)[^\s<>"']+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|(?<![\p{L}\p{N}])[#@][\p{L}\p{N}_]+/giu;

function addWords(text: string, words: Set<string>): void {
  for (const [word] of text.replace(NAMES, ' ').matchAll(WORD)) if (LETTER.test(word)) words.add(word.toLowerCase());
}

function collect(elements: MessageFormatElement[], words: Set<string>): void {
  for (const el of elements) {
    if (el.type === TYPE.literal) addWords(el.value, words);
    else if (el.type === TYPE.tag) collect(el.children, words);
    else if (el.type === TYPE.plural || el.type === TYPE.select) for (const option of Object.values(el.options)) collect(option.value, words);
  }
}
