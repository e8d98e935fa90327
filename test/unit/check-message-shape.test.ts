import { describe, expect, it } from 'vitest';
import { parseMessage, sameShape, type ParsedMessage } from '../../src/check/message-shape.ts';

const shape = (text: string) => {
  const parsed = parseMessage(text);
  if (!parsed.ok) throw new Error(`did not parse: ${parsed.error.reason}`);
  return parsed.shape;
};
const uses = (text: string) => shape(text).uses.map((u) => [u.name, u.kind, u.style, u.offset, [...u.options], u.at]);

describe('parseMessage', () => {
  it('reads plain text without arguments, letters or not', () => {
    expect(shape("It's } fine > now")).toMatchObject({ uses: [], hasLetters: true });
    expect(shape('© 2026 — 24/7').hasLetters).toBe(false);
  });

  it('reads simple arguments, with their offsets', () => {
    expect(uses('Hi {name}, {product}!')).toEqual([
      ['name', 'plain', '', 0, [], 3],
      ['product', 'plain', '', 0, [], 11],
    ]);
    expect(shape('{a} {b}').hasLetters).toBe(false);
  });

  it('gives the same shape through the fast path and the full parser', () => {
    // A space inside the braces takes the full parser; the result must not differ.
    expect(uses('Hi { name }').map((u) => u.slice(0, 5))).toEqual(uses('Hi {name}').map((u) => u.slice(0, 5)));
  });

  it('reads kinds, styles, skeletons, offsets and options, also nested', () => {
    expect(uses('{p, number, percent} {d, date, long} {t, time} {c, number, ::currency/EUR} {s, date, ::yMMMd}')).toEqual([
      ['p', 'number', 'percent', 0, [], 0],
      ['d', 'date', 'long', 0, [], 21],
      ['t', 'time', '', 0, [], 37],
      ['c', 'number', '::currency/EUR', 0, [], 47],
      ['s', 'date', '::yMMMd', 0, [], 75],
    ]);
    expect(uses('{n, plural, offset:1 =0 {none} one {{who} and #} other {#}}')).toEqual([
      ['n', 'plural', '', 1, ['=0', 'one', 'other'], 0],
      ['who', 'plain', '', 0, [], 36],
    ]);
    expect(uses('{n, selectordinal, one {#st} other {#th}} {g, select, female {she} other {they}}').map((u) => u[1])).toEqual(['selectordinal', 'select']);
  });

  it('records tags and how they nest', () => {
    const s = shape('Read <b>the <link>terms</link></b> and <i>more</i>');
    expect([...s.tags.keys()]).toEqual(['b', 'link', 'i']);
    expect([...s.tagPaths.keys()]).toEqual(['b', 'b/link', 'i']);
  });

  it('reports syntax errors with their position in the message and a readable reason', () => {
    const cases: [string, number, string][] = [
      ['Hello {name', 6, 'an argument is not closed with }'],
      ['<b>hi</i>', 7, 'a closing tag does not match the tag it closes'],
      ['<b>hi', 0, 'a tag is opened but never closed'],
      ['{n, plural, one {#}}', 19, 'plural and select need an `other` case'],
      ['{n, plural, one {#} one {#} other {#}}', 20, 'a plural case appears twice'],
      ['{n, foo}', 4, 'unknown argument type (use number, date, time, plural, selectordinal or select)'],
      // The parser says `other` is missing wherever it stops reading cases: the caret tells why.
      ['{n, plural, one {#}, other {#}}', 19, 'a comma between two cases (write them one after another, separated by spaces only: `one {…} other {…}`)'],
      ['{g, select, a {x}, other {y}}', 17, 'a comma between two cases (write them one after another, separated by spaces only: `one {…} other {…}`)'],
      ['{n, plural, one {#} {#} other {#}}', 20, 'a case without a name (each `{…}` needs a category such as one or other, a select value, or =N before it)'],
      ['{n, plural, one {#} ; other {#}}', 20, 'unexpected ";" where the next case (one, few, other, ..., =N) or the closing } should be'],
    ];
    for (const [text, at, reason] of cases) {
      const parsed = parseMessage(text) as Extract<ParsedMessage, { ok: false }>;
      expect(parsed.ok, text).toBe(false);
      expect(parsed.error, text).toEqual({ at, reason });
    }
  });

  it('records blank cases and whether a plural shows its count, through either reader', () => {
    // Spaces inside the braces take the full parser; none take the quick reader.
    for (const text of ['{n, plural, one {} other {# x}}', '{ n, plural, one { } other { # x } }']) {
      const use = shape(text).uses[0]!;
      expect([[...use.empty.keys()], use.pound, shape(text).hasEmptyCase], text).toEqual([['one'], true, true]);
    }
    // `#` inside a select inside the plural is literal text, as in intl-messageformat.
    expect(shape('{n, plural, other {{g, select, other {#}}}}').uses[0]!.pound).toBe(false);
    expect(shape('{n, plural, one {a post} other {posts}} hidden').uses[0]!.pound).toBe(false);
    expect(shape('{n, plural, other {<b>#</b>}}').uses[0]!.pound).toBe(true);
  });

  it('compares shapes on what a translation must keep, not on plural categories', () => {
    expect(sameShape(shape('{n, plural, one {# <b>x</b>} other {# y}}'), shape('{n, plural, one {#} few {#} other {<b>#</b>}}'))).toBe(true);
    expect(sameShape(shape('{p, number, percent}'), shape('{p, number}'))).toBe(false);
    expect(sameShape(shape('{g, select, a {x} other {y}}'), shape('{g, select, other {y}}'))).toBe(false);
    expect(sameShape(shape('<b>x</b>'), shape('<i>x</i>'))).toBe(false);
  });
});
