import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { dev, type DevServer } from '../../src/dev/dev.ts';
import { createMemoryLogger } from '../../src/logger.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/dev-site', import.meta.url));

let site: string;
let server: DevServer;
let browser: Browser;
let page: Page;

async function edit(rel: string, change: (text: string) => string): Promise<void> {
  const file = path.join(site, rel);
  await writeFile(file, change(await readFile(file, 'utf8')));
}

/** Resolves once the page's live-reload stream is open, so no rebuild event can be missed. */
async function openLive(url: string): Promise<void> {
  const connected = page.waitForResponse((res) => res.url().endsWith('/__sitegen/events'));
  await page.goto(url);
  await connected;
}

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'sitegen-dev-e2e-'));
  await cp(FIXTURE, site, { recursive: true });
  server = await dev({ root: site, port: 0, logger: createMemoryLogger() });
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(site, { recursive: true, force: true });
});

describe('sitegen dev in Chromium', () => {
  it('shows an edited message without a manual reload', async () => {
    await openLive(server.url + '/de');
    await expect(page.locator('[data-greeting]').textContent()).resolves.toBe('Hallo');
    await edit('locales/de.json', (s) => s.replace('"greeting": "Hallo"', '"greeting": "Grüß dich"'));
    await page.locator('[data-greeting]', { hasText: 'Grüß dich' }).waitFor();
  });

  it('shows a syntax error as an overlay with file, line and column, and recovers once fixed', async () => {
    await openLive(server.url + '/jobs');
    await edit('pages/jobs.tsx', (s) => s.replace("<h1>{t('jobs.title')}</h1>", "<h1>{t('jobs.title')}</h2>"));
    const overlay = page.locator('sitegen-error-overlay');
    const location = overlay.locator('[data-problem-location]');
    await location.waitFor();
    expect(await location.textContent()).toMatch(/^pages\/jobs\.tsx:10:\d+$/);
    expect(await overlay.locator('[data-problem-detail]').textContent()).toContain('Unexpected closing "h2" tag does not match opening "h1" tag');

    await edit('pages/jobs.tsx', (s) => s.replace("<h1>{t('jobs.title')}</h2>", "<h1 data-recovered>{t('jobs.title')}</h1>"));
    await page.locator('h1[data-recovered]').waitFor();
    await overlay.waitFor({ state: 'detached' });
  });

  it('escapes what the overlay shows', async () => {
    await openLive(server.url + '/');
    await edit('locales/en.json', (s) => s.replace('{', '{ "<img src=x onerror=alert(1)>" '));
    const message = page.locator('sitegen-error-overlay [data-problem-message]');
    await message.waitFor();
    expect(await page.locator('sitegen-error-overlay [data-problem-detail]').textContent()).toContain('<img src=x onerror=alert(1)>');
    expect(await page.locator('sitegen-error-overlay img').count()).toBe(0);
    await edit('locales/en.json', (s) => s.replace('{ "<img src=x onerror=alert(1)>" ', '{'));
    await page.locator('sitegen-error-overlay').waitFor({ state: 'detached' });
  });
});
