/**
 * How far V8 lets the heap grow between full collections, for `sitegen build`. A build allocates
 * fast (every page's markup, payload and cache entry) while what it keeps stays small: at 20 times
 * the real site's size the heap had 38 to 53 MB live after each full collection, yet V8's default
 * growth (up to 4x the live size for a program that allocates fast) let it reach 185 MB, most of
 * the build's peak memory. Growing by half the live size instead keeps the peak near what is live
 * (271 -> 225 MB peak RSS at 20x with --workers 0) for a few more full collections.
 *
 * Only for a build of many pages: those collections are not free. For the real site (288 pages,
 * ~22 MB live) the limit cost ~115 ms of CPU in a ~1 s cold build (mostly V8's marking threads,
 * ~30 ms of it the main thread's) to save ~8 MB of its ~140 MB peak. Nor for a build that takes
 * most of its pages from the build cache (a page from the cache counts a tenth, see build.ts'
 * onRender): the first rebuild after a message edit at 20 times the real site's size made 25 full
 * collections with the limit (278 ms of the main thread, ~20 MB live each time, and V8's marking
 * threads besides) and 2 without it (15 ms; its scavenges took 222 ms instead of 47), for a peak
 * of 171 MB instead of 153, below the cold build's.
 *
 * V8 sets the old generation's limit at a full collection, and a build's stages before the render
 * (the messages, the bundle, the check) made none after the first ~200 ms: at 20 times the real
 * site's size the limit they left (~40 MB, V8's own growth from 11 MB live) held into the render,
 * and the main thread's heap reached 40 MB before its first full collection there, with those
 * stages' garbage (~6 MB of large objects among it) in it: most often the build's peak. So as the
 * limit is set, the main thread collects once (~15 ms): the limit applies from the render's first
 * page (collectNow).
 *
 * The young generation of a build of as many (page, locale) pairs is held at the size it has as
 * the plan is made, which the routes and the locales tell. V8 grows it (doubling a semi-space
 * each time scavenges found more survivors than it holds) up to 16 MB semi-spaces, 32 MB of RSS,
 * at every size of site: at 20 times the real site's it had 4 MB semi-spaces once the messages
 * were loaded, 8 as the render started and 16 once the jobs' cache keys were made. Held from the
 * render's start, as first done, the main thread's young generation at the peak was 16 MB, or 32
 * when a scavenge had grown it before (3 of 5 bench:memory runs); held from the plan on, it is 8,
 * and stays so while the render workers start (below).
 * Cold 20x builds, 7 alternating rounds: peak RSS 169 [162-180] -> 161 [151-166] MB, user time
 * 6,280 [5,870-7,590] -> 6,480 [5,850-7,790] ms.
 * Held smaller still, from the build's start (1 to 2 MB semi-spaces), the peak was lower (20x:
 * 157 against 173 MB, 6 alternating rounds), but the main thread scavenged 4 times as often and
 * the old generation, its growth limited (above), needed 11-12 full collections instead of 4: user
 * time +10% (6,550 -> 7,190 ms), of which +480 ms on V8's helper threads.
 * When the build cache spares most renders (below, a one-message edit) the young generation is
 * let grow again once that is known.
 *
 * Held only from the plan on, the young generation was whatever the stages before had grown it
 * to: 4 MB semi-spaces in most builds, 8 in some. V8 grows it at a scavenge once more has survived
 * scavenges since its last growth than a semi-space holds; the messages' loading took it to 4 MB,
 * and in some builds the routes' discovery to 8 before the plan, as the timing of what ran beside
 * it went (stage marks in 11 cold 20x builds on a loaded machine: 3 had 8 MB semi-spaces at the
 * plan and peaked at 156 to 161 MB of RSS, the 8 others, at 4 MB, at 140 to 147 MB). So from the
 * command's start the young generation grows as V8 grows it up to 4 MB semi-spaces
 * (CAP_NEW_SPACE), is held there until the plan (capYoungGeneration), and the plan holds it for a
 * build of many pages or lets it grow again. V8 tells of its collections on the event loop's next
 * turn (a PerformanceObserver of 'gc' entries): the hold came 6 to 25 ms after the growth to 4
 * MB, long before 4 MB more could survive, and every one of 8 such builds reached its plan at 4 MB
 * semi-spaces.
 *
 * A scavenge of such a build is done by the thread that needs it alone, without V8's helper tasks
 * (--no-parallel-scavenge): its render threads keep both cores of a two-core machine busy, so a
 * helper only takes a core from the other render thread, and handing out the work, waking the
 * helpers and waiting for them costs CPU of its own, for semi-spaces of 4 and 8 MB whose survivors
 * are a page or two in progress. Cold 20x builds, 8 alternating rounds (loaded machine), medians:
 * user 5,715 [4,970-5,900] -> 5,445 [4,920-5,990] ms, V8's platform threads 1,000 -> 785 ms, peak
 * RSS 145 -> 146 MB. A build rendering fewer pages renders on the main thread alone, and keeps the
 * helpers for the core it leaves free.
 *
 * V8 reads --semi-space-growth-factor each time it would grow the young generation, so a factor
 * of 1 holds it (unlike --max-semi-space-size, read only when a heap is set up). But setting up a
 * heap puts a factor below 2 back to 2, and each render worker sets up its own: the worker sets the
 * factor to 1 again as the first thing it runs (workerStart, render/pool.ts). A scavenge of the
 * main thread between the worker's heap setup and that first line grows its young generation once:
 * rendering meanwhile, it did in 5 builds of 6 (4 -> 8 MB semi-spaces). Waiting for its workers to
 * be online before rendering, it still did in about 3 builds of 4 at 20 times the real site's size
 * (its event loop ran the site files' writes meanwhile), its new space 8 -> 16 MB. So while the
 * hold is on, the main thread waits blocked (Atomics.wait, no JavaScript of its own runs, so no
 * scavenge) until each worker's first line has held it again (holdAfterWorkersStart). A worker,
 * which then cannot grow its own young generation, is set up at its full size
 * (--min-semi-space-size, read only by a heap's setup and capped at the worker's own maximum).
 *
 * A build that renders few pages (most from the build cache: a one-message edit) holds its young
 * generation where it is until it ends (FEW_PAGES): from its plan on when the build cache holds
 * pages of an earlier build (a rebuild: its render, once it has made the pages' keys, lets it grow
 * again if it renders more after all, as after a template's edit), or from its render on. V8 kept
 * growing it for such a build too, as it bundled, read, wrote and recorded its cached pages: the
 * real site's edit went from 2 MB semi-spaces at its plan to 4 as the render ended, and to 8 in
 * some runs as the output was recorded, memory a build of so little work never collects in again.
 * Where the first touch of a page of memory is dear (the VM of issue 11: ~17 us per 4 KB page, in
 * user and system time alike; the edit made ~9,500 minor faults), each MB it grows into costs ~4 ms.
 * The real site's edit, 20 alternating runs each (load ~3), medians [min-max]: held from the render
 * on, 9,563 [9,160-10,016] minor faults and 0.510 [0.490-0.650] s of CPU; held from the plan on,
 * 8,358 [8,179-8,916] and 0.480 [0.450-0.570] s, peak RSS 74.7 -> 69.8 MB, with 13 scavenges of
 * 41-50 ms against 10 of 28-33 (3 runs each).
 * A build that renders more (the real site's cold build: 270 pages; 20 times its size after an
 * edit: ~520) lets it grow as before: its render allocates for longer than the growth costs. Such a
 * build takes and makes the code cache of React's renderer (render/code-cache.ts, as its first page
 * renders, after the hold) under V8's own growth, as the builds that do not hold it (asDefaultGrowth).
 *
 * Set for the CLI's build only, not by build(): a library call must not change a process's V8 flags.
 */
import { PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Worker } from 'node:worker_threads';

const HEAP_GROWING_PERCENT = 50;
/** From this many pages rendered on, the heap's growth is limited (as many as take a render worker). */
const MIN_PAGES = 1000;
/** Larger than any render worker's semi-space, in MB (V8's own largest by default, on 64 bits). */
const FULL_WORKER_SEMI_SPACE = 16;
/** The flag that holds a young generation where it is (see above). */
const HOLD = '--semi-space-growth-factor=1';
/**
 * How long the main thread waits blocked for its render workers' first lines (see above). At 20
 * times the real site's size on a loaded machine they took 50-120 ms; one that is not there by
 * then is waited for without blocking, as its messages (an error, its exit) need the event loop.
 */
const WORKERS_START_MS = 2000;

/** The young generation's size (both semi-spaces, as V8 counts new space) up to which it grows before the plan: 4 MB semi-spaces. */
const CAP_NEW_SPACE = 8 * 1024 * 1024;

let held = false;
/** Whether the young generation is held at CAP_NEW_SPACE until the plan (capYoungGeneration). */
let capped = false;
/** Told of V8's collections until the young generation is capped or the plan is made. */
let capWatch: PerformanceObserver | null = null;
/** Whether the heap's growth is limited for the rest of the process (limitHeapGrowth). */
let limited = false;
/**
 * Below this much rendering (limitHeapGrowth's count, a page from the build cache counting a tenth),
 * a build's young generation is held until it ends (see above): the real site's one-message edit
 * counts ~28, its cold build 270. It is below MIN_PAGES / 10, so a build of MIN_PAGES pairs or more
 * (held from its plan) never counts as few.
 */
