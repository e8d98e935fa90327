/**
 * The render cache, inside the renderer: what React made of one (page, locale), kept in the
 * build cache (see cache/build-cache.ts) and reused while nothing it depends on changed. An entry
 * is found by a key over the cache's base key (sitegen's and its dependencies' versions, the
 * server bundle's code: every page, template and the renderer; the render context without the
 * build id) and the page and locale; it is reused only if the messages the render read (the keys
 * it asked for, with their values in its locale and in en) are what they were. So after an edit
 * of one message in one locale, only the pages of that locale that read it render again.
 *
 * An entry holds the page's files as they are written, each document split around the build id
 * (which changes with every input, and is the only thing that differs between two builds of the
 * same page): a page from the cache is read, joined around this build's id and written.
 */
import { hash } from 'node:crypto';
import { hashKey, isRecordOf } from '../cache/entries.ts';
import { PackReader, PackWriter, readStampedIndex, type PackLocation, type PageIndexRead, type ReadRoom, type StoredEntry } from '../cache/page-packs.ts';
import { messagesOf, perContext, type JobResult, type RenderContext, type RenderJob } from './context.ts';
import { fallbackChain } from '../locales.ts';
import { jsonBytes } from './compact.ts';
import { keptMessages } from '../cache/message-texts.ts';
import { RUNTIME_PREFIX } from '../runtime/types.ts';

/**
 * What one render of a page gave, enough to write its files again without React: each document's
 * text around the build id (the one part of a page that changes with every input), the payload,
 * and the facts the build keeps of the page.
 */
export interface RenderFacts {
  /**
   * Message keys the render asked for through `has`: with its used keys, every key it read. (Kept
   * apart, not joined with them into one sorted list: no order is needed to compare them, and the
   * join and sort were made for every page of a cold build.)
   */
  tested: readonly string[];
  /**
   * The print of the messages of the page's locale and of each locale of its fallback chain when
   * it rendered (chainPrints): while they are the same, so are the messages the page read; after
   * an edit, the kept texts of the prints tell which messages changed (readSameMessages).
   */
  prints: readonly string[];
  /** Per document (the route's path, then each alias): its UTF-8 bytes before and after the build id. */
  docs: { before: Uint8Array; after: Uint8Array }[];
  /** The payload's bytes (a route page), or null (a not-found page). */
  payload: Uint8Array | null;
  usedKeys: readonly string[];
  passedValues: Readonly<Record<string, readonly string[]>>;
  /** The used keys the locale lacks, each with the locale of its fallback chain it was shown from. */
  fallbacks: readonly (readonly [string, string])[];
  links: JobResult['links'];
  alternates: number;
  enhancers: readonly string[];
}

/**
 * An entry's facts as read from the cache. Its links are parsed on asking: a page whose links the
 * last build judged against the same pages and files is not judged again (reuse-output.ts,
 * linksJudged), and after a message edit that is nearly every page from the cache.
 */
export interface CachedFacts extends Omit<RenderFacts, 'links' | 'payload'> {
  /** The page's links (see linksOf); undefined when the entry's list of them is damaged: the page then renders again. */
  links(): RenderFacts['links'] | undefined;
  /**
   * The payload's bytes (a route page), or null (a not-found page); 'kept' when the lookup was
   * told the previous output holds them (lookup's `kept`), and they were not read.
   */
  payload: Uint8Array | null | 'kept';
}

/** An entry found (with where it is: see page-packs.ts, sourceOf), or why none was. */
export type CacheLookup = { facts: CachedFacts; key: string; at: PackLocation } | { facts: null; key: string; damaged: boolean };

/**
 * Tells lookup the byte length of the payload of the entry at `at` when the previous output holds
 * that entry's payload (reuse-output.ts, recordedPayload: the payload is then linked from there);
 * null when it does not, and the payload is read with the entry.
 */
export type KeptPayload = (at: PackLocation) => number | null;

/** The entry key of a job; null when the build keeps no cache (or renders without writing). */
export function jobKey(ctx: RenderContext, job: RenderJob): string | null {
  if (!ctx.cache || !ctx.write) return null;
  const { page } = job;
  return hashKey(ctx.cache.key, page.key, JSON.stringify([page.path, page.layout, page.aliases, page.head]), job.locale);
}

