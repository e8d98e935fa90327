import type { Problem } from './compare-message.ts';
import { CLDR_CATEGORIES, fewWordsCategory, missingCategories, pluralCategories, unusedCategories, zeroOnly, type PluralCategories } from './plural-categories.ts';
import { isPlural, type ArgUse, type MessageShape } from './shape.ts';

/**
 * The cases of plurals, selectordinals and selects: against the language's CLDR rules (which
 * categories whole numbers select) and against en (a case left blank where en's has text).
 * Written for what translators actually do: a form put in `other` that serves the one category
 * left out, an Arabic `zero` left to `other`, a Japanese `one` that never shows, are no defects.
 */

type Locale = { code: string; iso: string };

/** The categories the language has for a plural (cardinal) or a selectordinal (ordinal). */
const categoriesOf = (use: Pick<ArgUse, 'kind'>, locale: Locale) => pluralCategories(locale.iso, use.kind === 'plural' ? 'cardinal' : 'ordinal');

const list = (categories: Iterable<string>) => [...categories].map((c) => `\`${c}\``).join(', ');

/**
 * Plural categories of every plural and selectordinal of `shape` (a message of `locale`), with
 * `en` the reference message (`shape` itself when checking en).
 */
export function checkPlurals(shape: MessageShape, locale: Locale, en: MessageShape | null): Problem[] {
  const problems: Problem[] = [];
  for (const use of shape.uses) {
    if (!isPlural(use.kind)) continue;
    const categories = categoriesOf(use, locale);
    if (!textNeverVaries(en, use)) problems.push(...missingProblems(use, categories, locale));
    problems.push(...unusedProblems(use, categories, locale));
  }
  return problems;
}

/**
 * Whether en writes this plural with `other` alone (`…and {count, plural, other {# more}}`): the
 * author says the words do not change with the count, so no language needs more than `other`.
 */
function textNeverVaries(en: MessageShape | null, use: ArgUse): boolean {
  const enUse = en?.uses.find((u) => u.name === use.name && u.kind === use.kind);
  if (!enUse) return false;
  for (const option of enUse.options) if (option !== 'other' && !option.startsWith('=')) return false;
  return true;
}

/**
 * A translation that drops a count en only chooses its words by (en `{counter} {count, plural, one
 * {follower} other {followers}}`, sv `{counter} följare`): one wording for every count. Where the
 * language has one form (ja) that is no finding at all (compare-message.ts). Elsewhere it is mostly
 * a fluent translator's choice, the words being the same for every count (sv `följare`, ga
 * `leantóir` after any numeral), but not always (de `Beiträge ausgeblendet` for 1): an info that
 * names the counts which get those words. Not an error: no value the page passes goes unshown,
 * and a correct translation must not stop the build.
 */
export function droppedCountProblems(enUse: ArgUse, locale: Locale, reference: string): Problem[] {
  const { missing, examples } = formsBesidesOther(enUse, locale);
  if (missing.length === 0) return [];
  const { name, kind } = enUse;
  return [
    {
      kind: 'plural-missing',
      severity: 'info',
      at: 0,
      message: `The translation has the same words for every count of {${name}}, by which ${reference} chooses its words (it has no ${kind} on it): ${locale.code} has its own forms for ${examples}.`,
      hint: `Nothing to do if ${locale.code} says it the same way for every count; otherwise choose the words by {${name}} as ${reference} does: {${name}, ${kind}, ${missing.map((c) => `${c} {…}`).join(' ')} other {…}}.`,
    },
  ];
}

/**
 * The categories `locale` has for what `use` chooses by (a count, a rank) besides `other`: those
 * one wording for every count leaves to `other` (missingCategories). With their examples, as
 * findings name them (withExamples).
 */
export function formsBesidesOther(use: Pick<ArgUse, 'kind' | 'offset'>, locale: Locale): { missing: string[]; examples: string } {
  const categories = categoriesOf(use, locale);
  const missing = missingCategories(categories, new Set(['other']), use.offset);
  return { missing, examples: withExamples(categories, missing) };
}

/** Categories as findings name them, each with its first whole numbers: `` `one` (1, 21, 31, …), `few` (2, 3, 4, …) ``. */
function withExamples(categories: PluralCategories, list: readonly string[]): string {
  return list.map((c) => `\`${c}\` (${categories.examples.get(c)!.join(', ')}, …)`).join(', ');
}

