import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { codeFrame, lineColumn } from './code-frame.ts';
import { findJsonSyntaxError } from './json-syntax-error.ts';
import { errors, SitegenError } from '../errors.ts';
import { projectPath } from '../file-paths.ts';
import { fallbackChain } from '../locales.ts';
import { deferredMessages, type LocaleMessages } from './deferred-messages.ts';

/**
 * One locale file, parsed and flattened: nested objects become dotted keys
 * (`{"home": {"title": "x"}}` -> `home.title`).
 */
export interface MessageFile {
  file: string;
  source: string;
  /** Deferred (LoadOptions' defer) or parsed: read through messagesNow. */
  messages: LocaleMessages;
  /**
   * The file's JSON as parsed, nested: the translation check's tree (check/locale-files.ts), not
   * parsed again; absent when the file's parsing was deferred (LoadOptions' defer).
   */
  tree?: Record<string, unknown>;
}

/**
 * Reads and flattens a message file; `null` when it does not exist. Throws a SitegenError with a
 * code frame for bad JSON, naming the file as `shownAs` (relative to the project root). `read`
 * gives a file's bytes (or undefined: it is read here), `defer` whether its parsing may wait.
 */
export async function readMessageFile(file: string, shownAs = file, defer?: (bytes: Buffer) => boolean, read?: (file: string) => Buffer | undefined): Promise<MessageFile | null> {
  let bytes: Buffer;
  try {
    // Read as bytes: a deferred file's text is decoded only if asked for (decoding the real site's
    // 1.4 MB from UTF-8 took 4 to 8 ms).
    bytes = read?.(file) ?? (await readFile(file));
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // A folder named like the file, no permission: the user's to fix, named as such (Node's own
    // error names no file).
    if (typeof (cause as NodeJS.ErrnoException).code === 'string') throw errors.localeFileUnreadable(shownAs, cause);
    throw cause;
  }
  if (defer?.(bytes)) return deferredFile(shownAs, bytes);
  return parseMessageFile(shownAs, bytes.toString('utf8'));
}

/** A file whose text is known to load (LoadOptions' defer): its text decoded, and its messages parsed, on first use. */
function deferredFile(file: string, bytes: Buffer): MessageFile {
  let decoded: string | undefined;
  const text = () => (decoded ??= bytes.toString('utf8'));
  return {
    file,
    get source() {
      return text();
    },
    messages: deferredMessages((into) => flatten(file, JSON.parse(stripBom(text())) as Record<string, unknown>, '', into)),
  };
}

/** The text without a leading byte order mark, which JSON.parse refuses and editors may write. */
export function stripBom(source: string): string {
  return source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
}

export function parseMessageFile(file: string, source: string): MessageFile {
  let data: unknown;
  try {
    data = JSON.parse(stripBom(source));
  } catch (cause) {
    throw jsonError(file, source, cause as Error);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    throw errors.localeShapeInvalid(file, null, kindOf(data));
  }
  return { file, source, messages: flatten(file, data as Record<string, unknown>), tree: data as Record<string, unknown> };
}

/**
 * The messages of a locale file's JSON, as dotted keys. A key may be written nested or dotted, but
 * not both ways at once (`"a.b"` beside `"a": { "b" }`: one would silently replace the other), and
 * no part of a key may be empty (`""`, `"a": { "": ... }`).
 */
export function flatten(file: string, data: Record<string, unknown>, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  const walk: FlattenWalk = { dotted: false };
  flattenInto(file, data, prefix, out, walk);
  // Only with a dotted key can two messages have one key (rare: looked for only then).
  const twice = walk.dotted ? keyWrittenTwice(data, prefix) : undefined;
  if (twice !== undefined) throw errors.localeKeyTwice(file, twice);
  return out;
}

/** What a flatten walk saw: whether a key of the file has a dot. */
interface FlattenWalk {
  dotted: boolean;
}

function flattenInto(file: string, data: Record<string, unknown>, prefix: string, out: Record<string, string>, walk: FlattenWalk): void {
  // for...in rather than Object.entries: no [key, value] array per message (about half the time).
  // The data comes from JSON.parse, so it has no inherited enumerable keys.
  for (const key in data) {
    const value = data[key];
    const full = prefix + key;
    if (key === '') throw errors.localeKeyEmpty(file, full);
    if (!walk.dotted && key.includes('.')) walk.dotted = true;
    if (typeof value === 'string') out[full] = value;
    else if (value && typeof value === 'object' && !Array.isArray(value)) flattenInto(file, value as Record<string, unknown>, full + '.', out, walk);
    else throw errors.localeShapeInvalid(file, full, kindOf(value));
  }
}