const FEW_PAGES = 100;
/**
 * Whether the young generation of a build that renders few pages is held until the build ends. On
 * globalThis: the server module's copy of this module (render/code-cache.ts, which loads React's
 * renderer as the first page renders) must see it too.
 */
const few: { held: boolean } = ((globalThis as Record<symbol, unknown>)[Symbol.for('sitegen.youngHeldFew')] ??= { held: false }) as never;

/**
 * As the command starts: the young generation grows up to CAP_NEW_SPACE and is held there until
 * the plan (holdYoungGeneration), see above. Returns what ends the cap of a build that ended
 * before its plan (its output unchanged, or a failure): V8's flags are then as they were (a code
 * cache made afterwards, as scripts/compile.mjs makes one after builds, is made under them).
 */
export function capYoungGeneration(): () => void {
  const capAt = () => {
    if (capped || !newSpaceAtCap()) return;
    capped = true;
    v8.setFlagsFromString(HOLD);
    stopCapWatch();
  };
  capAt();
  if (!capped) {
    capWatch = new PerformanceObserver(capAt);
    capWatch.observe({ entryTypes: ['gc'] });
  }
  return endCap;
}

function newSpaceAtCap(): boolean {
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space');
  return newSpace !== undefined && newSpace.space_size >= CAP_NEW_SPACE;
}

function stopCapWatch(): void {
  capWatch?.disconnect();
  capWatch = null;
}

/**
 * Stops the cap (capYoungGeneration), and the hold of a build that renders few pages
 * (limitHeapGrowth) as the build ends: a young generation held by either grows again.
 */
function endCap(): void {
  stopCapWatch();
  if (capped || few.held) v8.setFlagsFromString('--semi-space-growth-factor=2');
  capped = false;
  few.held = false;
}

/**
 * As the plan is made: holds the young generation if the site's `pairs` (page, locale) pairs are
 * as many as MIN_PAGES; otherwise, if the build cache holds pages of an earlier build
 * (`cachedPages`: a rebuild, which likely renders few, see FEW_PAGES), holds it until the render
 * tells how much it makes (limitHeapGrowth); otherwise lets a young generation capped since the
 * start grow again.
 */
export function holdYoungGeneration(pairs: number, cachedPages = false): void {
  if (pairs < MIN_PAGES) {
    if (cachedPages) holdFew();
    else endCap();
    return;
  }
  stopCapWatch();
  capped = false;
  held = true;
  v8.setFlagsFromString(`${HOLD} --min-semi-space-size=${FULL_WORKER_SEMI_SPACE}`);
}

/**
 * Once `workers` have held the young generation again (counted in `started`, see workerStart), or
 * are online, or gone (one that stops first has failed the render), holds it again if it is held:
 * their heaps are set up by then, which let go of it (see above). Blocks the thread until each has
 * counted itself, for WORKERS_START_MS at most: then it waits for them as the others are run.
 */