function missingProblems(use: ArgUse, categories: PluralCategories, locale: Locale): Problem[] {
  const missing = missingCategories(categories, use.options, use.offset);
  if (missing.length === 0) return [];
  const zero = missing.filter((c) => zeroOnly(categories, c));
  const fewWords = missing.filter((c) => fewWordsCategory(locale.iso, c) !== null);
  let rest = missing.filter((c) => !zeroOnly(categories, c) && !fewWords.includes(c));
  // Where a noun keeps its form after a numeral (tr, hu, fa, ...), `other {# gün}` reads right for 1.
  if (use.pound && categories.numeralsKeepForm) rest = rest.filter((c) => c !== 'one');
  // Where whole numbers never select `other` (ru, uk, pl, ...), `other` is free to carry the one
  // form left out (`one`, `few`, `other` with the `many` words in `other`): every count reads right.
  if (rest.length === 1 && use.options.has('other') && !categories.required.has('other')) rest = [];
  const problems: Problem[] = [];
  if (rest.length > 0) {
    problems.push({
      kind: 'plural-missing',
      at: use.at,
      message: `The ${use.kind} on {${use.name}} lacks ${withExamples(categories, rest)}: ${locale.code} selects ${rest.length > 1 ? 'them' : 'it'} for those whole numbers.`,
      hint: `Add ${rest.map((c) => `${c} {…}`).join(' ')}; until then those counts get the \`other\` text.`,
    });
  }
  for (const category of fewWords) {
    problems.push({
      kind: 'plural-missing',
      severity: 'info',
      at: use.at,
      message: `The ${use.kind} on {${use.name}} has no \`${category}\` (${categories.examples.get(category)!.join(', ')}, …): ${locale.code} has that form for a few words only (${fewWordsCategory(locale.iso, category)}); other words get the \`other\` text, as they should.`,
      hint: `Nothing to do unless the word counted here has that form; then add ${category} {…}.`,
    });
  }
  if (zero.length > 0) {
    problems.push({
      kind: 'plural-missing',
      severity: 'info',
      at: use.at,
      message: `The ${use.kind} on {${use.name}} has no ${list(zero)}: ${locale.code} selects it for 0 only, which gets the \`other\` text.`,
      hint: `Nothing to do if the \`other\` text reads right for 0; otherwise add ${zero.map((c) => `${c} {…}`).join(' ')} (or =0 {…}).`,
    });
  }
  return problems;
}

/**
 * Categories the language never selects: a real category of other languages (`one` in ja, `few`
 * in de) is harmless, never shown (info); a word that is no category at all is a misspelling.
 */
function unusedProblems(use: ArgUse, categories: PluralCategories, locale: Locale): Problem[] {
  const unused = unusedCategories(categories, use.options);
  if (unused.length === 0) return [];
  const has = `${locale.code} has ${list(categories.allowed)} for a ${use.kind}`;
  const unreachable = unused.filter((c) => CLDR_CATEGORIES.has(c));
  const misspelt = unused.filter((c) => !CLDR_CATEGORIES.has(c));
  const problems: Problem[] = [];
  if (unreachable.length > 0) {
    problems.push({
      kind: 'plural-unreachable',
      at: use.at,
      message: `The ${use.kind} on {${use.name}} has ${list(unreachable)}, which ${locale.code} never selects: that text is never shown.`,
      hint: `${has}; the case can go (an exact case like =1 is always allowed).`,
    });
  }
  if (misspelt.length > 0) {
    problems.push({
      kind: 'plural-unused',
      at: use.at,
      message: `The ${use.kind} on {${use.name}} has ${list(misspelt)}, which is no plural category: no number ever selects it.`,
      hint: `Fix the name: ${has} (or an exact case like =1).`,
    });
  }
  return problems;
}

/**
 * Cases left blank (`one {}`) where en's case has text: those counts or values show nothing.
 * en's case of the same name, or its `other` when en has none; cases the language never selects
 * are left out (nothing shows them anyway).
 */
export function checkEmptyCases(en: MessageShape, tr: MessageShape, locale: Locale, reference: string): Problem[] {
  const problems: Problem[] = [];
  for (const use of tr.uses) {
    if (use.empty.size === 0) continue;
    const enUse = en.uses.find((u) => u.name === use.name && u.options.size > 0);
    if (!enUse) continue;
    const allowed = isPlural(use.kind) ? categoriesOf(use, locale).allowed : null;
    for (const [option, keyAt] of use.empty) {
      if (allowed && !option.startsWith('=') && !allowed.has(option)) continue;
      const enOption = enUse.options.has(option) ? option : 'other';
      if (!enUse.options.has(enOption) || enUse.empty.has(enOption)) continue;
      problems.push({
        kind: 'empty-case',
        at: keyAt,
        message: `The case \`${option}\` of the ${use.kind} on {${use.name}} is empty, but ${reference}'s \`${enOption}\` has text: ${use.kind === 'select' ? 'that value' : 'those counts'} show nothing.`,
        hint: `Write the ${option} {…} text, or remove the case so that \`other\` serves it.`,
      });
    }
  }
  return problems;
}
