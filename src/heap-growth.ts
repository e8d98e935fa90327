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
 * Set for the CLI's build only, not by build(): a library call must not change a process's V8 flags.
 */
import v8 from 'node:v8';

const HEAP_GROWING_PERCENT = 50;
/** From this many pages rendered on, the heap's growth is limited (as many as take a render worker). */
const MIN_PAGES = 1000;

/** Limits the heap's growth for the rest of the process if a build that renders `pages` is large enough to need it. */
export function limitHeapGrowth(pages: number): void {
  if (pages >= MIN_PAGES) v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
