/**
 * The Firebase Auth and Functions emulators (firebase-tools pinned in tools/emulators) for the
 * end-to-end tests: installed on first use, started as a child process, ready when the function
 * answers, stopped on teardown. Plus the emulators' REST helpers the tests read codes from, and
 * the browser routing that sends the site's production Google endpoints to them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { createServer, type AddressInfo, type Server } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { EMULATOR_DIR, ensureEmulatorsInstalled } from './emulators-install.ts';
import site from '../../sitegen.config.ts';

/**
 * The site's own Firebase values (`client.firebase` in sitegen.config.ts): the emulators run as
 * that project, so the built pages' calls need no rewriting beyond their host. A demo project
 * (`demo-*`) needs no credentials; the function's region is the one functions/index.js deploys to.
 */
const firebase = site.client.firebase;
if (!firebase.projectId.startsWith('demo-')) {
  throw new Error(
    `sitegen.config.ts: client.firebase.projectId is "${firebase.projectId}"; the emulator tests need a demo project ("demo-..."), which runs without credentials.`,
  );
}
export const PROJECT = firebase.projectId;
export const REGION = firebase.region;
export const API_KEY = firebase.apiKey;
const HOST = '127.0.0.1';
/** The emulators' addresses: free ports picked by startEmulators(), so runs never collide. */
export let AUTH = '';
export let FUNCTIONS = '';
const READY_TIMEOUT_MS = 120_000;

export interface RunningEmulators {
  stop(): Promise<void>;
}

/** Ports free right now, one per name (held open together, so they differ). */
async function freePorts<K extends string>(names: K[]): Promise<Record<K, number>> {
  const servers = await Promise.all(
    names.map(() => new Promise<Server>((resolve, reject) => { const srv = createServer().once('error', reject); srv.listen(0, HOST, () => resolve(srv)); })),
  );
  const ports = Object.fromEntries(names.map((name, i) => [name, (servers[i]!.address() as AddressInfo).port])) as Record<K, number>;
  await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  return ports;
}

/**
 * Starts `firebase emulators:start --only auth,functions` on free ports and waits until the
 * function answers. The ports go into a config file of this run beside tools/emulators/firebase.json
 * (whose fixed ports stay for running the emulators by hand), so a run never collides with other
 * emulators or with another test run.
 */
export async function startEmulators(): Promise<RunningEmulators> {
  ensureEmulatorsInstalled();
  // Every emulator the command starts gets a port of its own, also the two that the functions
  // emulator brings along (eventarc, tasks): left out, firebase-tools tries their default ports
  // (9299, 9499) and takes another only if one is busy when it looks, so two runs starting together
  // both took 9299 and one exited with EADDRINUSE (code 2, "An unexpected error has occurred").
  const ports = await freePorts(['auth', 'functions', 'hub', 'logging', 'eventarc', 'tasks']);
  const base = JSON.parse(readFileSync(path.join(EMULATOR_DIR, 'firebase.json'), 'utf8'));
  for (const [name, port] of Object.entries(ports)) base.emulators[name] = { host: HOST, port };
  const configFile = path.join(EMULATOR_DIR, `firebase.test-${process.pid}.json`);
  await writeFile(configFile, JSON.stringify(base, null, 2));
  AUTH = `http://${HOST}:${ports.auth}`;
  FUNCTIONS = `http://${HOST}:${ports.functions}`;

  // A temporary folder of this run: the emulators keep a locator file named by the project in it,
  // which two runs at once (two test files) would read half-written from each other and fail on.
  // Their debug log goes there too: in the shared working folder, a run that stopped cleanly
  // deleted the log of one that had failed ("An unexpected error has occurred", nothing more).
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-emulators-'));
  const debugLog = path.join(tmp, 'firebase-debug.log');

  const cli = path.join(EMULATOR_DIR, 'node_modules/firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [cli, 'emulators:start', '--only', 'auth,functions', '--project', PROJECT, '--config', path.basename(configFile)], {
    cwd: EMULATOR_DIR,
    // Offline on this command only: otherwise the functions emulator stalls on a version check.
    env: { ...process.env, CI: 'true', NO_UPDATE_NOTIFIER: '1', npm_config_offline: 'true', TMPDIR: tmp, FIREBASE_DEBUG_PATH: debugLog },
    detached: true, // its own process group, so that teardown also ends the function workers
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
  const emulators = {
    stop: async () => {
      await stopGroup(child);
      await rm(configFile, { force: true });
      await rm(tmp, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(debugLog, 'utf8').catch(() => '(no debug log)');
      await emulators.stop();
      throw new Error(`The Firebase emulators exited with code ${child.exitCode} before they were ready:\n${output}\nThe end of their debug log:\n${log.slice(-3000)}`);
    }
    // The function is loaded when it answers a call without a token with UNAUTHENTICATED.
    const reply = await callFunction({ code: 'ALMO-2026' }).catch(() => undefined);
    if (reply?.error?.status === 'UNAUTHENTICATED') return emulators;
    if (Date.now() > deadline) {
      await emulators.stop();
      throw new Error(`The Firebase emulators were not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250)); // polling interval, not a wait for an outcome
  }
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
  try {
    process.kill(-child.pid!, 'SIGKILL'); // function workers left in the group, if any
  } catch {
    // the group is gone: nothing left
  }
}

/** Calls the function directly, as a client without the SDK would. */
export async function callFunction(data: unknown, idToken?: string): Promise<any> {
  const res = await fetch(`${FUNCTIONS}/${PROJECT}/${REGION}/applyPromoCode`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify({ data }),
  });
  return res.json();
}

/** An Identity Toolkit call on the Auth emulator. */
export async function identity(method: string, body: object): Promise<any> {
  const res = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.json();
}

export interface OobCode {
  email: string;
  requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'RECOVER_EMAIL' | string;
  oobCode: string;
}

/** The action codes the Auth emulator has "sent", oldest first. */
export async function oobCodes(): Promise<OobCode[]> {
  const res = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
  return ((await res.json()) as { oobCodes: OobCode[] }).oobCodes;
}

/** The newest code of one kind sent to one address. */
export async function latestOobCode(email: string, requestType: OobCode['requestType']): Promise<string> {
  const code = (await oobCodes()).filter((c) => c.email === email && c.requestType === requestType).at(-1);
  if (!code) throw new Error(`The Auth emulator sent no ${requestType} code to ${email}`);
  return code.oobCode;
}

/** Sends the page's calls to Google's production endpoints to the emulators instead. */
export async function routeToEmulators(page: Page): Promise<void> {
  const targets: [RegExp, (url: URL) => string][] = [
    [/^https:\/\/(identitytoolkit|securetoken)\.googleapis\.com\//, (u) => `${AUTH}/${u.host}${u.pathname}${u.search}`],
    [new RegExp(`^https://${REGION}-${PROJECT}\\.cloudfunctions\\.net/`), (u) => `${FUNCTIONS}/${PROJECT}/${REGION}${u.pathname}`],
  ];
  for (const [pattern, to] of targets) {
    await page.route(pattern, async (route) => {
      const response = await route.fetch({ url: to(new URL(route.request().url())) });
      await route.fulfill({ response });
    });
  }
}
