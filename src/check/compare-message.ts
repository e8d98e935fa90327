import { droppedCountProblems, formsBesidesOther } from './case-check.ts';
import { pluralCategories, zeroOnly } from './plural-categories.ts';
import { isPlural, type ArgKind, type ArgUse, type MessageShape } from './shape.ts';
import type { FindingKind, Severity } from './report.ts';

/** A problem inside one message, before it gets a file position. */
export interface Problem {
  kind: FindingKind;
  /** Only when milder than the kind's severity (SEVERITY in report.ts). */
  severity?: Severity;
  /** Offset inside the message. */
  at: number;
  message: string;
  hint: string;
}

/** What a comparison knows besides the two messages. */
export interface CompareContext {
  /** Arguments every message receives (`{product}`). */
  globals: ReadonlySet<string>;
  /** Value names the code passes for this key (from rendering the pages); undefined when not known. */
  passed: ReadonlySet<string> | undefined;
  /** Whether the translation's language has one plural category (ja, ko, zh, ...): counts never change its words. */
  singleForm: boolean;
  /** Whether a noun keeps its form after a numeral there (tr, hu, ...): hints spell a count as `{n, number}`. */
  numeralsKeepForm?: boolean;
  /**
   * Whether it has one ordinal category (de, pl, ru, es, ja, ...: `1.`, `2.`), or its ranks in
   * digits read the same for every number (ga `1ú`, vi `thứ 1`): then `{n}` or `{n, number}` for
   * en's selectordinal is idiomatic, as a count is in a one-form language.
   */
  singleOrdinal?: boolean;
  /** The reference locale's code, as messages name it (`en`). */
  reference: string;
  /** The translation's locale: the plural categories it has (a count dropped, see droppedCountProblems). */
  locale: { code: string; iso: string };
  /** The translation as written (where a count it shows stands, see setApart). */
  text: string;
}

/**
 * Which values an argument accepts. Arguments of different groups cannot share a value (a date is
 * not a count); `plain` prints anything. Within a group a translation may choose differently:
 * ja writes `{n, number}` where en needs `{n, plural, ...}`, ru adds a plural where en had `{n}`.
 */
const GROUP: Record<ArgKind, string> = {
  plain: 'any',
  number: 'number',
  plural: 'number',
  selectordinal: 'number',
  date: 'date',
  time: 'time',
  select: 'select',
};

const byName = (uses: readonly ArgUse[]) => {
  const map = new Map<string, ArgUse[]>();
  for (const use of uses) {
    const list = map.get(use.name);
    if (list) list.push(use);
    else map.set(use.name, [use]);
  }
  return map;
};

/**
 * How an argument is written, for hints; in a language of one plural form a count is just
 * `{n, number}` (with an offset too: see offsetNote).
 */
const spell = (use: ArgUse, singleForm = false) => {
  if (use.kind === 'plain') return `{${use.name}}`;
  if (singleForm && isPlural(use.kind)) return `{${use.name}, number}`;
  if (isPlural(use.kind) || use.kind === 'select') {
    return `{${use.name}, ${use.kind}${use.offset ? `, offset:${use.offset}` : ''} ...}`;
  }
  return `{${use.name}, ${use.kind}${use.style ? `, ${use.style}` : ''}}`;
};

/**
 * Everything a translation must keep from en: arguments, their kinds and styles, select cases and
 * tags. It may use more arguments than en when the code passes them (`context.passed`), and need not
 * keep one of en's that the code does not pass.
 */
