/**
 * The real site's header in Chromium across client navigations: the main nav's
 * `aria-current="page"` follows the page on screen (the header is not part of the swapped
 * `#main`, so the mobile-menu enhancer moves the mark; templates/enhancers/README.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';

let site: Awaited<ReturnType<typeof buildRealSite>>;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  // en and de are enough: the header is the same in every locale.
  site = await buildRealSite(['de']);
  server = await serve({ root: site.out, port: 0, logger: createMemoryLogger() });
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

/** The hrefs of the main nav's links marked as the current page. */
const marked = (page: Page) => page.$$eval('.site-nav a[aria-current]', (links) => links.map((a) => `${a.getAttribute('href')} ${a.getAttribute('aria-current')}`));

/** Waits until the main nav marks exactly `hrefs` (the navigation and its event are done). */
async function waitForMarks(page: Page, hrefs: string[]): Promise<void> {
  await page.waitForFunction(
    (want) => [...document.querySelectorAll('.site-nav a[aria-current]')].map((a) => a.getAttribute('href')).join() === want.join(),
    hrefs,
  );
}

/** The main nav as a full load of `urlPath` renders it. */
const navAsServed = (page: Page, urlPath: string) =>
  page.evaluate(async (p) => new DOMParser().parseFromString(await (await fetch(p)).text(), 'text/html').querySelector('.site-nav')!.outerHTML, urlPath);

describe('the header nav follows client navigation', () => {
  it('moves aria-current="page" to the new page’s link, removes it on pages without one, and back restores it', async () => {
    const context = await browser.newContext({ locale: 'de', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
    await page.goto(server.url + '/de/jobs');
    // The runtime and the header's enhancer are running.
    await page.waitForSelector('html[data-js] header[data-enhance~="mobile-menu"][data-open]');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'kept'));
    expect(await marked(page)).toEqual(['/de/jobs page']);

    await page.click('.site-nav a[href="/de/promo"]');
    await page.waitForURL(server.url + '/de/promo');
    await waitForMarks(page, ['/de/promo']);
    expect(await marked(page)).toEqual(['/de/promo page']);
    // The same markup as a full load of the page would give, and no full load happened.
    expect(await page.$eval('.site-nav', (nav) => nav.outerHTML)).toBe(await navAsServed(page, '/de/promo'));
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('kept');

    // A page the nav does not list (from the footer): no link is current.
    await page.click('footer a[href="/de/tos"]');
    await page.waitForURL(server.url + '/de/tos');
    await waitForMarks(page, []);
    expect(await page.$eval('.site-nav', (nav) => nav.outerHTML)).toBe(await navAsServed(page, '/de/tos'));

    // Back to /de/promo through history.
    await page.goBack();
    await page.waitForURL(server.url + '/de/promo');
    await waitForMarks(page, ['/de/promo']);

    // The home: its nav link leads to a part of it (#features), which is never marked.
    await page.click('header a.logo');
    await page.waitForURL(server.url + '/de');
    await waitForMarks(page, []);
    expect(await page.$eval('.site-nav', (nav) => nav.outerHTML)).toBe(await navAsServed(page, '/de'));
    expect(await page.evaluate(() => (window as unknown as { marker: string }).marker)).toBe('kept');
    await context.close();
  });
});
