/**
 * Which plural categories a language needs, derived from CLDR through `Intl.PluralRules` instead
 * of a hand-written table (which would drift from the data the browser and intl-messageformat use).
 * Two short lists say what CLDR does not: where nouns keep their form after a numeral
 * (NUMERALS_KEEP_FORM), and categories a language has for a few words only (FEW_WORDS).
 *
 * - `allowed`: every category the language has at all (`resolvedOptions().pluralCategories`).
 * - `required`: the categories whole numbers below a million select. A category reached only by
 *   fractions or by millions (the `many` of fr, es, it and pt) is optional: a site that counts
 *   things never shows it, so demanding it would be a false alarm.
 * - `numbers`: for categories selected by very few whole numbers (ar `zero` is only 0, fr `one`
 *   is 0 and 1), exactly those numbers, so that `=0` and `=1` cases can count as covering them.
 */
export interface PluralCategories {
  allowed: ReadonlySet<string>;
  /** The categories whole numbers select (below a million). */
  required: ReadonlySet<string>;
  /** Whether the language has one category only (ja, ko, zh, th, vi, id, ms): a count never changes the words. */
  single: boolean;
  /**
   * Whether a noun after a numeral keeps one form whatever the number (tr, hu, fa, ...; see
   * NUMERALS_KEEP_FORM): `other {# gün}` reads right for 1 as for 5, and `{n, number} gün` too.
   * For ordinals: whether a rank in digits does (ga `1ú`, vi `thứ 1`; DIGIT_RANKS_KEEP_FORM).
   */
  numeralsKeepForm: boolean;
  /** Category -> the whole numbers below a million selecting it, when there are at most FEW of them. */
  numbers: ReadonlyMap<string, readonly number[]>;
  /** Category -> the first whole numbers selecting it, for messages (`few`: 2, 3, 4). */
  examples: ReadonlyMap<string, readonly number[]>;
  /** `allowed` and `required` as bits (categoryBit), for a translation read against en (fast-shape.ts). */
  allowedBits: number;
  requiredBits: number;
}

export type PluralType = 'cardinal' | 'ordinal';

const FEW = 5;

/**
 * Languages whose nouns take one form after any numeral: Turkish `1 gün`, `5 gün`, Hungarian
 * `1 alma`, `5 alma`, Persian, Georgian, and the Turkic languages. CLDR gives them `one` and
 * `other` (the words for 1 may still differ without the number: `Gönderi gizlendi` against
 * `Gönderiler gizlendi`), but a translation whose plural shows the number needs no `one` (see
 * case-check.ts). Neither CLDR nor Intl says so: listed, by language subtag.
 */
const NUMERALS_KEEP_FORM: ReadonlySet<string> = new Set(['tr', 'az', 'kk', 'ky', 'uz', 'tk', 'hu', 'fa', 'ka']);

/**
 * Languages whose rank, written in digits, reads the same for every number, though CLDR gives
 * their ordinals `one` and `other` for the words (Irish `an chéad` against `an dara`, Vietnamese
 * `thứ nhất` against `thứ hai`): Irish `1ú`, `2ú`, Vietnamese `thứ 1`, `thứ 2`, Malay `ke-1`,
 * Filipino `ika-1`, Lao `ທີ 1`. A translation that shows en's selectordinal as `{n}` or
 * `{n, number}` there, or whose selectordinal shows `#` in `other` alone, loses nothing.
 */
const DIGIT_RANKS_KEEP_FORM: ReadonlySet<string> = new Set(['ga', 'vi', 'ms', 'fil', 'lo']);

/**
 * Categories a language has for a few words only, `other` counting the rest: Hebrew's `two`, a
 * dual of some nouns of time and measure (יומיים, two days; שעתיים, two hours), while two of
 * anything else take the plural (2 ביקורות). By language subtag, with examples for the finding.
 */
const FEW_WORDS: Readonly<Record<string, { category: string; examples: string }>> = {
  he: { category: 'two', examples: 'יומיים, two days; שעתיים, two hours' },
};

/** The language subtag of a BCP 47 tag (`pt` of `pt-BR`). */
const languageOf = (iso: string) => iso.split('-')[0]!.toLowerCase();

/** For a category the language has for a few words only (FEW_WORDS): examples of those words; else null. */
export function fewWordsCategory(iso: string, category: string): string | null {
  const few = FEW_WORDS[languageOf(iso)];
  return few?.category === category ? few.examples : null;
}
/** The order CLDR and translators list categories in. */
const CLDR_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];
/**
 * The bit of the category named by `text` from `start` to `end` (compared in place, nothing
 * copied), in CLDR order: `zero` 1 ... `other` 32; 0 for a name that is no category.
 */
export function categoryBit(text: string, start: number, end: number): number {
  for (let k = 0; k < CLDR_ORDER.length; k++) {
    const name = CLDR_ORDER[k]!;
    if (name.length === end - start && text.startsWith(name, start)) return 1 << k;
  }
  return 0;
}
export const OTHER_BIT = categoryBit('other', 0, 5);

const bitsOf = (categories: Iterable<string>) => {
  let bits = 0;
  for (const c of categories) bits |= categoryBit(c, 0, c.length);
  return bits;
};

/** Per type, per language: looked up for every plural of every message, so without building a key. */
const cache = { cardinal: new Map<string, PluralCategories>(), ordinal: new Map<string, PluralCategories>() };

