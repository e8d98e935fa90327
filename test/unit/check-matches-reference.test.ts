import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { describe, expect, it, vi } from 'vitest';
import { checkEmptyCases, checkPlurals } from '../../src/check/case-check.ts';
import { matchesReference, type CategoriesOf } from '../../src/check/fast-shape.ts';
import { parseMessage, sameShape, type MessageShape } from '../../src/check/message-shape.ts';
import { pluralCategories } from '../../src/check/plural-categories.ts';
import { flatten } from '../../src/i18n/messages.ts';
import { SITE_LOCALES } from '../helpers/real-site.ts';
import { REPO } from '../helpers/site.ts';

const shape = (text: string): MessageShape => {
  const parsed = parseMessage(text);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  return parsed.shape;
};
const categoriesOf = (iso: string): CategoriesOf => (kind) => pluralCategories(iso, kind === 'plural' ? 'cardinal' : 'ordinal');
const ISO: Record<string, string> = Object.fromEntries(SITE_LOCALES.map((l) => [l.code, l.iso]));
const matches = (en: string, tr: string, code = 'de') => matchesReference(tr, shape(en), categoriesOf(ISO[code]!));

/**
 * What the usual path (check-locale.ts) finds in a translation it reads in full: nothing, exactly
 * when the translation may skip it.
 */
function silent(en: MessageShape, tr: string, code: string): boolean {
  const parsed = parseMessage(tr);
  if (!parsed.ok) return false;
  const locale = { code, iso: ISO[code]! };
  return (
    sameShape(en, parsed.shape) &&
    (!parsed.shape.hasPlural || checkPlurals(parsed.shape, locale, en).length === 0) &&
    (!parsed.shape.hasEmptyCase || checkEmptyCases(en, parsed.shape, locale, 'en').length === 0)
  );
}

/** Every translation of the repository's locale files (the site's and the fixtures') with its en message and locale code. */
function pairs(): [string, string, string][] {
  const out: [string, string, string][] = [];
  const read = (file: string) => {
    try {
      return flatten(file, JSON.parse(readFileSync(file, 'utf8'))) as Record<string, string>;
    } catch {
      return null; // malformed on purpose (a fixture of the checker)
    }
  };
  for (const en of fg.sync(['locales/en.json', 'test/fixtures/**/locales/en.json'], { cwd: REPO, absolute: true })) {
    const enMessages = read(en);
    if (!enMessages) continue;
    for (const file of fg.sync('*.json', { cwd: path.dirname(en), absolute: true })) {
      const code = path.basename(file, '.json');
      const messages = code !== 'en' && ISO[code] ? read(file) : null;
      for (const [key, tr] of Object.entries(messages ?? {})) {
        const enText = enMessages[key];
        if (typeof enText === 'string' && typeof tr === 'string' && parseMessage(enText).ok) out.push([enText, tr, code]);
      }
    }
  }
  return out;
}

