/**
 * ICU messages compiled once and formatted many times. `new IntlMessageFormat(source, tag)` costs
 * far more than formatting: it resolves the locale through `Intl.NumberFormat.supportedLocalesOf`
 * (in a profile of the real site's build, 144 ms of the 300 ms spent in the constructor), parses
 * the source and makes a fresh set of Intl formatters. Here the locale is resolved and the
 * formatters are made once per locale tag, and each (tag, source) is parsed once per thread:
 * the en fallbacks that 17 locales share, and every message again in dev rebuilds. Formatting is
 * intl-messageformat's own `formatToParts` with what its constructor would have passed, so the
 * text is the same.
 *
 * The locale is resolved as `new Intl.Locale(tag)`, not by IntlMessageFormat.resolveLocale: that
 * asks `Intl.NumberFormat.supportedLocalesOf` first, whose first call in a thread makes V8 list
 * the locales ICU has (10 to 44 ms here, against 0.1 to 1.2 ms for the Locale), to find that the
 * tag is supported and then make the same Locale of it (a supported locale is returned as asked,
 * canonicalized as Intl.Locale canonicalizes it; an unsupported one is made into a Locale as it
 * is). A rebuild after a message edit renders a few pages whose messages may need no number
 * format at all, which would pay for that list too.
 */
import { IntlMessageFormat, formatToParts, type Formatters, type PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { messageAst } from './message-asts.ts';

export interface CompiledMessage {
  readonly ast: MessageFormatElement[];
  /** The resolved locale (`de-DE`), as IntlMessageFormat's resolvedOptions().locale. */
  readonly locale: string;
  /** As IntlMessageFormat#format: a string, or an array when some value is not a string. */
  format(values?: Record<string, unknown>): unknown;
}

interface LocaleFormatting {
  tag: string;
  resolved: Intl.Locale;
  /**
   * `resolved` as a string, made once: V8 makes an Intl.Locale's string anew from ICU at every
   * toString(), which was 11% of compileMessage's CPU in a cold build of the real site (perf).
   */
  locale: string;
  formatters: Formatters;
}

const byTag = new Map<string, LocaleFormatting>();

/** One Intl object per (constructor, locale, options), for every message of the thread. */
function sharedFormatters(): Formatters {
  const memo = <A extends unknown[], R>(make: (...args: A) => R) => {
    const made = new Map<string, R>();
    return (...args: A): R => {
      const key = JSON.stringify(args);
      let value = made.get(key);
      if (value === undefined) made.set(key, (value = make(...args)));
      return value;
    };
  };
  return {
    getNumberFormat: memo((...args: ConstructorParameters<typeof Intl.NumberFormat>) => keptNumberFormat(JSON.stringify(args), () => new Intl.NumberFormat(...args))),
    getDateTimeFormat: memo((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: memo((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  };
}

/**
 * The texts of numbers the build cache keeps (cache/number-texts.ts), for this thread's renders:
 * shown without any Intl.NumberFormat, whose first one in a process costs 8.8 ms; null without.
 * Module state: the formatters are made once per locale and thread, for every build of a process.
 */
let numberTexts: Map<string, string> | null = null;

/** The number texts the renders of this thread show from now on and add to (null: none kept); see numberTexts. */
export function useNumberTexts(texts: Map<string, string> | null): void {
  numberTexts = texts;
}

/**
 * The formatter `make` gives, made only when a number is not in numberTexts (by `id`, the
 * formatter's arguments, and the value): intl-messageformat asks a number format for `format`
 * alone. A number shown is added to the texts; -0 (which formats as "-0") is told from 0.
 */
function keptNumberFormat(id: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let made: Intl.NumberFormat | undefined;
  const real = () => (made ??= make());
  const format = (value: number | bigint | string): string => {
    const texts = numberTexts;
    if (texts === null || typeof value !== 'number') return real().format(value as number);
    const key = `${id}\0${Object.is(value, -0) ? '-0' : String(value)}`;
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = real().format(value)));
    return text;
  };
  return { format } as Intl.NumberFormat;
}

function formattingFor(tag: string): LocaleFormatting {
  let f = byTag.get(tag);
  if (!f) {
    const resolved = new Intl.Locale(tag);
    byTag.set(tag, (f = { tag, resolved, locale: resolved.toString(), formatters: sharedFormatters() }));
  }
  return f;
}

/** Compiles `source` for the locale `tag`; throws the parser's error for bad ICU syntax. */
export function compileMessage(source: string, tag: string): CompiledMessage {
  const f = formattingFor(tag);
  const ast = messageAst(source, tag, f.resolved);
  return {
    ast,
    locale: f.locale,
    format: (values) => joinParts(formatToParts(ast, tag, f.formatters, IntlMessageFormat.formats, values as Record<string, PrimitiveType>, undefined, source)),
  };
}

/** IntlMessageFormat#format's joining of parts: adjacent text merged, one part returned alone. */
function joinParts(parts: { type: number; value: unknown }[]): unknown {
  if (parts.length === 1) return parts[0]!.value;
  const result = parts.reduce<unknown[]>((all, part) => {
    if (!all.length || part.type !== 0 || typeof all[all.length - 1] !== 'string') all.push(part.value);
    else all[all.length - 1] += part.value as string;
    return all;
  }, []);
  if (result.length <= 1) return result[0] || '';
  return result;
}