/**
 * Whether the messages an entry's render read (`read`: its used keys, those it tested; and the
 * runtime's strings every document carries) are what they were, in the job's locale and in each locale of its fallback chain (`pt`,
 * the default): the entry names the print of each locale's text it was made with (`made`), and a
 * locale whose print is another now is compared with the text the cache kept of it
 * (cache/message-texts.ts), once per locale and print. A print without its text in the cache
 * (pruned, cut short, or messages that had no file's text) counts as every message changed.
 */
export function readSameMessages(ctx: RenderContext, locale: string, made: readonly string[], read: readonly (readonly string[])[]): boolean {
  const chain = chainOf(ctx, locale);
  if (made.length !== chain.prints.length) return false;
  for (let i = 0; i < made.length; i++) {
    if (made[i] === chain.prints[i]) continue;
    const changed = changedSince(ctx, chain.codes[i]!, made[i]!);
    if (changed === null) return false;
    for (const keys of read) for (const key of keys) if (changed.has(key)) return false;
  }
  return true;
}

/**
 * The keys whose messages in `code` differ from those of the text of `print` (added, removed or
 * changed); null when the cache has not that text, or a string of the browser runtime changed
 * (every document carries them).
 */
function changedSince(ctx: RenderContext, code: string, print: string): ReadonlySet<string> | null {
  let byPrint = changes.get(ctx);
  if (!byPrint) changes.set(ctx, (byPrint = new Map()));
  const id = code + ' ' + print;
  let changed = byPrint.get(id);
  if (changed !== undefined) return changed;
  const before = keptMessages(ctx.cache!.dir, print);
  changed = before && changedKeys(before, messagesOf(ctx, code));
  byPrint.set(id, changed);
  return changed;
}
const changes = new WeakMap<RenderContext, Map<string, ReadonlySet<string> | null>>();

function changedKeys(before: Readonly<Record<string, string>>, now: Readonly<Record<string, string>>): ReadonlySet<string> | null {
  const changed = new Set<string>();
  for (const key in before) if (before[key] !== now[key]) changed.add(key);
  for (const key in now) if (!Object.hasOwn(before, key)) changed.add(key);
  for (const key of changed) if (key.startsWith(RUNTIME_PREFIX)) return null;
  return changed;
}

/** The prints of the messages of the locale's fallback chain, the locale first: an entry keeps them (see RenderFacts' prints). */
export function chainPrints(ctx: RenderContext, locale: string): readonly string[] {
  return chainOf(ctx, locale).prints;
}

interface Chain {
  codes: readonly string[];
  prints: readonly string[];
}
const chainOf = perContext((ctx, locale): Chain => {
  const codes = [locale, ...fallbackChain(locale, ctx.locales, ctx.defaultLocale)];
  const prints = Object.freeze(codes.map((code) => ctx.messagePrints?.[code] ?? messagesPrint(messagesOf(ctx, code))));
  return { codes, prints };
});

/**
 * A hash of one locale's messages, made once per messages object (every locale is in many chains),
 * for a locale the render context has no print of its text for (RenderContext's messagePrints).
 */
const messagesPrints = new WeakMap<object, string>();
function messagesPrint(messages: Readonly<Record<string, string>>): string {
  let print = messagesPrints.get(messages);
  if (print === undefined) messagesPrints.set(messages, (print = 'json:' + hash('sha1', JSON.stringify(messages), 'hex')));
  return print;
}

/**
 * The page entries the cache's index named when this render context first looked: read once, so
 * that a page without an entry costs no file system call (a profile of a cold build of the real
 * site had 343 ms of 1.4 s of rendering in opens of entry files that did not exist). An index
 * that is not whole names nothing here; the build's end counts it as damaged (page-packs.ts).
 * Kept on globalThis: the build's copy of this module (render/pool.ts counts the entries) and the
 * server module's (which renders on the main thread with the same context) read it once, not twice
 * (5,760 entries at 20 times the real site's size: 7 to 10 ms each).
 */
const indexes: WeakMap<RenderContext, PageIndexRead> = ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.pageIndexReads')] ??= new WeakMap()) as never;
function indexOf(ctx: RenderContext): ReadonlyMap<string, PackLocation> {
  const { entries } = indexRead(ctx);
  return entries === 'damaged' ? NO_ENTRIES : entries;
}
const NO_ENTRIES: ReadonlyMap<string, PackLocation> = new Map();