export function compareToReference(en: MessageShape, tr: MessageShape, context: CompareContext): Problem[] {
  const { globals, passed, singleForm, reference: ref } = context;
  /** Whether the language has one form for what `use` chooses by: a count (plural) or a rank (selectordinal). */
  const oneForm: OneForm = (use) => (use.kind === 'selectordinal' ? context.singleOrdinal === true : singleForm);
  const problems: Problem[] = [];
  const enArgs = byName(en.uses);
  const trArgs = byName(tr.uses);
  for (const [name, enUses] of enArgs) {
    const trUses = trArgs.get(name);
    if (!trUses) {
      // A count that only chooses en's words (no `#`) has nothing to choose in a one-form language.
      if (onlySelects(enUses, oneForm)) continue;
      // No page passes it (the pages are known to call this key, and none with it): en's own
      // message is what fails, at its render, which says so; the translation is not at fault.
      if (passed && !passed.has(name) && !globals.has(name)) continue;
      // A select only chooses words, never shows its value: without it every value reads the same.
      if (enUses.every((u) => u.kind === 'select')) {
        const problem = oneTextForAll(name, enUses, null, ref, singleForm);
        if (problem) problems.push(problem);
        continue;
      }
      // A count en only chooses its words by, in a language of several forms: one wording for
      // every count, as a plural with `other` alone (sv `{counter} följare`), not a value lost.
      if (enUses.every((u) => isPlural(u.kind) && !u.pound)) {
        problems.push(...droppedCountProblems(enUses[0]!, context.locale, ref));
        continue;
      }
      problems.push({
        kind: 'argument-missing',
        at: 0,
        message: `The argument {${name}} of ${ref} is missing.`,
        hint: `Put ${spell(enUses[0]!, oneForm(enUses[0]!))} back into the translation; ${globals.has(name) ? 'the build gives every message its value, from sitegen.config.ts' : 'the page passes a value for it'}.${oneForm(enUses[0]!) ? offsetNote(enUses[0]!, ref) : ''}`,
      });
      continue;
    }
    const kindProblem = compareKinds(name, enUses, trUses, oneForm, ref);
    if (kindProblem) problems.push(kindProblem);
    else problems.push(...lostMeaning(name, enUses, trUses, oneForm, context));
  }
  for (const [name, trUses] of trArgs) {
    if (enArgs.has(name) || globals.has(name) || passed?.has(name)) continue;
    const known = [...enArgs.keys()].map((n) => `{${n}}`).join(', ');
    problems.push({
      kind: 'argument-unknown',
      at: trUses[0]!.at,
      message: passed
        ? `The argument {${name}} is not in ${ref}, and no page passes a value for it.`
        : `The argument {${name}} is not in ${ref}, so no value is passed for it.`,
      hint: hintForUnknown(known, passed, enArgs, globals, ref),
    });
  }
  problems.push(...compareTags(en, tr, ref));
  return problems;
}

function hintForUnknown(known: string, passed: ReadonlySet<string> | undefined, enArgs: Map<string, ArgUse[]>, globals: ReadonlySet<string>, ref: string): string {
  const more = passed ? [...passed].filter((n) => !enArgs.has(n) && !globals.has(n)).sort() : [];
  if (more.length > 0) return `Use only the arguments of ${ref}${known ? ` (${known})` : ''} or the values the pages pass (${more.map((n) => `{${n}}`).join(', ')}); check the spelling.`;
  return known ? `Use only the arguments of ${ref} (${known}); check the spelling.` : `${ref} has no arguments here; write the text without braces.`;
}

/** See compareToReference. */
type OneForm = (use: ArgUse) => boolean;

/**
 * Whether en only chooses words by a count (plural or selectordinal) and never shows it (`#` or
 * `{n}`), in a language where counts have one form. (A select is no count: see oneTextForAll.)
 */
function onlySelects(enUses: ArgUse[], oneForm: OneForm): boolean {
  return enUses.every((u) => oneForm(u) && isPlural(u.kind) && !u.pound);
}

function compareKinds(name: string, enUses: ArgUse[], trUses: ArgUse[], oneForm: OneForm, ref: string): Problem | undefined {
  const enGroups = new Set(enUses.map((u) => GROUP[u.kind]).filter((g) => g !== 'any'));
  if (enGroups.size === 0) return undefined;
  const wrong = trUses.find((u) => GROUP[u.kind] !== 'any' && !enGroups.has(GROUP[u.kind]));
  if (!wrong) return undefined;
  const enUse = enUses.find((u) => GROUP[u.kind] !== 'any')!;
  return {
    kind: 'argument-kind',
    at: wrong.at,
    message: `{${name}} is a ${enUse.kind} argument in ${ref} but a ${wrong.kind} here.`,
    hint: `Use it as ${ref} does, for example ${spell(enUse, oneForm(enUse))}.`,
  };
}

/**
 * A translation that keeps the argument but drops how en formats it. In a one-form language a
 * count shown as `{n}` or `{n, number}` instead of a plural is idiomatic, not a loss.
 */
