/**
 * A locale's messages parsed on first use. A rebuild after a message edit in one locale renders
 * only that locale's pages that read the message; the pages of the 17 others come from the build
 * cache, which knows them by their locale file's print alone. Parsing and flattening every file
 * (1.4 MB of JSON for the real site) made ~50,000 strings and objects that the young generation
 * copied about before the render, for nothing: a rebuild with 16 of the 18 files left unparsed
 * took 15-20 ms less user time (5 builds each, loaded machine).
 *
 * Only a text known to load is deferred: the build cache keeps a locale file's text under its
 * print once a build loaded it (cache/message-texts.ts), so the same text loads again, and the
 * file's errors (bad JSON, an array where a message goes) are still reported by the messages
 * stage for any text not kept. A deferred locale's object is empty until `messagesNow` fills it
 * in place, so every holder of the object (a render context's chain, a translator's cache key) may
 * keep it unfilled; what reads its messages gets them from `messagesNow`. The loaded objects are
 * typed LocaleMessages, which cannot be read as messages, so a reader cannot forget to fill one.
 */
import type { Messages } from './translator.ts';

declare const unfilled: unique symbol;
/**
 * A locale's messages as loaded: perhaps deferred, empty until filled. Not indexable, on purpose:
 * `messagesNow` gives its messages. Parsed messages are LocaleMessages too (with nothing to fill).
 */
export interface LocaleMessages {
  readonly [unfilled]?: never;
}

/** Kept on globalThis: the build's copy of this module makes the objects, the server module's copy fills them. */
const pending: WeakMap<object, () => void> = ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.deferredMessages')] ??= new WeakMap()) as never;

/** An empty messages object that `fill` fills in place on first use (messagesNow). */
export function deferredMessages(fill: (into: Record<string, string>) => void): LocaleMessages {
  const messages: Record<string, string> = {};
  pending.set(messages, () => fill(messages));
  return messages;
}

/** The messages of `messages`: a deferred object (deferredMessages) is filled now, once; the same object either way. */
export function messagesNow(messages: LocaleMessages): Messages {
  const fill = pending.get(messages);
  if (fill) {
    pending.delete(messages);
    fill();
  }
  return messages as Messages;
}

/** The messages of `messages` if they are loaded already (not a deferred object still unfilled), else null; fills nothing. */
export function loadedMessages(messages: LocaleMessages): Messages | null {
  return pending.has(messages) ? null : (messages as Messages);
}
