import type { Translator } from '../i18n/translator.ts';

const NO_NAMES = Object.freeze([]) as unknown as string[];

/**
 * What a page asks of the messages while it renders: the keys, and for each key asked through
 * `t` or `rich` the names of the values the calls pass. `sitegen check` uses both: unused keys,
 * and which arguments a translation may use beyond en's (a count passed beside a preformatted
 * counter so that translators can pluralise).
 */
export class UsageRecorder {
  readonly keys = new Set<string>();
  /**
   * Key -> value names passed; only keys asked through t or rich (the browser fills the others).
   * Null until a call passes one: most pass none, and a set per key was ~90 sets per page. (The
   * renderer hands it to its result compactor as it is, compact.ts.)
   */
  readonly values = new Map<string, Set<string> | null>();

  /** A call of `t(key, values)` or `rich(key, values)`. Functions are tag renderers, not arguments. */
  call(key: string, values: Record<string, unknown> | undefined): void {
    this.keys.add(key);
    let names = this.values.get(key);
    if (names === undefined) this.values.set(key, (names = null));
    if (!values) return;
    for (const name in values) {
      if (typeof values[name] === 'function') continue;
      // Set again under a key it has already: the key keeps its place in the map's order.
      if (!names) this.values.set(key, (names = new Set()));
      names.add(name);
    }
  }

  /**
   * Plain data for the job result (it crosses from the render workers). Most calls pass no values:
   * their keys share one frozen empty list (the result compactor keeps frozen lists as they are).
   */
  passedValues(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [key, names] of this.values) out[key] = names ? [...names] : NO_NAMES;
    return out;
  }
}

/** The translator a page gets: the real one, recording what is asked of it. */
export function recording(translator: Translator, usage: UsageRecorder): Translator {
  return {
    locale: translator.locale,
    t: (key, values) => (usage.call(key, values), translator.t(key, values)),
    rich: (key, values) => (usage.call(key, values), translator.rich(key, values)),
    has: (key) => translator.has(key),
    pluralForms: (key) => (usage.keys.add(key), translator.pluralForms(key)),
    namespace: (prefix) => translator.namespace(prefix),
  };
}