function lostMeaning(name: string, enUses: ArgUse[], trUses: ArgUse[], oneForm: OneForm, context: CompareContext): Problem[] {
  const { reference: ref, numeralsKeepForm = false } = context;
  const problems: Problem[] = [];
  const at = trUses[0]!.at;
  const has = (pred: (u: ArgUse) => boolean) => trUses.some(pred);
  const lost = (enUse: ArgUse, what: string, hint = `Keep the formatting of ${ref}: ${spell(enUse, oneForm(enUse) || (enUse.kind === 'plural' && numeralsKeepForm))}.`) =>
    problems.push({
      kind: 'lost-meaning',
      at,
      message: `${ref} ${what}; the translation has ${[...new Set(trUses.map((t) => spell(t)))].join(', ')}.`,
      hint,
    });
  for (const u of enUses) {
    if (u.kind === 'number' || u.kind === 'date' || u.kind === 'time') {
      if (u.style && !has((t) => t.kind === u.kind && sameFormat(u.kind, u.style, t.style))) lost(u, `formats {${name}} as ${u.kind}, ${u.style}`);
      else if (!u.style && !has((t) => t.kind === u.kind || (u.kind === 'number' && GROUP[t.kind] === 'number'))) {
        lost(u, `formats {${name}} as a ${u.kind}`);
      }
    } else if (isPlural(u.kind)) {
      const plurals = trUses.filter((t) => isPlural(t.kind));
      const singleForm = oneForm(u);
      if (u.offset && !plurals.some((t) => t.offset === u.offset)) {
        if (!singleForm) lost(u, `subtracts offset:${u.offset} from {${name}} before choosing a plural form`);
        else if (u.pound && showsCount(trUses, u.offset)) {
          lost(
            u,
            `shows {${name}} minus ${u.offset} (\`#\` after offset:${u.offset})`,
            `This language has one plural form, so offset:${u.offset} changes only the number shown, never the words.${offsetNote(u, ref)}`,
          );
        }
      } else if (!u.offset && !singleForm && plurals.length === 0 && u.kind === 'plural' && !numeralsKeepForm) {
        // A count shown without a plural: its words are the same for every count, unless the
        // number stands apart from them (ru `Новых сообщений: {n}`, a label and its number).
        const among = trUses.find((t) => (t.kind === 'plain' || t.kind === 'number') && !setApart(context.text, t));
        if (among) problems.push(...sameWordsForEveryCount(name, among, context));
        else if (!has((t) => GROUP[t.kind] === 'number')) lost(u, `formats {${name}} as a number (${u.kind})`, `Show it as a number: {${name}, number}.`);
      } else if (!u.offset && !singleForm && !has((t) => GROUP[t.kind] === 'number')) lost(u, `formats {${name}} as a number (${u.kind})`);
      if (u.kind === 'plural' && u.options.has('=0')) problems.push(...zeroLeftOut(name, u, plurals, context.locale, ref));
    } else if (u.kind === 'select') {
      const selects = trUses.filter((t) => t.kind === 'select');
      if (selects.length === 0) {
        lost(u, `chooses the text by the value of {${name}} (select)`);
        continue;
      }
      const covered = new Set(selects.flatMap((t) => [...t.options]));
      const missing = [...u.options].filter((o) => o !== 'other' && !covered.has(o));
      if (missing.length > 0 && covered.size === 1 && covered.has('other')) {
        const problem = oneTextForAll(name, [u], selects[0]!.at, ref, oneForm(u));
        if (problem) problems.push(problem);
      } else if (missing.length > 0) {
        problems.push({
          kind: 'select-missing',
          at: selects[0]!.at,
          message: `The select on {${name}} has no case for ${missing.map((o) => `\`${o}\``).join(', ')}, so those values get the \`other\` text.`,
          hint: `Add ${missing.map((o) => `${o} {…}`).join(' ')} as in ${ref}.`,
        });
      }
    }
  }
  return problems;
}

/**
 * Whether the translation's style `tr` formats a value as en's `en` does, though written otherwise:
 * - a number skeleton's tokens in any order, and `percent` as `::percent` (the same formatter);
 * - a date or time skeleton that shows every field en's shows, in any order and width, with the
 *   hour of any cycle: ICU orders and spells a skeleton's fields as each language does, so de
 *   `::dMMM` for en `::MMMd` and ru `::dMMMM` (`5 мая`) are a translator's choices, and so is de
 *   `::Hmm` (a 24-hour clock) for en `::hmma`. A field en shows and the translation does not (the
 *   year of `::yMMMd`) is lost; style words (`short`, `long`) are compared as they are.
 */
function sameFormat(kind: ArgKind, en: string, tr: string): boolean {
  if (en === tr) return true;
  if (kind === 'number') return numberTokens(en) === numberTokens(tr);
  if ((kind === 'date' || kind === 'time') && en.startsWith('::') && tr.startsWith('::')) {
    const shown = dateFields(tr);
    return [...dateFields(en)].every((field) => shown.has(field));
  }
  return false;
}

