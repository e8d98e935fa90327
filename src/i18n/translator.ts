import type { PrimitiveType } from 'intl-messageformat';
import { createElement, Fragment, type ReactNode } from 'react';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import type { Locale } from '../locales.ts';
import { compileMessage, type CompiledMessage } from './compiled-message.ts';

/** Flat messages: `{ "home.hero.title": "Introducing {product}" }`. */
export type Messages = Readonly<Record<string, string>>;
export type Values = Record<string, PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * Rich-text tags a message may use. A message can only ever produce these elements: it never
 * carries raw HTML or attributes. Anything else (links) is passed by the caller as a function.
 */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'small', 'code', 'mark', 'sup', 'sub', 'span'] as const;

export interface Translator {
  readonly locale: Locale;
  /** Plain text (for attributes and titles). */
  t(key: string, values?: Record<string, PrimitiveType>): string;
  /** Text with the allow-listed rich-text tags as React elements. */
  rich(key: string, values?: Values): ReactNode;
  has(key: string): boolean;
  /** Every message whose key starts with `prefix`, formatted: for handing strings to the browser. */
  namespace(prefix: string): Record<string, string>;
  /**
   * The forms of a message with a plural argument, for the browser to pick with Intl.PluralRules:
   * `{ one: '# result', other: '# results', '=0': 'No results' }`; `#` stands for the number.
   */
  pluralForms(key: string): Record<string, string>;
}

/** A locale whose messages fill in for missing ones. */
export interface Fallback {
  locale: Pick<Locale, 'code' | 'iso'>;
  messages: Messages;
}

export interface TranslatorOptions {
  locale: Locale;
  messages: Messages;
  /**
   * Where a key `messages` lacks is looked up, in order (`pt`, then the default locale, for
   * `pt-PT`): each locale's messages, formatted with its own language.
   */
  fallbacks: readonly Fallback[];
  /** Arguments every message receives, such as `{product}`. */
  globals: Record<string, string | number>;
  /** Called once per key that fell back, with the code of the locale that had it. */
  onFallback?: (key: string, from: string) => void;
  /** Thrown for a key missing from every fallback too; when it returns null the key itself is shown instead. */
  onMissing: (key: string) => Error | null;
  /** Thrown when formatting fails. */
  onFormatError: (key: string, cause: unknown) => Error;
}

