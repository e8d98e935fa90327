/**
 * Job results stay small however large the site: a build keeps every page's result until the end
 * (verification, the check's used keys, dev's rebuild decisions), and at 20 times the real site's
 * size their per-page copies were a large part of the peak memory. Pages of one route, in every
 * locale and in a site's many similar routes, read the same keys, pass the same values and use the
 * same enhancers, so equal lists are kept once: per renderer (the main thread or a worker), and
 * again on the main thread for the results a worker sends (a message between threads copies every
 * string). A list that is frozen already is shared already (this compactor's own, or one the
 * render cache parsed once for every entry holding it): it is kept as it is, without looking for
 * an equal one (a tenth of a cached page's time in a profile at 20x).
 */
import type { JobResult, RenderJob } from './context.ts';

const NO_FALLBACKS = Object.freeze([]) as unknown as JobResult['fallbacks'];
/** The links of a result whose links were judged and dropped (stages.ts): one empty list for all. */
export const NO_LINKS = Object.freeze([]) as unknown as JobResult['links'];

/**
 * The JSON text of each shared list and record, and its UTF-8 bytes, made when first asked: a
 * page's cache entry (render-cache.ts) holds them, and pages that share a list share its text.
 */
const texts = new WeakMap<object, string>();
const bytes = new WeakMap<object, Buffer>();

/** `JSON.stringify(value)`, made once for a list or record this module shares (or any frozen one). */
export function jsonText(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (Object.isFrozen(value)) texts.set(value, text);
  }
  return text;
}

/** jsonText's UTF-8 bytes, made once for a frozen value. */
export function jsonBytes(value: object): Buffer {
  let made = bytes.get(value);
  if (made === undefined) {
    made = Buffer.from(jsonText(value));
    if (Object.isFrozen(value)) bytes.set(value, made);
  }
  return made;
}

/** A number that equal lists of strings share (lists that differ mostly do not): where to look for an equal one. */
function mix(print: number, item: string): number {
  const n = item.length;
  return (Math.imul(print ^ n, 0x01000193) + (n === 0 ? 0 : item.charCodeAt(n >> 1) + item.charCodeAt(n - 1))) | 0;
}
/** Ends a key's value names in a record's print (no string's own mix gives it on its own). */
const END = 0x5bd1e995;

/**
 * Calls `fn` with each string of a list or set, in order. Not for-of: a page's set of keys, its
 * map of passed names and the lists of a worker's results all meet here, and iterated with for-of
 * each of their ~90 strings made an iterator result (and each map entry an array) of its own:
 * ~15 KB of garbage per page.
 */
function eachItem(items: readonly string[] | ReadonlySet<string>, fn: (item: string) => void): void {
  if (Array.isArray(items)) for (let i = 0; i < items.length; i++) fn(items[i]!);
  else (items as ReadonlySet<string>).forEach(fn);
}

/** Calls `fn` with each key and its names, in order, of a record or a map (see eachItem). */
function eachEntry(values: Readonly<Record<string, readonly string[]>> | ReadonlyMap<string, Names>, fn: (key: string, names: Names) => void): void {
  if (values instanceof Map) (values as ReadonlyMap<string, Names>).forEach((names, key) => fn(key, names));
  else for (const key in values) fn(key, (values as Readonly<Record<string, readonly string[]>>)[key]!);
}

/** Whether `items` (a page's list or set) holds the shared list's strings in its order. */
function sameItems(items: readonly string[] | ReadonlySet<string>, size: number, shared: readonly string[]): boolean {
  if (size !== shared.length) return false;
  let i = 0;
  let same = true;
  eachItem(items, (item) => {
    if (same && item !== shared[i++]) same = false;
  });
  return same;
}

/** The one shared empty list. */
const NO_NAMES = Object.freeze([]) as readonly string[];

type Names = ReadonlySet<string> | readonly string[] | null;
const sizeOf = (names: Names) => (names === null ? 0 : 'size' in names ? names.size : names.length);

/** A shared record with its keys and lists in the order they were given (for comparing). */
interface SharedRecord {
  record: Readonly<Record<string, readonly string[]>>;
  entries: [string, readonly string[]][];
}

export class ResultCompactor {
  /**
   * Shared lists and records by a print of their strings, found by comparing them string by
   * string. (Found by their JSON text, as before, each page's lists were turned into ~6 KB of
   * text to find the shared ones: 8% of a page's time of its own, at 20 times the real site's size.)
   */
  private lists = new Map<number, (readonly string[])[]>();
  private records = new Map<number, SharedRecord[]>();
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
      result.route = job.page.path;
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