/**
 * Whole numbers probed: every number below 1,100 (all last-two and last-three digit patterns,
 * which is what CLDR integer rules test) and the same residues at larger magnitudes, for rules
 * that also look at the thousands. About 1,600 calls instead of a million.
 */
const PROBES: readonly number[] = (() => {
  const out: number[] = [];
  for (let n = 0; n < 1100; n++) out.push(n);
  const residues = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 19, 20, 21, 22, 25, 80, 100, 101, 102, 111, 200, 800];
  for (const thousands of [1, 2, 3, 5, 8, 10, 11, 20, 21, 100, 101, 111, 200, 500, 800, 999]) {
    for (const r of residues) out.push(thousands * 1000 + r);
  }
  return out;
})();

export function pluralCategories(iso: string, type: PluralType): PluralCategories {
  let found = cache[type].get(iso);
  if (found) return found;
  const rules = new Intl.PluralRules(iso, { type });
  const categories = rules.resolvedOptions().pluralCategories;
  // One category (ja, ko, zh, th, vi, id and ms count so, most languages' ordinals too): every
  // number selects it, which the probes (~1,600 calls, a few ms of each cold build) only confirm.
  if (categories.length === 1) {
    const bits = bitsOf(categories);
    found = { allowed: new Set(categories), required: new Set(categories), single: true, numeralsKeepForm: type === 'cardinal', numbers: new Map(), examples: new Map([[categories[0]!, PROBES.slice(0, 3)]]), allowedBits: bits, requiredBits: bits };
    cache[type].set(iso, found);
    return found;
  }
  // The categories whole numbers select, probed on first use: a plural with every category of its
  // language needs none (fast-shape.ts), as a catalogue's ru plurals mostly have. Probing stops
  // once every category was seen (en and de after 0 and 1, ar after 100); only a language with a
  // category that no whole number below a million selects (the `many` of fr, es, it, pt; ru's
  // `other`) is probed in full.
  let required: { set: Set<string>; bits: number } | undefined;
  const requiredOnce = () => (required ??= wholeNumberCategories(rules, categories.length));
  // Which numbers select each category only a finding needs: every probe, made on first use.
  let probed: Pick<PluralCategories, 'numbers' | 'examples'> | undefined;
  found = {
    allowed: new Set(categories),
    get required() {
      return requiredOnce().set;
    },
    single: false,
    numeralsKeepForm: (type === 'cardinal' ? NUMERALS_KEEP_FORM : DIGIT_RANKS_KEEP_FORM).has(languageOf(iso)),
    get numbers() {
      return (probed ??= numbersOf(rules)).numbers;
    },
    get examples() {
      return (probed ??= numbersOf(rules)).examples;
    },
    allowedBits: bitsOf(categories),
    get requiredBits() {
      return requiredOnce().bits;
    },
  };
  cache[type].set(iso, found);
  return found;
}

/** The categories the probes select, probing until `count` (all the language has) were seen. */
function wholeNumberCategories(rules: Intl.PluralRules, count: number): { set: Set<string>; bits: number } {
  const set = new Set<string>();
  for (const n of PROBES) {
    set.add(rules.select(n));
    if (set.size === count) break;
  }
  return { set, bits: bitsOf(set) };
}

/** For each category, the probes that select it: all of them when at most FEW, and the first three. */
function numbersOf(rules: Intl.PluralRules): Pick<PluralCategories, 'numbers' | 'examples'> {
  const seen = new Map<string, number[]>();
  for (const n of PROBES) {
    const category = rules.select(n);
    const list = seen.get(category);
    if (!list) seen.set(category, [n]);
    else if (list.length <= FEW) list.push(n);
  }
  const numbers = new Map<string, number[]>();
  const examples = new Map<string, number[]>();
  for (const [category, list] of seen) {
    if (list.length <= FEW) numbers.set(category, list);
    examples.set(category, list.slice(0, 3));
  }
  return { numbers, examples };
}

/**
 * Required categories a plural leaves out. A category counts as covered when every whole number
 * selecting it has an exact case: `=0` covers ar `zero`; with `offset: 1`, `=2` covers the number
 * whose category is computed from 1.
 */
export function missingCategories(categories: PluralCategories, options: ReadonlySet<string>, offset: number): string[] {
  const missing: string[] = [];
  for (const category of CLDR_ORDER) {
    if (!categories.required.has(category) || options.has(category)) continue;
    const numbers = categories.numbers.get(category);
    if (numbers && numbers.every((n) => options.has(`=${n + offset}`))) continue;
    missing.push(category);
  }
  return missing;
}

/** Whether whole numbers select `category` for 0 alone (ar `zero`): `other` commonly serves it. */
export function zeroOnly(categories: PluralCategories, category: string): boolean {
  const numbers = categories.numbers.get(category);
  return numbers !== undefined && numbers.length === 1 && numbers[0] === 0;
}

/** The categories CLDR defines; anything else in a plural is a misspelling no number selects. */
export const CLDR_CATEGORIES: ReadonlySet<string> = new Set(CLDR_ORDER);

/** Categories used that the language never selects (`one` in ja); exact `=N` cases are always fine. */
export function unusedCategories(categories: PluralCategories, options: ReadonlySet<string>): string[] {
  const unused: string[] = [];
  for (const o of options) if (!categories.allowed.has(o) && !o.startsWith('=')) unused.push(o);
  return unused;
}
