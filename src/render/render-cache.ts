/**
 * The render cache, inside the renderer: what React made of one (page, locale), kept in the
 * build cache (see cache/build-cache.ts) and reused while nothing it depends on changed. An entry
 * is found by a key over the cache's base key (sitegen's and its dependencies' versions, the
 * server bundle's code: every page, template and the renderer; the render context without the
 * build id) and the page and locale; it is reused only if the messages the render read (the keys
 * it asked for, with their values in its locale and in en) are what they were. So after an edit
 * of one message in one locale, only the pages of that locale that read it render again.
 *
 * The document around the page (head, build id, payload) is always made afresh: it is cheap, and
 * the build id changes with every edit.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { entryFile, hashKey, writeFileAtomic } from '../cache/entries.ts';
import type { JobResult, RenderContext, RenderJob } from './context.ts';
import { fallbackChain } from '../locales.ts';

/** What one render of a page gave, enough to write its documents again without React. */
export interface RenderFacts {
  /** Message keys the render read (also through `has`), sorted. */
  deps: string[];
  /** Their values in the page's locale and in en, when it rendered. */
  digest: string;
  /** Per document (the route's path, then each alias): the body around the page, and the page. */
  docs: { before: string; main: string; after: string }[];
  usedKeys: string[];
  passedValues: Record<string, string[]>;
  links: JobResult['links'];
  alternates: number;
  enhancers: string[];
}

export type CacheLookup = { facts: RenderFacts; key: string } | { facts: null; key: string; damaged: boolean };

/** The entry key of a job; null when the build keeps no cache (or renders without writing). */
export function jobKey(ctx: RenderContext, job: RenderJob): string | null {
  if (!ctx.cache || !ctx.write) return null;
  const { page } = job;
  return hashKey(ctx.cache.key, page.key, JSON.stringify([page.path, page.layout, page.aliases, page.head]), job.locale);
}

/**
 * The values of `deps` in the job's locale and in each locale of its fallback chain (`pt`, the
 * default), hashed. Each (locale, key) is fingerprinted once per render context and the page's
 * digest hashes the fingerprints: pages share most keys, and hashing every page's message texts
 * again cost 0.15 ms a page (745 ms of a 5,058-page cached build).
 */
export function messagesDigest(ctx: RenderContext, locale: string, deps: string[]): string {
  const prints = fingerprintsOf(ctx, locale);
  let text = '';
  for (const key of deps) {
    let print = prints.values.get(key);
    if (print === undefined) {
      let values = key + '\0';
      for (const messages of prints.chain) values += (messages[key] ?? '\u0001') + '\0';
      prints.values.set(key, (print = createHash('sha1').update(values).digest('base64')));
    }
    text += print;
  }
  return createHash('sha1').update(text).digest('hex');
}

interface Fingerprints {
  chain: Readonly<Record<string, string>>[];
  values: Map<string, string>;
}
const fingerprints = new WeakMap<RenderContext, Map<string, Fingerprints>>();

function fingerprintsOf(ctx: RenderContext, locale: string): Fingerprints {
  let byLocale = fingerprints.get(ctx);
  if (!byLocale) fingerprints.set(ctx, (byLocale = new Map()));
  let prints = byLocale.get(locale);
  if (!prints) {
    const chain = [locale, ...fallbackChain(locale, ctx.locales, ctx.defaultLocale)].map((code) => ctx.messages[code] ?? {});
    byLocale.set(locale, (prints = { chain, values: new Map() }));
  }
  return prints;
}

/**
 * The page entries the cache held when this render context first looked: listed once, so that a
 * page without an entry costs no file system call. A profile of a cold build of the real site had
 * 343 ms (of 1.4 s of rendering) in reads of entries that did not exist: each open of a missing
 * name waited on the folder's lock, held by the entry writes of the pages just rendered.
 */
const listed = new WeakMap<RenderContext, Set<string>>();
export function hasEntry(ctx: RenderContext, key: string): boolean {
  let names = listed.get(ctx);
  if (!names) {
    names = new Set(listEntries(ctx.cache!.dir));
    listed.set(ctx, names);
  }
  return names.has(path.basename(entryFile('', 'pages', key)));
}

