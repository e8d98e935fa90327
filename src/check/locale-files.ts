import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMessageFile } from '../i18n/messages.ts';
import { SitegenError } from '../errors.ts';
import type { ResolvedConfig } from '../config.ts';
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

export const relativeFile = (config: ResolvedConfig, absolute: string) =>
  path.relative(config.root, absolute).split(path.sep).join('/');

/** Reads and parses the given locales' files at once; never throws for a user mistake. */
export async function loadLocaleFiles(config: ResolvedConfig, locales: readonly Locale[]): Promise<LocaleFile[]> {
  return Promise.all(locales.map((locale) => loadOne(config, locale)));
}

async function loadOne(config: ResolvedConfig, locale: Locale): Promise<LocaleFile> {
  const absolute = path.join(config.localesDir, locale.file);
  const base = { locale, file: relativeFile(config, absolute), source: '', tree: {}, facts: { leaves: 0, dotted: false } };
  try {
    base.source = await readFile(absolute, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return { ...base, status: 'missing' };
    // A folder named like the file, no permission: the file exists but cannot be used.
    return { ...base, status: 'malformed', error: { message: `The file cannot be read: ${(cause as Error).message}.` } };
  }
  // The tree is checked as parsed, not flattened. Only a file the loader would reject goes through
  // the loader (parseMessageFile), so its error and code frame are exactly the build's.
  const tree = parseTree(base.source);
  const facts = tree && inspectTree(tree);
  if (tree && facts) return { ...base, status: 'ok', tree: tree as MessageTree, facts };
  try {
    parseMessageFile(absolute, base.source);
  } catch (cause) {
    if (!(cause instanceof SitegenError)) throw cause;
    return { ...base, status: 'malformed', error: describeLoadError(cause) };
  }
  throw new Error(`${base.file}: the checker rejected a file the loader accepts.`);
}

/** The top-level object of a locale file, or null when it is not one (the loader says why). */
function parseTree(source: string): Record<string, unknown> | null {
  let data: unknown;
  try {
    data = JSON.parse(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source);
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