/** The first dotted key two messages of `data` share, if any (the loader refuses such a file). */
export function keyWrittenTwice(data: Record<string, unknown>, prefix: string): string | undefined {
  const seen = new Set<string>();
  let twice: string | undefined;
  const walk = (node: Record<string, unknown>, at: string) => {
    for (const key in node) {
      const value = node[key];
      if (typeof value === 'string') {
        if (seen.has(at + key)) twice ??= at + key;
        seen.add(at + key);
      } else walk(value as Record<string, unknown>, at + key + '.');
    }
  };
  walk(data, prefix);
  return twice;
}

/** What a JSON value that is not an object of messages is, for errors.localeShapeInvalid: `an array`, `a number`, `null`, ... */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

/**
 * Turns V8's JSON.parse message into file:line:column with a code frame. When the message carries
 * no position (an unexpected token: single or curly quotes, a bare word), the position and a
 * plainer reason come from findJsonSyntaxError.
 */
function jsonError(file: string, source: string, cause: Error): SitegenError {
  const text = stripBom(source);
  let offset = text.length;
  let reason = cause.message.replace(/ in JSON at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
  const pos = /at position (\d+)/.exec(cause.message);
  const lc = /line (\d+) column (\d+)/.exec(cause.message);
  let line: number;
  let column: number;
  if (lc) {
    line = Number(lc[1]);
    column = Number(lc[2]);
  } else {
    if (pos) offset = Number(pos[1]);
    else {
      const found = findJsonSyntaxError(text);
      if (found && found.offset < text.length) ({ offset, reason } = found);
    }
    ({ line, column } = lineColumn(text, offset));
  }
  const err = errors.localeJsonInvalid(file, line, column, reason, codeFrame(text, line, column));
  (err as { cause?: unknown }).cause = cause;
  return err;
}

export interface LoadedMessages {
  /** Messages per locale code; a missing file gives an empty object. */
  byLocale: Map<string, LocaleMessages>;
  files: Map<string, MessageFile>;
  warnings: string[];
  /** With `skipUnreadable`: locales (never the default) whose file cannot be read or is not valid, and why; they have no messages. */
  unreadable: Map<string, Error>;
}

export interface LoadOptions {
  /**
   * Leave out, instead of failing on, a locale file other than the default locale's that cannot be read, is not
   * valid JSON or not an object of messages (for `sitegen check`, which reports it as a finding).
   */
  skipUnreadable?: boolean;
  /**
   * Whether a locale's text is known to load (see i18n/deferred-messages.ts): its messages are then
   * parsed on first use, and its file has no tree.
   */
  defer?: (code: string, bytes: Buffer) => boolean;
  /** A file's bytes read already (by path), or undefined to read it. */
  read?: (file: string) => Buffer | undefined;
}

/** Loads every locale's file. The default locale's must exist; a missing other file is a warning. */
export async function loadMessages(
  root: string,
  localesDir: string,
  locales: readonly { code: string; file: string }[],
  defaultCode: string,
  options: LoadOptions = {},
): Promise<LoadedMessages> {
  const byLocale = new Map<string, LocaleMessages>();
  const files = new Map<string, MessageFile>();
  const warnings: string[] = [];
  const unreadable = new Map<string, Error>();
  const shown = (l: { file: string }) => projectPath(root, path.join(localesDir, l.file));
  const read = (l: { code: string; file: string }) => {
    const defer = options.defer;
    const reading = readMessageFile(path.join(localesDir, l.file), shown(l), defer && ((bytes) => defer(l.code, bytes)), options.read);
    if (!options.skipUnreadable || l.code === defaultCode) return reading;
    return reading.catch((err: unknown) => {
      // A user's mistake (bad JSON, a folder named like the file, no permission); anything else is a bug.
      if (!(err instanceof SitegenError) && typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
      unreadable.set(l.code, err as Error);
      return undefined;
    });
  };
  const loaded = await Promise.all(locales.map(read));
  locales.forEach((locale, i) => {
    const file = loaded[i];
    if (file === undefined) return;
    if (!file) {
      const err = errors.localeFileMissing(shown(locale), locale.code, fallbackChain(locale.code, locales, defaultCode).join(', then ') || null);
      if (locale.code === defaultCode) throw err;
      warnings.push(err.message);
      byLocale.set(locale.code, {});
      return;
    }
    files.set(locale.code, file);
    byLocale.set(locale.code, file.messages);
  });
  return { byLocale, files, warnings, unreadable };
}
