/**
 * One locale against en: both trees walked side by side, each translated message compared with
 * en's (arguments, tags, plural and blank cases, text identical to en), and the counts of the
 * report's row.
 */
import { flatten } from '../i18n/messages.ts';
import { checkEmptyCases, checkPlurals } from './case-check.ts';
import { compareToReference } from './compare-message.ts';
import { matchesReference, type CategoriesOf } from './fast-shape.ts';
import { FindingList } from './findings.ts';
import { keepLayout } from './keep-layout.ts';
import { AllowList } from './key-sets.ts';
import { parseLocaleFile, type LocaleFile } from './locale-files.ts';
import { isPlainShape, isPlainText, parseMessage, sameShape, type MessageShape, type ParsedMessage } from './message-shape.ts';
import { leaf, subtree, type MessageTree } from './message-tree.ts';
import { pluralCategories, type PluralCategories } from './plural-categories.ts';
import { checkReference, flatReference, syntaxProblem, type Reference } from './reference.ts';
import type { Run } from './run.ts';
import { isSpaceChar, LETTER } from './shape.ts';
import { visibleWordCount } from './visible-words.ts';
import { entityProblem } from './html-entities.ts';

export interface Counts {
  translated: number;
  missing: number;
  extra: number;
}

/**
 * Compares one locale's messages with en: walks both trees side by side, and makes a key string
 * only for a finding. Counts need no keys: every message of the file either sits where en has one
 * (`matched`) or is extra, so extra keys are looked for only when the numbers say there are some.
 */
export function checkTranslation(run: Run, ref: Reference, file: LocaleFile): Counts {
  const flat = ref.flat || file.facts.dotted;
  const en = flat ? flatReference(ref) : ref;
  const tr = flat ? flatten(file.file, file.tree) : file.tree;
  const walk = new TranslationWalk(run, en, file);
  walk.compare(en.tree, tr, '');
  if (walk.matched < (flat ? Object.keys(tr).length : file.facts.leaves)) walk.extras(tr, en.tree, '');
  return walk.counts;
}

const NO_KEYS: string[] = [];
const NO_VALUES: (string | MessageTree)[] = [];

class TranslationWalk {
  readonly counts: Counts = { translated: 0, missing: 0, extra: 0 };
  /** Messages of the file found where en has one. */
  matched = 0;
  /** Index of the current en message in `ref.shapes`. */
  private index = 0;
  /** The language's plural categories, for a translation read against en. */
  private readonly categoriesOf: CategoriesOf;

  constructor(
    private readonly run: Run,
    private readonly ref: Reference,
    private readonly file: LocaleFile,
  ) {
    const iso = file.locale.iso;
    // Each kept at its first use: every plural of the file asks (the cache behind is keyed by language).
    let cardinal: PluralCategories | undefined;
    let ordinal: PluralCategories | undefined;
    this.categoriesOf = (kind) => (kind === 'plural' ? (cardinal ??= pluralCategories(iso, 'cardinal')) : (ordinal ??= pluralCategories(iso, 'ordinal')));
  }

  /** Every message of `en` against the same place in `tr` (undefined: the locale has nothing there). */
  compare(en: MessageTree, tr: MessageTree | undefined, prefix: string): void {
    // The locale's keys mostly come in en's order: take its values in step, by position, and look
    // a key up by name only where the orders part (a missing or an extra key). Looking every key
    // up by name was a slow lookup: each object of each file has its own set of keys.
    const trKeys = tr ? Object.keys(tr) : NO_KEYS;
    const trValues = tr ? Object.values(tr) : NO_VALUES;
    let j = 0;
    for (const key in en) {
      const enValue = en[key]!;
      let value: string | MessageTree | undefined;
      if (trKeys[j] === key) value = trValues[j++];
      else {
        value = tr?.[key];
        // One extra key of the locale before this one: step over it.
        if (trKeys[j + 1] === key) j += 2;
      }
      if (typeof enValue === 'string') {
        const shape = this.ref.shapes[this.index++];
        if (typeof value !== 'string') this.missing(prefix + key);
        else {
          this.matched++;
          this.message(prefix, key, enValue, shape ?? null, value);
        }
      } else this.compare(enValue, value !== null && typeof value === 'object' ? value : undefined, prefix + key + '.');
    }
  }

  /** Messages of `tr` with no message of en at the same place. */
  extras(tr: MessageTree, en: MessageTree | undefined, prefix: string): void {
    for (const key in tr) {
      const value = tr[key]!;
      if (typeof value !== 'string') this.extras(value, subtree(en, key), prefix + key + '.');
      else if (leaf(en, key) === undefined) {
        this.counts.extra++;
        this.run.findings.addKey(
          this.file,
          prefix + key,
          'extra-key',
          `The key is not in ${this.run.reference}, so no page uses it.`,
          `Delete it, or fix its name if it was meant to translate a key of ${this.run.reference} (a typo or a renamed key).`,
        );
      }
    }
  }

  private missing(key: string): void {
    this.counts.missing++;
    this.run.findings.add({
      locale: this.file.locale.code,
      key,
      file: this.file.file,
      kind: 'missing-key',
      message: `Not translated: the key is missing, so pages show the ${this.run.reference} text.`,
      hint: `Add "${key}" to ${this.file.file}.`,
    });
  }

