/**
 * How soon V8 optimizes a function, for `sitegen build`. A build runs most of its code for well
 * under a second (config, messages, the check, the bundle's plumbing, the cache's writes, then
 * page after page of React): with V8's default budget its optimizing compiler, on background
 * threads, compiled much of that code only for it to finish soon after. Per-thread CPU of cold
 * builds of the real site (/proc at exit): V8's four platform threads ~420 ms against the bare
 * floor's ~240 ms, the main thread ~680 ms. With four times the budget (a function must run four
 * times as long before it is optimized) those threads took ~250 ms and the main thread ~690 ms:
 * what stays hot long enough (React's render, the message formatters) is still optimized. At 20
 * times the size the platform threads went from ~2.5 s to ~1.65 s of CPU.
 *
 * `sitegen check` runs the same way (its pages rendered in memory, then every message checked
 * once): its first and only check of the bench catalogue (18 x 5,000 keys) took ~100 ms on the
 * main thread and ~120 ms more on V8's other threads, mostly optimizing compiles; a whole
 * `sitegen check` of it took 0.275 s of CPU with these flags against 0.33 s without (alternating
 * runs, medians), of the real site's shape (its 288 pages rendered) 0.67 s against 0.875 s.
 *
 * Set for the CLI's build and check only, not by build() or check(): a library call must not
 * change a process's V8 flags.
 * And set once the build knows it renders (its plan), not as the command starts: V8 accepts the
 * code caches Node ships its own modules with only under the flags they were made with, so each of
 * Node's modules loaded after the change (the ES module loader's for the config's import, fs/promises,
 * worker_threads, ...) was compiled from its source and a new cache made of it: 31 of them in a
 * rebuild of the real site after a message edit, 35 M of its 1,697 M instructions (callgrind). A
 * build with nothing changed, which renders nothing, now keeps V8's defaults.
 */
import v8 from 'node:v8';

/** V8's default `--interrupt-budget` (Node 20, V8 11.3: 66 KB of bytecode executed), times four. */
const INTERRUPT_BUDGET = 4 * 67584;
/**
 * How much bytecode V8's optimizing compiler inlines into one function, in all (V8's default: 920
 * bytes). What it compiles at 20 times the real site's size is mostly React's renderer and the
 * render's own code, once in each render thread: with the default its platform threads took
 * ~1.35 s of CPU of a ~6.5 s cold build, more than GC; each of ~310 compiles inlined as much as it
 * could (a compile of the document's assembly, documentAround, took 30 to 60 ms). Six alternating
 * rounds (loaded machine), medians: platform threads 1,365 -> 1,085 ms, user time 6,185 -> 5,865
 * ms; the render threads' own time did not grow (100 bytes: 1,000 and 5,740 ms). At the real
 * site's size (8 rounds) the platform threads took 190 -> 145 ms, and user time stayed 750 ms.
 */
const INLINED_BYTECODE = 150;

/**
 * Makes V8 optimize only what stays hot for longer, and with less inlined, for the rest of the
 * process. scripts/compile.mjs sets each of these flags back to V8's default before it makes the
 * commands' code cache: V8 refuses a cache made under other flags than a start's.
 */
export function optimizeLater(): void {
  v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET} --max-inlined-bytecode-size-cumulative=${INLINED_BYTECODE}`);
}
