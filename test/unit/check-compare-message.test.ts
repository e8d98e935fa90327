import { describe, expect, it } from 'vitest';
import { checkEmptyCases, checkPlurals } from '../../src/check/case-check.ts';
import { compareToReference, type CompareContext } from '../../src/check/compare-message.ts';
import { SEVERITY } from '../../src/check/report.ts';
import { parseFully, parseMessage } from '../../src/check/message-shape.ts';
import { fastShape } from '../../src/check/fast-shape.ts';

const shape = (text: string) => {
  const parsed = parseMessage(text);
  if (!parsed.ok) throw new Error(parsed.error.reason);
  return parsed.shape;
};
const CONTEXT = { globals: new Set(['product']), passed: undefined, singleForm: false, reference: 'en', locale: { code: 'de', iso: 'de' } };
/** compareToReference on the two texts, the translation's own text in the context. */
const cmp = (en: string, tr: string, context: Omit<CompareContext, 'text'>) => compareToReference(shape(en), shape(tr), { ...context, text: tr });
const compare = (en: string, tr: string) => cmp(en, tr, CONTEXT).map((p) => [p.kind, p.at, p.message]);
const kinds = (en: string, tr: string) => compare(en, tr).map((p) => p[0]);

describe('compareToReference: arguments', () => {
  it('names the reference locale, which is the site default and need not be en', () => {
    const de = { ...CONTEXT, reference: 'de' };
    expect(cmp('{a} und <b>{b}</b>', '{a} and {c}', de).map((p) => [p.message, p.hint])).toEqual([
      ['The argument {b} of de is missing.', 'Put {b} back into the translation; the page passes a value for it.'],
      ['The argument {c} is not in de, so no value is passed for it.', 'Use only the arguments of de ({a}, {b}); check the spelling.'],
      ['The tag <b> of de is missing.', 'Wrap the matching words in <b>…</b> as de does.'],
    ]);
    expect(checkEmptyCases(shape('{n, plural, one {# Stimme} other {# Stimmen}}'), shape('{n, plural, one {}other {# votos}}'), { code: 'pt', iso: 'pt-BR' }, 'de').map((p) => p.message)).toEqual([
      "The case `one` of the plural on {n} is empty, but de's `one` has text: those counts show nothing.",
    ]);
  });

  it('with the values the pages pass known, does not blame a translation for an argument of en that no page passes', () => {
    const passing = (names: string[]) => ({ ...CONTEXT, passed: new Set(names) });
    expect(cmp('Hi {name}', 'Hallo', passing([])).map((p) => p.kind)).toEqual([]);
    expect(cmp('Hi {name}', 'Hallo', passing(['name'])).map((p) => p.kind)).toEqual(['argument-missing']);
    // {product} is given to every message: a translation that drops it is still wrong, and the hint says where it comes from.
    expect(cmp('{product} app', 'App', passing([])).map((p) => [p.kind, p.hint])).toEqual([
      ['argument-missing', 'Put {product} back into the translation; the build gives every message its value, from sitegen.config.ts.'],
    ]);
  });

  it('accepts a translation with the same arguments in another order', () => {
    expect(compare('{a} and {b}', '{b} und {a}')).toEqual([]);
  });

  it('reports an argument of en the translation dropped, and one it invented', () => {
    expect(compare('Hi {name}', 'Hallo {nom}')).toEqual([
      ['argument-missing', 0, 'The argument {name} of en is missing.'],
      ['argument-unknown', 6, 'The argument {nom} is not in en, so no value is passed for it.'],
    ]);
  });

  it('lets a translation use a global argument en does not', () => {
    expect(compare('Welcome, {name}', '{product}へようこそ、{name}さん')).toEqual([]);
  });

  it('accepts another kind of the same value type (ja number for en plural, ru plural for en plain)', () => {
    const ja = { ...CONTEXT, singleForm: true, locale: { code: 'ja', iso: 'ja' } };
    expect(cmp('{n, plural, one {# file} other {# files}}', '{n, number}個のファイル', ja)).toEqual([]);
    expect(cmp('{n, plural, one {# file} other {# files}}', '{n, plural, other {#個}}', ja)).toEqual([]);
    expect(kinds('{n} files', '{n, plural, one {# файл} few {# файла} many {# файлов} other {# файла}}')).toEqual([]);
    expect(kinds('{n, selectordinal, one {#st} other {#th}}', '{n, number}.')).toEqual([]);
  });

  it('reports an argument used as a different kind of value', () => {
    expect(compare('On {d, date, long}', '{d, number}')).toEqual([['argument-kind', 0, '{d} is a date argument in en but a number here.']]);
    expect(kinds('{g, select, female {she} other {they}}', '{g, plural, other {#}}')).toEqual(['argument-kind']);
    expect(kinds('At {t, time}', '{t, date}')).toEqual(['argument-kind']);
  });
});

