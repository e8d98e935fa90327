/**
 * Messages parsed ahead, while a build's main thread waits for esbuild's server bundle
 * (i18n/parse-ahead.ts): the render's compiles take those ASTs and parse nothing again, whichever
 * copy of the module parsed them (the build's own or the server module's).
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';
import { compileMessage } from '../../src/i18n/compiled-message.ts';
import { parseAhead } from '../../src/i18n/message-asts.ts';
import { parseWhileWaiting } from '../../src/i18n/parse-ahead.ts';
import { resolveLocale } from '../../src/locales.ts';
import { deferredMessages, type LocaleMessages } from '../../src/i18n/deferred-messages.ts';

/** Messages as the messages stage loads a file it parses at once. */
const loaded = (messages: Record<string, string>): LocaleMessages => messages;
const de = resolveLocale({ code: 'de' }, 'test');
const fr = resolveLocale({ code: 'fr' }, 'test');

describe('a message parsed ahead', () => {
  it('is the AST its compile takes, and formats as one compiled alone', () => {
    const source = 'Hallo {name}, <b>willkommen</b> (ahead 1)';
    parseAhead(source, 'de-DE', new Intl.Locale('de-DE'));
    const ahead = compileMessage(source, 'de-DE');
    expect(compileMessage(source, 'de-DE').ast).toBe(ahead.ast);
    const values = { name: 'Ada', b: (chunks: unknown[]) => `[${chunks.join('')}]` };
    expect(ahead.format(values)).toEqual(new IntlMessageFormat(source, 'de-DE', undefined, { ignoreTag: false }).format(values));
  });

  it('is found by another copy of the module (the server module has its own)', async () => {
    const source = '{n, plural, one {# Seite} other {# Seiten}} (ahead 2)';
    parseAhead(source, 'de-DE', new Intl.Locale('de-DE'));
    vi.resetModules();
    // Another instance of the module, as the server module's copy is (a name Node loads anew).
    const another = '../../src/i18n/compiled-message.ts?copy';
    const copy = (await import(another)) as typeof import('../../src/i18n/compiled-message.ts');
    expect(copy.compileMessage).not.toBe(compileMessage);
    expect(copy.compileMessage(source, 'de-DE').ast).toBe(compileMessage(source, 'de-DE').ast);
  });

  it('that does not parse is left to its compile, which throws the parser\'s error', () => {
    expect(() => parseAhead('{oops (ahead 3)', 'de-DE', new Intl.Locale('de-DE'))).not.toThrow();
    expect(() => compileMessage('{oops (ahead 3)', 'de-DE')).toThrow(SyntaxError);
  });
});

describe('parsing while the build waits', () => {
  /** The sources parsed for `tag` in this thread (message-asts.ts keeps them on globalThis for every copy of the module). */
  const parsed = (tag: string, source: string) => ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.messageAsts')] as Map<string, Map<string, unknown>>).get(tag)?.has(source) ?? false;

  it("parses each locale's own messages for its tag, and resolves once all are; the compiles then take them", async () => {
    const byLocale = new Map([
      ['de', loaded({ 'a.title': 'Titel (wait)', 'a.count': '{n, number} Seiten (wait)', 'a.empty': '' })],
      ['fr', loaded({ 'a.title': 'Titre (wait)' })],
    ]);
    await parseWhileWaiting([de, fr], byLocale, () => false);
    expect([parsed(de.iso, 'Titel (wait)'), parsed(de.iso, '{n, number} Seiten (wait)'), parsed(fr.iso, 'Titre (wait)')]).toEqual([true, true, true]);
    // Not for another locale's tag, and an empty message (the translator falls back) is not parsed.
    expect([parsed(fr.iso, 'Titel (wait)'), parsed(de.iso, '')]).toEqual([false, false]);
    expect(compileMessage('{n, number} Seiten (wait)', de.iso).format({ n: 3 })).toBe('3 Seiten (wait)');
  });

  it('leaves a deferred locale unparsed: its file is parsed on first use, as without the wait', async () => {
    let filled = false;
    const deferred = deferredMessages((into) => {
      filled = true;
      into['c.title'] = 'Titre (deferred)';
    });
    await parseWhileWaiting([fr], new Map([['fr', deferred]]), () => false);
    expect([filled, parsed(fr.iso, 'Titre (deferred)')]).toEqual([false, false]);
  });

  it('parses nothing once the wait is over', async () => {
    await parseWhileWaiting([de], new Map([['de', loaded({ 'b.one': 'Eins (stop)' })]]), () => true);
    expect(parsed(de.iso, 'Eins (stop)')).toBe(false);
  });
});
