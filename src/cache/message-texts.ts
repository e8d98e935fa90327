/**
 * The locale files' texts a build read, kept in the build cache by their print (`messages/<sha1>`):
 * the render cache's entries name the prints of their locale's fallback chain, and after an edit
 * the renderer reads the text an entry was made with to tell which messages changed
 * (render/render-cache.ts). A page's entry then needs no digest of the messages it read: a cold
 * build of the real site hashed ~1.7 million characters of message values for its 270 entries
 * (25-40 ms of its main thread in profiles); it now writes each locale's text once, beside the
 * render, and only when the cache has none of that text.
 *
 * A text is found by its print and taken only if its print is that again, so a cut-short or
 * foreign file is never trusted: its entries' pages render again. Written once, a text is pruned a
 * week later like any other entry (prune.ts); entries that still name it then render again.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { flatten, stripBom } from '../i18n/messages.ts';
import type { Messages } from '../i18n/translator.ts';

/** The cache's folder of texts. */
const FOLDER = 'messages';
const PREFIX = 'text:';

/**
 * A print of a locale file's text: the same text gives the same messages. (The render cache's
 * print of the messages themselves, made without it, costs their JSON text: 6 to 33 ms for the
 * real site's 18 locales, against 2 for this.)
 */
export function textPrint(source: string): string {
  return PREFIX + createHash('sha1').update(source).digest('hex');
}

/**
 * textPrint of the text these bytes decode to (as UTF-8), made from the bytes: when they are
 * well-formed UTF-8 the text's UTF-8 is those very bytes, and the text need not be decoded for it.
 */
export function bytesPrint(bytes: Buffer, sha1?: string): string {
  if (!isUtf8(bytes)) return textPrint(bytes.toString('utf8'));
  // `sha1`: the bytes' SHA-1 in base64, made already (bundle-cache.ts, filePrint).
  return PREFIX + (sha1 === undefined ? createHash('sha1').update(bytes).digest('hex') : Buffer.from(sha1, 'base64').toString('hex'));
}

/** The file of a text print's text; null for a print of another kind (messages without a file's text). */
function textFile(dir: string, print: string): string | null {
  return print.startsWith(PREFIX) && /^[0-9a-f]{40}$/.test(print.slice(PREFIX.length)) ? path.join(dir, FOLDER, print.slice(PREFIX.length)) : null;
}

/**
 * Keeps each text the cache has none of yet. Off the main thread (libuv's), while the pages
 * render; a text that cannot be written only costs its pages a render after the next edit (this
 * never fails).
 */
export async function keepMessageTexts(dir: string, texts: readonly { print: string; source: string }[]): Promise<void> {
  const folder = path.join(dir, FOLDER);
  const names = await readdir(folder).catch(() => mkdir(folder, { recursive: true }).then(() => [], () => null));
  if (names === null) return;
  const kept = new Set(names);
  // One write per text: two locale files of one text (two empty ones, say) have one print.
  const byPrint = new Map(texts.map((t) => [t.print, t.source]));
  await Promise.all(
    [...byPrint].map(async ([print, source]) => {
      const file = textFile(dir, print);
      if (!file || kept.has(path.basename(file))) return;
      // Renamed into place: a build killed while writing leaves no cut-short text under the name.
      const tmp = `${file}.tmp-${process.pid}`;
      try {
        await writeFile(tmp, source);
        await rename(tmp, file);
      } catch {
        await rm(tmp, { force: true });
      }
    }),
  );
}

/**
 * Whether the cache keeps the text of a print: a test made with one listing of the cache's texts,
 * on first use. A kept text was loaded by the build that kept it (see keepMessageTexts'
 * caller, stages.ts), so the same text loads: its parsing may wait for its first use
 * (i18n/deferred-messages.ts). What loading a locale file accepts is part of that promise: a
 * change to it must keep the texts in another folder.
 */
export function keptTextTest(dir: string): (print: string) => boolean {
  let kept: Set<string> | undefined;
  return (print) => {
    const file = textFile(dir, print);
    if (!file) return false;
    if (!kept) {
      try {
        kept = new Set(readdirSync(path.dirname(file)));
      } catch {
        kept = new Set();
      }
    }
    return kept.has(path.basename(file));
  };
}

/** The messages of the text of `print` the cache keeps; null when it has none, or one that is not that text. */
export function keptMessages(dir: string, print: string): Messages | null {
  const file = textFile(dir, print);
  if (!file) return null;
  try {
    const source = readFileSync(file, 'utf8');
    // The text of a file the build read, parsed and flattened then: no errors of its own to report
    // (and the renderer's bundle needs no code frames).
    return textPrint(source) === print ? flatten(file, JSON.parse(stripBom(source)) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
