/**
 * Job results stay small however large the site: a build keeps every page's result until the end
 * (verification, the check's used keys, dev's rebuild decisions), and at 20 times the real site's
 * size their per-page copies were a large part of the peak memory. Pages of one route, in every
 * locale and in a site's many similar routes, read the same keys, pass the same values and use the
 * same enhancers, so equal lists are kept once: per renderer (the main thread or a worker), and
 * again on the main thread for the results a worker sends (a message between threads copies every
 * string). A list that is frozen already is shared already (this compactor's own, or one the
 * render cache parsed once for every entry holding it): it is kept as it is, without the JSON
 * text that finds an equal one (a tenth of a cached page's time in a profile at 20x).
 */
import type { JobResult, RenderJob } from './context.ts';

const NO_FALLBACKS = Object.freeze([]) as unknown as JobResult['fallbacks'];
/** The links of a result whose links were judged and dropped (stages.ts): one empty list for all. */
export const NO_LINKS = Object.freeze([]) as unknown as JobResult['links'];

/**
 * The JSON text of each shared list and record a compactor made: it is made anyway, to find an
 * equal one, and a page's cache entry (render-cache.ts) holds the same text. (The compactor keeps
 * it as its map's key already: no more memory.)
 */
const texts = new WeakMap<object, string>();

/** `JSON.stringify(value)`, made once for a list or record this module shares. */
export function jsonText(value: object): string {
  return texts.get(value) ?? JSON.stringify(value);
}

export class ResultCompactor {
  private lists = new Map<string, readonly string[]>();
  private records = new Map<string, Readonly<Record<string, readonly string[]>>>();
  private texts = new Map<string, string>();

  /**
   * The result with its used keys, passed values and enhancer names replaced by equal shared,
   * frozen ones. `job`: the job of a result that came from another thread, whose every string is
   * a copy: its page file and locale become the job's own, its cache status and pack name shared
   * ones, and no fallbacks one shared empty list (at 20 times the real site's size, a worker's
   * 2,500 results held ~0.5 MB of such copies on the main thread until the end of the build).
   */
  compact(result: JobResult, job?: RenderJob): JobResult {
    if (job) {
      result.file = job.page.file;
      result.locale = job.locale;
      if (result.cache) result.cache = this.text(result.cache);
      if (result.stored) result.stored.pack = this.text(result.stored.pack);
    }
    if (result.fallbacks.length === 0) result.fallbacks = NO_FALLBACKS;
    result.usedKeys = this.list(result.usedKeys) as string[];
    result.enhancers = this.list(result.enhancers) as string[];
    result.passedValues = this.record(result.passedValues) as Record<string, string[]>;
    return result;
  }

  private text<T extends string>(text: T): T {
    let shared = this.texts.get(text);
    if (shared === undefined) this.texts.set(text, (shared = text));
    return shared as T;
  }

  /** An equal shared, frozen list (the same one for every equal list this compactor is given). */
  list(xs: readonly string[]): readonly string[] {
    if (Object.isFrozen(xs)) return xs;
    const id = JSON.stringify(xs);
    let shared = this.lists.get(id);
    if (!shared) {
      this.lists.set(id, (shared = Object.freeze([...xs])));
      texts.set(shared, id);
    }
    return shared;
  }

  /** An equal shared, frozen record of shared lists. */
  record(values: Readonly<Record<string, readonly string[]>>): Readonly<Record<string, readonly string[]>> {
    if (Object.isFrozen(values)) return values;
    const id = JSON.stringify(values);
    let shared = this.records.get(id);
    if (!shared) {
      const copy: Record<string, readonly string[]> = {};
      for (const key in values) copy[key] = this.list(values[key]!);
      this.records.set(id, (shared = Object.freeze(copy)));
      // The copy has the same keys in the same order and equal lists: the same text.
      texts.set(shared, id);
    }
    return shared;
  }
}
