import { describe, expect, it, vi } from 'vitest';
import { missingCategories, pluralCategories, unusedCategories } from '../../src/check/plural-categories.ts';

const sorted = (s: ReadonlySet<string>) => [...s].sort();
const options = (...o: string[]) => new Set(o);

describe('plural categories from Intl.PluralRules', () => {
  it('requires what whole counts below a million select', () => {
    expect(sorted(pluralCategories('ru-RU', 'cardinal').required)).toEqual(['few', 'many', 'one']);
    expect(sorted(pluralCategories('ar', 'cardinal').required)).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
    expect(sorted(pluralCategories('en-US', 'cardinal').required)).toEqual(['one', 'other']);
    expect(sorted(pluralCategories('ja-JP', 'cardinal').required)).toEqual(['other']);
  });

  it('keeps categories reached only by millions or fractions optional but allowed (the many of fr, es, it, pt)', () => {
    for (const iso of ['fr-FR', 'es', 'it-IT', 'pt-BR']) {
      const c = pluralCategories(iso, 'cardinal');
      expect(c.required.has('many'), iso).toBe(false);
      expect(c.allowed.has('many'), iso).toBe(true);
    }
  });

  it('derives ordinal categories too', () => {
    expect(sorted(pluralCategories('en-US', 'ordinal').required)).toEqual(['few', 'one', 'other', 'two']);
    expect(sorted(pluralCategories('fr-FR', 'ordinal').required)).toEqual(['one', 'other']);
    expect(sorted(pluralCategories('de-DE', 'ordinal').required)).toEqual(['other']);
  });

  it('gives example counts for each category', () => {
    expect(pluralCategories('ru-RU', 'cardinal').examples.get('few')).toEqual([2, 3, 4]);
    expect(pluralCategories('ar', 'cardinal').examples.get('zero')).toEqual([0]);
  });

  it('knows a language of one category without probing it: every number selects that one', () => {
    const select = vi.spyOn(Intl.PluralRules.prototype, 'select');
    try {
      const ko = pluralCategories('ko-KR', 'cardinal');
      expect(select).not.toHaveBeenCalled();
      expect(ko).toStrictEqual({ allowed: new Set(['other']), required: new Set(['other']), single: true, numeralsKeepForm: true, numbers: new Map(), examples: new Map([['other', [0, 1, 2]]]), allowedBits: 32, requiredBits: 32 });
      expect(pluralCategories('it-IT', 'ordinal').examples.get('many')).toEqual([8, 11, 80]);
      expect(select).toHaveBeenCalled();
    } finally {
      select.mockRestore();
    }
  });

  it('stops probing once every category was seen, and probes in full only for the numbers a finding names', () => {
    const select = vi.spyOn(Intl.PluralRules.prototype, 'select');
    try {
      const nl = pluralCategories('nl-NL', 'cardinal'); // one, other: 0 and 1 show both
      expect(select).toHaveBeenCalledTimes(0); // which categories whole numbers select: asked on first use
      expect(nl.allowedBits).toBe(nl.requiredBits);
      expect(select).toHaveBeenCalledTimes(2);
      expect(sorted(nl.required)).toEqual(['one', 'other']);
      expect(nl.numbers.get('one')).toEqual([1]);
      expect(nl.examples.get('other')).toEqual([0, 2, 3]);
      expect(select.mock.calls.length).toBeGreaterThan(1000);
      const calls = select.mock.calls.length;
      expect(nl.examples.get('one')).toEqual([1]);
      expect(select).toHaveBeenCalledTimes(calls); // once
      // A category no whole number selects (ru `other`) keeps the probe going to the end: not required.
      expect(pluralCategories('uk-UA', 'cardinal').required.has('other')).toBe(false);
    } finally {
      select.mockRestore();
    }
  });

  it('probes each language once', () => {
    expect(pluralCategories('ru-RU', 'cardinal')).toBe(pluralCategories('ru-RU', 'cardinal'));
  });
});

describe('missingCategories', () => {
  const ar = pluralCategories('ar', 'cardinal');
  const fr = pluralCategories('fr-FR', 'cardinal');
  const ru = pluralCategories('ru-RU', 'cardinal');

  it('lists required categories a plural leaves out', () => {
    expect(missingCategories(ru, options('one', 'many', 'other'), 0)).toEqual(['few']);
    expect(missingCategories(ru, options('one', 'few', 'many', 'other'), 0)).toEqual([]);
  });

  it('counts exact cases as covering a category only those numbers select', () => {
    expect(missingCategories(ar, options('=0', 'one', 'two', 'few', 'many', 'other'), 0)).toEqual([]);
    expect(missingCategories(fr, options('=0', '=1', 'other'), 0)).toEqual([]);
    expect(missingCategories(fr, options('=1', 'other'), 0)).toEqual(['one']); // 0 is `one` in fr too
    expect(missingCategories(ru, options('=1', 'few', 'many', 'other'), 0)).toEqual(['one']); // 21 is `one`
  });

  it('shifts exact cases by the plural offset', () => {
    const en = pluralCategories('en-US', 'cardinal');
    expect(missingCategories(en, options('=2', 'other'), 1)).toEqual([]);
    expect(missingCategories(en, options('=1', 'other'), 1)).toEqual(['one']);
  });
});

describe('unusedCategories', () => {
  it('flags categories the language never selects, never exact cases', () => {
    expect(unusedCategories(pluralCategories('ja-JP', 'cardinal'), options('=0', 'one', 'other'))).toEqual(['one']);
    expect(unusedCategories(pluralCategories('fr-FR', 'cardinal'), options('one', 'many', 'other'))).toEqual([]);
    expect(unusedCategories(pluralCategories('de-DE', 'cardinal'), options('one', 'few', 'other'))).toEqual(['few']);
  });
});
