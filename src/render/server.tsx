/**
 * The renderer, bundled into the server module together with the pages. It runs on the main
 * thread for small builds and inside worker threads for large ones; either way it renders a job
 * list and writes each page to disk as soon as it is rendered.
 */
import { existsSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { loadStaticMarkup, type StaticMarkup } from './static-markup.ts';
import { PageProvider, type PageContext } from '../page-api.ts';
import { createTranslator, type Translator } from '../i18n/translator.ts';
import { useNumberTexts } from '../i18n/compiled-message.ts';
import { fallbackChain } from '../locales.ts';
import { messageGlobals } from '../i18n/globals.ts';
import { messagesNow, type LocaleMessages } from '../i18n/deferred-messages.ts';
import { localizePath, NOT_FOUND_PATH, pageFiles, routeName, type PageFiles } from '../paths.ts';
import { errors } from '../errors.ts';
import { headTags } from './head.ts';
import { documentAround } from './document.ts';
import { newLinkRecord, recordingLinks, type LinkRecord } from './jsx-runtime.ts';
import { Folders } from './folders.ts';
import { isPageRelative, staysOnPage } from '../verify/link-target.ts';
import { resourceOf } from '../verify/resources.ts';
import { messagesOf, perContext, type JobResult, type PageInfo, type RenderContext, type RenderJob, type SerializedError } from './context.ts';
import type { Payload } from '../runtime/types.ts';
import { recording, UsageRecorder } from './usage.ts';
import { RUNTIME_PREFIX } from '../runtime/types.ts';
import { chainPrints, jobKey, lookup, releasePack, store, type CachedFacts, type KeptPayload, type RenderFacts } from './render-cache.ts';
import { ReadRoom, sourceOf, type PackLocation, type StoredEntry } from '../cache/page-packs.ts';
import { ListSender, NO_LINKS, ResultCompactor, type NewLists, type SentResult } from './compact.ts';
import { utf8Of, utf8OfText } from '../text/utf8.ts';
import { refusingReads } from './read-files.ts';
import { buildIdChanged, factsOf, inFolder, previousFile, putFile, putNewFile, putRecorded, recordedPayload, type PreviousOutput } from '../reuse-output.ts';

const requireHere = createRequire(import.meta.url);
/**
 * React DOM's legacy server renderer alone, resolved as the bundle's imports of React are
 * (static-markup.ts): in a render worker as it loads the bundle; on the main thread at its first
 * render, with the code cache of the build's cache (code-cache.ts), which a rebuild after a message
 * edit mostly needs for a page or two.
 */
let markup: StaticMarkup | null = isMainThread ? null : loadStaticMarkup(requireHere);
function staticMarkup(ctx: RenderContext): StaticMarkup {
  return (markup ??= loadStaticMarkup(requireHere, ctx.cache && ctx.write ? ctx.cache.dir : null));
}

export interface ServerModules {
  pages: Record<string, { default?: ComponentType<{ params?: Record<string, string> }> }>;
  layouts: Record<string, { default?: ComponentType<{ children: ReactNode }> }>;
}

/** Text markers around the page inside its layout: one render gives both the page and the whole body. */
const START = '\u{F0000}sitegen-main\u{F0000}';
const END = '\u{F0001}sitegen-main\u{F0001}';
/**
 * A text marker before the layout: React 19 moves some elements out of their place to the start of
 * what it renders (`<title>`, `<meta>`, most `<link>`s, `<script async>`, `<style precedence>`, and
 * a preload of the first images), before this. Used only for a page that renders an element of
 * those kinds (LinkRecord's mayHoist; an `<svg>`'s `<title>`, which stays, is one too).
 */
const HOISTED = '\u{F0002}sitegen-hoisted\u{F0002}';
/** The image preloads React adds for a page's `<img>`s: hints a body may hold, kept where React puts them. */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*\/>/g;
/**
 * What React moves comes first: a body that starts otherwise (after image preloads) had nothing
 * moved, and is not rendered again to see (a page whose hoistable kinds are an `<svg>`'s `<title>`
 * starts with its layout).
 */
const HOISTED_START = /^(?:<link rel="preload" as="image"[^>]*\/>)*<(?:title|meta|link|script|style)[\s>/]/;
type TranslatorEntry = {
  /** Made by the first page that renders (translatorOf): a page from the cache needs its locale's messages unparsed. */
  translator?: Translator;
  fallbacks: Map<string, string>;
  chain: LocaleMessages[];
  runtime?: Record<string, string>;
  /** The runtime strings' keys, as every page that renders counts them used (made once, not per page). */
  runtimeKeys?: string[];
};
/**
 * Translators (with their compiled messages), kept per messages object and locale, for as long as
 * the messages of its fallback chain are the same objects: a rebuild in dev with the same messages
 * reuses them; an edited locale file (a new object), its own or one it falls back to, starts
 * afresh. The cache lives on globalThis because each bundle folder (each build) has its own copy of this module.
 */
const translators: WeakMap<object, Map<string, TranslatorEntry>> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('sitegen.translators.chained')
] ??= new WeakMap()) as never;
const NO_MESSAGES = {};
/** Folders made so far per render context. */
const folders = new WeakMap<RenderContext, Folders>();
/** Writes may overlap with rendering the next pages, up to this many at a time. */
const MAX_PENDING_WRITES = 64;
/**
 * The rooms for reading pages from the cache (Writes' room) that no renderJobs call of this thread
 * uses now. On globalThis, as the translators: each build's bundle has its own copy of this module,
 * and a process that builds again and again (dev, tests) would keep a megabyte or two per build.
 */