  /** One translated message against en's; the key (`prefix + key`) is only made for a finding. */
  private message(prefix: string, key: string, enValue: string, enShape: MessageShape | null, value: string): void {
    const { run, file } = this;
    if (isBlank(value) && !isBlank(enValue)) {
      run.findings.addProblem(file, prefix + key, {
        kind: 'empty',
        at: 0,
        message: `The translation is empty, so pages show the ${run.reference} text.`,
        hint: 'Write the translation, or remove the key until it is translated.',
      });
      return;
    }
    // An entity en has too is en's finding.
    const entities = value !== enValue && value.includes('&') ? entityProblem(value) : null;
    if (entities) run.findings.addProblem(file, prefix + key, entities);
    // A text identical to en has en's shape, and plain text where en has plain text too has
    // nothing to compare (most messages of a site): neither is read again.
    const same = enShape !== null && (value === enValue || (isPlainShape(enShape) && isPlainText(value)));
    // Most translations keep en's arguments, tags and cases exactly: read against en's shape,
    // they are known to be fine without making a shape of their own.
    if (!same && enShape !== null && matchesReference(value, enShape, this.categoriesOf)) {
      this.counts.translated++;
      return;
    }
    const parsed: ParsedMessage | null = same ? null : parseMessage(value);
    if (parsed && !parsed.ok) {
      // The build cannot format it: not translated, whatever it says.
      run.findings.addProblem(file, prefix + key, syntaxProblem(parsed.error), true);
      return;
    }
    const shape = parsed ? parsed.shape : enShape!;
    if (!same && enShape && !sameShape(enShape, shape)) {
      const context = { globals: run.globals, passed: run.passed?.get(prefix + key), singleForm: this.categoriesOf('plural').single, numeralsKeepForm: this.categoriesOf('plural').numeralsKeepForm, singleOrdinal: this.categoriesOf('selectordinal').single || this.categoriesOf('selectordinal').numeralsKeepForm, reference: run.reference, locale: file.locale, text: value };
      for (const problem of compareToReference(enShape, shape, context)) run.findings.addProblem(file, prefix + key, problem);
    }
    if (shape.hasPlural) for (const problem of checkPlurals(shape, file.locale, enShape)) run.findings.addProblem(file, prefix + key, problem);
    if (shape.hasEmptyCase && enShape && !same) for (const problem of checkEmptyCases(enShape, shape, file.locale, run.reference)) run.findings.addProblem(file, prefix + key, problem);
    // A message of nothing but a URL, an address or a hashtag has no words to translate.
    const words = value === enValue && needsTranslation(enShape, enValue) && !run.allow.has(file.locale.code, prefix + key) ? this.words(enValue) : 0;
    if (words > 0) {
      run.findings.addProblem(file, prefix + key, {
        kind: 'untranslated',
        // One or two words are mostly shared by both languages (Menu, Status, Spam): worth a look only.
        severity: words <= 2 ? 'info' : undefined,
        at: 0,
        message: words <= 2 ? `Identical to ${run.reference}, but only ${words === 1 ? 'one word' : `${words} words`}: often the same in both languages (Menu, Status).` : `The translation is identical to ${run.reference}.`,
        hint:
          words <= 2
            ? `Nothing to do if ${file.locale.code} says it this way; to silence it, add "${prefix + key}" to \`untranslated.${file.locale.code}\` in sitegen.config.ts.`
            : `Translate it; if it must stay as in ${run.reference} (a brand name), add "${prefix + key}" to \`untranslated\` in sitegen.config.ts.`,
      });
      if (words > 2) return;
    }
    this.counts.translated++;
  }

  private words(enValue: string): number {
    let n = this.run.words.get(enValue);
    if (n === undefined) this.run.words.set(enValue, (n = visibleWordCount(enValue)));
    return n;
  }
}

/**
 * A walk of an empty file against an empty en: kept, so that every walk's layout is (see
 * keep-layout.ts). Made when the module loads, it asks Intl for nothing.
 */
function idleWalk(): TranslationWalk {
  const locale = { code: 'und', iso: 'und', file: 'und.json', name: '', dir: 'ltr' } as const;
  const file = parseLocaleFile({ locale, file: 'und.json', source: '{}' });
  const run: Run = { reference: 'und', findings: new FindingList(), allow: new AllowList({}), globals: new Set(), words: new Map() };
  return new TranslationWalk(run, checkReference(run, file), file);
}
keepLayout(idleWalk());

/** Empty or only whitespace, without allocating for the usual non-blank text. */
function isBlank(s: string): boolean {
  if (s.length === 0) return true;
  const c = s.charCodeAt(0);
  // Most text starts with a character that is plainly not a space.
  if (c > 32 && c < 0xa0) return false;
  return isSpaceChar(c) && s.trim() === '';
}

/** Text with no letters outside arguments (`{product}`, `© {year}`, `24/7`) reads the same in every language. */
function needsTranslation(shape: MessageShape | null | undefined, text: string): boolean {
  return shape ? shape.hasLetters : LETTER.test(text);
}

