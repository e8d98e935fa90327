import { parse } from '@formatjs/icu-messageformat-parser';
import { errors, SitegenError } from '../errors.ts';
import { codeFrame, lineColumn } from './code-frame.ts';
import type { MessageFile } from './messages.ts';

/**
 * Parses every message of a file as ICU MessageFormat and throws for the first that is not,
 * with file, key, what is wrong and a code frame pointing into the JSON file.
 */
export function validateMessageSyntax(file: MessageFile): void {
  for (const [key, message] of Object.entries(file.messages)) {
    try {
      parse(message, { captureLocation: true });
    } catch (cause) {
      throw syntaxError(file, key, message, cause);
    }
  }
}

function syntaxError(file: MessageFile, key: string, message: string, cause: unknown): SitegenError {
  const e = cause as { message?: string; location?: { start: { offset: number } } };
  const reason = humanize(e.message ?? String(cause));
  const offsetInMessage = e.location?.start.offset ?? 0;
  const at = keyOffset(file.source, key);
  let frame = `  ${message}\n  ${' '.repeat(offsetInMessage)}^`;
  if (at >= 0) {
    // Point at the spot inside the JSON string (escapes before it are rare in messages).
    const valueStart = file.source.indexOf('"', file.source.indexOf(':', at) + 1) + 1;
    const { line, column } = lineColumn(file.source, valueStart + offsetInMessage);
    frame = `${file.file}:${line}:${column}\n${codeFrame(file.source, line, column)}`;
  }
  return errors.messageSyntax(file.file, key, reason, frame);
}

/** Where a dotted key's last segment stands in the JSON source, found segment by segment. */
export function keyOffset(source: string, key: string): number {
  let from = 0;
  for (const segment of key.split('.')) {
    const at = source.indexOf(JSON.stringify(segment) + ':', from);
    const spaced = source.indexOf(JSON.stringify(segment) + ' :', from);
    const found = at < 0 ? spaced : spaced < 0 ? at : Math.min(at, spaced);
    if (found < 0) return -1;
    from = found;
  }
  return from;
}

/** The parser's error names (`MALFORMED_ARGUMENT`) as words. */
function humanize(code: string): string {
  return code.toLowerCase().replace(/_/g, ' ');
}
