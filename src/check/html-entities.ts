/**
 * HTML entities written into a message (`AGB &amp; Datenschutz`, copied from a web page or a CMS):
 * a message is text, which the build escapes, so a page shows `&amp;` as it is typed. The checker
 * names each and the character to write instead.
 */

/** The named entities people copy into text, with the character each stands for. */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', shy: '\u00ad',
  ndash: '–', mdash: '—', hellip: '…', laquo: '«', raquo: '»', lsaquo: '‹', rsaquo: '›',
  lsquo: '‘', rsquo: '’', sbquo: '‚', ldquo: '“', rdquo: '”', bdquo: '„', middot: '·', bull: '•',
  copy: '©', reg: '®', trade: '™', euro: '€', pound: '£', yen: '¥', cent: '¢', deg: '°', times: '×',
  divide: '÷', plusmn: '±', para: '¶', sect: '§', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009',
  zwnj: '\u200c', zwj: '\u200d', lrm: '\u200e', rlm: '\u200f',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;

export interface EntityUse {
  /** Where it starts in the message. */
  at: number;
  /** As written: `&amp;`. */
  entity: string;
  /** What to write instead, shown: `&`, or `a no-break space (U+00A0)` for one that cannot be seen. */
  instead: string;
}

/** The HTML entities of a message, in order; named ones only when HTML knows them (so `R&D;` is not one). */
export function htmlEntities(message: string): EntityUse[] {
  if (!message.includes('&')) return [];
  const found: EntityUse[] = [];
  for (const match of message.matchAll(ENTITY)) {
    const [entity, decimal, hex, name] = match;
    const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? parseInt(hex, 16) : undefined;
    const char = code !== undefined ? (code <= 0x10ffff ? String.fromCodePoint(code) : undefined) : NAMED[name!];
    if (char !== undefined) found.push({ at: match.index, entity, instead: shown(char) });
  }
  return found;
}

/** A character as a hint shows it: itself, or its name and code where it cannot be seen; `<` and `'` as ICU takes them. */
function shown(char: string): string {
  const code = char.codePointAt(0)!;
  const unseen: Record<number, string> = { 0xa0: 'a no-break space', 0xad: 'a soft hyphen', 0x2002: 'an en space', 0x2003: 'an em space', 0x2009: 'a thin space', 0x200c: 'a zero-width non-joiner', 0x200d: 'a zero-width joiner', 0x200e: 'a left-to-right mark', 0x200f: 'a right-to-left mark' };
  if (unseen[code]) return `${unseen[code]} (U+${code.toString(16).toUpperCase().padStart(4, '0')}, typed as it is)`;
  // In a message `<` starts a tag and `'` quotes: written in quotes they are text.
  if (char === '<') return "'<' (in single quotes: a bare < starts a tag)";
  if (char === "'") return "’, or '' (two apostrophes) for a straight one";
  if (char === '{' || char === '}') return `'${char}' (in single quotes)`;
  return char;
}

/** The finding of a message with entities (they are listed, the first located), or null. */
export function entityProblem(message: string) {
  const found = htmlEntities(message);
  if (found.length === 0) return null;
  const distinct = [...new Map(found.map((f) => [f.entity, f])).values()];
  const list = distinct.map((f) => f.entity).join(', ');
  return {
    kind: 'html-entity' as const,
    at: found[0]!.at,
    message: `The message has the HTML ${distinct.length === 1 ? 'entity' : 'entities'} ${list}, which pages show as typed: a message is text, and the build escapes it.`,
    hint: `Write the character instead: ${distinct.map((f) => `${f.instead} for ${f.entity}`).join('; ')}.`,
  };
}
