/**
 * Dev benchmark: the time from saving a change until Chromium shows it, for a message edit in one
 * locale and for an edit of a shared component, median of 20 each, next to full builds of the
 * same site measured in the same run. Not a test: numbers are printed, never asserted.
 * Targets (issue 6): message edit at least 10x faster than a full build, component edit 3x.
 *
 * Save-to-screen is measured in the page (pageWatch): a MutationObserver sees the change reach the
 * DOM, and the animation frame after it, the one that paints it, is when it is shown. Both are read
 * on the page's clock (performance.timeOrigin + performance.now(), the machine's time, as in this
 * process; pageClock measures the two clocks' offset), from the start of the save. The file is saved
 * by an Editor, a thread with an event loop of its own, as a user's editor is another process.
 *
 * Until 2026-12-11 the old measure is printed beside it: this thread wrote the file, and polled the
 * page on every animation frame (waitForFunction; a locator's wait backs off to 100 ms steps) until
 * the poll's answer came back. It measured what a user does not see: each step of the write (open,
 * write, close) waited for a turn of the event loop the dev server shares, the poll's answer came
 * back over the DevTools protocol, and the poll's layout (innerText) in every frame kept the page
 * busy as the change arrived. The two take turns, edit by edit, so that no poll runs while the page
 * measures.
 */
import './node-env.ts';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Page } from 'playwright-core';
import { copyRealSite, median } from './lib.ts';
import { launchChromium } from '../test/helpers/chromium.ts';
import { build } from '../src/build.ts';
import { dev } from '../src/dev/dev.ts';
import { createMemoryLogger } from '../src/logger.ts';
import { flatten } from '../src/i18n/messages.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BUILDS = Number(process.env.BENCH_BUILDS ?? 3);
const LOCALE = 'de';
const COMPONENT = 'templates/components/FeatureCard.tsx';
const COMPONENT_ANCHOR = '<article className=';
/** How long an edit may take to show before the benchmark gives up. */
const TIMEOUT_MS = 30_000;

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;
const spread = (xs: number[]) => `${fmt(median(xs))} [${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}]`;
/** This process's clock in the page's terms: milliseconds since 1970, below the millisecond. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Saves files as a Node-based editor does (fs/promises' writeFile: open with truncation, write, close,
 * each on a turn of its own event loop), on a thread of its own. `save` resolves with the time the
 * save began, on this process's clock, once it is done.
 */