const numberTokens = (style: string) => (style.startsWith('::') ? style.slice(2) : style).trim().split(/\s+/).sort().join(' ');

/** Each date field letter of ICU's skeletons, as the field it shows (year, month, weekday, hour...); the day period (`a`), which only a 12-hour clock needs, is left out. */
const DATE_FIELD: Record<string, string> = {
  ...Object.fromEntries([...'yYuUr'].map((c) => [c, 'year'])),
  ...Object.fromEntries([...'Qq'].map((c) => [c, 'quarter'])),
  ...Object.fromEntries([...'ML'].map((c) => [c, 'month'])),
  ...Object.fromEntries([...'Eec'].map((c) => [c, 'weekday'])),
  ...Object.fromEntries([...'hHkKjJC'].map((c) => [c, 'hour'])),
  ...Object.fromEntries([...'zZOvVXx'].map((c) => [c, 'zone'])),
};

function dateFields(skeleton: string): Set<string> {
  const fields = new Set<string>();
  for (const c of skeleton.slice(2)) if (/[A-Za-z]/.test(c) && !'abB'.includes(c)) fields.add(DATE_FIELD[c] ?? c);
  return fields;
}

/**
 * en's own text for nothing (`{n, plural, =0 {Your cart is empty} one {# item} other {# items}}`)
 * that the translation leaves out: 0 then gets the text of a count (fr `0 article`, de `0 Artikel`),
 * which often reads right but says less than en. An info. An `=0` of the translation, or a
 * category only 0 selects (ar and lv `zero`), keeps it.
 */