function indexRead(ctx: RenderContext): PageIndexRead {
  let read = indexes.get(ctx);
  if (!read) indexes.set(ctx, (read = readStampedIndex(ctx.cache!.pages)));
  return read;
}

/**
 * The page index as this thread read it for the render context, if it did: the build's end merges
 * into it (page-packs.ts, savePageIndex) without reading the file again while it is unchanged.
 */
export function pageIndexRead(ctx: RenderContext): PageIndexRead | undefined {
  return indexes.get(ctx);
}

export function hasEntry(ctx: RenderContext, key: string): boolean {
  return indexOf(ctx).has(key);
}

/** This thread's reader of the cache's packs for the render context, open until its batch ends (releasePack). */
const readers = new WeakMap<RenderContext, PackReader>();

/**
 * The entry of `key`, if it is whole and the messages its page read are what they were. Its
 * payload, the entry's last part, is not read when `kept` gives its length (a profile of a
 * one-message edit at 20 times the real site's size read ~80 MB of payloads from the packs, of
 * which the previous output held all but one locale's); the entry is then checked as a whole read
 * would: its first line must give the payload that length, and the pack must reach the entry's end.
 * The entry is read into `room` when given: its documents, payload and links are parts of it, which
 * stay as read only until the room is reused (see ReadRoom).
 */
export function lookup(ctx: RenderContext, job: RenderJob, key: string, kept?: KeptPayload, room?: ReadRoom): CacheLookup {
  const at = indexOf(ctx).get(key);
  let reader = readers.get(ctx);
  if (at && !reader) readers.set(ctx, (reader = new PackReader(ctx.cache!.pages)));
  const keptLength = at && job.page.path !== null && kept ? kept(at) : null;
  // A length the entry cannot hold is not believed: the entry is read whole, and its payload compared as any.
  const tail = keptLength !== null && keptLength < at!.length ? keptLength : null;
  const bytes = at && reader!.read(at, tail ?? 0, room);
  if (!bytes) return { facts: null, key, damaged: false };
  const found = decodeEntry(ctx, bytes, key, tail);
  // The key holds the page's path and aliases: an entry with other documents than they make is damaged.
  const documents = job.page.path === null ? 1 : 1 + job.page.aliases.length;
  if (found === 'damaged' || found.docs.length !== documents || (found.payload === null) !== (job.page.path === null)) return { facts: null, key, damaged: true };
  if (!readSameMessages(ctx, job.locale, found.prints, [found.usedKeys, found.tested])) return { facts: null, key, damaged: false };
  return { facts: found, key, at: at! };
}

/** This thread's pack for the build of the render context (see page-packs.ts). */
const writers = new WeakMap<RenderContext, PackWriter>();

/** Appends the entry to this thread's pack: where it went, null when it failed (that only costs the next build the render). */
export function store(ctx: RenderContext, key: string, facts: RenderFacts): StoredEntry | null {
  let writer = writers.get(ctx);
  if (!writer) writers.set(ctx, (writer = new PackWriter(ctx.cache!.pages, ctx.cache!.build)));
  const at = writer.append(encodeEntry(key, facts));
  return at && { key, ...at };
}

/** The thread finished a batch of the render context's jobs: its pack is closed, and the packs it read (a worker may be stopped before its next batch). */
export function releasePack(ctx: RenderContext): void {
  writers.get(ctx)?.release();
  readers.get(ctx)?.close();
}

/** The facts kept as JSON, each a part of its own, in this order. */
const LISTS = ['tested', 'usedKeys', 'passedValues', 'fallbacks', 'links', 'enhancers'] as const;
type Lists = Pick<RenderFacts, (typeof LISTS)[number]>;
/** Where each list is in LISTS (and in an entry's parts). */
const LIST_AT = Object.fromEntries(LISTS.map((name, i) => [name, i])) as Record<(typeof LISTS)[number], number>;

/**
 * A page's entry (in a pack, see page-packs.ts): one line of JSON (the key, the prints, the alternates, and the byte length of
 * each part), then the parts as they are: the facts' lists as JSON, each document's bytes before
 * and after the build id, and the payload. A page from the cache is then its entry read, the
 * documents' parts joined around this build's id and written: no document made again (in a
 * profile of a cached rebuild at 20 times the real site's size, head tags and documents made
 * afresh, their strings encoded and the entries' JSON parsed and compacted were 2.5 s of 4 s).
 */
