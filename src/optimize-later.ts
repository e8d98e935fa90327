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
 * Set for the CLI's build only, not by build(): a library call must not change a process's V8 flags.
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

/** Makes V8 optimize only what stays hot for longer, for the rest of the process. */
export function optimizeLater(): void {
  v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