export async function holdAfterWorkersStart(workers: readonly Worker[], started: Int32Array): Promise<void> {
  if (!held) return;
  const until = performance.now() + WORKERS_START_MS;
  for (let n = Atomics.load(started, 0); n < workers.length && performance.now() < until; n = Atomics.load(started, 0)) {
    Atomics.wait(started, 0, n, until - performance.now());
  }
  if (Atomics.load(started, 0) < workers.length) {
    await Promise.all(workers.map((w) => new Promise((resolve) => (w.once('online', resolve), w.once('exit', resolve)))));
  }
  v8.setFlagsFromString(HOLD);
}

/**
 * A render worker's eval'd start (`start`, an expression), with what it must run first (render/
 * pool.ts): while the young generation is held, the factor its heap's setup put back to 2 is set
 * to 1 again, before the worker loads anything, and the worker counts itself in its workerData's
 * `started` (holdAfterWorkersStart). By import(), not require: a worker's eval'd code is a module
 * when the process runs with --input-type=module.
 */
export function workerStart(start: string): string {
  if (!held) return `${start};`;
  const hold = `v8.default.setFlagsFromString(${JSON.stringify(HOLD)}); const started = threads.workerData?.started; if (started) (Atomics.add(started, 0, 1), Atomics.notify(started, 0));`;
  return `Promise.all([import('node:v8'), import('node:worker_threads')]).then(([v8, threads]) => { ${hold} return ${start}; });`;
}

/**
 * Limits the heap's growth for the rest of the process if a build that renders `pages` is large
 * enough to need it, from a full collection now, and has each thread scavenge alone (see above);
 * otherwise lets a held young generation grow again, or holds that of a build that renders few
 * pages until it ends (FEW_PAGES).
 */
export function limitHeapGrowth(pages: number): void {
  if (pages >= MIN_PAGES) {
    limited = true;
    v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT} --no-parallel-scavenge`);
    collectNow();
  } else if (held) {
    held = false;
    v8.setFlagsFromString('--semi-space-growth-factor=2 --min-semi-space-size=0');
  } else if (pages < FEW_PAGES) {
    holdFew();
  } else if (few.held) {
    // A rebuild that renders more than few pages after all (a template's edit renders every page).
    few.held = false;
    v8.setFlagsFromString('--semi-space-growth-factor=2');
  }
}

/** Holds the young generation of a build that renders few pages where it is, until the build ends (FEW_PAGES). */
function holdFew(): void {
  stopCapWatch();
  // One capped since the start is held already.
  if (!capped && !few.held) v8.setFlagsFromString(HOLD);
  capped = false;
  few.held = true;
}

/**
 * Runs `work` (the making or the taking of a code cache) under V8's own growth of the young
 * generation when a build that renders few pages holds it (limitHeapGrowth): V8 refuses a code
 * cache under other flags than it was made under, and React's renderer's (render/code-cache.ts) is
 * taken and made by builds that hold it and by builds that do not. The hold is set again after.
 */
export function asDefaultGrowth<T>(work: () => T): T {
  if (!few.held) return work();
  v8.setFlagsFromString('--semi-space-growth-factor=2');
  try {
    return work();
  } finally {
    v8.setFlagsFromString(HOLD);
  }
}

/**
 * A full collection of this thread's heap, now. V8 offers one only as `gc`, which it gives the
 * contexts made while --expose-gc is set: a context is made for it alone, and the flag set back.
 */
function collectNow(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  gc();
}

/**
 * Whether V8's flags are other than a rebuild's as it renders: the young generation held or the
 * heap's growth limited (a large build rendering most of its pages). V8 refuses a code cache made
 * under other flags (render/code-cache.ts): one made now would not serve the rebuilds, whose
 * flags are back to V8's defaults by their render (limitHeapGrowth), but for the interrupt budget
 * every build sets (optimize-later.ts).
 */
export function heapFlagsChanged(): boolean {
  return held || limited;
}