describe('compareToReference: languages of one plural form, and values the code passes', () => {
  const ja = { ...CONTEXT, singleForm: true, singleOrdinal: true, locale: { code: 'ja', iso: 'ja' } };
  const compareJa = (en: string, tr: string) => cmp(en, tr, ja).map((p) => [p.kind, p.hint]);

  it('accepts {n} or {n, number} for a plural', () => {
    expect(compareJa('{n, plural, one {# file} other {# files}}', '{n}個のファイル')).toEqual([]);
    expect(compareJa('{n, selectordinal, one {#st} other {#th}}', '{n}位')).toEqual([]);
    expect(kinds('{n, plural, one {# file} other {# files}}', '{n} Dateien')).toEqual(['plural-missing']); // de needs the plural: `1 Dateien`
  });

  it('accepts {n} or {n, number} for a selectordinal in a language of one ordinal form, whose counts have several (pl, de, ru: "1. miejsce")', () => {
    const pl = { ...CONTEXT, singleForm: false, singleOrdinal: true, locale: { code: 'pl', iso: 'pl' } };
    const comparePl = (en: string, tr: string) => cmp(en, tr, pl).map((p) => [p.kind, p.hint]);
    expect(comparePl('{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place', '{n}. miejsce')).toEqual([]);
    expect(comparePl('{n, selectordinal, one {#st} other {#th}} of {total, number}', '{n, number}. z {total, number}')).toEqual([]);
    // Its counts still need their plural; an ordinal en only chooses words by may go.
    expect(comparePl('{n, plural, one {# file} other {# files}}', '{n} plików').map(([kind]) => kind)).toEqual(['plural-missing']);
    expect(comparePl('{n, selectordinal, one {Your first visit} other {Welcome back}}', 'Witaj ponownie')).toEqual([]);
    // fr has two ordinal forms (1er, 2e): the ordinal is kept.
    expect(kinds('{n, selectordinal, one {#st} other {#th}} place', '{n} place')).toEqual(['lost-meaning']);
  });

  it('lets a count en only selects by (no #, no {n}) be dropped, but not one en shows', () => {
    expect(compareJa('{n, plural, one {A post was} other {Posts were}} hidden', '投稿が非表示になりました')).toEqual([]);
    expect(compareJa('{g, select, female {Her posts} other {Their posts}}', '投稿')).toEqual([]);
    expect(compareJa('Up to {n, plural, one {# file} other {# files}}', '最大4件')).toEqual([
      ['argument-missing', 'Put {n, number} back into the translation; the page passes a value for it.'],
    ]);
  });

  it('takes a count en only selects by, dropped where the language has several forms, as one wording for every count: an info, not an error', () => {
    const found = (en: string, tr: string, locale: { code: string; iso: string }) =>
      cmp(en, tr, { ...CONTEXT, locale }).map((p) => [p.kind, p.severity ?? SEVERITY[p.kind], p.message, p.hint]);
    // sv `följare` is right for every count; de `Beiträge ausgeblendet` is not for 1 (`Beitrag`). Neither loses a value shown.
    const followers = '{counter} {count, plural, one {follower} other {followers}}';
    expect(found(followers, '{counter} följare', { code: 'sv', iso: 'sv' })).toEqual([
      [
        'plural-missing',
        'info',
        'The translation has the same words for every count of {count}, by which en chooses its words (it has no plural on it): sv has its own forms for `one` (1, …).',
        'Nothing to do if sv says it the same way for every count; otherwise choose the words by {count} as en does: {count, plural, one {…} other {…}}.',
      ],
    ]);
    expect(found('{n, plural, one {A post was} other {Posts were}} hidden', 'Beiträge ausgeblendet', { code: 'de', iso: 'de' }).map(([kind, severity]) => [kind, severity])).toEqual([['plural-missing', 'info']]);
    // The forms are the language's: sl `one`, `two`, `few`; ar `zero` to `many`.
    expect(found(followers, '{counter} sledilcev', { code: 'sl', iso: 'sl' })[0]![2]).toContain('sl has its own forms for `one` (1, 101, 201, …), `two` (2, 102, 202, …), `few` (3, 4, 103, …).');
    expect(found(followers, '{counter} متابعين', { code: 'ar', iso: 'ar' })[0]![2]).toMatch(/ar has its own forms for `zero` \(0, …\), `one` \(1, …\), `two` \(2, …\), `few` \(3, 4, 5, …\), `many` \(11, 12, 13, …\)\.$/);
    // A count en shows (`#`) is a value lost, in any language.
    expect(found('Up to {n, plural, one {# file} other {# files}}', 'Bis zu vier Dateien', { code: 'de', iso: 'de' }).map(([kind, severity]) => [kind, severity])).toEqual([['argument-missing', 'error']]);
  });

  it('never asks for a plural where en has one with an offset: says what the offset changes', () => {
    const en = '{n, plural, offset:1 =0 {Nobody liked this} =1 {You liked this} one {You and # other liked this} other {You and # others liked this}}';
    const note = "{n} shows the whole count (3 where en's `#` shows 2, after offset:1): word the text for the whole count.";
    // The count shown as it is: the number differs from en's `#` by the offset, never the words.
    expect(cmp(en, '{n, number}人がいいねしました', ja).map((p) => [p.kind, p.message, p.hint])).toEqual([
      [
        'lost-meaning',
        'en shows {n} minus 1 (`#` after offset:1); the translation has {n, number}.',
        `This language has one plural form, so offset:1 changes only the number shown, never the words. ${note}`,
      ],
      // And en's own words for nobody are gone: worth a look.
      ['plural-missing', 'en has its own text for {n} = 0 (`=0`); the translation has none, so 0 gets the same text as any count.', 'Nothing to do if that reads right for 0; otherwise add =0 {…} as en does.'],
    ]);
    expect(compareJa(en, '{n, plural, =0 {誰も} other {#人}}がいいねしました')).toEqual([
      ['lost-meaning', `This language has one plural form, so offset:1 changes only the number shown, never the words. ${note}`],
    ]);
    // Dropped entirely: put back a number, not a plural.
    expect(compareJa(en, 'いいねしました')).toEqual([['argument-missing', `Put {n, number} back into the translation; the page passes a value for it. ${note}`]]);
    // Kept with en's offset, or only choosing by exact values (no number shown): nothing changes.
    expect(compareJa(en, '{n, plural, offset:1 =0 {誰も} =1 {あなたが} other {あなたと他#人が}}いいねしました')).toEqual([]);
    expect(compareJa(en, '{n, plural, =0 {誰もいいねしていません} other {いいねされました}}')).toEqual([]);
    // No hint of any kind asks a one-form language for a plural.
    for (const tr of ['{n, number}人', '{n, plural, other {#人}}', 'いいね', '{n, date}']) {
      for (const p of cmp(en, tr, ja)) expect(p.hint, tr).not.toMatch(/\{n, (plural|selectordinal)/);
    }
    // A language with plural forms is still asked to keep the offset.
    expect(compare(en, '{n, number} personnes')[0]![2]).toBe('en subtracts offset:1 from {n} before choosing a plural form; the translation has {n, number}.');
  });

  it('accepts an argument en lacks when the code passes it, and names what it passes otherwise', () => {
    const passed = { ...CONTEXT, passed: new Set(['counter', 'count']) };
    expect(cmp('{counter} following', '{counter} {count, plural, one {abonnement} other {abonnements}}', passed)).toEqual([]);
    expect(cmp('{counter} following', '{counter} {total}', passed).map((p) => [p.kind, p.message, p.hint])).toEqual([
      [
        'argument-unknown',
        'The argument {total} is not in en, and no page passes a value for it.',
        'Use only the arguments of en ({counter}) or the values the pages pass ({count}); check the spelling.',
      ],
    ]);
  });
});

describe('compareToReference: lost meaning', () => {
  it('reports a dropped number style or skeleton, or a changed date style', () => {
    expect(compare('{p, number, percent}', '{p, number}')).toEqual([
      ['lost-meaning', 0, 'en formats {p} as number, percent; the translation has {p, number}.'],
    ]);
    expect(kinds('{c, number, ::currency/EUR}', '{c, number}')).toEqual(['lost-meaning']);
    expect(kinds('{d, date, long}', '{d, date, short}')).toEqual(['lost-meaning']);
    expect(kinds('{d, date, long}', '{d, date, long}')).toEqual([]);
  });

  it('takes a skeleton written otherwise for the same format as the same: fields in any order or width, number tokens in any order', () => {
    // ICU orders and spells a date skeleton's fields as each language does.
    expect(kinds('Delivered on {d, date, ::MMMd}', 'Zugestellt am {d, date, ::dMMM}')).toEqual([]);
    expect(kinds('Delivered on {d, date, ::MMMd}', 'Доставлено {d, date, ::dMMMM}')).toEqual([]);
    expect(kinds('Opens at {t, time, ::hmma}', 'Öffnet um {t, time, ::Hmm}')).toEqual([]);
    expect(kinds('{p, number, percent} off', '{p, number, ::percent} Rabatt')).toEqual([]);
    expect(kinds('{n, number, ::compact-short currency/EUR}', '{n, number, ::currency/EUR compact-short}')).toEqual([]);
    // A field en shows that the translation drops, another currency, a style word for a skeleton: lost.
    expect(compare('Since {d, date, ::yMMMd}', 'Seit {d, date, ::dMMM}')).toEqual([
      ['lost-meaning', 5, 'en formats {d} as date, ::yMMMd; the translation has {d, date, ::dMMM}.'],
    ]);
    expect(kinds('{d, date, ::MMMEd}', '{d, date, ::MMMd}')).toEqual(['lost-meaning']);
    expect(kinds('{c, number, ::currency/EUR}', '{c, number, ::currency/USD}')).toEqual(['lost-meaning']);
    expect(kinds('{d, date, ::MMMd}', '{d, date, short}')).toEqual(['lost-meaning']);
  });

  it('notes the own text en has for nothing (`=0`) left out, as an info; an `=0` or a category only 0 selects keeps it', () => {
    const en = '{count, plural, =0 {Your cart is empty} one {# item} other {# items}}';
    const found = (tr: string, locale: { code: string; iso: string }) =>
      cmp(en, tr, { ...CONTEXT, locale }).map((p) => [p.kind, p.severity ?? SEVERITY[p.kind], p.message]);
    // fr counts 0 with `one`: `0 article` is French, but says less than en.
    expect(found('{count, plural, one {# article} other {# articles}}', { code: 'fr', iso: 'fr' })).toEqual([
      ['plural-missing', 'info', 'en has its own text for {count} = 0 (`=0`); the translation has none, so 0 gets the `one` text.'],
    ]);
    expect(found('{count, plural, one {# Artikel} other {# Artikel}}', { code: 'de', iso: 'de' })[0]![2]).toContain('so 0 gets the `other` text');
    expect(found('{count, plural, =0 {Votre panier est vide} one {# article} other {# articles}}', { code: 'fr', iso: 'fr' })).toEqual([]);
    expect(found('{count, plural, zero {السلة فارغة} one {منتج واحد} two {منتجان} few {# منتجات} many {# منتجًا} other {# منتج}}', { code: 'ar', iso: 'ar' })).toEqual([]);
  });

  it('asks for the plural of a count shown beside words, not of one set apart from them (a label and its number)', () => {
    const en = '{count, plural, one {# new message} other {# new messages}}';
    const found = (tr: string, locale = { code: 'de', iso: 'de' }, reference = en) => cmp(reference, tr, { ...CONTEXT, locale }).map((p) => [p.kind, p.at, p.message, p.hint]);
    const bold = '<b>{count, plural, one {# new message} other {# new messages}}</b>';
    // de `1 neue Nachrichten`: the words cannot follow the count, whether it is formatted or not.
    expect(found('{count, number} neue Nachrichten')).toEqual([
      [
        'plural-missing',
        0,
        'The translation shows {count} with the same words for every count, where en chooses them by it: de has its own forms for `one` (1, …).',
        'Choose the words by the count: {count, plural, one {# …} other {# …}}; or set the number apart from them (`…: {count, number}`).',
      ],
    ]);
    expect(found('Du hast <b>{count}</b> neue Nachrichten', undefined, bold).map(([kind]) => kind)).toEqual(['plural-missing']);
    expect(found('{count} nouveaux messages', { code: 'fr', iso: 'fr' })[0]![2]).toContain('fr has its own forms for `one` (0, 1, …)');
    // After a colon, in brackets, or alone, no word depends on the number: only its digits' grouping is asked for.
    for (const tr of ['Neue Nachrichten: {count, number}', 'Posteingang ({count, number})', '{count, number}']) expect(found(tr), tr).toEqual([]);
    expect(found('Neue Nachrichten: <b>{count, number}</b>', undefined, bold)).toEqual([]);
    expect(found('Новых сообщений: {count}', { code: 'ru', iso: 'ru' }).map(([kind, , , hint]) => [kind, hint])).toEqual([['lost-meaning', 'Show it as a number: {count, number}.']]);
    // Where a noun keeps its form after a numeral, `{count, number} yeni mesaj` reads right for 1.
    expect(cmp(en, '{count, number} yeni mesaj', { ...CONTEXT, numeralsKeepForm: true, locale: { code: 'tr', iso: 'tr' } })).toEqual([]);
  });

  it('reports a formatted argument printed raw', () => {
    expect(kinds('{n, number} users', '{n} Nutzer')).toEqual(['lost-meaning']);
    expect(kinds('{d, date}', '{d}')).toEqual(['lost-meaning']);
    expect(kinds('{g, select, female {She} other {They}}', '{g}')).toEqual(['lost-meaning']);
  });

  it('reports a dropped plural offset', () => {
    const en = '{n, plural, offset:1 =0 {nobody} =1 {you} one {you and # other} other {you and # others}}';
    expect(compare(en, '{n, plural, =0 {personne} =1 {vous} one {vous et # autre} other {vous et # autres}}')[0]).toEqual([
      'lost-meaning',
      0,
      'en subtracts offset:1 from {n} before choosing a plural form; the translation has {n, plural ...}.',
    ]);
    expect(kinds(en, '{n, plural, offset:1 =0 {personne} =1 {vous} one {vous et # autre} other {vous et # autres}}')).toEqual([]);
  });
});

describe('compareToReference: select cases and tags', () => {
  it('reports a select case of en the translation lacks, never one it adds', () => {
    expect(kinds('{g, select, female {She} male {He} other {They}}', '{g, select, female {Sie} other {Sie}}')).toEqual(['select-missing']);
    expect(kinds('{g, select, other {They}}', '{g, select, female {sie} male {er} other {sie}}')).toEqual([]);
  });

  it('takes one wording for every gender (the select dropped, or `other` alone) as a choice, an info; one for every value of another select as a loss', () => {
    const en = '{gender, select, female {She added it to her list} male {He added it to his list} other {They added it to their list}}';
    const found = (tr: string, context = CONTEXT) => cmp(en, tr, context).map((p) => [p.kind, p.severity ?? SEVERITY[p.kind], p.message]);
    // tr has no gender; de may word it without a person. Neither is an error or a warning.
    expect(found('Listesine ekledi')).toEqual([
      ['select-missing', 'info', 'The translation says the same for every value of {gender} (it has no select on it), where en has its own text for `female`, `male`.'],
    ]);
    expect(found('{gender, select, other {Es wurde auf die Liste gesetzt}}')).toEqual([
      ['select-missing', 'info', 'The translation says the same for every value of {gender} (it has `other` alone), where en has its own text for `female`, `male`.'],
    ]);
    // ja leaves the person unsaid as a rule: nothing to say.
    expect(found('リストに追加しました', { ...CONTEXT, singleForm: true })).toEqual([]);
    // A select by something else loses what those values were told, in any language.
    const store = '{platform, select, ios {Get it on the App Store} android {Get it on Google Play} other {Get the app}}';
    for (const tr of ['Holen Sie sich die App', '{platform, select, other {Holen Sie sich die App}}']) {
      expect(cmp(store, tr, CONTEXT).map((p) => [p.kind, p.severity ?? SEVERITY[p.kind], p.hint])).toEqual([
        ['select-missing', 'warning', 'Choose by {platform} as en does: {platform, select, ios {…} android {…} other {…}}.'],
      ]);
    }
    expect(cmp(store, 'アプリを入手', { ...CONTEXT, singleForm: true }).map((p) => p.kind)).toEqual(['select-missing']);
  });

  it('reports tags of en missing or invented, at their position', () => {
    expect(compare('Read <b>this</b>', 'Lies <i>das</i>')).toEqual([
      ['tag-mismatch', 0, 'The tag <b> of en is missing.'],
      ['tag-mismatch', 5, 'The tag <i> is not in en.'],
    ]);
  });

  it('compares tags as sets: one tag per plural branch is fine', () => {
    expect(kinds('{n, plural, one {<b>#</b> file} other {<b>#</b> files}}', '{n, plural, other {<b>#</b>個}}')).toEqual([]);
  });

  it('reports tags nested differently from en', () => {
    expect(compare('<b>terms</b> and <link>policy</link>', '<link><b>Bedingungen</b> und Richtlinie</link>')).toEqual([
      ['tag-nesting', 6, 'The tags are nested differently from en: en has no <b> inside <link>.'],
    ]);
    expect(compare('<link><b>terms</b></link>', '<b>Bedingungen</b> <link>x</link>').map((p) => p[2])).toEqual([
      'The tags are nested differently from en: en has no <b> outside other tags.',
    ]);
  });
});

describe('checkPlurals', () => {
  const problems = (text: string, code: string, iso: string) => checkPlurals(shape(text), { code, iso }, null).map((p) => [p.kind, p.message]);

  it('accepts correct plurals: fr without many, ja with only other, ar zero as =0', () => {
    expect(problems('{n, plural, one {# photo} other {# photos}}', 'fr', 'fr-FR')).toEqual([]);
    expect(problems('{n, plural, other {#枚}}', 'ja', 'ja-JP')).toEqual([]);
    expect(problems('{n, plural, =0 {لا} one {١} two {٢} few {#} many {#} other {#}}', 'ar', 'ar')).toEqual([]);
  });

  it('reports missing categories with example counts, and categories never selected', () => {
    expect(problems('{n, plural, one {#} other {#}}', 'ru', 'ru-RU')).toEqual([
      ['plural-missing', 'The plural on {n} lacks `few` (2, 3, 4, …), `many` (0, 5, 6, …): ru selects them for those whole numbers.'],
    ]);
    expect(problems('{n, plural, one {#} many {#} other {#}}', 'ja', 'ja-JP')).toEqual([
      ['plural-unreachable', 'The plural on {n} has `one`, `many`, which ja never selects: that text is never shown.'],
    ]);
  });

  it("lets `other` carry the one form left out where whole numbers never select `other`", () => {
    expect(problems('{n, plural, one {#} few {#} other {#}}', 'ru', 'ru-RU')).toEqual([]); // many in other
    expect(problems('{n, plural, one {#} many {#} other {#}}', 'ru', 'ru-RU')).toEqual([]); // few in other
    // In cs whole numbers from 5 select `other`: it cannot stand in for `few`.
    expect(problems('{n, plural, one {#} other {#}}', 'cs', 'cs-CZ')).toEqual([
      ['plural-missing', 'The plural on {n} lacks `few` (2, 3, 4, …): cs selects it for those whole numbers.'],
    ]);
  });

  it('needs no `one` where a noun keeps its form after a numeral (tr, hu, fa) and the plural shows the number', () => {
    expect(problems('{n, plural, =0 {Henüz değerlendirme yok} other {# değerlendirme}}', 'tr', 'tr-TR')).toEqual([]);
    expect(problems('{n, plural, other {# alma}}', 'hu', 'hu')).toEqual([]);
    expect(problems('{n, plural, other {# روز}}', 'fa', 'fa-IR')).toEqual([]);
    // Without the number, the words for one may differ (Gönderi / Gönderiler): `one` is still asked for.
    expect(problems('{n, plural, other {Gönderiler gizlendi}}', 'tr', 'tr')).toEqual([
      ['plural-missing', 'The plural on {n} lacks `one` (1, …): tr selects it for those whole numbers.'],
    ]);
    // de is no such language: `1 Bewertungen` is wrong.
    expect(problems('{n, plural, other {# Bewertungen}}', 'de', 'de-DE')).toEqual([['plural-missing', 'The plural on {n} lacks `one` (1, …): de selects it for those whole numbers.']]);
    // And a count shown as a plain {n} is spelled {n, number} for it, not as a plural.
    const tr = { ...CONTEXT, numeralsKeepForm: true };
    expect(cmp('Only {n, plural, one {one} other {#}} left', 'Yalnızca {n} adet kaldı', tr).map((p) => p.hint)).toEqual(['Keep the formatting of en: {n, number}.']);
    expect(cmp('Only {n, plural, one {one} other {#}} left', 'Yalnızca {n, number} adet kaldı', tr)).toEqual([]);
  });

  it('reports a missing `two` in he, a dual of a few words only, as info', () => {
    const he = checkPlurals(shape('{n, plural, one {ביקורת אחת} other {# ביקורות}}'), { code: 'he', iso: 'he-IL' }, null);
    expect(he.map((p) => [p.kind, p.severity, p.message])).toEqual([
      [
        'plural-missing',
        'info',
        'The plural on {n} has no `two` (2, …): he has that form for a few words only (יומיים, two days; שעתיים, two hours); other words get the `other` text, as they should.',
      ],
    ]);
    // ar's `two` is a dual of every noun: a warning as before.
    expect(checkPlurals(shape('{n, plural, zero {#} one {#} few {#} many {#} other {#}}'), { code: 'ar', iso: 'ar' }, null).map((p) => [p.severity ?? 'warning', p.message])).toEqual([
      ['warning', 'The plural on {n} lacks `two` (2, …): ar selects it for those whole numbers.'],
    ]);
  });

  it('reports a missing zero-only category (ar zero) as info, apart from the others', () => {
    const ar = checkPlurals(shape('{n, plural, one {#} other {#}}'), { code: 'ar', iso: 'ar' }, null).map((p) => [p.kind, p.severity ?? 'warning']);
    expect(ar).toEqual([['plural-missing', 'warning'], ['plural-missing', 'info']]);
    expect(checkPlurals(shape('{n, plural, one {#} two {#} few {#} many {#} other {#}}'), { code: 'ar', iso: 'ar' }, null).map((p) => p.severity)).toEqual(['info']);
  });

  it('needs only `other` where en has only `other`, and never reports en for it', () => {
    const en = shape('…and {count, plural, other {# more}}');
    expect(checkPlurals(en, { code: 'en', iso: 'en-US' }, en)).toEqual([]);
    expect(checkPlurals(shape('…и ещё {count, plural, other {#}}'), { code: 'ru', iso: 'ru-RU' }, en)).toEqual([]);
  });

  it('reports a category the language never selects as info, a word that is no category as a warning', () => {
    const found = checkPlurals(shape('{n, plural, one {#} few {#} singular {#} other {#}}'), { code: 'de', iso: 'de-DE' }, null);
    expect(found.map((p) => [p.kind, p.severity ?? SEVERITY[p.kind], p.message])).toEqual([
      ['plural-unreachable', 'info', 'The plural on {n} has `few`, which de never selects: that text is never shown.'],
      ['plural-unused', 'warning', 'The plural on {n} has `singular`, which is no plural category: no number ever selects it.'],
    ]);
  });

  it('reports a blank case where en has text, not where en is blank too or the language never shows it', () => {
    const empty = (en: string, tr: string, code: string, iso: string) => checkEmptyCases(shape(en), shape(tr), { code, iso }, 'en').map((p) => p.message);
    expect(empty('{n, plural, one {# vote} other {# votes}}', '{n, plural, one {}other {# votos}}', 'pt', 'pt-BR')).toEqual([
      "The case `one` of the plural on {n} is empty, but en's `one` has text: those counts show nothing.",
    ]);
    expect(empty('{n, plural, one {# vote} other {# votes}}', '{n, plural, one {# голос} few {} other {# голосов}}', 'ru', 'ru-RU')).toHaveLength(1); // en's other
    expect(empty('{n, plural, =0 {} other {# new}}', '{n, plural, =0 {} other {# neu}}', 'de', 'de-DE')).toEqual([]);
    expect(empty('{n, plural, other {# files}}', '{n, plural, one {} other {#件}}', 'ja', 'ja-JP')).toEqual([]);
  });

  it('points a blank case at its own key, not at the start of the plural, through both readers', () => {
    const en = '{n, plural, =0 {No votes} one {# vote} other {# votes}}';
    const tr = 'Votos: {n, plural, =0 {Nenhum} one {}other {# votos}}';
    const oneAt = tr.indexOf('one {}');
    const fast = fastShape(tr)!;
    const full = parseFully(tr);
    if (!full.ok) throw new Error(full.error.reason);
    for (const reader of [fast, full.shape]) {
      expect(checkEmptyCases(shape(en), reader, { code: 'pt', iso: 'pt-BR' }, 'en').map((p) => [p.kind, p.at])).toEqual([['empty-case', oneAt]]);
    }
    // Spaces and line breaks between the key and its text, and an exact case.
    const spaced = '{n, plural, =0  \n {}\n  one {#} other {#}}';
    const parsed = parseFully(spaced);
    if (!parsed.ok) throw new Error(parsed.error.reason);
    expect(checkEmptyCases(shape(en), parsed.shape, { code: 'pt', iso: 'pt-BR' }, 'en').map((p) => p.at)).toEqual([spaced.indexOf('=0')]);
  });

  it('checks selectordinal against ordinal rules', () => {
    expect(problems('{n, selectordinal, other {#e}}', 'fr', 'fr-FR')).toEqual([
      ['plural-missing', 'The selectordinal on {n} lacks `one` (1, …): fr selects it for those whole numbers.'],
    ]);
    expect(problems('{n, selectordinal, other {#.}}', 'de', 'de-DE')).toEqual([]);
  });
});
