/**
 * `sitegen dev` for a site whose url has a folder (`https://dev-fixture.example/docs`): it serves
 * the site from that folder, and live updates find the page on screen by its path inside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { dev, type DevServer } from '../../src/dev/dev.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, fixtureSites } from '../helpers/site.ts';

const devSite = fixtureSites('dev-site');

let site: string;
let server: DevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  site = await devSite();
  await editFile(site, 'sitegen.config.ts', (s) => s.replace("url: 'https://dev-fixture.example'", "url: 'https://dev-fixture.example/docs/'"));
  server = await dev({ root: site, port: 0, logger: createMemoryLogger() });
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Resolves once the page's live-reload stream is open, so no rebuild event can be missed. */
async function openLive(url: string): Promise<void> {
  const connected = page.waitForResponse((res) => new URL(res.url()).pathname === '/__sitegen/events');
  await page.goto(url);
  await connected;
}

describe('sitegen dev for a site served from a folder', () => {
  it('serves the site from the folder: the root of the host leads there', async () => {
    expect(new URL(server.url).pathname).toBe('/docs');
    const res = await fetch(new URL('/', server.url), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/docs/');
  });

  it('an edited message shows in the page on screen in place', async () => {
    await openLive(server.url + '/de');
    await page.evaluate(() => ((window as any).kept = true));
    await editFile(site, 'locales/de.json', (s) => s.replace('"greeting": "Hallo"', '"greeting": "Grüß dich"'));
    await page.locator('[data-greeting]', { hasText: 'Grüß dich' }).waitFor();
    expect(await page.evaluate(() => (window as any).kept)).toBe(true);
  });

  it('after a client navigation inside the folder, an edit shows in the page then on screen', async () => {
    await openLive(server.url + '/de/about');
    await page.click('header a[href="/docs/de"]');
    await page.locator('[data-greeting]').waitFor();
    expect(page.url()).toBe(server.url + '/de');
    await editFile(site, 'locales/de.json', (s) => s.replace('"greeting": "Grüß dich"', '"greeting": "Servus"'));
    await page.locator('[data-greeting]', { hasText: 'Servus' }).waitFor();
  });
});