function listEntries(dir: string): string[] {
  try {
    return readdirSync(path.join(dir, 'pages'));
  } catch {
    return [];
  }
}

export function lookup(ctx: RenderContext, job: RenderJob, key: string): CacheLookup {
  if (!hasEntry(ctx, key)) return { facts: null, key, damaged: false };
  let text: string;
  try {
    text = readFileSync(entryFile(ctx.cache!.dir, 'pages', key), 'utf8');
  } catch {
    return { facts: null, key, damaged: false };
  }
  const found = decodeEntry(text, key);
  if (found === 'damaged' || !wellFormed(found)) return { facts: null, key, damaged: true };
  if (messagesDigest(ctx, job.locale, found.deps) !== found.digest) return { facts: null, key, damaged: false };
  return { facts: found, key };
}

/** Starts writing the entry; a failed write only costs the next build the render. */
export function store(ctx: RenderContext, key: string, facts: RenderFacts): Promise<unknown> {
  return writeFileAtomic(entryFile(ctx.cache!.dir, 'pages', key), encodeEntry(key, facts));
}

/**
 * A page's entry: one line of JSON (the key, and the facts with each document's parts as their
 * lengths), then the parts' text as it is. The documents are most of an entry, and as JSON
 * strings every quote of their HTML was escaped and unescaped again: in profiles of the real
 * site's builds JSON.stringify and JSON.parse of the entries took about 0.1 ms and 0.3 ms a page.
 */
function encodeEntry(key: string, facts: RenderFacts): string {
  const { docs, ...rest } = facts;
  const lengths = docs.map((d) => [d.before.length, d.main.length, d.after.length]);
  let text = JSON.stringify({ key, value: { ...rest, docs: lengths } }) + '\n';
  for (const d of docs) text += d.before + d.main + d.after;
  return text;
}

/** The facts of an entry written by encodeEntry for `key`; 'damaged' for anything else (cut short, another key, not one). */
function decodeEntry(text: string, key: string): RenderFacts | 'damaged' {
  const end = text.indexOf('\n');
  let head: { key?: unknown; value?: Omit<RenderFacts, 'docs'> & { docs?: unknown } };
  try {
    head = JSON.parse(end < 0 ? text : text.slice(0, end));
  } catch {
    return 'damaged';
  }
  if (!head || head.key !== key || !head.value || !Array.isArray(head.value.docs)) return 'damaged';
  const docs: RenderFacts['docs'] = [];
  let at = end + 1;
  for (const parts of head.value.docs as unknown[]) {
    if (!Array.isArray(parts) || parts.length !== 3 || !parts.every((n) => Number.isInteger(n) && n >= 0)) return 'damaged';
    const [before, main, after] = parts as [number, number, number];
    docs.push({ before: text.slice(at, at + before), main: text.slice(at + before, at + before + main), after: text.slice(at + before + main, at + before + main + after) });
    at += before + main + after;
  }
  return end >= 0 && at === text.length ? { ...head.value, docs } : 'damaged';
}

/** An entry of the right key but the wrong shape is damaged too: nothing in it is trusted. */
function wellFormed(f: RenderFacts): boolean {
  const strings = (xs: unknown) => Array.isArray(xs) && xs.every((x) => typeof x === 'string');
  return (
    !!f && strings(f.deps) && typeof f.digest === 'string' && strings(f.usedKeys) && typeof f.alternates === 'number' && strings(f.enhancers) &&
    !!f.passedValues && typeof f.passedValues === 'object' && Object.values(f.passedValues).every(strings) &&
    Array.isArray(f.links) && f.links.every((l) => l && typeof l.href === 'string' && (l.hreflang === null || typeof l.hreflang === 'string')) &&
    Array.isArray(f.docs) && f.docs.length > 0 && f.docs.every((d) => d && typeof d.before === 'string' && typeof d.main === 'string' && typeof d.after === 'string')
  );
}
