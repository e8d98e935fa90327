import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { messagesOf, type JobResult, type RenderContext, type RenderJob } from './context.ts';
import type { RenderJobsOptions, ServerModules, WorkerAnswer, WorkerData } from './server.tsx';
import { projectPath } from '../file-paths.ts';
import { errors } from '../errors.ts';
import { ListReceiver, ResultCompactor } from './compact.ts';
import { hasEntry, jobKey } from './render-cache.ts';
import { LocaleQueue, type Batch } from './queue.ts';
import { fallbackChain } from '../locales.ts';
import { holdAfterWorkersStart, workerStart } from '../heap-growth.ts';
import { importModule } from '../import-module.ts';

interface ServerModule extends ServerModules {
  renderJobs(mods: ServerModules, ctx: RenderContext, jobs: RenderJob[], options?: RenderJobsOptions): Promise<JobResult[]>;
}

/** Below this many pages a worker's start-up (loading React and the pages again) costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 1000;
/**
 * A page the build cache has costs a small part of a render (its entry read and its documents
 * written, no React): a cached 20x build (5,040 pages) took 4.8 s of CPU and 175 MB on the main
 * thread alone, 7.5 s and 203 MB with a worker that loads React, the pages and the messages again.
 * Nor does a worker pay that renders only the pages the cache lacks while the main thread writes
 * the cached ones: after a one-message edit at that size (20 pages rendered, ~100 ms of the main
 * thread's CPU; 5,038 from the cache), 12 alternating rounds with the staging folder empty gave no
 * wall gain (per-round median -0.01 s, user time -0.02 s; +0.025 s in 10 rounds where the main
 * thread first waited for the worker's heap setup, heap-growth.ts). On the two-core VM this was
 * measured on, work on the other core slowed the main thread's file system calls, whether a thread
 * of the build or another process did it, and even a loop that only spins (+9 to +17% in a
 * microbenchmark): what leaves the main thread makes what stays on it slower.
 */
const CACHED_JOB_WORK = 0.1;
const BATCH = 8;
/**
 * Batches a worker is sent ahead of its answers. With one, it waited for the main thread, which
 * reads a worker's answer (and sends the next batch) only between batches of its own: at 20 times
 * the real site's size the worker's event loop was idle 31-33% of the render (3 runs, loaded
 * machine), 15-21% with two. The second batch renders while the first one's writes finish.
 */
const WORKER_AHEAD = 2;
/**
 * Jobs rendered on the main thread alone are handed on this many at a time, so that the build
 * judges each result's links and drops them (its onResult) as the render goes on. Handed on only
 * at the end of the render, every page's links were held until then: at 20 times the real site's
 * size with --workers 0 (as on one core, or a cached rebuild) 73,000 link objects, about 6 MB of
 * heap. A run ends with its writes done (renderJobs), which bounds them at 64 already.
 */
const MAIN_THREAD_RUN = 64;
/**
 * A render worker's young generation, in MB: V8 makes it three semi-spaces' worth and rounds a
 * semi-space up to a power of two, so 12 gives semi-spaces of 4 MB (16 and 24 both give 8 MB, 6
 * and 8 give 2 and 4). A worker renders page after page and keeps its semi-spaces at full size,
 * though a page's garbage that survives a scavenge is small, and V8 lets the old generation grow
 * by the young generation's size more before a full collection. At 20 times the real site's size
 * (5,760 pages, one worker) 12 took the cold build's peak RSS from 187 to 177 MB (medians of 10
 * alternating runs: [183-197] vs [173-182]; 8 MB semi-spaces before). The worker scavenges twice
 * as often (205 -> 379) and copies 42 -> 61 MB (--trace-gc-nvp), tens of ms of CPU in a build of
 * ~8 s; user time over 36 alternating runs moved +8%, +0.3%, +8%, -4% (medians per batch), within
 * the machine's noise. (V8's default, 16 MB semi-spaces, had taken the peak to 230 MiB.)
 */
const WORKER_YOUNG_GENERATION_MB = 12;