  /** An equal shared, frozen list (the same one for every equal list or set this compactor is given). */
  list(xs: readonly string[] | ReadonlySet<string>): readonly string[] {
    if (Object.isFrozen(xs)) return xs as readonly string[];
    if (sizeOf(xs) === 0) return NO_NAMES;
    let print = 0;
    eachItem(xs, (x) => (print = mix(print, x)));
    const size = sizeOf(xs);
    let bucket = this.lists.get(print);
    if (!bucket) this.lists.set(print, (bucket = []));
    for (const shared of bucket) if (sameItems(xs, size, shared)) return shared;
    const shared = Object.freeze([...xs]);
    bucket.push(shared);
    return shared;
  }

  /**
   * An equal shared, frozen record of shared lists: from a record, or from a map of keys to the
   * names passed for them (null: none), as the usage recorder keeps them.
   */
  record(values: Readonly<Record<string, readonly string[]>> | ReadonlyMap<string, Names>): Readonly<Record<string, readonly string[]>> {
    if (Object.isFrozen(values)) return values as Readonly<Record<string, readonly string[]>>;
    let print = 0;
    let size = 0;
    eachEntry(values, (key, names) => {
      print = mix(print, key);
      if (names !== null) eachItem(names, (name) => (print = mix(print, name)));
      print = Math.imul(print, END) | 0;
      size++;
    });
    let bucket = this.records.get(print);
    if (!bucket) this.records.set(print, (bucket = []));
    for (const shared of bucket) if (sameEntries(values, size, shared.entries)) return shared.record;
    const copy: Record<string, readonly string[]> = {};
    const kept: SharedRecord['entries'] = [];
    eachEntry(values, (key, names) => {
      const list = this.list(names ?? NO_NAMES);
      copy[key] = list;
      kept.push([key, list]);
    });
    const shared = Object.freeze(copy);
    bucket.push({ record: shared, entries: kept });
    return shared;
  }
}

/** Whether a page's record or map holds the shared record's keys and lists, in its order. */
function sameEntries(values: Readonly<Record<string, readonly string[]>> | ReadonlyMap<string, Names>, size: number, shared: SharedRecord['entries']): boolean {
  if (size !== shared.length) return false;
  let i = 0;
  let same = true;
  eachEntry(values, (key, names) => {
    if (!same) return;
    const [sharedKey, list] = shared[i++]!;
    same = key === sharedKey && sameItems(names ?? NO_NAMES, sizeOf(names), list);
  });
  return same;
}

/** A result as a render worker sends it (ListSender): each shared list it has sent before as its number. */
export type SentResult = Omit<JobResult, 'usedKeys' | 'enhancers' | 'passedValues'> & {
  usedKeys: JobResult['usedKeys'] | number;
  enhancers: JobResult['enhancers'] | number;
  passedValues: JobResult['passedValues'] | number;
};
type SharedList = readonly string[] | Readonly<Record<string, readonly string[]>>;
/** The lists a message sends for the first time, with their numbers. */
export type NewLists = [number, SharedList][];

/**
 * A render worker's shared lists are sent to the main thread once each, then named by a number:
 * a message between threads copies every string of every list in it, and the main thread then
 * found the copy's shared equal again (ResultCompactor), page after page the same ~90 keys. At
 * 20 times the real site's size (a cold build, one worker) the worker's answers were 10.6-13.6 MB
 * of serialized data to read on the main thread, the busier of the two threads, and their
 * handling took it 97-104 ms; sent once each, 2.5 MB and 43-51 ms.
 */
export class ListSender {
  private numbers = new WeakMap<object, number>();
  private count = 0;

  /** `result` with its shared (frozen) lists named by number; those sent for the first time are added to `fresh`. */
  send(result: JobResult, fresh: NewLists): SentResult {
    return { ...result, usedKeys: this.number(result.usedKeys, fresh), enhancers: this.number(result.enhancers, fresh), passedValues: this.number(result.passedValues, fresh) };
  }

  private number<T extends SharedList>(list: T, fresh: NewLists): T | number {
    // A list of one page's own (not shared) is sent as it is.
    if (!Object.isFrozen(list)) return list;
    let n = this.numbers.get(list);
    if (n === undefined) {
      this.numbers.set(list, (n = this.count++));
      fresh.push([n, list]);
    }
    return n;
  }
}

/** The main thread's side of a worker's ListSender: its lists by number, each shared with equal ones (ResultCompactor). */
export class ListReceiver {
  private lists: SharedList[] = [];

  constructor(private compactor: ResultCompactor) {}

  /** The results of one message, with the lists it sends first. */
  receive(results: SentResult[], fresh: NewLists): JobResult[] {
    for (const [n, list] of fresh) this.lists[n] = Array.isArray(list) ? this.compactor.list(list) : this.compactor.record(list as Readonly<Record<string, readonly string[]>>);
    // In place: each is a copy of the worker's already.
    for (const r of results) {
      r.usedKeys = this.list(r.usedKeys);
      r.enhancers = this.list(r.enhancers);
      r.passedValues = this.list(r.passedValues);
    }
    return results as JobResult[];
  }

  private list<T>(list: T | number): T {
    return typeof list === 'number' ? (this.lists[list] as T) : list;
  }
}
