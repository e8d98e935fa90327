import { describe, expect, it } from 'vitest';
import { JsonLocator } from '../../src/check/json-locator.ts';

describe('JsonLocator', () => {
  const source = ['{', '  "home": {', '    "title": "Hi {name}",', '    "esc": "a\\"b\\u00e9 {x",', '    "inner": { "deep": "z" }', '  },', '  "top": "t"', '}'].join('\n');
  const locator = new JsonLocator(source);

  it('finds flattened keys and their values', () => {
    expect(locator.keyPosition('home.title')).toEqual({ line: 3, column: 5 });
    expect(locator.messagePosition('home.title')).toEqual({ line: 3, column: 15 });
    expect(locator.keyPosition('home.inner.deep')).toEqual({ line: 5, column: 16 });
    expect(locator.keyPosition('top')).toEqual({ line: 7, column: 3 });
    expect(locator.keyPosition('home')).toBeUndefined();
    expect(locator.messagePosition('nope')).toBeUndefined();
  });

  it('maps an offset in the decoded message past escapes to the raw column', () => {
    // Decoded: a"bé {x — the `{` is character 5; in the file \" and \u00e9 take 2 and 6 columns.
    expect(locator.messagePosition('home.esc', 5)).toEqual({ line: 4, column: 13 + 1 + 2 + 1 + 6 + 1 }); // the value starts at column 13
    expect(locator.messagePosition('home.title', 3)).toEqual({ line: 3, column: 18 });
  });

  it('finds every key asked for in one scan: nested, written with dots, repeated (the last counts)', () => {
    const text = ['{', '  "a": { "b": "1", "c.d": "2" },', '  "a.e": "3",', '  "f": "4",', '  "f": "5"', '}'].join('\n');
    const many = new JsonLocator(text, ['a.b', 'a.c.d', 'a.e', 'f', 'nope']);
    expect(many.messagePosition('a.b')).toEqual({ line: 2, column: 16 });
    expect(many.messagePosition('a.c.d')).toEqual({ line: 2, column: 28 });
    expect(many.keyPosition('a.e')).toEqual({ line: 3, column: 3 });
    expect(many.keyPosition('f')).toEqual({ line: 5, column: 3 });
    expect(many.keyPosition('nope')).toBeUndefined();
  });

  it('finds a key written with escapes, and the keys before and after it, among backslashes in messages', () => {
    // "b\u0065" is the key `be`; `bf` is written plainly, but sits after a backslash of a message.
    const text = ['{', '  "a": {', '    "x": "q\\"uote",', '    "b\\u0065": "v",', '    "y": "back\\\\slash",', '    "bf": "w"', '  }', '}'].join('\n');
    const escaped = new JsonLocator(text, ['a.x', 'a.be', 'a.bf', 'a.b\\u0065']);
    expect(escaped.keyPosition('a.x')).toEqual({ line: 3, column: 5 });
    expect(escaped.messagePosition('a.be')).toEqual({ line: 4, column: 17 });
    expect(escaped.messagePosition('a.bf')).toEqual({ line: 6, column: 12 });
    expect(escaped.messagePosition('a.b\\u0065')).toBeUndefined();
  });

  it('finds an empty key among others of its object', () => {
    const empty = new JsonLocator('{"a": {"": "x", "b": "y"}}', ['a.', 'a.b']);
    expect(empty.messagePosition('a.')).toEqual({ line: 1, column: 13 });
    expect(empty.messagePosition('a.b')).toEqual({ line: 1, column: 23 });
  });

  it('counts columns without a byte order mark, as the loader parses', () => {
    const bom = new JsonLocator('\uFEFF{"a": "b"}');
    expect(bom.keyPosition('a')).toEqual({ line: 1, column: 2 });
  });
});