export function createTranslator(options: TranslatorOptions): Translator {
  const { locale, messages, fallbacks, globals } = options;
  const cache = new Map<string, CompiledMessage>();
  const plurals = new Map<string, Record<string, string>>();
  const richTags: Record<string, (chunks: ReactNode[]) => ReactNode> = {};
  for (const tag of ALLOWED_TAGS) richTags[tag] = (chunks) => createElement(tag, null, ...chunks);

  function compiled(key: string): CompiledMessage {
    let format = cache.get(key);
    if (format) return format;
    let source: string | undefined = messages[key];
    let tag = locale.iso;
    if (source === undefined || source === '') {
      // The first locale of the chain with a text; an empty one only when none has more.
      const from = fallbacks.find((f) => f.messages[key]) ?? fallbacks.find((f) => f.messages[key] !== undefined);
      source = from?.messages[key];
      if (from === undefined || source === undefined) {
        const err = options.onMissing(key);
        if (err) throw err;
        source = `'${key.replace(/'/g, "''")}'`;
        tag = fallbacks.at(-1)?.locale.iso ?? locale.iso;
      } else {
        options.onFallback?.(key, from.locale.code);
        tag = from.locale.iso;
      }
    }
    try {
      format = compileMessage(source, tag);
    } catch (cause) {
      throw options.onFormatError(key, cause);
    }
    cache.set(key, format);
    return format;
  }

  // The values every call starts from; most calls pass nothing else, so no copy is made.
  const base = { ...globals, ...richTags };
  function run(key: string, values: Record<string, unknown>, start: Record<string, unknown> = base): unknown {
    try {
      return compiled(key).format((hasOwnKeys(values) ? { ...start, ...values } : start) as never);
    } catch (cause) {
      if (cause instanceof Error && cause.name === 'SitegenError') throw cause;
      throw options.onFormatError(key, cause);
    }
  }

  // Plain text (t) of a message with tags: each tag is the text inside it ("All <b>posts</b>" is
  // "All posts" in a title or an attribute), not an element turned into "[object Object]".
  const textStarts = new Map<string, Record<string, unknown>>();
  const textStart = (key: string): Record<string, unknown> => {
    let start = textStarts.get(key);
    if (start === undefined) {
      const tags = tagNames(compiled(key).ast);
      start = tags.length === 0 ? globals : { ...globals, ...Object.fromEntries(tags.map((tag) => [tag, textOfTag])) };
      textStarts.set(key, start);
    }
    return start;
  };
  const text = (key: string, values: Record<string, unknown>): string => {
    const out = run(key, values, textStart(key));
    return Array.isArray(out) ? out.map(String).join('') : String(out);
  };
  const node = (key: string, values: Values): ReactNode => {
    const out = run(key, values);
    if (!Array.isArray(out)) return out as ReactNode;
    return createElement(Fragment, null, ...out.map((part, i) => withKey(part as ReactNode, i)));
  };
  // A message asked without values of the call's own gives the same result every time (the
  // translator's messages and globals do not change), and most calls are such: a page of the real
  // site makes ~90 calls, 86% of them without values, and each was formatted again on every page
  // of the locale. Kept per key once made, a text or a React element (which React renders the same
  // wherever it is placed); a call that fails is not kept, and fails again the next time.
  const texts = new Map<string, string>();
  const nodes = new Map<string, ReactNode>();

  return {
    locale,
    has: (key) => key in messages || fallbacks.some((f) => key in f.messages),
    t(key, values) {
      if (values !== undefined && hasOwnKeys(values)) return text(key, values);
      let out = texts.get(key);
      if (out === undefined) texts.set(key, (out = text(key, NO_VALUES)));
      return out;
    },
    rich(key, values) {
      if (values !== undefined && hasOwnKeys(values)) return node(key, values);
      if (nodes.has(key)) return nodes.get(key);
      const out = node(key, NO_VALUES);
      nodes.set(key, out);
      return out;
    },
    pluralForms(key) {
      // The same for every page of the locale: worked out once.
      const known = plurals.get(key);
      if (known) return { ...known };
      const format = compiled(key);
      const ast = format.ast;
      const at = ast.findIndex((el) => el.type === TYPE.plural);
      if (at < 0) throw options.onFormatError(key, new Error('it has no top-level plural argument'));
      const plural = ast[at] as MessageFormatElement & { options: Record<string, { value: MessageFormatElement[] }> };
      const out: Record<string, string> = {};
      for (const [selector, option] of Object.entries(plural.options)) {
        // Outside a plural `#` is plain text, so the chosen branch keeps it for the browser.
        const branch = [...ast.slice(0, at), ...option.value, ...ast.slice(at + 1)];
        const text = compileMessage(printAST(branch), format.locale).format(globals);
        out[selector] = Array.isArray(text) ? text.join('') : String(text);
      }
      plurals.set(key, out);
      return { ...out };
    },
    namespace(prefix) {
      const keys = new Set([...fallbacks.flatMap((f) => Object.keys(f.messages)), ...Object.keys(messages)].filter((k) => k.startsWith(prefix)));
      const out: Record<string, string> = {};
      for (const key of [...keys].sort()) {
        // Simple arguments stay as `{name}` placeholders for the browser to fill in.
        const placeholders: Record<string, string> = {};
        for (const el of compiled(key).ast) if (el.type === TYPE.argument) placeholders[el.value] = `{${el.value}}`;
        out[key.slice(prefix.length)] = this.t(key, placeholders);
      }
      return out;
    },
  };
}

const NO_VALUES: Record<string, never> = Object.freeze({});

const textOfTag = (chunks: unknown[]) => chunks.join('');

/** The names of the tags in a message, also inside plural and select branches and other tags. */
function tagNames(ast: readonly MessageFormatElement[], names: string[] = []): string[] {
  for (const el of ast) {
    if (el.type === TYPE.tag) {
      if (!names.includes(el.value)) names.push(el.value);
      tagNames(el.children, names);
    } else if (el.type === TYPE.plural || el.type === TYPE.select) {
      for (const option of Object.values(el.options)) tagNames(option.value, names);
    }
  }
  return names;
}

/** Whether `values` has a key of its own (without making an array of them, as Object.keys does). */
function hasOwnKeys(values: object): boolean {
  for (const key in values) if (Object.hasOwn(values, key)) return true;
  return false;
}

function withKey(node: ReactNode, key: number): ReactNode {
  if (node && typeof node === 'object' && 'type' in node && 'props' in node) {
    return createElement(node.type as string, { ...(node.props as object), key });
  }
  return node;
}
