import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { siteInChromium } from '../fixtures/runtime-site/harness.ts';

const env = siteInChromium();

const bar = (page: Page) => page.locator('#page-progress');

describe('progress bar (behaviour 5)', () => {
  it('shows only after 200 ms, finishes when the page is ready and hides 500 ms later', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const page = await env.open('/', {}, async (p) => {
      await p.clock.install();
      await p.route('**/tos/payload.json', async (route: Route) => {
        await held;
        await route.continue();
      });
    });
    expect(await bar(page).getAttribute('role')).toBe('progressbar');
    // Stop the page's clock: from here on, time moves only by runFor().
    await page.clock.pauseAt(Date.now() + 60_000);
    // The request may already start on hover (prefetch); it is held until release().
    const requested = page.waitForRequest((r) => r.url().endsWith('/tos/payload.json'));
    await page.click('header a[href="/tos"]');
    await requested;
    await page.clock.runFor(150);
    expect(await bar(page).isVisible()).toBe(false);
    await page.clock.runFor(100);
    expect(await bar(page).isVisible()).toBe(true);
    await page.clock.runFor(2000);
    const midway = Number(await bar(page).getAttribute('aria-valuenow'));
    expect(midway).toBeGreaterThan(10);
    expect(midway).toBeLessThan(99);
    release();
    await page.waitForFunction(() => document.getElementById('page-progress')!.getAttribute('aria-valuenow') === '100');
    await page.clock.runFor(450);
    expect(await bar(page).isVisible()).toBe(true);
    await page.clock.runFor(100);
    await page.waitForSelector('#page-progress', { state: 'hidden' });
    expect(await page.locator('h1').textContent()).toBe('Terms of service');
    await page.context().close();
  });

  it('turns red on a 500 payload and shows the error view with the status', async () => {
    const page = await env.open('/', {}, (p) => p.route('**/tos/payload.json', (route) => route.fulfill({ status: 500, body: 'boom' })));
    await page.click('header a[href="/tos"]');
    await page.waitForSelector('#page-progress[data-state=failed]', { state: 'attached' });
    await page.waitForSelector('main .page-error');
    expect(await page.locator('main h1').textContent()).toBe('Error 500');
    expect(await page.locator('main .page-error p').textContent()).toBe('Internal Server Error');
    expect(await page.getAttribute('main .page-error a', 'href')).toBe('/');
    expect(await page.locator('main .page-error a').textContent()).toBe('Go back to home');
    await page.context().close();
  });

  it('a 404 payload shows the not-found message', async () => {
    const page = await env.open('/de', {}, (p) => p.route('**/de/tos/payload.json', (route) => route.fulfill({ status: 404 })));
    await page.click('header a[href="/de/tos"]');
    await page.waitForSelector('main .page-error');
    expect(await page.locator('main h1').textContent()).toBe('[de] This page could not be found');
    expect(await page.getAttribute('main .page-error a', 'href')).toBe('/de');
    await page.context().close();
  });

  it('when the error view itself fails: the last-resort message with a link home', async () => {
    const page = await env.open('/', {}, async (p) => {
      await p.route('**/tos/payload.json', (route) => route.fulfill({ status: 500 }));
      await p.route('**/assets/error-view.*.js', (route) => route.fulfill({ status: 404 }));
    });
    await page.click('header a[href="/tos"]');
    await page.waitForSelector('text=An error occurred while showing the error page');
    expect(await page.getAttribute('a:text("Go back to home")', 'href')).toBe('/');
    await page.context().close();
  });
});

describe('online status (behaviour 6)', () => {
  it('follows the offline and online events, politely', async () => {
    const page = await env.open('/');
    const status = page.locator('#page-status');
    expect(await status.getAttribute('role')).toBe('status');
    expect(await status.isVisible()).toBe(false);
    await page.context().setOffline(true);
    await page.waitForSelector('#page-status:text("You are offline")');
    expect(await status.isVisible()).toBe(true);
    await page.context().setOffline(false);
    await page.waitForSelector('#page-status:text("Back online")');
    await page.context().close();
  });
});

describe('chunk failure (behaviour 7)', () => {
  it('a chunk that 404s reloads the page exactly once, then shows the error view', async () => {
    let loads = 0;
    const page = await env.open('/jobs', {}, async (p) => {
      await p.route('**/assets/chunks.*/jobs-filter.js', (route) => route.fulfill({ status: 404 }));
      p.on('load', () => loads++);
    });
    await page.waitForSelector('main .page-error');
    expect(await page.locator('main .page-error p').textContent()).toBe('Loading chunk jobs-filter failed.');
    expect(loads).toBe(2);
    expect(await page.evaluate(() => Number(sessionStorage.getItem('sitegen:reloaded-at')) > 0)).toBe(true);
    await page.context().close();
  });

  it.each([
    ['a payload', '**/tos/payload.json'],
    ['the page swap chunk', '**/assets/swap.*.js'],
  ])('when %s cannot be fetched, the target page loads in full once', async (_what, pattern) => {
    let loads = 0;
    const page = await env.open('/', {}, async (p) => {
      await p.route(pattern, (route) => route.abort('failed'));
      p.on('load', () => loads++);
    });
    await page.click('header a[href="/tos"]');
    await page.waitForURL(env.site.url + '/tos');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
    await page.waitForSelector('html[data-js]', { state: 'attached' });
    expect(loads).toBe(2);
    await page.context().close();
  });
});

describe('page chunks (behaviours 7 and 8)', () => {
  it('the jobs filter filters by team and counts with plural forms', async () => {
    const page = await env.open('/jobs');
    await page.waitForSelector('[data-filter-controls]:not([hidden])');
    await page.click('[data-filter-team=design]');
    expect(await page.locator('[data-filter-count]').textContent()).toBe('1 opening');
    expect(await page.locator('[data-team]:visible').count()).toBe(1);
    expect(await page.getAttribute('[data-filter-team=design]', 'aria-pressed')).toBe('true');
    await page.click('[data-filter-team=engineering]');
    expect(await page.locator('[data-filter-count]').textContent()).toBe('2 openings');
    await page.context().close();
  });

  it('the cookie notice shows until accepted, is remembered, and shifts no layout', async () => {
    const page = await env.open('/', {}, async (p) => {
      await p.addInitScript(() => {
        (window as any).shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as any[]) (window as any).shift += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
    });
    await page.waitForSelector('[data-enhance=cookie-notice]', { state: 'visible' });
    await page.click('[data-cookie-accept]');
    await page.waitForSelector('[data-enhance=cookie-notice]', { state: 'hidden' });
    expect(await page.evaluate(() => (window as any).shift)).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cookie-notice'))).toBe('accepted');
    await page.reload();
    await page.waitForSelector('html[data-js]', { state: 'attached' });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.includes('/cookie-notice.')));
    expect(await page.locator('[data-enhance=cookie-notice]').isVisible()).toBe(false);
    await page.context().close();
  });
});
