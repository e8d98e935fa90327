/**
 * The render cache tells whether a locale's messages changed since a page's entry was made by a
 * print of each locale of its fallback chain. A build hands the renderers a print of each locale
 * file's text (the same text, the same messages), made once; without one (messages replaced in
 * dev, a context made by hand) the messages themselves are printed, as before.
 */
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { loadMessagesStage, newState, renderContext } from '../../src/stages.ts';
import { chainPrints } from '../../src/render/render-cache.ts';
import type { RenderContext } from '../../src/render/context.ts';
import type { Messages } from '../../src/i18n/translator.ts';
import { messagesNow } from '../../src/i18n/deferred-messages.ts';
import { fixtureSites } from '../helpers/site.ts';

const sites = fixtureSites('basic');

async function loaded() {
  const { config } = await resolveConfig(await sites(), {});
  const state = newState(config, createMemoryLogger(), []);
  await loadMessagesStage(state);
  return state;
}

describe('the prints of the messages a build hands its renderers', () => {
  it('are one per locale file read, of its text', async () => {
    const state = await loaded();
    const prints = renderContext(state, '').messagePrints!;
    // The fixture has files for en and de, none for ar.
    expect(Object.keys(prints).sort()).toEqual(['de', 'en']);
    expect(prints.de).toMatch(/^text:[0-9a-f]{40}$/);
    expect(prints.de).not.toBe(prints.en);
  });

  it('leave out a locale whose messages were replaced since they were read (dev, after an edit)', async () => {
    const state = await loaded();
    const edited: Messages = { ...messagesNow(state.messages.get('de')!), 'home.intro': 'neu' };
    state.messages.set('de', edited);
    const prints = renderContext(state, '').messagePrints!;
    expect(prints.de).toBeUndefined();
    expect(prints.en).toBeDefined();
  });
});

describe('the render cache\'s prints of a locale\'s fallback chain', () => {
  const context = (messages: RenderContext['messages'], messagePrints?: Record<string, string>): RenderContext => ({
    outDir: '',
    assetsDir: '_static',
    buildId: 'b',
    baseUrl: 'https://example.com',
    assetsBase: '/_static/',
    basePath: '',
    defaultLocale: 'en',
    locales: [
      { code: 'en', iso: 'en-US', file: 'en.json', name: 'English', dir: 'ltr' },
      { code: 'de', iso: 'de-DE', file: 'de.json', name: 'Deutsch', dir: 'ltr' },
    ] as RenderContext['locales'],
    site: { name: 'S', product: 'S', url: 'https://example.com', links: {}, socialImage: { path: '/s.png', width: 1200, height: 630 } },
    client: {},
    messages,
    messagePrints,
    cssFile: null,
    favicon: null,
    runtime: null,
    write: true,
  });
  const messages = (de = 'B'): Record<string, Messages> => ({ en: { a: 'A' }, de: { a: de } });

  it('follows the prints of the locale files when the context has them, without printing the messages', () => {
    const same = messages();
    expect(chainPrints(context(same, { en: 'text:1', de: 'text:2' }), 'de')).toEqual(chainPrints(context(messages(), { en: 'text:1', de: 'text:2' }), 'de'));
    // Another text of de's file (reformatted, say): other prints, though the messages are the same.
    expect(chainPrints(context(same, { en: 'text:1', de: 'text:3' }), 'de')).not.toEqual(chainPrints(context(same, { en: 'text:1', de: 'text:2' }), 'de'));
  });

  it('prints the messages of a locale without a print of its file: equal messages, equal prints', () => {
    expect(chainPrints(context(messages()), 'de')).toEqual(chainPrints(context(messages()), 'de'));
    expect(chainPrints(context(messages()), 'de')).not.toEqual(chainPrints(context(messages('C')), 'de'));
    // A print of a file and a print of messages never stand for each other.
    expect(chainPrints(context(messages(), { en: 'text:1' }), 'de')).not.toEqual(chainPrints(context(messages()), 'de'));
  });
});