function encodeEntry(key: string, facts: RenderFacts): Uint8Array[] {
  // The lists a renderer shared (compact.ts) have their JSON bytes made once, not per page.
  const lists = LISTS.map((name) => (name === 'links' ? Buffer.from(JSON.stringify(flatLinks(facts.links))) : jsonBytes(facts[name])));
  const docs = facts.docs.flatMap((d) => [d.before, d.after]);
  const parts = [...lists, ...docs, ...(facts.payload ? [facts.payload] : [])];
  const value = {
    prints: facts.prints,
    alternates: facts.alternates,
    lists: lists.map((b) => b.byteLength),
    docs: facts.docs.map((d) => [d.before.byteLength, d.after.byteLength]),
    payload: facts.payload ? facts.payload.byteLength : null,
  };
  // Written as they are (one writev), not joined: the documents are the very buffers the page's files were written from.
  return [Buffer.from(JSON.stringify({ key, value }) + '\n'), ...parts];
}

/**
 * The facts of an entry written by encodeEntry for `key`; 'damaged' for anything else (cut short,
 * another key, not one). Its links are parsed and checked only when asked for (CachedFacts).
 */
function decodeEntry(ctx: RenderContext, bytes: Buffer, key: string, kept: number | null): CachedFacts | 'damaged' {
  const end = bytes.indexOf(0x0a);
  if (end < 0) return 'damaged';
  let head: { key?: unknown; value?: { prints?: unknown; alternates?: unknown; lists?: unknown; docs?: unknown; payload?: unknown } };
  try {
    head = JSON.parse(bytes.toString('utf8', 0, end));
  } catch {
    return 'damaged';
  }
  const value = head?.key === key ? head.value : undefined;
  if (!value || !strings(value.prints) || typeof value.alternates !== 'number') return 'damaged';
  const { lists, docs, payload } = value;
  if (!lengths(lists) || lists.length !== LISTS.length || !Array.isArray(docs) || docs.length === 0 || !docs.every((d) => lengths(d) && d.length === 2)) return 'damaged';
  if (payload !== null && !lengths([payload])) return 'damaged';
  let at = end + 1;
  const take = (length: number) => bytes.subarray(at, (at += length));
  // Each list in LISTS' order (the entry's); the links' part as it is, parsed on asking.
  const found: unknown[] = [];
  for (const [i, name] of LISTS.entries()) {
    const list = name === 'links' ? bytes.subarray(at, at + lists[i]!) : shared(ctx, name, bytes, at, at + lists[i]!);
    if (list === undefined) return 'damaged';
    found.push(list);
    at += lists[i]!;
  }
  const parts = (docs as number[][]).map(([before, after]) => ({ before: take(before!), after: take(after!) }));
  // A payload not read (`kept`): the bytes end before it, and the entry gives it that length.
  if (kept !== null && payload !== kept) return 'damaged';
  const payloadBytes = payload === null ? null : kept !== null ? 'kept' : take(payload as number);
  if (at !== bytes.length) return 'damaged';
  const linksPart = found[LIST_AT.links] as Buffer;
  // One object literal with every key. Spread from an object filled by name, as before, each
  // page's facts got hidden classes (V8 maps) of their own: ~6 new maps per page, ~660 of the page
  // faults of a one-message edit at 20 times the real site's size, and the code that reads the
  // facts met a new map each time. Made so, that edit took 0.09-0.105 s less CPU (3 A/B runs).
  return {
    tested: found[LIST_AT.tested] as Lists['tested'],
    usedKeys: found[LIST_AT.usedKeys] as Lists['usedKeys'],
    passedValues: found[LIST_AT.passedValues] as Lists['passedValues'],
    fallbacks: found[LIST_AT.fallbacks] as Lists['fallbacks'],
    enhancers: found[LIST_AT.enhancers] as Lists['enhancers'],
    links: () => linksFrom(linksPart),
    prints: value.prints,
    alternates: value.alternates,
    docs: parts,
    payload: payloadBytes,
  };
}

/** A page's links from their part of its entry, parsed and checked each time (see shared); undefined when the part is not such a list. */
function linksFrom(part: Buffer): RenderFacts['links'] | undefined {
  const flat = parsed('links', part, 0, part.length) as (string | null)[] | undefined;
  return flat && linksOf(flat);
}

