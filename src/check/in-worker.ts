/**
 * `check(config, options)` on a thread of its own, so that a build's translation check runs
 * beside its bundle and render stages instead of before them (a CPU profile of a cold build of
 * the real site had 100 to 180 ms of check on the main thread, before esbuild started).
 *
 * Only the compiled CLI has the worker's entry in plain JavaScript (lib/check-worker.js); code
 * run from the TypeScript sources (tests, a TypeScript loader) checks on the calling thread.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ResolvedConfig } from '../config.ts';
import { SitegenError } from '../errors.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { check, type CheckOptions, type CheckReport } from './index.ts';

const WORKER = path.join(PACKAGE_ROOT, 'lib', 'check-worker.js');

interface WorkerError { name: string; code?: string; message: string; detail?: string; stack?: string }

export function checkInWorker(config: ResolvedConfig, options: CheckOptions): Promise<CheckReport> {
  if (!import.meta.url.endsWith('.js') || !existsSync(WORKER) || worthNoThread(config, options)) return check(config, options);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { config, options } });
    worker.once('message', (msg: { report?: CheckReport; error?: WorkerError }) => {
      if (msg.error) reject(revive(msg.error));
      else resolve(msg.report!);
      void worker.terminate();
    });
    worker.once('error', reject);
    // After the message this settles nothing; before it, the thread died without a word.
    worker.once('exit', (code) => reject(new Error(`the translation check's worker thread stopped with exit code ${code} before reporting`)));
  });
}

/** A check of at most this many locales, en not among them, runs on the calling thread (see worthNoThread). */
const FEW_LOCALES = 3;

/**
 * Whether a check is smaller than a thread's start: the build cache asks for only the locales
 * whose file changed (src/cache/check-cache.ts). In profiles of a rebuild of the real site after
 * one edit in de, the check's thread took 300 to 570 ms, of which the check of de was 60 to 85 ms
 * and the rest the thread's start (Node's own modules compiled again for it, the check's
 * modules loaded); on the main thread the check of de took 40 ms, while it waits for esbuild.
 */
function worthNoThread(config: ResolvedConfig, options: CheckOptions): boolean {
  const codes = options.locale !== undefined ? [options.locale] : options.locales;
  return codes !== undefined && codes.length <= FEW_LOCALES && !codes.includes(config.defaultLocale.code);
}

/** The check's error as thrown on this thread: a catalogue error stays one (printed without a stack). */
function revive(e: WorkerError): Error {
  const err = e.name === 'SitegenError' ? new SitegenError(e.code ?? 'CheckFailed', e.message, { detail: e.detail }) : Object.assign(new Error(e.message), { name: e.name });
  err.stack = e.stack;
  return err;
}