export interface RenderOptions {
  modulePath: string;
  context: RenderContext;
  jobs: RenderJob[];
  /** Force a number of workers (0 = main thread). Default: by the amount of work and cores. */
  workers?: number;
  /** Project root: errors name pages relative to it. */
  root: string;
  /** Called with each result as it arrives (in any order), with its job's index in `jobs`. */
  onResult?: (result: JobResult, index: number) => void;
  /** Told how much the jobs amount to, in renders, before they start (see work). */
  onWork?: (renders: number) => void;
  /** Workers started before the server module was there (prestartWorkers), used if as many are wanted, else ended. */
  prestarted?: Prestarted | null;
  /** With `workers: 0`: the files are made once this resolves (RenderJobsOptions' writeAfter). */
  writeAfter?: Promise<void>;
}

/**
 * Render workers started while esbuild makes the server module (the bundle stage), which the main
 * thread only waits for: a worker's start (Node's own set-up, then the server module with React and
 * the pages) then no longer holds up the render. Started by the render stage, at 20 times the real
 * site's size it did: the main thread waited 50-120 ms for the workers' heaps to be set up (heap-
 * growth.ts), then rendered alone while each worker loaded the server module.
 */
export interface Prestarted {
  workers: Worker[];
  /** How many have held their young generation (heap-growth.ts), counted by each. */
  started: Int32Array;
  /** The first error of a worker before the render took it: the render fails with it. */
  error: unknown;
  /** Tells the workers the server module's path: they load it while the main thread goes on. */
  load(modulePath: string): void;
  /** Ends the workers the render did not take (a failed stage, or another number of workers). */
  end(): Promise<void>;
}

/**
 * How many render workers a build of `jobs` pairs is sure to use before its server module exists:
 * the render decides by the pairs the build cache has no entry for, which only the server
 * module's print tells; with no entry in the cache (`cacheHasPages` false), that is every pair.
 */
export function workersBeforeBundle(jobs: number, cacheHasPages: boolean, forced: number | undefined, cores = os.availableParallelism()): number {
  const workers = forced ?? (cacheHasPages ? 0 : workersFor(jobs, cores));
  // As many as renderShared uses: no more than there are batches.
  return Math.min(workers, Math.ceil(jobs / BATCH));
}