const freeRooms: ReadRoom[] = ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.readRooms')] ??= []) as never;

type Chain = { locale: RenderContext['locales'][number]; messages: LocaleMessages }[];
/**
 * Each locale's fallback chain with its messages, made once per render context: per job it was
 * ~20 ms of a rebuild of 20 times the real site's pages. A locale's messages come before its
 * first job (in a worker, with the batch that needs them) and do not change for the context.
 */
const chainOf = perContext((ctx, code): Chain =>
  fallbackChain(code, ctx.locales, ctx.defaultLocale).map((c) => ({ locale: ctx.locales.find((l) => l.code === c)!, messages: ctx.messages[c] ?? NO_MESSAGES })),
);

function translatorFor(ctx: RenderContext, code: string): TranslatorEntry {
  const messages = ctx.messages[code] ?? NO_MESSAGES;
  const chain = chainOf(ctx, code);
  let byLocale = translators.get(messages);
  if (!byLocale) translators.set(messages, (byLocale = new Map()));
  let entry = byLocale.get(code);
  if (!entry || entry.chain.length !== chain.length || entry.chain.some((m, i) => m !== chain[i]!.messages)) {
    entry = { fallbacks: new Map(), chain: chain.map((f) => f.messages) };
    byLocale.set(code, entry);
  }
  return entry;
}

/** The entry's translator, made with its locale's messages and its fallbacks' (parsed now if they waited, i18n/deferred-messages.ts). */
function translatorOf(ctx: RenderContext, entry: TranslatorEntry, code: string): Translator {
  if (entry.translator) return entry.translator;
  const { fallbacks } = entry;
  return (entry.translator = createTranslator({
    locale: ctx.locales.find((l) => l.code === code)!,
    messages: messagesOf(ctx, code),
    fallbacks: chainOf(ctx, code).map(({ locale, messages }) => ({ locale, messages: messagesNow(messages) })),
    globals: messageGlobals(ctx.site),
    onFallback: (key, from) => fallbacks.set(key, from),
    onMissing: (key) => (ctx.write ? errors.messageMissing(key, code, ctx.defaultLocale) : null),
    onFormatError: (key, cause) => errors.messageFormat(key, code, cause),
  }));
}

/**
 * The keys of a page that its locale lacks, each with the locale of its fallback chain it is shown
 * from (the first that has it): kept in the page's cache entry, so that a page served from the
 * cache notes them as its render did (for the build's missing-messages warning). The messages the
 * page read are compared before its entry is used (render-cache.ts), so these stay right for as long as it is.
 */
function pageFallbacks(ctx: RenderContext, code: string, keys: readonly string[]): readonly (readonly [string, string])[] {
  // The same for every page of the locale with the same (shared) list of keys: made once.
  let byLocale = fallbacksOf.get(ctx);
  if (!byLocale) fallbacksOf.set(ctx, (byLocale = new Map()));
  let byKeys = byLocale.get(code);
  if (!byKeys) byLocale.set(code, (byKeys = new WeakMap()));
  let out = byKeys.get(keys);
  if (out) return out;
  const own = messagesOf(ctx, code);
  const chain = chainOf(ctx, code).map(({ locale, messages }) => ({ locale, messages: messagesNow(messages) }));
  const found: [string, string][] = [];
  for (const key of keys) {
    if (own[key]) continue;
    const from = chain.find((c) => c.messages[key]) ?? chain.find((c) => c.messages[key] !== undefined);
    if (from) found.push([key, from.locale.code]);
  }
  byKeys.set(keys, (out = Object.freeze(found)));
  return out;
}
const fallbacksOf = new WeakMap<RenderContext, Map<string, WeakMap<readonly string[], readonly (readonly [string, string])[]>>>();

/**
 * Most links (header, footer) repeat on every page: each (locale, link) is handed to the verifier
 * once, by the first page that has it, so results stay small however large the site. Kept per
 * locale, a set of hrefs: no id string is built per link and page (a profile of the real site's
 * build had 24 ms in the old `${locale}|${hreflang}|${href}` ids). Links with an hreflang are all
 * handed on: a language switcher's lead from each page to the same page in the other locales, so
 * a set of them never met one twice and only grew with the site (~60k hrefs in each renderer at
 * 20 times the real site's size); the verifier reports each broken one once (reportProblems).
 */