describe('matchesReference: a translation read against en', () => {
  it('passes only translations the usual path finds nothing in, over every translation of the repository', () => {
    let passed = 0;
    let checked = 0;
    for (const [en, tr, code] of pairs()) {
      checked++;
      if (!matches(en, tr, code)) continue;
      passed++;
      expect(silent(shape(en), tr, code), `${code}: ${tr}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(1000);
    expect(passed).toBeGreaterThan(checked / 4);
  });

  it('passes a translation with en’s arguments, styles, select cases and tags, and its language’s plural categories', () => {
    expect(matches('Hi {name}', 'Hallo {name}')).toBe(true);
    expect(matches('{p, number, percent} of {d, date, long}', '{p, number, percent} von {d, date, long}')).toBe(true);
    expect(matches('{g, select, female {She} male {He} other {They}}', '{g, select, other {Sie} male {Er} female {Sie}}')).toBe(true);
    expect(matches('<b>x</b> and <link>y</link>', '<link>y</link> und <b>x</b>')).toBe(true);
    expect(matches('{n, plural, one {# post} other {# posts}}', '{n, plural, one {# пост} few {# поста} many {# постов} other {# поста}}', 'ru')).toBe(true);
    expect(matches('{n, plural, one {# file} other {# files}}', '{n, plural, other {#件}}', 'ja')).toBe(true);
    expect(matches('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', '{n, selectordinal, other {#.}}')).toBe(true);
    expect(matches('{n, plural, offset:1 one {#} other {#}}', '{n, plural, offset:1 one {#} other {#}}')).toBe(true);
  });

  it('leaves every other translation to the usual path, which reports it or finds it fine', () => {
    const differing: [string, string, string][] = [
      ['Hi {name}', 'Hallo {nom}', 'de'], // argument-missing, argument-unknown
      ['Hi {name}', 'Hallo', 'de'],
      ['Hi {name}', 'Hallo {name} {product}', 'de'], // a global argument: fine, but not en's shape
      ['{a} and {b}', '{b} und {a}', 'de'], // another order: fine
      ['{p, number, percent}', '{p, number}', 'de'], // lost-meaning
      ['{p, number}', '{p, number, percent}', 'de'],
      ['{n}', '{n, number}', 'de'], // argument kinds
      ['{n, number}', '{n}', 'de'],
      ['{n, plural, offset:1 one {#} other {#}}', '{n, plural, one {#} other {#}}', 'de'],
      ['{n, plural, one {# post} other {# posts}}', '{n, plural, one {# пост} other {# постов}}', 'ru'], // plural-missing
      ['{n, plural, one {# post} other {# posts}}', '{n, plural, one {# пост} few {# поста} other {# постов}}', 'ru'], // fine: other carries many
      ['{n, plural, one {# file} other {# files}}', '{n, plural, one {#件} other {#件}}', 'ja'], // plural-unreachable
      ['{n, plural, one {# vote} other {# votes}}', '{n, plural, singular {#} other {#}}', 'de'], // plural-unused
      ['{n, plural, one {# vote} other {# votes}}', '{n, plural, =1 {eine} one {#} other {#}}', 'de'], // an exact case
      ['{n, plural, one {# vote} other {# votes}}', '{n, plural, one {} other {# Stimmen}}', 'de'], // empty-case
      ['{n, plural, =0 {Your cart is empty} one {# item} other {# items}}', '{n, plural, one {# Artikel} other {# Artikel}}', 'de'], // en's =0 left out: an info
      ['{n, plural, one {# vote} other {# votes}}', '{n, plural, one {#} one {#} other {#}}', 'de'], // syntax
      ['{n, plural, one {# vote} other {# votes}}', '{n, plural, one {#}, other {#}}', 'de'],
      ['{n, selectordinal, other {#th}}', '{n, selectordinal, one {#.} other {#.}}', 'de'], // plural-unreachable
      ['{g, select, female {She} male {He} other {They}}', '{g, select, female {Sie} other {Sie}}', 'de'], // select-missing
      ['{g, select, female {She} other {They}}', '{g, select, female {Sie} male {Er} other {Sie}}', 'de'], // an added case: fine
      ['{g, select, female {She} other {They}}', '{g, select, female {Sie} female {Sie} other {Sie}}', 'de'],
      ['<b>x</b> and <i>y</i>', '<b>x</b> und y', 'de'], // tag-mismatch
      ['<b><i>x</i></b>', '<i><b>x</b></i>', 'de'], // tag-nesting
      ['<b>x</b>', '<b>x</b> <b>y</b> <i>z</i>', 'de'],
      ["{n, plural, one {# vote} other {# votes}}", "{n, plural, one {'#'} other {#}}", 'de'], // quotes: the full parser reads them
      ['{0} items', '{0} Elemente', 'de'], // en read by the full parser (a name the quick reader does not read): fine, but not compared in place
    ];
    for (const [en, tr, code] of differing) {
      expect(matches(en, tr, code), `${code}: ${tr}`).toBe(false);
    }
  });

  it('passes a plural with every category its language has without probing which ones whole numbers select', () => {
    const select = vi.spyOn(Intl.PluralRules.prototype, 'select');
    // Catalan (one, many, other), which no other test here reads: its categories are not probed yet.
    const en = shape('{n, plural, one {# post} other {# posts}}');
    try {
      expect(matchesReference('{n, plural, one {# post} many {# posts} other {# posts}}', en, categoriesOf('ca-ES'))).toBe(true);
      expect(select).not.toHaveBeenCalled();
      // Without `many` it needs to know that no whole number selects `many`: probed, and passed.
      expect(matchesReference('{n, plural, one {# post} other {# posts}}', en, categoriesOf('ca-ES'))).toBe(true);
      expect(select.mock.calls.length).toBeGreaterThan(1000);
    } finally {
      select.mockRestore();
    }
  });

  it('never changes en’s shape it reads against', () => {
    const en = shape('{n, plural, one {one} other {other}} <b>x</b>');
    const before = JSON.stringify(en, (_, v) => (v instanceof Set || v instanceof Map ? [...v] : v));
    matchesReference('{n, plural, one {#} other {#}} <b>y</b>', en, categoriesOf('de-DE'));
    expect(JSON.stringify(en, (_, v) => (v instanceof Set || v instanceof Map ? [...v] : v))).toBe(before);
  });
});
