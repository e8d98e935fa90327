import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMessageFile } from '../i18n/messages.ts';
import type { Messages } from '../i18n/translator.ts';
import { SitegenError } from '../errors.ts';
import type { ResolvedConfig } from '../config.ts';
import type { Locale } from '../locales.ts';
import { JsonLocator } from './json-locator.ts';

/** One locale's file as the checker sees it. */
export interface LocaleFile {
  locale: Locale;
  /** Relative to the project root, forward slashes: `locales/de.json`. */
  file: string;
  status: 'ok' | 'missing' | 'malformed';
  source: string;
  messages: Messages;
  /** For a malformed file: the loader's error (with its code frame) and where it points. */
  error?: { message: string; line?: number; column?: number; frame?: string };
  /** Built on first use: only files with findings pay for a position scan. */
  locator(): JsonLocator;
  /** Drops the locator once the file's findings are made, so the run keeps little memory. */
  releaseLocator(): void;
}

export const relativeFile = (config: ResolvedConfig, absolute: string) =>
  path.relative(config.root, absolute).split(path.sep).join('/');

/** Reads and parses the given locales' files at once; never throws for a user mistake. */
export async function loadLocaleFiles(config: ResolvedConfig, locales: readonly Locale[]): Promise<LocaleFile[]> {
  return Promise.all(locales.map((locale) => loadOne(config, locale)));
}

async function loadOne(config: ResolvedConfig, locale: Locale): Promise<LocaleFile> {
  const absolute = path.join(config.localesDir, locale.file);
  const file = relativeFile(config, absolute);
  let locator: JsonLocator | undefined;
  const base = {
    locale,
    file,
    source: '',
    messages: {},
    locator: () => (locator ??= new JsonLocator(base.source)),
    releaseLocator: () => void (locator = undefined),
  };
  try {
    base.source = await readFile(absolute, 'utf8');
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'ENOENT') return Object.assign(base, { status: 'missing' as const });
    // A folder named like the file, no permission: the file exists but cannot be used.
    return Object.assign(base, { status: 'malformed' as const, error: { message: `The file cannot be read: ${(cause as Error).message}.` } });
  }
  try {
    const parsed = parseMessageFile(absolute, base.source);
    return Object.assign(base, { status: 'ok' as const, messages: parsed.messages });
  } catch (cause) {
    if (!(cause instanceof SitegenError)) throw cause;
    return Object.assign(base, { status: 'malformed' as const, error: describeLoadError(cause) });
  }
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
