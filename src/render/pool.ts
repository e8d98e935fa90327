import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JobResult, RenderContext, RenderJob } from './context.ts';
import type { ServerModules } from './server.tsx';

interface ServerModule extends ServerModules {
  renderJobs(mods: ServerModules, ctx: RenderContext, jobs: RenderJob[]): Promise<JobResult[]>;
}

/** Below this many pages a worker's start-up (loading React and the pages again) costs more than it saves. */
const MIN_JOBS_FOR_WORKERS = 120;
const BATCH = 8;

export interface RenderOptions {
  modulePath: string;
  context: RenderContext;
  jobs: RenderJob[];
  /** Force a number of workers (0 = main thread). Default: by the amount of work and cores. */
  workers?: number;
}

/** Renders all jobs, spread over worker threads when there is enough work to pay for them. */
export async function renderAll(options: RenderOptions): Promise<JobResult[]> {
  // Errors thrown by pages then point at their .tsx source, through the server module's source map.
  process.setSourceMapsEnabled(true);
  const cores = os.availableParallelism();
  const count = options.workers ?? (options.jobs.length >= MIN_JOBS_FOR_WORKERS && cores > 1 ? Math.min(cores, 8) : 0);
  if (count === 0) {
    const mod = (await import(pathToFileURL(options.modulePath).href)) as ServerModule;
    return mod.renderJobs(mod, options.context, options.jobs);
  }
  return renderInWorkers(options, count);
}

function renderInWorkers(options: RenderOptions, count: number): Promise<JobResult[]> {
  const batches: RenderJob[][] = [];
  for (let i = 0; i < options.jobs.length; i += BATCH) batches.push(options.jobs.slice(i, i + BATCH));
  const results: JobResult[][] = new Array(batches.length);
  const url = pathToFileURL(options.modulePath).href;
  // A tiny eval'd bootstrap: the server module itself exports the worker loop.
  const bootstrap = `import(${JSON.stringify(url)}).then((m) => m.startWorker(m));`;
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    const finish = (err?: unknown) => {
      for (const w of workers) void w.terminate();
      if (err) reject(err);
      else resolve(results.flat());
    };
    for (let i = 0; i < Math.min(count, batches.length); i++) {
      const worker = new Worker(bootstrap, { eval: true, workerData: { context: options.context } });
      workers.push(worker);
      const feed = () => {
        if (next < batches.length) {
          const id = next++;
          worker.postMessage({ id, jobs: batches[id] });
        }
      };
      worker.on('message', (msg: { id: number; results: JobResult[] }) => {
        results[msg.id] = msg.results;
        if (++done === batches.length) finish();
        else feed();
      });
      worker.on('error', finish);
      feed();
    }
  });
}
