import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { dev, type DevServer } from '../../src/dev/dev.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, fixtureSites, REPO } from '../helpers/site.ts';

const devSite = fixtureSites('dev-site');

let site: string;
let server: DevServer;
let browser: Browser;
let page: Page;

const edit = (rel: string, change: (text: string) => string) => editFile(site, rel, change);

/** Resolves once the page's live-reload stream is open, so no rebuild event can be missed. */
async function openLive(url: string, on: Page = page): Promise<void> {
  const connected = on.waitForResponse((res) => new URL(res.url()).pathname === '/__sitegen/events');
  await on.goto(url);
  await connected;
}

/** The paths the page requests from now until stop(). */
function requestsFrom(on: Page): { stop(): string[] } {
  const paths: string[] = [];
  const listener = (req: { url(): string }) => paths.push(new URL(req.url()).pathname);
  on.on('request', listener);
  return { stop: () => (on.off('request', listener), paths) };
}

/** A page whose content is enhanced by an enhancer (the jobs filter shows its controls). */
const TEAM_PAGE = `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'jobs.title', description: 'jobs.description' };
export default function Team() {
  const { t } = useI18n();
  return (
    <div data-enhance="jobs-filter" data-plural='{"one":"# item","other":"# items"}'>
      <h1>{t('jobs.title')}</h1>
      <div data-filter-controls hidden>
        <button type="button" data-filter-team="" aria-pressed="true">*</button>
        <button type="button" data-filter-team="design" aria-pressed="false">d</button>
      </div>
      <ul><li data-team="design">{t('badge.label')}</li><li data-team="code">{t('about.description')}</li></ul>
    </div>
  );
}
`;

