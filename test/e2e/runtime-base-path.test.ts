/**
 * The runtime fixture built for `url: 'https://runtime.example/docs'` and served from /docs/, as a
 * GitHub Pages project site is: the root redirect, client navigation, the language switcher after
 * it and the error view's home link all stay inside the folder.
 */
import { describe, expect, it } from 'vitest';
import { siteInChromium } from '../fixtures/runtime-site/harness.ts';

const env = siteInChromium({ basePath: '/docs' });
const origin = () => new URL(env.site.url).origin;

describe('a site served from a folder of its host', () => {
  it('is served from the folder: the host root and the folder without its slash lead into it', () => {
    expect(env.site.url).toBe(origin() + '/docs');
  });

  it("the root redirect takes the browser's language to its prefix inside the folder", async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['de-AT'] }));
    const page = await context.newPage();
    await page.goto(origin() + '/');
    await page.waitForURL(env.site.url + '/de');
    expect(await page.locator('h1').first().textContent()).toBe('[de] Introducing Fixture App');
    await context.close();
  });

  it('the root redirect stays inside the folder when a host serves the home at the folder without its slash', async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'languages', { get: () => ['ja-JP'] }));
    const page = await context.newPage();
    // As a host that answers /docs with the home itself, not with a redirect to /docs/.
    const home = await (await fetch(env.site.url + '/')).text();
    await page.route(env.site.url + '?x=1', (route) => route.fulfill({ contentType: 'text/html', body: home }));
    await page.goto(env.site.url + '?x=1');
    await page.waitForURL(env.site.url + '/ja?x=1');
    await context.close();
  });

  it('navigates on the client inside the folder, and the language links follow the page', async () => {
    const page = await env.open('/');
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.click('header a[href="/docs/tos"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
    expect(await page.evaluate(() => (window as any).marker)).toBe('kept');
    expect(page.url()).toBe(env.site.url + '/tos');
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe('https://runtime.example/docs/tos');
    expect(await page.getAttribute('[data-language-switcher] a[hreflang=ja]', 'href')).toBe('/docs/ja/tos');
    // The manifest and the payload come from the assets inside the folder.
    expect(fetched.filter((p) => p.endsWith('.json')).every((p) => p.startsWith('/docs/_static/'))).toBe(true);
    expect(fetched.some((p) => p.endsWith('/tos/payload.json'))).toBe(true);

    await page.click('[data-language-toggle]');
    await page.click('[data-language-switcher] a[hreflang=de]');
    await page.waitForURL(env.site.url + '/de/tos');
    expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
    await page.context().close();
  });

  it("the error view's link home leads to the locale's home inside the folder", async () => {
    const page = await env.open('/de', {}, (p) => p.route('**/docs/_static/*/de/tos/payload.json', (route) => route.fulfill({ status: 500, body: 'boom' })));
    await page.click('header a[href="/docs/de/tos"]');
    await page.waitForSelector('main .page-error');
    expect(await page.getAttribute('main .page-error a', 'href')).toBe('/docs/de');
    await page.context().close();
  });
});
