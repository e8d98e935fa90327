/**
 * Locale JSON syntax errors point at the offending spot, also where V8's JSON.parse message
 * carries no position (an unexpected token): the commonest translator mistakes.
 */
import { describe, expect, it } from 'vitest';
import { parseMessageFile } from '../../src/i18n/messages.ts';
import { SitegenError } from '../../src/errors.ts';

/** The error parseMessageFile throws for `source`. */
function jsonError(source: string): SitegenError {
  try {
    parseMessageFile('locales/de.json', source);
  } catch (err) {
    return err as SitegenError;
  }
  throw new Error('the file should not parse');
}

const file = (line: string) => `{\n  "nav": {\n    "home": "Start",\n${line}\n  }\n}\n`;

describe('a locale file with a syntax error V8 gives no position for', () => {
  it.each([
    ['single quotes', `    "about": 'Über uns'`, 4, 14, `Unexpected ': a JSON string needs straight double quotes ("…"), not single quotes`],
    ['curly quotes', `    "about": „Über uns“`, 4, 14, `Unexpected „: a JSON string needs straight double quotes ("…"), not typographic quotes`],
    ['a bare word', `    "about": Hallo`, 4, 14, `Unexpected Hallo: a message must be a string in double quotes ("…")`],
    ['NaN', `    "count": NaN`, 4, 14, `Unexpected NaN: a message must be a string in double quotes ("…")`],
    ['undefined', `    "about": undefined`, 4, 14, `Unexpected undefined: a message must be a string in double quotes ("…")`],
  ])('%s: its line, column, reason and a frame with the caret under it', (_, line, lineNo, column, reason) => {
    const err = jsonError(file(line));
    expect(err.code).toBe('LocaleJsonInvalid');
    expect(err.message).toBe(`locales/de.json:${lineNo}:${column}: ${reason}. Fix the JSON syntax of this message file.`);
    expect(err.location).toEqual({ file: 'locales/de.json', line: lineNo, column });
    expect(err.detail).toContain(`> ${lineNo} | ${line}\n    | ${' '.repeat(column - 1)}^`);
  });

  it('keeps the position V8 gives, and the end of the text for a truncated file', () => {
    expect(jsonError(file(`    “about”: "Über uns"`)).message).toBe('locales/de.json:4:5: Expected double-quoted property name. Fix the JSON syntax of this message file.');
    expect(jsonError('{ "nav": ').message).toMatch(/^locales\/de\.json:1:10: Unexpected end of JSON input\./);
  });

  it('counts positions after a byte order mark as the editor shows them', () => {
    expect(jsonError('\uFEFF' + file(`    "about": 'x'`)).location).toEqual({ file: 'locales/de.json', line: 4, column: 14 });
  });
});
