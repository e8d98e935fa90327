/**
 * Dev benchmark: the time from saving a change until Chromium shows it, for a message edit in one
 * locale and for an edit of a shared component, median of 20 each, next to full builds of the
 * same site measured in the same run. Not a test: numbers are printed, never asserted. Both waits
 * poll on every animation frame (a locator's wait backs off to 100 ms steps and would measure itself).
 * Targets (issue 6): message edit at least 10x faster than a full build, component edit 3x.
 */
import './node-env.ts';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

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
try {
  const page = await browser.newPage();
  const open = async (url: string) => {
    const connected = page.waitForResponse((res) => new URL(res.url()).pathname === '/__sitegen/events');
    await page.goto(url);
    await connected;
  };
  await open(`${server.url}/${LOCALE}`);

  // A plain message of the de home page that is visible as text.
  const localeFile = path.join(site, 'locales', `${LOCALE}.json`);
  const source = await readFile(localeFile, 'utf8');
  const messages = flatten(localeFile, JSON.parse(source) as Record<string, unknown>);
  const bodyText = await page.evaluate(() => document.body.innerText);
  const [key, value] = Object.entries(messages).find(([k, v]) => k.startsWith('home.') && /^[^{}<>"\\]{8,}$/.test(v) && bodyText.includes(v)) ?? [];
  if (!key || !value) throw new Error(`no plain home.* message of locales/${LOCALE}.json is visible on /${LOCALE}`);

  const messageTimes: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const marker = `${value} #${i}`;
    const start = performance.now();
    await writeFile(localeFile, source.replace(JSON.stringify(value), JSON.stringify(marker)));
    await page.waitForFunction((text) => document.body.innerText.includes(text), marker, { polling: 'raf', timeout: 30_000 });
    messageTimes.push(performance.now() - start);
  }
  await writeFile(localeFile, source);
  await page.waitForFunction((text) => document.body.innerText.includes(text), value, { polling: 'raf', timeout: 30_000 });

  const componentFile = path.join(site, COMPONENT);
  const component = await readFile(componentFile, 'utf8');
  if (!component.includes(COMPONENT_ANCHOR)) throw new Error(`${COMPONENT} no longer contains ${COMPONENT_ANCHOR}; update bench/dev.ts`);
  const componentTimes: number[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const start = performance.now();
    await writeFile(componentFile, component.replace(COMPONENT_ANCHOR, `<article data-bench="${i}" className=`));
    await page.waitForFunction((sel) => document.querySelector(sel), `[data-bench="${i}"]`, { polling: 'raf', timeout: 30_000 });
    componentTimes.push(performance.now() - start);
  }
  await writeFile(componentFile, component);
  await server.idle();
  // Read at the end: the page on screen is updated before its rebuild has rendered the other pages.
  const rendered = server.reports.findLast((r) => r.status === 'ok' && r.changed.includes(COMPONENT))?.rendered.length ?? 0;

  const full = median(fullBuilds);
  const msg = median(messageTimes);
  const comp = median(componentTimes);
  const firstDev = server.reports[0]!;
  const rebuildMs = (kind: string) => median(server.reports.slice(1).filter((r) => r.status === 'ok' && r.changed.some((c) => c.includes(kind))).map((r) => r.ms));
  console.log(`sitegen dev benchmark: median of ${RUNS} edits each, ${os.availableParallelism()} cores, NODE_ENV=${process.env.NODE_ENV}`);
  console.log(`full build (build() in this process, warm, no build cache)   ${fmt(full)} (median of ${BUILDS}); dev's first build ${fmt(firstDev.ms)} for ${firstDev.rendered.length} pages`);
  console.log(`message edit (${LOCALE}, ${key})  ${fmt(msg)} save-to-screen | ${(full / msg).toFixed(1)}x faster than a full build (target 10x); rebuild alone ${fmt(rebuildMs('locales/'))}`);
  console.log(`component edit (${path.basename(COMPONENT)}, ${rendered} pages)  ${fmt(comp)} save-to-screen | ${(full / comp).toFixed(1)}x faster than a full build (target 3x); rebuild alone ${fmt(rebuildMs('components/'))}`);
} finally {
  await browser.close();
  await server.close();
  await rm(site, { recursive: true, force: true });
}