class Editor {
  private readonly worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    const { writeFile } = require('node:fs/promises');
    parentPort.on('message', ({ file, data }) => {
      const saved = performance.timeOrigin + performance.now();
      writeFile(file, data).then(() => parentPort.postMessage({ saved }), (err) => parentPort.postMessage({ error: String(err) }));
    });`,
    { eval: true },
  );

  save(file: string, data: string): Promise<number> {
    return new Promise((resolve, reject) => {
      this.worker.once('message', (answer: { saved: number } | { error: string }) => ('saved' in answer ? resolve(answer.saved) : reject(new Error(answer.error))));
      this.worker.postMessage({ file, data });
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** What an edit puts on screen: a text in the page, or an element a selector finds. */
type Change = { text: string } | { selector: string };

/** When the page had a change: in the DOM, and at the start of the next animation frame. */
interface Shown {
  dom: number;
  frame: number;
}

/** Where pageWatch leaves its promise in the page. */
interface ShownInPage {
  benchShown: Promise<Shown>;
}

/**
 * How far the page's clock is ahead of this process's (both are the machine's time, taken at each
 * one's start and counted on since): the reading with the quickest round trip, to within half of it.
 */
async function pageClock(page: Page): Promise<{ offset: number; within: number }> {
  let best = { offset: 0, within: Infinity };
  for (let i = 0; i < 30; i++) {
    const before = now();
    const there = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = now();
    if ((after - before) / 2 < best.within) best = { offset: there - (before + after) / 2, within: (after - before) / 2 };
  }
  return best;
}

/**
 * Starts watching the page for `change`; the function returned resolves with when it reached the
 * DOM and when the next animation frame (the one that paints it) began, on the page's clock.
 * (No named functions inside page.evaluate: tsx would wrap them in a helper the page does not have.)
 */
async function pageWatch(page: Page, change: Change): Promise<() => Promise<Shown>> {
  await page.evaluate(
    ({ change, timeout }) => {
      (window as unknown as ShownInPage).benchShown = new Promise((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if ('text' in change ? !document.body.textContent?.includes(change.text) : !document.querySelector(change.selector)) return;
          const dom = performance.timeOrigin + performance.now();
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve({ dom, frame: performance.timeOrigin + performance.now() }));
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`not shown within ${timeout} ms: ${JSON.stringify(change)}`));
        }, timeout);
        observer.observe(document, { subtree: true, childList: true, characterData: true });
      });
    },
    { change, timeout: TIMEOUT_MS },
  );
  return () => page.evaluate(() => (window as unknown as ShownInPage).benchShown);
}

/** The old measure (until 2026-12-11): Node polls the page on every animation frame. */
function pollFor(page: Page, change: Change) {
  if ('text' in change) return page.waitForFunction((text) => document.body.innerText.includes(text), change.text, { polling: 'raf', timeout: TIMEOUT_MS });
  return page.waitForFunction((sel) => document.querySelector(sel), change.selector, { polling: 'raf', timeout: TIMEOUT_MS });
}

interface EditTimes {
  /** Save to the frame that paints the change, measured in the page. */
  frame: number[];
  /** Save to the change in the DOM, measured in the page. */
  dom: number[];
  /** Save to the answer of Node's poll (the old measure). */
  poll: number[];
}

/** The i-th edit: this content in this file, and what it shows. */
type Edit = (i: number) => { file: string; data: string; change: Change };

/** `runs` edits measured in the page and `runs` the old way, taking turns. */
async function timeEdits(page: Page, editor: Editor, offset: number, runs: number, edit: Edit): Promise<EditTimes> {
  const times: EditTimes = { frame: [], dom: [], poll: [] };
  for (let i = 1; i <= 2 * runs; i++) {
    const { file, data, change } = edit(i);
    if (i % 2) {
      const start = performance.now();
      await writeFile(file, data);
      await pollFor(page, change);
      times.poll.push(performance.now() - start);
    } else {
      const shown = await pageWatch(page, change);
      const saved = await editor.save(file, data);
      const { dom, frame } = await shown();
      times.dom.push(dom - offset - saved);
      times.frame.push(frame - offset - saved);
    }
  }
  return times;
}

const site = await copyRealSite('sitegen-bench-dev-');

// Full builds of the same site, in this run. Without the build cache: with it, every build after
// the first finds its output already written and does nothing, which is no full build to compare.
const fullBuilds: number[] = [];
for (let i = 0; i < BUILDS; i++) {
  const start = performance.now();
  await build({ root: site, outDir: 'dist', logger: createMemoryLogger(), cacheDir: false });
  fullBuilds.push(performance.now() - start);
}
await rm(path.join(site, 'dist'), { recursive: true, force: true });

const server = await dev({ root: site, port: 0, logger: createMemoryLogger() });
// Only the dev server: there is no network here, and a web font request that has to time out
// would be measured instead of sitegen. Other hosts fail at once in the resolver (intercepting
// requests instead would add a round trip to this process to every request measured).
const browser = await launchChromium(['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']);
const editor = new Editor();
try {
  const page = await browser.newPage();
  const open = async (url: string) => {
    const connected = page.waitForResponse((res) => new URL(res.url()).pathname === '/__sitegen/events');
    await page.goto(url);
    await connected;
  };
  await open(`${server.url}/${LOCALE}`);
  const clock = await pageClock(page);

  // A plain message of the de home page that is visible as text.
  const localeFile = path.join(site, 'locales', `${LOCALE}.json`);
  const source = await readFile(localeFile, 'utf8');
  const messages = flatten(localeFile, JSON.parse(source) as Record<string, unknown>);
  const bodyText = await page.evaluate(() => document.body.innerText);
  const [key, value] = Object.entries(messages).find(([k, v]) => k.startsWith('home.') && /^[^{}<>"\\]{8,}$/.test(v) && bodyText.includes(v)) ?? [];
  if (!key || !value) throw new Error(`no plain home.* message of locales/${LOCALE}.json is visible on /${LOCALE}`);

  const message = await timeEdits(page, editor, clock.offset, RUNS, (i) => {
    const marker = `${value} #${i}`;
    return { file: localeFile, data: source.replace(JSON.stringify(value), JSON.stringify(marker)), change: { text: marker } };
  });
  await writeFile(localeFile, source);
  await pollFor(page, { text: value });

  const componentFile = path.join(site, COMPONENT);
  const component = await readFile(componentFile, 'utf8');
  if (!component.includes(COMPONENT_ANCHOR)) throw new Error(`${COMPONENT} no longer contains ${COMPONENT_ANCHOR}; update bench/dev.ts`);
  const components = await timeEdits(page, editor, clock.offset, RUNS, (i) => ({
    file: componentFile,
    data: component.replace(COMPONENT_ANCHOR, `<article data-bench="${i}" className=`),
    change: { selector: `[data-bench="${i}"]` },
  }));
  await writeFile(componentFile, component);
  await server.idle();
  // Read at the end: the page on screen is updated before its rebuild has rendered the other pages.
  const rendered = server.reports.findLast((r) => r.status === 'ok' && r.changed.includes(COMPONENT))?.rendered.length ?? 0;

  const full = median(fullBuilds);
  const firstDev = server.reports[0]!;
  const rebuildMs = (kind: string) => median(server.reports.slice(1).filter((r) => r.status === 'ok' && r.changed.some((c) => c.includes(kind))).map((r) => r.ms));
  const line = (times: EditTimes, target: number) =>
    `${spread(times.frame)} save-to-screen | ${(full / median(times.frame)).toFixed(1)}x faster than a full build (target ${target}x); in the DOM ${spread(times.dom)}`;
  const old = (times: EditTimes) => `  old measure (Node's poll, until 2026-12-11): ${spread(times.poll)}, ${(full / median(times.poll)).toFixed(1)}x`;
  console.log(`sitegen dev benchmark: median [min–max] of ${RUNS} edits each, ${os.availableParallelism()} cores, NODE_ENV=${process.env.NODE_ENV}; the page's clock ${clock.offset.toFixed(2)} ± ${clock.within.toFixed(2)} ms ahead`);
  console.log(`full build (build() in this process, warm, no build cache)   ${fmt(full)} (median of ${BUILDS}); dev's first build ${fmt(firstDev.ms)} for ${firstDev.rendered.length} pages`);
  console.log(`message edit (${LOCALE}, ${key})  ${line(message, 10)}; rebuild alone ${fmt(rebuildMs('locales/'))}`);
  console.log(old(message));
  console.log(`component edit (${path.basename(COMPONENT)}, ${rendered} pages)  ${line(components, 3)}; rebuild alone ${fmt(rebuildMs('components/'))}`);
  console.log(old(components));
} finally {
  await editor.close();
  await browser.close();
  await server.close();
  await rm(site, { recursive: true, force: true });
}
