/**
 * A build whose cache keeps a locale file's text (a build loaded it) leaves that file's messages
 * unparsed until a page of the locale renders: after a message edit in one locale, the other
 * locales' pages come from the cache by their files' prints alone. A text the cache does not keep
 * (an edited file) is loaded as before, its errors reported by the messages stage.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveConfig, type ResolvedConfig } from '../../src/config.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { loadMessagesStage, newState, type BuildState } from '../../src/stages.ts';
import { messagesNow } from '../../src/i18n/deferred-messages.ts';
import { bytesPrint, textPrint } from '../../src/cache/message-texts.ts';
import { fixtureSites } from '../helpers/site.ts';

const sites = fixtureSites('basic');

let site: string;
let cacheDir: string;
let config: ResolvedConfig;

beforeEach(async () => {
  site = await sites();
  cacheDir = await mkdtemp(path.join(tmpdir(), 'sitegen-deferred-'));
  config = (await resolveConfig(site, {})).config;
});

afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

/** The messages stage of `sitegen build` (which defers) with the cache at cacheDir, its texts kept once it ends. */
async function messagesStage(defer = true): Promise<BuildState> {
  const state = newState(config, createMemoryLogger(), []);
  state.cache = { dir: cacheDir, version: 'test', pages: path.join(cacheDir, 'pages', 'test'), prints: new Map() };
  state.deferMessages = defer;
  await loadMessagesStage(state);
  await state.textsKept;
  return state;
}

describe('locale files whose text the build cache keeps', () => {
  it('are parsed on first use of their messages, into the same messages', async () => {
    const first = await messagesStage();
    const de = first.messages.get('de')!;
    expect(Object.keys(de).length).toBeGreaterThan(0);

    const second = await messagesStage();
    const deferred = second.messages.get('de')!;
    expect(Object.keys(deferred)).toEqual([]);
    // The check parses the file itself, if it needs it: no tree is handed on.
    expect(second.localeTexts!.find((t) => t.locale.code === 'de')!.tree).toBeUndefined();
    // Filled in place, once: a translator given the object before sees the messages.
    expect(messagesNow(deferred)).toBe(deferred);
    expect(deferred).toEqual(de);
    expect(messagesNow(deferred)).toEqual(de);
    // The print is the file's text's either way (the build id and the render cache's entries hold it).
    expect(second.messagePrints.get(deferred)).toBe(first.messagePrints.get(de));
  });

  it('are loaded at once by a build that does not defer (dev), and without a cache', async () => {
    await messagesStage();
    const dev = await messagesStage(false);
    expect(Object.keys(dev.messages.get('de')!).length).toBeGreaterThan(0);
    const state = newState(config, createMemoryLogger(), []);
    state.deferMessages = true;
    await loadMessagesStage(state);
    expect(Object.keys(state.messages.get('de')!).length).toBeGreaterThan(0);
  });

  it('an edited file, whose text the cache does not keep, is loaded and its errors reported', async () => {
    await messagesStage();
    const file = path.join(site, 'locales', 'de.json');
    const messages = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...messages, broken: [1] }));
    await expect(messagesStage()).rejects.toThrow(/de\.json.*broken/s);
    await writeFile(file, JSON.stringify({ ...messages, added: 'Neu' }));
    const state = await messagesStage();
    expect(messagesNow(state.messages.get('de')!).added).toBe('Neu');
    // en's text is kept: deferred.
    expect(Object.keys(state.messages.get('en')!)).toEqual([]);
  });
});

describe('locale files the sources\' digest read', () => {
  it('are loaded from the bytes the digest read, with its print of them, not read again', async () => {
    const file = path.join(site, 'locales', 'de.json');
    // What the digest saw: a text other than the file's now (edited since, while the build ran).
    const seen = Buffer.from(JSON.stringify({ ...(JSON.parse(await readFile(file, 'utf8')) as object), seen: 'als gelesen' }));
    const state = newState(config, createMemoryLogger(), []);
    state.cache = { dir: cacheDir, version: 'test', pages: path.join(cacheDir, 'pages', 'test'), prints: new Map([[file, createHash('sha1').update(seen).digest('base64')]]), localeBytes: new Map([[file, seen]]) };
    state.deferMessages = true;
    await loadMessagesStage(state);
    // The stage keeps the texts it loaded in the cache as it returns: done before the cache is removed (afterEach).
    await state.textsKept;
    const de = state.messages.get('de')!;
    expect(messagesNow(de).seen).toBe('als gelesen');
    expect(state.messagePrints.get(de)).toBe(textPrint(seen.toString('utf8')));
    // Let go of once taken.
    expect(state.cache.localeBytes!.size).toBe(0);
  });
});

describe('the print of a locale file made from its bytes (the text is not decoded for it)', () => {
  it('is the print of the text they decode to, also with a byte order mark, and for bytes that are not UTF-8', () => {
    for (const text of ['{"a": "b"}', '\ufeff{"titel": "Über uns — 日本語 🎉"}', '']) {
      const bytes = Buffer.from(text);
      expect(bytesPrint(bytes)).toBe(textPrint(text));
      // With the bytes' SHA-1 made already (base64, as the sources' digest has it).
      expect(bytesPrint(bytes, createHash('sha1').update(bytes).digest('base64'))).toBe(textPrint(text));
    }
    // A lone continuation byte and a cut-short sequence: decoded, each is U+FFFD.
    const malformed = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x80, 0xe6, 0x97, 0x22, 0x7d]);
    expect(bytesPrint(malformed)).toBe(textPrint(malformed.toString('utf8')));
  });
});