/** Starts `count` render workers that wait for the server module's path, then for their context (see Prestarted). */
export async function prestartWorkers(count: number): Promise<Prestarted | null> {
  if (count === 0) return null;
  const started = new Int32Array(new SharedArrayBuffer(4));
  // Each takes its first message as the server module's URL, its second as its workerData (startWorker).
  const bootstrap = workerStart(
    `import('node:worker_threads').then(({ parentPort }) => { const next = () => new Promise((r) => parentPort.once('message', r)); return next().then((url) => import(url)).then((m) => next().then((data) => m.startWorker(m, data))); })`,
  );
  const prestarted: Prestarted = {
    workers: [],
    started,
    error: undefined,
    load: (modulePath) => {
      for (const worker of prestarted.workers) worker.postMessage(pathToFileURL(modulePath).href);
    },
    end: async () => {
      await Promise.all(prestarted.workers.map((w) => w.terminate()));
    },
  };
  for (let i = 0; i < count; i++) {
    const worker = new Worker(bootstrap, { eval: true, workerData: { started }, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
    worker.on('error', (err) => (prestarted.error ??= err));
    prestarted.workers.push(worker);
  }
  // While the young generation is held, the main thread goes on once the workers' heap setups are over (heap-growth.ts).
  await holdAfterWorkersStart(prestarted.workers, started);
  return prestarted;
}

/**
 * Renders all jobs. With enough work, worker threads join the main thread (which already has the
 * server module loaded, so it starts at once while the workers load theirs); each takes batches
 * of its own locales first, then from the others' (queue.ts), so a slow start costs nothing.
 */
export async function renderAll(options: RenderOptions): Promise<JobResult[]> {
  // Errors thrown by pages then point at their .tsx source, through the server module's source map.
  process.setSourceMapsEnabled(true);
  const mod = await importModule<ServerModule>(pathToFileURL(options.modulePath).href);
  // Each job's entry key, made once here: the renderers take it from the job.
  for (const job of options.jobs) job.key ??= jobKey(options.context, job);
  const renders = work(options);
  options.onWork?.(renders);
  const workers = options.workers ?? workersFor(renders, os.availableParallelism());
  const { prestarted } = options;
  const usable = prestarted && Math.min(workers, Math.ceil(options.jobs.length / BATCH)) === prestarted.workers.length ? prestarted : null;
  if (prestarted && !usable) await prestarted.end();
  if (workers === 0) return renderAlone(mod, options);
  return renderShared(mod, options, workers, usable);
}

/** The main thread alone: the jobs a run at a time, each run's results handed on to `onResult` as it ends. */
async function renderAlone(mod: ServerModule, options: RenderOptions): Promise<JobResult[]> {
  const results: JobResult[] = [];
  for (let first = 0; first < options.jobs.length; first += MAIN_THREAD_RUN) {
    for (const result of await mod.renderJobs(mod, options.context, options.jobs.slice(first, first + MAIN_THREAD_RUN), { writeAfter: options.writeAfter })) {
      options.onResult?.(result, results.length);
      results.push(result);
    }
  }
  return results;
}

/** Worker threads beside the main thread: none unless the jobs amount to MIN_JOBS_FOR_WORKERS renders (see work). */
export function defaultWorkers(options: Pick<RenderOptions, 'jobs' | 'context'>, cores: number): number {
  return workersFor(work(options), cores);
}

function workersFor(renders: number, cores: number): number {
  return cores > 1 && renders >= MIN_JOBS_FOR_WORKERS ? Math.min(cores - 1, 7) : 0;
}

/** How many renders the jobs amount to: a job whose cache entry exists counts CACHED_JOB_WORK. */
function work({ jobs, context: ctx }: Pick<RenderOptions, 'jobs' | 'context'>): number {
  if (!ctx.cache) return jobs.length;
  let renders = 0;
  for (const job of jobs) {
    const key = job.key !== undefined ? job.key : jobKey(ctx, job);
    renders += key && hasEntry(ctx, key) ? CACHED_JOB_WORK : 1;
  }
  return renders;
}

async function renderShared(mod: ServerModule, options: RenderOptions, count: number, prestarted: Prestarted | null): Promise<JobResult[]> {
  const { context } = options;
  const threads = Math.min(count, Math.ceil(options.jobs.length / BATCH)) + 1;
  const queue = new LocaleQueue(options.jobs, context.locales.map((l) => l.code), threads, BATCH);
  const results: JobResult[] = new Array(options.jobs.length);
  // A worker's results arrive as copies: equal lists are shared again (see compact.ts).
  const compactor = new ResultCompactor();
  let done = 0;
  const placed = (batch: Batch, batchResults: JobResult[]) => {
    for (const [i, result] of batchResults.entries()) {
      results[batch.indexes[i]!] = result;
      options.onResult?.(result, batch.indexes[i]!);
    }
    done++;
  };
  /** Set once the outcome is known: the main thread's share stops taking batches. */
  let settled = false;
  const url = pathToFileURL(options.modulePath).href;
  // A tiny eval'd bootstrap: the server module itself exports the worker loop.
  const bootstrap = workerStart(`import(${JSON.stringify(url)}).then((m) => m.startWorker(m))`);
  const workers: Worker[] = [];
  /** How many workers have held their young generation (heap-growth.ts), counted by each. */
  const started = prestarted?.started ?? new Int32Array(new SharedArrayBuffer(4));
  let mainShare: Promise<void> = Promise.resolve();
  /** Each worker's port for its answers, and what takes one. */
  const ports: { port: MessagePort; answered: (msg: WorkerAnswer) => void }[] = [];
  /**
   * Takes the answers the workers have sent, at once: the main thread does between its own pages,
   * so each worker is sent its next batch then, not only once the main thread's batch of 8 pages
   * is done. Read between batches alone, at 20 times the real site's size the worker's event loop
   * was idle 707-2,054 ms of a cold build's render (3 runs, loaded machine), 133-1,298 ms so.
   */
  const readAnswers = () => {
    for (const { port, answered } of ports) for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) answered(got.message as WorkerAnswer);
  };
  const finished = new Promise<void>((resolve, reject) => {
    const check = () => done === queue.size && resolve();
    for (let thread = 1; thread < threads; thread++) {
      // The batch (its number) and the job of it the worker is on, written by the worker before
      // each job: what a worker that stops without an error was rendering.
      const progress = new Int32Array(new SharedArrayBuffer(8));
      // Only the messages of its own locales (and of their fallbacks): others come with a batch that needs them.
      const has = withFallbacks(context, queue.localesOf(thread));
      // Its answers come on a port of their own, which the main thread also reads between its own pages (readAnswers).
      const { port1: answers, port2 } = new MessageChannel();
      // A worker's files are listed by the output record's lstat: it keeps no facts of them (RenderContext's fileFacts).
      const data: WorkerData = { context: { ...context, fileFacts: null, messages: messagesFor(context, has) }, progress, started, answers: port2 };
      const worker = prestarted?.workers[thread - 1] ?? new Worker(bootstrap, { eval: true, workerData: data, transferList: [port2], resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } });
      if (prestarted) worker.postMessage(data, [port2]);
      workers.push(worker);
      /** The batches sent to this worker, by their number; those not answered yet are in flight. */
      const sent: Batch[] = [];
      const inFlight = new Set<number>();
      const feed = () => {
        while (inFlight.size < WORKER_AHEAD) {
          const batch = queue.take(thread);
          if (!batch) return;
          const missing = new Set([...withFallbacks(context, new Set(batch.jobs.map((j) => j.locale)))].filter((code) => !has.has(code)));
          for (const code of missing) has.add(code);
          inFlight.add(sent.length);
          worker.postMessage({ id: sent.length, jobs: batch.jobs, messages: missing.size ? messagesFor(context, missing) : undefined });
          sent.push(batch);
        }
      };
      const lists = new ListReceiver(compactor);
      const answered = (msg: WorkerAnswer) => {
        const batch = sent[msg.id]!;
        inFlight.delete(msg.id);
        placed(batch, lists.receive(msg.results, msg.lists).map((r, i) => compactor.compact(r, batch.jobs[i])));
        feed();
        check();
      };
      answers.on('message', answered);
      ports.push({ port: answers, answered });
      worker.on('error', reject);
      // A page calling process.exit() ends its worker without an error: without this the build would wait forever.
      worker.on('exit', (code) => {
        if (settled) return;
        // Answers it sent before it stopped are read first (a port of one's own is not emptied before the exit event).
        readAnswers();
        if (inFlight.size === 0) return;
        const batch = sent[Atomics.load(progress, 0)]!;
        const at = Atomics.load(progress, 1);
        const named = (job: RenderJob) => `${projectPath(options.root, job.page.file)} (locale ${job.locale})`;
        // During a render: that page. After its batch was rendered: something one of them started (a timer).
        const jobs = at >= 0 ? [named(batch.jobs[at]!)] : batch.jobs.map(named);
        reject(errors.renderWorkerExited(jobs, code));
      });
      feed();
    }
    if (prestarted?.error) reject(prestarted.error);
    // While the young generation is held, the main thread renders once the workers' heap setups
    // are over, which let go of it (heap-growth.ts); those of prestarted workers were waited for as they started.
    const held = prestarted ? Promise.resolve() : holdAfterWorkersStart(workers, started);
    // The main thread's share: one batch at a time, reading the workers' answers between its pages and batches.
    mainShare = (async () => {
      try {
        await held;
        for (let batch = queue.take(0); !settled && batch; batch = queue.take(0)) {
          placed(batch, await mod.renderJobs(mod, context, batch.jobs, { between: readAnswers }));
          await new Promise((r) => setImmediate(r));
        }
        check();
      } catch (err) {
        reject(err);
      }
    })();
  });
  try {
    await finished;
  } finally {
    settled = true;
    // The main thread's batch in hand finishes its writes before the caller discards the output.
    await mainShare;
    await Promise.all(workers.map((w) => w.terminate()));
    for (const { port } of ports) port.close();
  }
  return results;
}

/** The locale codes and those of their fallback chains. */
function withFallbacks(ctx: RenderContext, codes: Set<string>): Set<string> {
  const all = new Set(codes);
  for (const code of codes) for (const other of fallbackChain(code, ctx.locales, ctx.defaultLocale)) all.add(other);
  return all;
}

/** The messages a worker is sent, as copies: each locale's parsed first (messagesOf), as a copy of an unparsed one would stay empty. */
function messagesFor(ctx: RenderContext, codes: Set<string>): RenderContext['messages'] {
  const out: RenderContext['messages'] = {};
  for (const code of codes) if (ctx.messages[code]) out[code] = messagesOf(ctx, code);
  return out;
}
