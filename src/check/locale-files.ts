import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMessageFile, stripBom } from '../i18n/messages.ts';
import { SitegenError } from '../errors.ts';
import type { ResolvedConfig } from '../config.ts';
import { projectPath } from '../file-paths.ts';
import type { Locale } from '../locales.ts';
import { inspectTree, type MessageTree, type TreeFacts } from './message-tree.ts';

/** One locale's file as the checker sees it. */
export interface LocaleFile {
  locale: Locale;
  /** Relative to the project root, forward slashes: `locales/de.json`. */
  file: string;
  status: 'ok' | 'missing' | 'malformed';
  source: string;
  /** The messages as JSON.parse gives them, nested (empty unless the status is ok). */
  tree: MessageTree;
  /** Number of messages, and whether some key has a dot (see message-tree.ts). */
  facts: TreeFacts;
  /** For a malformed file: the loader's error (with its code frame) and where it points. */
  error?: { message: string; line?: number; column?: number; frame?: string };
}

export const relativeFile = (config: ResolvedConfig, absolute: string) => projectPath(config.root, absolute);

/** A locale's file as read, not parsed yet: `source` null when it does not exist. */
export interface LocaleText {
  locale: Locale;
  file: string;
  source: string | null;
  /** Why an existing file could not be read. */
  unreadable?: string;
  /**
   * The source as JSON.parse gave it, when the caller parsed it already (the build's messages
   * stage): parsing the real site's 18 files again was 5 to 9 ms of the check on the main thread.
   */
  tree?: Record<string, unknown>;
  /**
   * The print of the source (cache/message-texts.ts, textPrint), when the caller made it already
   * (the build's messages stage): the check's cache names a text by it (cache/check-cache.ts).
   */
  print?: string;
}

/**
 * Reads the given locales' files at once; never throws for a user mistake. Parsing is left to
 * `parseLocaleFile`, one file at a time as it is checked, so that only en's tree and one locale's
 * are alive together: holding every parsed file at once made each garbage collection copy them all.
 * `read` reads a file's text (by default through libuv's threads; the dev server's rebuild reads at once).
 */
export async function readLocaleFiles(config: ResolvedConfig, locales: readonly Locale[], read: (file: string) => string | Promise<string> = (file) => readFile(file, 'utf8')): Promise<LocaleText[]> {
  return Promise.all(
    locales.map(async (locale) => {
      const absolute = path.join(config.localesDir, locale.file);
      const text: LocaleText = { locale, file: relativeFile(config, absolute), source: null };
      try {
        text.source = await read(absolute);
      } catch (cause) {
        // ENOENT: missing. A folder named like the file, no permission: it exists but cannot be used.
        if ((cause as NodeJS.ErrnoException).code !== 'ENOENT') text.unreadable = (cause as Error).message;
      }
      return text;
    }),
  );
}

/**
 * The files of `locales` (in that order): those the caller read already (`read`, the build's
 * messages stage: reading the 18 files of the real site again took two more reads of 2 MB, one
 * for the check's cache key and one for the check) when it has every one of them, else read now.
 */
export async function localeTexts(config: ResolvedConfig, locales: readonly Locale[], read?: readonly LocaleText[]): Promise<LocaleText[]> {
  const given = read && locales.map((l) => read.find((t) => t.locale.code === l.code));
  return given?.every((t) => t !== undefined) ? (given as LocaleText[]) : readLocaleFiles(config, locales);
}

export function parseLocaleFile(text: LocaleText): LocaleFile {
  if (text.unreadable !== undefined) return localeFile(text, { status: 'malformed', error: { message: `The file cannot be read: ${text.unreadable}.` } });
  if (text.source === null) return localeFile(text, { status: 'missing' });
  // The tree is checked as parsed, not flattened. Only a file the loader would reject goes through
  // the loader (parseMessageFile), so its error and code frame are exactly the build's.
  const tree = text.tree ?? parseTree(text.source);
  const facts = tree && inspectTree(tree);
  if (tree && facts) return localeFile(text, { status: 'ok', tree: tree as MessageTree, facts });
  try {
    parseMessageFile(text.file, text.source);
  } catch (cause) {
    if (!(cause instanceof SitegenError)) throw cause;
    return localeFile(text, { status: 'malformed', error: describeLoadError(cause) });
  }
  throw new Error(`${text.file}: the checker rejected a file the loader accepts.`);
}

/**
 * Every LocaleFile is made by this one object literal: one layout, which the literal keeps alive
 * for the compiled code that reads it (see keep-layout.ts; a spread of a shared base made a
 * layout that died with each check's files).
 */
function localeFile(text: LocaleText, parts: Pick<LocaleFile, 'status' | 'error'> & Partial<Pick<LocaleFile, 'tree' | 'facts'>>): LocaleFile {
  const { status, tree = {}, facts = { leaves: 0, dotted: false, keys: 0 }, error } = parts;
  return { locale: text.locale, file: text.file, status, source: text.source ?? '', tree, facts, error };
}

/** The top-level object of a locale file, or null when it is not one (the loader says why). */
function parseTree(source: string): Record<string, unknown> | null {
  let data: unknown;
  try {
    data = JSON.parse(stripBom(source));
  } catch {
    return null;
  }
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** The loader's error as finding data: its location, and its reason without the `file:line:column: ` prefix. */
function describeLoadError(err: SitegenError): NonNullable<LocaleFile['error']> {
  const at = /:(\d+):(\d+): /.exec(err.message);
  const message = at ? err.message.slice(at.index + at[0].length) : err.message.replace(/^[^:]*: /, '');
  return {
    message: message.replace(/\. Fix the JSON syntax of this message file\.$/, '.'),
    line: err.location?.line,
    column: err.location?.column,
    frame: err.detail,
  };
}

/** `*.json` files in the locales folder whose code the site does not publish. */
export async function strayLocaleFiles(config: ResolvedConfig): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(config.localesDir);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw cause;
  }
  const known = new Set(config.locales.map((l) => l.file));
  return names.filter((n) => n.endsWith('.json') && !known.has(n)).sort();
}
