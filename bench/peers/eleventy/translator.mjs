/**
 * The site's ICU messages through intl-messageformat, as an Eleventy site would use them: one
 * IntlMessageFormat per message and locale, made on first use and kept for the whole build.
 * A message missing (or empty) in a locale comes from the default locale, formatted in its
 * language, as in sitegen. Rich text: the same allow-listed tags as React elements.
 */
import { createElement, Fragment } from 'react';
import { IntlMessageFormat } from 'intl-messageformat';
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'small', 'code', 'mark', 'sup', 'sub', 'span'];

/** Nested locale JSON to dotted keys: `{ a: { b: 'x' } }` -> `{ 'a.b': 'x' }`. */
export function flatten(tree, prefix = '', out = {}) {
  for (const [key, value] of Object.entries(tree)) {
    if (value !== null && typeof value === 'object') flatten(value, `${prefix}${key}.`, out);
    else out[prefix + key] = String(value);
  }
  return out;
}

function withKey(node, key) {
  if (node && typeof node === 'object' && 'type' in node && 'props' in node) return createElement(node.type, { ...node.props, key });
  return node;
}

/** `own` and `fallbacks` are `{ locale, messages }` (flat); fallbacks in the order they are tried. */
export function createTranslator(own, fallbacks, globals) {
  const formats = new Map();
  const plurals = new Map();
  const base = { ...globals };
  for (const tag of ALLOWED_TAGS) base[tag] = (chunks) => createElement(tag, null, ...chunks);

  function format(key) {
    let f = formats.get(key);
    if (f) return f;
    let source = own.messages[key];
    let tag = own.locale.iso;
    if (source === undefined || source === '') {
      const from = fallbacks.find((x) => x.messages[key]) ?? fallbacks.find((x) => x.messages[key] !== undefined);
      if (from) {
        source = from.messages[key];
        tag = from.locale.iso;
      } else {
        source = `'${key.replace(/'/g, "''")}'`;
        tag = fallbacks.at(-1)?.locale.iso ?? own.locale.iso;
      }
    }
    formats.set(key, (f = new IntlMessageFormat(source, tag)));
    return f;
  }
  const run = (key, values) => format(key).format(values && Object.keys(values).length ? { ...base, ...values } : base);

  return {
    locale: own.locale,
    t(key, values) {
      const out = run(key, values);
      return Array.isArray(out) ? out.map(String).join('') : String(out);
    },
    rich(key, values) {
      const out = run(key, values);
      return Array.isArray(out) ? createElement(Fragment, null, ...out.map(withKey)) : out;
    },
    pluralForms(key) {
      const known = plurals.get(key);
      if (known) return { ...known };
      const f = format(key);
      const ast = f.getAst();
      const at = ast.findIndex((el) => el.type === TYPE.plural);
      const out = {};
      for (const [selector, option] of Object.entries(ast[at].options)) {
        const branch = [...ast.slice(0, at), ...option.value, ...ast.slice(at + 1)];
        const text = new IntlMessageFormat(printAST(branch), f.resolvedOptions().locale).format(globals);
        out[selector] = Array.isArray(text) ? text.join('') : String(text);
      }
      plurals.set(key, out);
      return { ...out };
    },
  };
}
