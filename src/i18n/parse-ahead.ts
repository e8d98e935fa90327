/**
 * The messages of a build's locales parsed while its main thread waits for esbuild's server
 * bundle, which it cannot render without. A cold build of the real site parsed ~11,000 ICU
 * sources in its render (~70 ms of the main thread, direct timers), after 50 to 75 ms of waiting
 * idle for esbuild; parsed here, the render's compiles find them (message-asts.ts).
 */
import type { Locale } from '../locales.ts';
import { loadedMessages, type LocaleMessages } from './deferred-messages.ts';
import { parseAhead } from './message-asts.ts';

/** A slice of parsing between the event loop's turns: esbuild's answer is taken at the next. */
const SLICE_MS = 1;

/**
 * Parses the messages of `locales` (in their order: the render's) a slice at a time, until
 * `stop()` says the wait is over or all are parsed; resolves then. A locale whose messages are not
 * loaded yet (deferred: parsed from its file's text on first use) is left so.
 */
export function parseWhileWaiting(locales: readonly Locale[], messages: ReadonlyMap<string, LocaleMessages>, stop: () => boolean): Promise<void> {
  const sources = messageSources(locales, messages);
  return new Promise((resolve) => {
    const slice = () => {
      if (stop()) return resolve();
      const until = performance.now() + SLICE_MS;
      for (let next = sources.next(); !next.done; next = sources.next()) {
        parseAhead(next.value.source, next.value.tag, next.value.locale);
        if (performance.now() >= until) return void setImmediate(slice);
      }
      resolve();
    };
    setImmediate(slice);
  });
}

/** Each locale's own (non-empty) messages, with the tag the translator compiles them for (translator.ts). */
function* messageSources(locales: readonly Locale[], messages: ReadonlyMap<string, LocaleMessages>) {
  for (const locale of locales) {
    const loaded = messages.get(locale.code);
    const own = loaded && loadedMessages(loaded);
    if (!own) continue;
    const intl = new Intl.Locale(locale.iso);
    for (const key in own) {
      const source = own[key]!;
      if (source !== '') yield { source, tag: locale.iso, locale: intl };
    }
  }
}