const seenLinks = new WeakMap<RenderContext, Map<string, Set<string>>>();
function firstSeen(ctx: RenderContext, locale: string, pagePath: string, links: JobResult['links']): JobResult['links'] {
  let byLocale = seenLinks.get(ctx);
  if (!byLocale) seenLinks.set(ctx, (byLocale = new Map()));
  let seen = byLocale.get(locale);
  if (!seen) byLocale.set(locale, (seen = new Set()));
  return links.filter((link) => {
    // An href starting with '/' is neither of the two below: the common case, decided without them.
    const rooted = link.href.charCodeAt(0) === 0x2f;
    // A fragment of the page itself (a skip link's `#main`) leads to no page, so the verifier never
    // judges it: neither handed on nor kept. Kept once per page, such hrefs were ~1,000 of the
    // ~1,180 in each locale's set at 20 times the real site's size.
    if (!rooted && staysOnPage(link.href)) return false;
    if (link.hreflang !== null && resourceOf(link.hreflang) === null) return true;
    // A file an element loads (an image; its hreflang is its mark) is kept by mark and URL, a link by its href.
    const href = link.hreflang !== null ? link.hreflang + '|' + link.href : link.href;
    // A relative href leads somewhere else from each page, so it is handed on once per page.
    const id = !rooted && isPageRelative(link.href) ? pagePath + '|' + href : href;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * The fallbacks a translator noted that no earlier result of this render context (on this thread)
 * handed on: the build unites them per locale, so each is handed on once, and a result does not
 * carry a copy of its translator's growing list (a translator outlives a build in dev, so what was
 * handed on is kept per render context, not per translator).
 */
const handedOn = new WeakMap<RenderContext, Map<string, Set<string>>>();
function newFallbacks(ctx: RenderContext, code: string, fallbacks: Map<string, string>): JobResult['fallbacks'] {
  let byLocale = handedOn.get(ctx);
  if (!byLocale) handedOn.set(ctx, (byLocale = new Map()));
  let keys = byLocale.get(code);
  if (!keys) byLocale.set(code, (keys = new Set()));
  const out: JobResult['fallbacks'] = [];
  if (keys.size === fallbacks.size) return out;
  for (const [key, from] of fallbacks) {
    if (keys.has(key)) continue;
    keys.add(key);
    out.push({ key, from });
  }
  return out;
}

const compactors = new WeakMap<RenderContext, ResultCompactor>();
function compactorFor(ctx: RenderContext): ResultCompactor {
  let compactor = compactors.get(ctx);
  if (!compactor) compactors.set(ctx, (compactor = new ResultCompactor()));
  return compactor;
}

/**
 * A renderer's writes under way, and how its files and folders are made. On the main thread, a
 * renderer hands the folders (and the files it compares with the previous output's, or writes
 * without one: a cold build's payloads) to libuv's threads, which run on the cores it leaves free.
 * A render worker renders beside the main thread: there those threads compete with the two for
 * the cores, each call through them costs a hand-over and two wake-ups, and the worker's batch
 * waited for them (three hops for a payload). A worker makes its folders and new files with
 * synchronous calls of its own (`inline`). At 20 times the real site's size (8 alternating
 * rounds against a worker that did not, loaded machine) wall 0.70 [0.57-1.24] per round, user
 * 0.91, CPU 0.81. With the main thread making them inline too, the build was slower (0.83 of the
 * build before both, against 0.66) and its peak memory rose (181 against 177 MB): the main thread
 * also answers the worker, and then did so later.
 */
interface Writes {
  pending: Promise<unknown>[];
  inline: boolean;
  /**
   * Where pages from the cache are read (see ReadRoom): their documents and payloads are written
   * from it as they are, so it is reused only once every write pending then is done (renderJobs).
   * One per renderJobs call at a time (freeRooms): a thread may render its next batch while the
   * writes of the one before finish.
   */
  room: ReadRoom;
  /** Nothing is made before this resolves, and nothing at all if it rejects (RenderJobsOptions' writeAfter). */
  after?: Promise<void>;
}

/**
 * Starts writing a file (its folder made once), or linking the previous output's file of the same
 * bytes, and returns its size; the write joins `writes`. A document holds the build id: when the
 * previous output's differs, no file of it can be equal, and the document is written without
 * reading the file it replaces.
 */
function write(ctx: RenderContext, writes: Writes, rel: string, contents: string | Uint8Array, holdsBuildId = false): number {
  const previous = previousFile(ctx.previous, rel);
  if (holdsBuildId && previous !== null && buildIdChanged(ctx.previous!)) return writeNew(ctx, writes, rel, [contents]);
  if (previous === null && writes.inline) return writeNew(ctx, writes, rel, [contents]);
  const file = inFolder(ctx.outDir, rel);
  writes.pending.push(folderOf(ctx, writes, file).then(() => putFile(file, contents, previous)));
  return typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
}

/**
 * What the previous output holds of a page's payload, asked by lookup (render-cache.ts,
 * KeptPayload): the length of the payload of the entry at `at` when the previous output's file at
 * the payload's place is that entry's payload by the output record (reuse-output.ts,
 * recordedPayload): it is then linked without being read, and not read from the entry either.
 * Undefined when the page has no payload, or the build no record of the output it replaces.
 *
 * In a staging folder that holds an older output (output.ts, createStagingDir), the file at the
 * payload's place there is mostly that very file, linked from build to build. So its lstat is
 * taken first: when the record holds its print, it is the entry's payload, and it stays as it is
 * (`staged`), one lstat in all; else the previous output's file is asked as above. At 20 times the
 * real site's size a rebuild that staged into an older output took ~5,000 lstats of each (~130 ms
 * of its main thread apiece in a profile).
 */
function keptPayload(ctx: RenderContext, rel: string | null): KeptFile | undefined {
  const output = ctx.previous;
  const previous = ctx.write && rel !== null && output?.recorded ? previousFile(output, rel) : null;
  if (previous === null) return undefined;
  const here = output!.stagedBefore !== null && stagedTop(ctx, output!, rel!) ? inFolder(ctx.outDir, rel!) : null;
  const kept: KeptFile = {
    previous,
    stats: null,
    staged: false,
    length: (at: PackLocation) => {
      const source = sourceOf(at);
      const stats = here === null ? null : recordedPayload(output!, rel!, here, source);
      kept.staged = stats !== null;
      kept.stats = stats ?? recordedPayload(output!, rel!, previous, source);
      return kept.stats?.size ?? null;
    },
  };
  return kept;
}

/**
 * Whether the staging folder may hold the payload `rel` (see keptPayload): not when it lacks the
 * folder at the top of the payload folder that `rel` is in, as an older output does that the last
 * build moved that folder from (handover.ts). Asked once per folder and render context: at 20
 * times the real site's size, a rebuild staged into such an output took ~5,000 lstats of
 * payloads not there (~60 ms of its main thread in a profile) before asking the previous output.
 */
const stagedTops = new WeakMap<RenderContext, Map<string, boolean>>();
function stagedTop(ctx: RenderContext, output: PreviousOutput, rel: string): boolean {
  const now = output.handing ? output.payloads?.now : undefined;
  const end = now !== undefined && rel.startsWith(now) ? rel.indexOf(path.sep, now.length) : -1;
  if (end < 0) return true;
  let tops = stagedTops.get(ctx);
  if (!tops) stagedTops.set(ctx, (tops = new Map()));
  const top = rel.slice(0, end);
  let there = tops.get(top);
  if (there === undefined) tops.set(top, (there = existsSync(inFolder(ctx.outDir, top))));
  return there;
}

/**
 * A payload the previous output may hold (see keptPayload): that file's path; once lookup has asked
 * `length`, the lstat of the file found to hold the entry's payload, and whether that is the one in
 * the staging folder already (`staged`).
 */
interface KeptFile {
  previous: string;
  stats: Stats | null;
  staged: boolean;
  length: KeptPayload;
}

/**
 * Starts linking the payload of a page from the cache that the previous output holds (`kept`, see
 * keptPayload), neither read; nothing to do when the staging folder holds it already. Returns its size.
 */
function linkPayload(ctx: RenderContext, writes: Writes, rel: string, kept: KeptFile, recorded: Stats): number {
  if (kept.staged) {
    ctx.fileFacts?.set(rel, factsOf(recorded));
    return recorded.size;
  }
  // On the main thread, the build may move its folder from the output instead (handover.ts).
  const handing = ctx.fileFacts && ctx.previous?.handing;
  if (handing) {
    handing.set(rel, recorded);
    return recorded.size;
  }
  const file = inFolder(ctx.outDir, rel);
  writes.pending.push(folderOf(ctx, writes, file).then(() => putRecorded(file, kept.previous)));
  return recorded.size;
}

/**
 * Starts writing a document from parts (see write); they are joined by the write, not in memory,
 * unless the previous output's file is compared with them.
 */
function writeParts(ctx: RenderContext, writes: Writes, rel: string, parts: Uint8Array[]): number {
  if (!ctx.previous || buildIdChanged(ctx.previous)) return writeNew(ctx, writes, rel, parts);
  return write(ctx, writes, rel, Buffer.concat(parts));
}

function writeNew(ctx: RenderContext, writes: Writes, rel: string, parts: (string | Uint8Array)[]): number {
  const file = inFolder(ctx.outDir, rel);
  const buffers = parts.map((p) => (typeof p === 'string' ? utf8OfText(p) : p));
  // A path made twice by this renderer is made new the second time: the first write may not be done.
  const stagedBefore = !ctx.previous || madeBefore(ctx, rel) ? null : ctx.previous.stagedBefore;
  // The output record lists this file from its facts as written (reuse-output.ts, FileFacts), not by an lstat.
  const made = ctx.fileFacts;
  writes.pending.push(folderOf(ctx, writes, file).then(() => putNewFile(file, buffers, stagedBefore, !!made)).then((facts) => void (facts && made?.set(rel, facts))));
  return buffers.reduce((n, b) => n + b.byteLength, 0);
}

/** Resolves once the folder of `file` exists (see Writes); at once in a staging folder that has them all (PreviousOutput's foldersStaged). */
function folderOf(ctx: RenderContext, writes: Writes, file: string): Promise<void> {
  if (writes.after) return writes.after.then(() => foldersOf(ctx).ensure(path.dirname(file)));
  if (ctx.previous?.foldersStaged && !(ctx.previous.handing && inPayloads(ctx.outDir, ctx.previous, file))) return STAGED;
  const made = foldersOf(ctx);
  return writes.inline ? made.ensureNow(path.dirname(file)) : made.ensure(path.dirname(file));
}

const STAGED = Promise.resolve();

/** Whether `file` (a path in `outDir`) is in this build's payload folder. */
function inPayloads(outDir: string, previous: PreviousOutput, file: string): boolean {
  return previous.payloads !== null && file.startsWith(inFolder(outDir, previous.payloads.now));
}

/** Whether this renderer made `rel` already in this build (and notes that it has now). */
const made = new WeakMap<RenderContext, Set<string>>();
function madeBefore(ctx: RenderContext, rel: string): boolean {
  let paths = made.get(ctx);
  if (!paths) made.set(ctx, (paths = new Set()));
  if (paths.has(rel)) return true;
  paths.add(rel);
  return false;
}

function foldersOf(ctx: RenderContext): Folders {
  let made = folders.get(ctx);
  if (!made) folders.set(ctx, (made = new Folders(ctx.outDir)));
  return made;
}

/**
 * A page from the build cache: its documents joined around this build's id and written, its
 * payload written (or linked from the previous output), its facts handed on as its render did;
 * its links only when the last build, which wrote its payload from the same entry, did not judge
 * them against the same pages and files (reuse-output.ts, linksJudged). At 20 times the real
 * site's size they were ~190,000 links of ~5,000 such pages, each looked up in the renderer's
 * set of links seen, then judged on the main thread. Judged, they are not even read from the
 * entry (CachedFacts). Null, with nothing written, when they are needed and their part of the
 * entry is damaged: the page renders instead.
 */
function reuseJob(ctx: RenderContext, job: RenderJob, entry: TranslatorEntry, facts: CachedFacts, source: string, writes: Writes, files: PageFiles, kept: KeptFile | undefined): JobResult | null {
  const { page, locale } = job;
  // As many documents as paths, and a payload for a route page: lookup() made sure.
  const { documents: docs, payload } = files;
  // The previous output's payload, when it is this entry's (lookup then read none of the entry's).
  const recorded = facts.payload === 'kept' ? (kept?.stats ?? null) : null;
  const links = recorded !== null && ctx.previous!.linksJudged === true ? NO_LINKS : facts.links();
  if (links === undefined) return null;
  let bytes = 0;
  if (ctx.write) {
    const id = Buffer.from(ctx.buildId);
    for (const [i, doc] of docs.entries()) {
      const { before, after } = facts.docs[i]!;
      bytes += writeParts(ctx, writes, doc.file, [before, id, after]);
    }
    if (payload && recorded) bytes += linkPayload(ctx, writes, payload, kept!, recorded);
    else if (payload && facts.payload !== null && facts.payload !== 'kept') bytes += write(ctx, writes, payload, facts.payload);
  }
  for (const [key, from] of facts.fallbacks) entry.fallbacks.set(key, from);
  const paths = publicPaths(docs);
  return {
    file: page.file, route: page.path, locale, paths, bytes, usedKeys: facts.usedKeys as string[], passedValues: facts.passedValues as Record<string, string[]>,
    fallbacks: newFallbacks(ctx, locale, entry.fallbacks), links: links === NO_LINKS ? links : firstSeen(ctx, locale, paths[0] ?? localizePath(NOT_FOUND_PATH, locale, ctx.defaultLocale), links),
    alternates: facts.alternates, enhancers: facts.enhancers as string[], cache: 'reused', source,
  };
}

/**
 * The public paths of a page's documents (the route's and its aliases'; none for a not-found
 * page), in an array of their length: the build keeps every page's until its end, and flatMap's
 * array has room for 16 more (at 20 times the real site's size, 0.7 MB of the main thread's heap).
 */
function publicPaths(documents: readonly { path: string | null }[]): string[] {
  return documents.filter((d) => d.path !== null).map((d) => d.path!);
}

/** A page's documents (their text before and after the build id) and payload, as the UTF-8 bytes its files and its cache entry hold. */
function encodedFiles(documents: readonly (readonly [string, readonly string[]])[], payload: string | null): Pick<RenderFacts, 'docs' | 'payload'> {
  return {
    docs: documents.map(([before, after]) => ({ before: utf8OfText(before), after: utf8Of(after) })),
    payload: payload === null ? null : utf8OfText(payload),
  };
}

/** React's error for a render that suspended outside any `<Suspense>` boundary. */
const SUSPENDED = 'A component suspended while responding to synchronous input.';

/** A render into markup, its links recorded; a suspended render is sitegen's error, saying what to do. */
function staticRender(renderToStaticMarkup: StaticMarkup, element: ReactElement, links: LinkRecord): string {
  try {
    return recordingLinks(links, () => renderToStaticMarkup(element));
  } catch (err) {
    if (err instanceof Error && err.message.startsWith(SUSPENDED)) throw errors.renderSuspended();
    throw err;
  }
}

/**
 * Fails a page with what React moved to the start of its body (see HOISTED), unless all of it is
 * React's own image preloads: a `<title>` or `<meta>` there is invalid in a body and read by neither
 * browsers nor search engines, and whatever a page put there is outside its `<main>`, so client
 * navigation (which brings the page's main) drops it.
 */
function checkHoisted(moved: string, page: PageInfo): void {
  const other = moved.replace(IMAGE_PRELOAD, '');
  if (other !== '') throw errors.elementHoisted(/^<([a-z]+)/.exec(other)?.[1] ?? other.slice(0, 20), page.layout);
}

/** One render of page and layout: the page's own part (the payload's `html`) and the layout around it. */
function renderBody(renderToStaticMarkup: StaticMarkup, mods: ServerModules, page: PageInfo, value: PageContext, links: LinkRecord): { before: string; main: string; after: string } {
  const Page = mods.pages[page.key]!.default!;
  const Layout = mods.layouts[page.layout]!.default!;
  const body = (
    <Layout>
      {START}
      {page.params ? <Page params={page.params} /> : <Page />}
      {END}
    </Layout>
  );
  const element = <PageProvider value={value}>{body}</PageProvider>;
  const shell = staticRender(renderToStaticMarkup, element, links);
  if (links.fallback) {
    // A <Suspense> boundary's content threw or suspended, and React showed its fallback instead
    // (jsx-runtime.ts): rendered without boundaries, the page fails with that error.
    staticRender(renderToStaticMarkup, element, newLinkRecord(true));
    throw errors.renderSuspended();
  }
  if (links.mayHoist && HOISTED_START.test(shell)) {
    // Rendered again with a marker before the layout, to see what React moved before it (the
    // marker would change the ids useId gives, so the page itself is the render above).
    const marked = staticRender(renderToStaticMarkup, <PageProvider value={value}>{HOISTED}{body}</PageProvider>, newLinkRecord());
    checkHoisted(marked.slice(0, marked.indexOf(HOISTED)), page);
  }
  const at = shell.indexOf(START);
  const end = shell.indexOf(END);
  if (at < 0 || end < at || shell.indexOf(START, at + 1) >= 0) throw errors.layoutNoChildren(page.layout);
  return { before: shell.slice(0, at), main: shell.slice(at + START.length, end), after: shell.slice(end + END.length) };
}

function renderJob(mods: ServerModules, ctx: RenderContext, job: RenderJob, usage: UsageRecorder, writes: Writes): JobResult {
  const { page } = job;
  const entry = translatorFor(ctx, job.locale);
  const key = job.key !== undefined ? job.key : jobKey(ctx, job);
  const files = pageFiles(page, job.locale, ctx);
  const held = key ? keptPayload(ctx, files.payload) : undefined;
  const cached = key ? lookup(ctx, job, key, held?.length, writes.room) : null;
  const reused = cached?.facts ? reuseJob(ctx, job, entry, cached.facts, sourceOf(cached.at), writes, files, held) : null;
  if (reused) return reused;
  // An entry not found, or found and not used: damaged (a part of it, or its links' when needed).
  const damaged = cached !== null && (cached.facts !== null || cached.damaged);
  // Strings for the browser runtime: formatted once per locale that renders a page (a page from
  // the cache has them in its documents already), counted as used by every page.
  const pageTranslator = translatorOf(ctx, entry, job.locale);
  entry.runtime ??= pageTranslator.namespace(RUNTIME_PREFIX);
  entry.runtimeKeys ??= Object.keys(entry.runtime).map((key) => RUNTIME_PREFIX + key);
  // What the render reads of the messages: every key asked, also through `has`; a namespace (all
  // keys of a prefix) cannot be listed, so a page that asks for one is not cached.
  const asked = new Set<string>();
  let cacheable = key !== null;
  const recorded = recording(pageTranslator, usage);
  const translator: Translator = {
    ...recorded,
    has: (k) => (asked.add(k), recorded.has(k)),
    namespace: (prefix) => ((cacheable = false), recorded.namespace(prefix)),
  };
  const locale = translator.locale;
  const isNotFound = page.path === null;
  const routePath = page.path ?? NOT_FOUND_PATH;
  const publicPath = localizePath(routePath, locale.code, ctx.defaultLocale);
  const title = translator.t(page.head.title, page.head.values);
  const description = translator.t(page.head.description, page.head.values);
  // Canonical and hreflang name the route's path, also on its `.html` aliases.
  const head = headTags({
    title,
    description,
    routePath: page.path,
    locale,
    locales: ctx.locales,
    defaultLocale: ctx.defaultLocale,
    baseUrl: ctx.baseUrl,
    siteName: ctx.site.name,
    socialImage: page.head.image ?? ctx.site.socialImage,
    noindex: page.head.noindex,
  });
  for (const key of entry.runtimeKeys) usage.keys.add(key);
  const name = routeName(routePath, locale.code);
  // Links for verification, recorded while React renders (the document's own head is counted here).
  const links = newLinkRecord();
  links.alternates = head.filter((t) => t.tag === 'link' && t.attrs.rel === 'alternate' && t.attrs.hreflang).length;

  /**
   * The document written at one path of the page (without locale prefix: the route's path or one
   * of its aliases), as its text before and after the build id. Each is rendered with its own
   * path, so that language links keep the form the visitor is on (`/de/x/history.html` leads to
   * `/ja/x/history.html`).
   */
  const documentAt = (documentPath: string) => {
    const value: PageContext = {
      translator,
      locale,
      locales: ctx.locales,
      defaultLocale: ctx.defaultLocale,
      path: routePath,
      documentPath,
      isNotFound,
      site: ctx.site,
      assetsBase: ctx.assetsBase,
      basePath: ctx.basePath,
    };
    const body = refusingReads(() => renderBody(staticMarkup(ctx), mods, page, value, links));
    const around = documentAround({
      locale,
      title,
      head,
      body: [body.before, body.main, body.after],
      data: {
        buildId: ctx.buildId,
        assetsBase: ctx.assetsBase,
        locale: locale.code,
        route: name,
        path: localizePath(documentPath, locale.code, ctx.defaultLocale),
        messages: entry.runtime!,
        client: ctx.client,
      },
      cssHref: ctx.cssFile && ctx.assetsBase + ctx.cssFile,
      runtimeSrc: ctx.runtime && ctx.assetsBase + ctx.runtime.entry,
      redirectScript: publicPath === '/' && ctx.runtime ? ctx.runtime.redirectScript : null,
      fonts: ctx.site.fonts,
      favicon: ctx.favicon,
    });
    return { around, main: body.main };
  };

  const documents = [documentAt(routePath), ...(isNotFound ? [] : page.aliases.map((a) => documentAt(a)))];
  // The alternates of the route's own document; its aliases add only their links.
  const alternates = links.alternates;
  const payload = isNotFound
    ? null
    : JSON.stringify({ route: name, path: publicPath, locale: locale.code, title, layout: page.layout, lang: locale.iso, dir: locale.dir, head, html: documents[0]!.main } satisfies Payload) + '\n';
  // A page kept in the cache is encoded once: its entry and its files are the same bytes.
  const kept = cacheable && key ? encodedFiles(documents.map((d) => d.around), payload) : null;
  let bytes = 0;
  if (ctx.write && kept) {
    const id = Buffer.from(ctx.buildId);
    for (const [i, doc] of files.documents.entries()) bytes += writeParts(ctx, writes, doc.file, [kept.docs[i]!.before, id, kept.docs[i]!.after]);
    if (kept.payload !== null) bytes += write(ctx, writes, files.payload!, kept.payload);
  } else if (ctx.write) {
    for (const [i, doc] of files.documents.entries()) bytes += write(ctx, writes, doc.file, documents[i]!.around[0] + ctx.buildId + documents[i]!.around[1].join(''), true);
    if (payload !== null) bytes += write(ctx, writes, files.payload!, payload);
  }
  // Shared with equal lists of earlier pages before the entry is made: the pages of one route (in
  // every copy of a large site) then share one list, whose JSON text is made once (compact.ts).
  const compactor = compactorFor(ctx);
  const usedKeys = compactor.list(usage.keys) as string[];
  const passedValues = compactor.record(usage.values) as Record<string, string[]>;
  const enhancers = compactor.list(links.enhancers) as string[];
  let stored: StoredEntry | null = null;
  if (kept && key) {
    const record: RenderFacts = {
      tested: compactor.list(asked), prints: chainPrints(ctx, locale.code), usedKeys, passedValues, fallbacks: pageFallbacks(ctx, locale.code, usedKeys),
      links: links.links, alternates, enhancers, ...kept,
    };
    stored = store(ctx, key, record);
  }
  const result: JobResult = {
    file: page.file, route: page.path, locale: locale.code, paths: publicPaths(files.documents), bytes, usedKeys, passedValues, fallbacks: newFallbacks(ctx, locale.code, entry.fallbacks),
    links: firstSeen(ctx, locale.code, publicPath, links.links), alternates, enhancers, cache: damaged ? 'damaged' : key ? 'rendered' : undefined,
  };
  // The build's index names the entry (it is written already).
  if (stored) result.stored = stored;
  return result;
}

function serialize(err: unknown): SerializedError {
  if (err instanceof Error) {
    const e = err as Error & { code?: string; detail?: string };
    return { name: e.name, code: e.code, message: e.message, detail: e.detail, stack: e.stack };
  }
  return { name: 'Error', message: String(err) };
}

/**
 * Renders and writes a list of jobs; a failing job reports its error instead of throwing. Writes
 * run while the next pages render, with a bound, so pages still go to disk as they are made.
 * `progress` (in a worker): the batch's number and the index of the job being rendered are
 * written to its cells. `inline`: the files are made with synchronous calls (see Writes).
 */
export async function renderJobs(mods: ServerModules, ctx: RenderContext, jobs: RenderJob[], { progress, inline = false, between, writeAfter }: RenderJobsOptions = {}): Promise<JobResult[]> {
  const results: JobResult[] = [];
  const writes: Writes = { pending: [], inline, after: writeAfter, room: freeRooms.pop() ?? new ReadRoom() };
  const { pending } = writes;
  useNumberTexts(ctx.write ? (ctx.numberTexts ?? null) : null);
  try {
    for (const [index, job] of jobs.entries()) {
      // Shared with the main thread: if this worker dies, it knows which page it was on.
      if (progress) setProgress(progress, index);
      const usage = new UsageRecorder();
      try {
        results.push(compactorFor(ctx).compact(withoutExit(() => renderJob(mods, ctx, job, usage, writes))));
      } catch (err) {
        results.push({ file: job.page.file, route: job.page.path, locale: job.locale, paths: [], bytes: 0, usedKeys: [...usage.keys], passedValues: usage.passedValues(), fallbacks: [], links: [], alternates: 0, enhancers: [], error: serialize(err) });
      }
      if (pending.length >= MAX_PENDING_WRITES) {
        await Promise.all(pending.splice(0));
        // Nothing read so far is written any more (a failed write: renderJobs rejects, and reads no more).
        writes.room.reuse();
      }
      between?.();
    }
    // Every page of the batch rendered: a worker that dies from here on cannot tell which one made it.
    if (progress) setProgress(progress, -1);
    await Promise.all(pending);
    // Every write is done: the next call may read into the room. (After a failed write, others
    // may still be under way: the room is left to them.)
    writes.room.reuse();
    freeRooms.push(writes.room);
  } finally {
    // Also after a failed write: a dev session goes on, and holds no pack open.
    if (ctx.cache) releasePack(ctx);
  }
  return results;
}

/**
 * Runs a page's render with process.exit() turned into an error: on the main thread it would end
 * the whole build without a word (and with any exit code, 0 too); the error names the page and the
 * locale like any other. (A worker that exits later, outside the render, is caught by the pool.)
 */
function withoutExit<T>(render: () => T): T {
  const exit = process.exit;
  process.exit = ((code?: number | string | null) => {
    throw errors.pageCalledExit(code ?? 0);
  }) as typeof process.exit;
  try {
    return render();
  } finally {
    process.exit = exit;
  }
}

/** Where a worker's render is: the number of its batch, and the job of it being rendered (-1: all rendered). */
interface Progress {
  cells: Int32Array;
  batch: number;
}

export interface RenderJobsOptions {
  progress?: Progress;
  inline?: boolean;
  /** Called after each job (the main thread reads its workers' answers then: render/pool.ts). */
  between?: () => void;
  /**
   * The jobs render at once, their files (and folders) are made once this resolves, and none if it
   * rejects (renderJobs then rejects with its error): dev renders a page while the file it read settles.
   */
  writeAfter?: Promise<void>;
}

function setProgress({ cells, batch }: Progress, job: number): void {
  Atomics.store(cells, 0, batch);
  Atomics.store(cells, 1, job);
}

/**
 * Worker thread loop: context from `data` (its workerData, or the message a worker started before
 * the server module existed was sent, render/pool.ts), job batches by message, each answered with its
 * number. The context holds the messages of the worker's own locales; a batch of other locales
 * brings theirs (render/queue.ts). The next batch comes before this one is answered
 * (render/pool.ts): it renders while this one's writes finish.
 */
export function startWorker(mods: ServerModules, data: unknown = workerData): void {
  process.setSourceMapsEnabled(true);
  const { context: ctx, progress, answers } = data as WorkerData;
  // Its shared lists are sent once each (compact.ts).
  const sender = new ListSender();
  parentPort!.on('message', async (msg: { id: number; jobs: RenderJob[]; messages?: RenderContext['messages'] }) => {
    if (msg.messages) Object.assign(ctx.messages, msg.messages);
    const results = await renderJobs(mods, ctx, msg.jobs, { progress: { cells: progress, batch: msg.id }, inline: true });
    const lists: NewLists = [];
    answers.postMessage({ id: msg.id, results: results.map((r) => sender.send(r, lists)), lists } satisfies WorkerAnswer);
  });
}

/** What a render worker starts with (render/pool.ts): its workerData, or the message a worker started before the server module existed is sent. */
export interface WorkerData {
  /** The render context, with the messages of the worker's own locales (and their fallbacks). */
  context: RenderContext;
  progress: Int32Array;
  started: Int32Array;
  /** Where its answers go (WorkerAnswer). */
  answers: MessagePort;
}

/** A render worker's answer to a batch: its results, with the shared lists they name that it sends for the first time (compact.ts). */
export interface WorkerAnswer {
  id: number;
  results: SentResult[];
  lists: NewLists;
}
