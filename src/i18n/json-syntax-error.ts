/**
 * Where a JSON text first breaks, for the cases V8's JSON.parse message carries no position:
 * an unexpected token (`"c": 'single'`, curly quotes, `"c": Hallo`, `NaN`, `undefined`), the
 * commonest translator mistakes. jsonc-parser's scanner gives the offending token's offset; it is
 * loaded only here, on the error path, so a build of valid files never pays for it.
 */
import { createRequire } from 'node:module';
import type { ParseError } from 'jsonc-parser';

const require = createRequire(import.meta.url);

export interface JsonSyntaxError {
  /** 0-based offset of the token where the text stops being JSON. */
  offset: number;
  /** What is wrong there, said for a translator. */
  reason: string;
}

/** The first syntax error of `text` read as strict JSON (no comments, no trailing commas); null when it is valid. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const { parse } = require('jsonc-parser') as typeof import('jsonc-parser');
  const found: ParseError[] = [];
  parse(text, found, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = found[0];
  if (!first) return null;
  return { offset: first.offset, reason: describeToken(text.slice(first.offset, first.offset + Math.max(1, first.length))) };
}

/** Quotes a string may be mistaken with: typographic ones of many languages. */
const CURLY_QUOTES = /^[\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F\u00AB\u00BB\u2039\u203A\u300C\u300D\u300E\u300F]/;

function describeToken(token: string): string {
  if (token.startsWith("'")) return "Unexpected ': a JSON string needs straight double quotes (\"…\"), not single quotes";
  if (CURLY_QUOTES.test(token)) return `Unexpected ${token[0]}: a JSON string needs straight double quotes ("…"), not typographic quotes`;
  const word = /^[\p{L}\p{N}_$]+/u.exec(token)?.[0];
  if (word) return `Unexpected ${word}: a message must be a string in double quotes ("…")`;
  return `Unexpected ${JSON.stringify(token[0])}`;
}