/**
 * A page's links as its entry keeps them (see linksOf), made by a loop: with flatMap (an array of
 * two per link, ~65 links a page) their JSON bytes took 6-8 ms of a cold build of the real site's
 * 270 cached pages, with this loop 3.6-3.9 ms (CPU, warm, 15 rounds of each).
 */
function flatLinks(links: RenderFacts['links']): (string | null)[] {
  const flat: (string | null)[] = [];
  for (const link of links) flat.push(link.href, link.hreflang);
  return flat;
}

function lengths(xs: unknown): xs is number[] {
  return Array.isArray(xs) && xs.every((n) => Number.isInteger(n) && n >= 0);
}

/**
 * A list part of an entry, parsed and checked once per render context and text: pages of one
 * route (in every locale, and in a site's many similar routes) read the same keys and pass the same
 * values, so their entries share one frozen list (which the result compactor then keeps as it is).
 * A page's links are its own (its language links name it): never kept, parsed on asking (linksFrom).
 * Undefined when the text is not such a list: the entry is damaged.
 *
 * Found by its length and taken only if its bytes are the very bytes it was parsed from: lists of
 * one length are few, and comparing bytes costs a tenth of hashing them (~28,800 lists read at 20
 * times the real site's size; 300 lists of ~2 KB compared 28,800 times in 7-14 ms, hashed with
 * SHA-1 in 42-158 ms). (Its bytes as a Latin-1 string for the key, as before the hash, made ~3 KB
 * of string per list and page: ~75 MB at 20 times the real site's size.)
 */
const parsedLists = new WeakMap<RenderContext, Map<string, { bytes: Buffer; list: unknown }[]>>();
/** Lists of one kind and length kept per render context: past that many, another list of that length is parsed each time. */
const SAME_LENGTH_LISTS = 8;
function shared(ctx: RenderContext, name: Exclude<(typeof LISTS)[number], 'links'>, bytes: Buffer, from: number, to: number): unknown {
  let byLength = parsedLists.get(ctx);
  if (!byLength) parsedLists.set(ctx, (byLength = new Map()));
  const part = bytes.subarray(from, to);
  const id = name + (to - from);
  let known = byLength.get(id);
  if (!known) byLength.set(id, (known = []));
  for (const candidate of known) if (candidate.bytes.equals(part)) return candidate.list;
  const list = parsed(name, bytes, from, to);
  if (known.length < SAME_LENGTH_LISTS) known.push({ bytes: Buffer.from(part), list: list && deepFreeze(list) });
  return list;
}

function parsed(name: (typeof LISTS)[number], bytes: Buffer, from: number, to: number): unknown {
  try {
    const list: unknown = JSON.parse(bytes.toString('utf8', from, to));
    return CHECKS[name](list) ? list : undefined;
  } catch {
    return undefined;
  }
}

const strings = (xs: unknown): xs is string[] => Array.isArray(xs) && xs.every((x) => typeof x === 'string');
/** An entry of the right key but the wrong shape is damaged too: nothing in it is trusted. */
const CHECKS: Record<(typeof LISTS)[number], (x: unknown) => boolean> = {
  tested: strings,
  usedKeys: strings,
  enhancers: strings,
  passedValues: (x) => isRecordOf(x, strings),
  fallbacks: (x) => Array.isArray(x) && x.every((f) => strings(f) && f.length === 2),
  // Flat (see linksOf): each href, then its hreflang or null.
  links: (x) => Array.isArray(x) && x.length % 2 === 0 && x.every((v, i) => typeof v === 'string' || (i % 2 === 1 && v === null)),
};

/**
 * A page's links from their flat list in its entry: each href, then its hreflang or null. Kept as
 * objects (`[{"href":…,"hreflang":…}]`) they were parsed and checked in a median 49.5 ms of a
 * one-message edit at 20 times the real site's size (~5,400 pages from the cache, ~190,000 links,
 * among them every page's own language links); flat, 31.7 ms with the objects made here (direct
 * timers, 6 alternating builds each).
 */
function linksOf(flat: readonly (string | null)[]): RenderFacts['links'] {
  const links: RenderFacts['links'] = [];
  for (let i = 0; i < flat.length; i += 2) links.push({ href: flat[i]!, hreflang: flat[i + 1]! });
  return links;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
