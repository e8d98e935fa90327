/**
 * The translation check in a worker thread (see in-worker.ts): the config and options come in
 * as workerData, the report (or the error) goes back as one message. Compiled on its own into
 * lib/check-worker.js (scripts/compile.mjs), so that the thread loads plain JavaScript.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { check, type CheckOptions } from './index.ts';
import type { ResolvedConfig } from '../config.ts';

const { config, options } = workerData as { config: ResolvedConfig; options: CheckOptions };
check(config, options).then(
  (report) => parentPort!.postMessage({ report }),
  (err: unknown) => {
    const e: Error & { code?: string; detail?: string } = err instanceof Error ? err : new Error(String(err));
    parentPort!.postMessage({ error: { name: e.name, code: e.code, message: e.message, detail: e.detail, stack: e.stack } });
  },
);