beforeAll(async () => {
  site = await devSite({
    'pages/team.tsx': TEAM_PAGE,
    // This repository's site's own jobs filter, as the site's enhancer of that name.
    'templates/enhancers/jobs-filter.ts': `export { default } from ${JSON.stringify(path.join(REPO, 'templates/enhancers/jobs-filter.ts'))};\n`,
  });
  server = await dev({ root: site, port: 0, logger: createMemoryLogger() });
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('sitegen dev in Chromium', () => {
  it('shows an edited message without a manual reload', async () => {
    await openLive(server.url + '/de');
    await expect(page.locator('[data-greeting]').textContent()).resolves.toBe('Hallo');
    await edit('locales/de.json', (s) => s.replace('"greeting": "Hallo"', '"greeting": "Grüß dich"'));
    await page.locator('[data-greeting]', { hasText: 'Grüß dich' }).waitFor();
  });

  it('swaps the content of main in place when nothing else changed, and the runtime enhances the new content', async () => {
    await openLive(server.url + '/de/team');
    const controls = page.locator('[data-filter-controls]');
    await controls.waitFor({ state: 'visible' });
    await page.evaluate(() => {
      (window as any).kept = true;
      (document.querySelector('[data-filter-controls]') as any).old = true;
    });
    await edit('locales/de.json', (s) => s.replace('"label": "Neu"', '"label": "Brandneu"'));
    await page.locator('li[data-team="design"]', { hasText: 'Brandneu' }).waitFor();
    // No reload: the window is the same; the controls are the new ones, shown by the filter chunk.
    expect(await page.evaluate(() => (window as any).kept)).toBe(true);
    expect(await controls.evaluate((el: any) => el.old)).toBeUndefined();
    await controls.waitFor({ state: 'visible' });
    await page.locator('button[data-filter-team="design"]').click();
    await expect(page.locator('li[data-team="code"]').isHidden()).resolves.toBe(true);
  });

  it('puts the new content on screen from the update event, without requesting the page', async () => {
    await openLive(server.url + '/de/team');
    const requested = requestsFrom(page);
    await edit('locales/de.json', (s) => s.replace(/"label": "[^"]*"/, '"label": "Nagelneu"'));
    await page.locator('li[data-team="design"]', { hasText: 'Nagelneu' }).waitFor();
    expect(requested.stop()).not.toContain('/de/team');
  });

  it('after a client navigation, names the page now shown to the server, which renders it first', async () => {
    await openLive(server.url + '/de/team');
    const events = (res: { url(): string }) => new URL(res.url()).pathname === '/__sitegen/events';
    const reconnected = page.waitForResponse((res) => events(res) && new URL(res.url()).searchParams.get('page') === '/de');
    await page.locator('header a[href="/de"]').click();
    await reconnected;
    await edit('locales/de.json', (s) => s.replace(/"greeting": "[^"]*"/, '"greeting": "Moin"'));
    await page.locator('[data-greeting]', { hasText: 'Moin' }).waitFor();
  });

  it('reloads the page when something outside main changed', async () => {
    await openLive(server.url + '/de/team');
    await page.evaluate(() => ((window as any).kept = true));
    await edit('locales/de.json', (s) => s.replace('"about": "Über uns"', '"about": "Wer wir sind"'));
    await page.locator('header a', { hasText: 'Wer wir sind' }).waitFor();
    expect(await page.evaluate(() => (window as any).kept)).toBeUndefined();
  });

  it('client navigation after a rebuild shows the new page, not a payload prefetched before it', async () => {
    await openLive(server.url + '/de/team');
    await page.evaluate(() => ((window as any).kept = true));
    const prefetched = page.waitForResponse((res) => res.url().endsWith('/about/payload.json'));
    await page.locator('header a[href="/de/about"]').hover();
    await prefetched;
    const updated = page.evaluate(() => new Promise((resolve) => document.addEventListener('sitegen:update', resolve, { once: true })));
    await edit('locales/de.json', (s) => s.replace('"title": "Über uns"', '"title": "Über das Team"'));
    await updated;
    await page.locator('header a[href="/de/about"]').click();
    await page.locator('h1', { hasText: 'Über das Team' }).waitFor();
    expect(await page.evaluate(() => (window as any).kept)).toBe(true);
  });

  it('updates a not-found page, which is served for any unknown URL of its locale', async () => {
    await openLive(server.url + '/de/gibt-es-nicht');
    await edit('locales/de.json', (s) => s.replace('"title": "Diese Seite wurde nicht gefunden"', '"title": "Hier ist nichts"'));
    await page.locator('h1', { hasText: 'Hier ist nichts' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/de/gibt-es-nicht');
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

/**
 * A site whose url has a folder (`https://dev-fixture.example/docs`): dev serves the site from that
 * folder, and live updates find the page on screen by its path inside it.
 */
describe('sitegen dev in Chromium, for a site served from a folder', () => {
  let docs: string;
  let docsServer: DevServer;
  let tab: Page;

  beforeAll(async () => {
    docs = await devSite();
    await editFile(docs, 'sitegen.config.ts', (s) => s.replace("url: 'https://dev-fixture.example'", "url: 'https://dev-fixture.example/docs/'"));
    docsServer = await dev({ root: docs, port: 0, logger: createMemoryLogger() });
    tab = await browser.newPage();
  });

  afterAll(async () => {
    await tab?.close();
    await docsServer?.close();
  });

  it('serves the site from the folder: the root of the host leads there', async () => {
    expect(new URL(docsServer.url).pathname).toBe('/docs');
    const res = await fetch(new URL('/', docsServer.url), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/docs/');
  });

  it('an edited message shows in the page on screen in place', async () => {
    await openLive(docsServer.url + '/de', tab);
    await tab.evaluate(() => ((window as any).kept = true));
    await editFile(docs, 'locales/de.json', (s) => s.replace('"greeting": "Hallo"', '"greeting": "Grüß dich"'));
    await tab.locator('[data-greeting]', { hasText: 'Grüß dich' }).waitFor();
    expect(await tab.evaluate(() => (window as any).kept)).toBe(true);
  });

  it('after a client navigation inside the folder, an edit shows in the page then on screen', async () => {
    await openLive(docsServer.url + '/de/about', tab);
    await tab.click('header a[href="/docs/de"]');
    await tab.locator('[data-greeting]').waitFor();
    expect(tab.url()).toBe(docsServer.url + '/de');
    await editFile(docs, 'locales/de.json', (s) => s.replace('"greeting": "Grüß dich"', '"greeting": "Servus"'));
    await tab.locator('[data-greeting]', { hasText: 'Servus' }).waitFor();
  });
});