function zeroLeftOut(name: string, enUse: ArgUse, plurals: ArgUse[], locale: CompareContext['locale'], ref: string): Problem[] {
  const categories = pluralCategories(locale.iso, 'cardinal');
  const kept = plurals.some((t) => t.options.has('=0') || (t.offset === 0 && [...t.options].some((c) => zeroOnly(categories, c))));
  if (kept) return [];
  const zero = new Intl.PluralRules(locale.iso).select(-enUse.offset);
  return [
    {
      kind: 'plural-missing',
      severity: 'info',
      at: plurals[0]?.at ?? 0,
      message: `${ref} has its own text for {${name}} = 0 (\`=0\`); the translation has none, so 0 gets ${plurals.length > 0 ? `the \`${plurals[0]!.options.has(zero) ? zero : 'other'}\` text` : 'the same text as any count'}.`,
      hint: `Nothing to do if that reads right for 0; otherwise add =0 {…} as ${ref} does.`,
    },
  ];
}

/**
 * Whether the argument `use` of `text` stands apart from the words of the message: alone, after
 * a colon, or in brackets (`Nachrichten: {n, number}`, `Posteingang ({n})`), tags around it aside.
 * Then no word depends on the number, in any language.
 */
function setApart(text: string, use: ArgUse): boolean {
  const end = text.indexOf('}', use.at) + 1;
  let before = text.slice(0, use.at).trimEnd();
  let after = text.slice(end).trimStart();
  for (let tag = /<\/?[A-Za-z][\w-]*>$/.exec(before); tag; tag = /<\/?[A-Za-z][\w-]*>$/.exec(before)) before = before.slice(0, tag.index).trimEnd();
  for (let tag = /^<\/?[A-Za-z][\w-]*>/.exec(after); tag; tag = /^<\/?[A-Za-z][\w-]*>/.exec(after)) after = after.slice(tag[0].length).trimStart();
  // A colon, an opening bracket, or their full-width forms (：（）), as CJK text writes them.
  return (before === '' && after === '') || /[:\uff1a(\uff08[]$/.test(before) || /^[)\uff09\]]/.test(after);
}

/**
 * A count en chooses its words by, shown by the translation beside words that cannot change with
 * it, in a language whose words do (de `{n, number} neue Nachrichten`: `1 neue Nachrichten`).
 */
function sameWordsForEveryCount(name: string, shown: ArgUse, context: CompareContext): Problem[] {
  const { locale, reference: ref } = context;
  const { missing, examples } = formsBesidesOther({ kind: 'plural', offset: 0 }, locale);
  if (missing.length === 0) return [];
  return [
    {
      kind: 'plural-missing',
      at: shown.at,
      message: `The translation shows {${name}} with the same words for every count, where ${ref} chooses them by it: ${locale.code} has its own forms for ${examples}.`,
      hint: `Choose the words by the count: {${name}, plural, ${missing.map((c) => `${c} {# …}`).join(' ')} other {# …}}; or set the number apart from them (\`…: {${name}, number}\`).`,
    },
  ];
}

/** The cases of a select by gender (`{gender, select, female {She} male {He} other {They}}`). */
const GENDER_CASE = /^(?:female|male|feminine|masculine|neuter|non-?binary|woman|man|f|m)$/i;

/**
 * A translation that says one text for every value of en's select on `name`: dropped (`at`
 * null) or with `other` alone. By gender, a neutral wording is a translator's choice (tr
 * `Listesine ekledi`, de `Es wurde auf die Liste gesetzt`): an info; none at all in a language
 * of one plural form (`singleForm`: ja, zh, ko...), which leaves the person unsaid as a rule. By
 * anything else (`ios {App Store} android {Google Play}`), those values lose their own text: a
 * warning in every language.
 */
function oneTextForAll(name: string, enUses: ArgUse[], at: number | null, ref: string, singleForm: boolean): Problem | null {
  const cases = [...new Set(enUses.flatMap((u) => [...u.options]))].filter((o) => o !== 'other');
  const byGender = cases.every((o) => GENDER_CASE.test(o));
  if (byGender && singleForm) return null;
  const listed = cases.map((o) => `\`${o}\``).join(', ');
  const how = at === null ? 'has no select on it' : 'has `other` alone';
  const add = `${cases.map((o) => `${o} {…}`).join(' ')}`;
  return byGender
    ? {
        kind: 'select-missing',
        severity: 'info',
        at: at ?? 0,
        message: `The translation says the same for every value of {${name}} (it ${how}), where ${ref} has its own text for ${listed}.`,
        hint: `Nothing to do if the wording needs no gender; otherwise choose by {${name}} as ${ref} does (${add}).`,
      }
    : {
        kind: 'select-missing',
        at: at ?? 0,
        message: `The translation says the same for every value of {${name}} (it ${how}): ${listed} ${cases.length > 1 ? 'get' : 'gets'} the text ${ref} writes for the rest.`,
        hint: `Choose by {${name}} as ${ref} does: {${name}, select, ${add} other {…}}.`,
      };
}

/** For a one-form language: what `{n, number}` shows where en's plural has an offset, and what to do. */
function offsetNote(enUse: ArgUse, ref: string): string {
  if (!enUse.offset || !enUse.pound) return '';
  return ` {${enUse.name}} shows the whole count (${enUse.offset + 2} where ${ref}'s \`#\` shows 2, after offset:${enUse.offset}): word the text for the whole count.`;
}

/**
 * Whether the translation prints the count unchanged: as `{n}`, `{n, number}`, or `#` of a plural
 * without en's offset. (A one-form language's plural that only picks exact cases prints nothing.)
 */
function showsCount(trUses: ArgUse[], offset: number): boolean {
  return trUses.some((t) => t.kind === 'plain' || t.kind === 'number' || (isPlural(t.kind) && t.pound && t.offset !== offset));
}

/** `link/b` -> `<b> inside <link>`; `b` -> `<b> outside other tags`. */
const nesting = (tagPath: string) =>
  tagPath.includes('/') ? tagPath.split('/').reverse().map((t) => `<${t}>`).join(' inside ') : `<${tagPath}> outside other tags`;

function compareTags(en: MessageShape, tr: MessageShape, ref: string): Problem[] {
  const problems: Problem[] = [];
  for (const [tag] of en.tags) {
    if (tr.tags.has(tag)) continue;
    problems.push({
      kind: 'tag-mismatch',
      at: 0,
      message: `The tag <${tag}> of ${ref} is missing.`,
      hint: `Wrap the matching words in <${tag}>…</${tag}> as ${ref} does.`,
    });
  }
  for (const [tag, at] of tr.tags) {
    if (en.tags.has(tag)) continue;
    problems.push({
      kind: 'tag-mismatch',
      at,
      message: `The tag <${tag}> is not in ${ref}.`,
      hint: `Use only the tags of ${ref}${en.tags.size ? ` (${[...en.tags.keys()].map((t) => `<${t}>`).join(', ')})` : ''}; the page renders nothing else.`,
    });
  }
  if (problems.length > 0) return problems;
  for (const [tagPath, at] of tr.tagPaths) {
    if (en.tagPaths.has(tagPath)) continue;
    problems.push({
      kind: 'tag-nesting',
      at,
      message: `The tags are nested differently from ${ref}: ${ref} has no ${nesting(tagPath)}.`,
      hint: `Nest the tags as ${ref} does: ${[...en.tagPaths.keys()].map(nesting).join(', ')}.`,
    });
  }
  return problems;
}
