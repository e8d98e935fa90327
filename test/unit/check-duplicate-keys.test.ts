import { describe, expect, it } from 'vitest';
import { findDuplicateKeys, hasDuplicateKeys } from '../../src/check/duplicate-keys.ts';

/** What JSON.parse keeps: keys over all objects. */
const parsedKeys = (text: string) => {
  let n = 0;
  const walk = (o: Record<string, unknown>) => {
    for (const k in o) {
      n++;
      if (typeof o[k] === 'object') walk(o[k] as Record<string, unknown>);
    }
  };
  walk(JSON.parse(text));
  return n;
};

describe('duplicate keys', () => {
  it('names a key written twice in one object, with both places, nested and dotted', () => {
    const text = ['{', '  "nav": {', '    "home": "Start",', '    "a\\u002eb": "x",', '    "home": "Startseite"', '  },', '  "top": "t", "top" : "u"', '}'].join('\n');
    expect(hasDuplicateKeys(text, parsedKeys(text))).toBe(true);
    expect(findDuplicateKeys(text)).toEqual([
      { key: 'nav.home', first: { line: 3, column: 5 }, second: { line: 5, column: 5 } },
      { key: 'top', first: { line: 7, column: 3 }, second: { line: 7, column: 15 } },
    ]);
  });

  it('does not confuse the same key in two objects, or a quote and colon inside a message', () => {
    const text = '{ "a": { "title": "x" }, "b": { "title": "Say \\": hi" } }';
    expect(findDuplicateKeys(text)).toEqual([]);
    // The escaped quote before a colon is counted too: only the exact scan, never a missed duplicate.
    expect(hasDuplicateKeys(text, parsedKeys(text))).toBe(true);
    expect(hasDuplicateKeys('{ "a": "x", "b": { "c": "y" } }', 3)).toBe(false);
  });
});
