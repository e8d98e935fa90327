import { describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { siteInChromium } from '../fixtures/runtime-site/harness.ts';

const env = siteInChromium();

/** A fresh context whose navigator.languages is `languages`, with an optional cookie. */
async function visitor(languages: string[], cookie?: string): Promise<BrowserContext> {
  const context = await env.browser.newContext();
  await context.addInitScript((langs) => {
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => langs });
  }, languages);
  if (cookie !== undefined) await context.addCookies([{ name: 'i18n_redirected', value: cookie, url: env.site.url }]);
  return context;
}

async function landing(languages: string[], path = '/', cookie?: string): Promise<{ path: string; cookie?: string }> {
  const context = await visitor(languages, cookie);
  const page = await context.newPage();
  await page.goto(env.site.url + path);
  await page.waitForLoadState('load');
  const url = new URL(page.url());
  const stored = (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value;
  await context.close();
  return { path: url.pathname + url.search + url.hash, cookie: stored };
}

describe('root redirect (behaviour 1)', () => {
  it.each([
    [['fr-CA', 'de-DE'], '/fr'],
    [['de-AT'], '/de'],
    [['zh-HK'], '/zh-TW'],
    [['zh-Hans-SG'], '/zh-CN'],
    [['ja-JP', 'de'], '/ja'],
  ])('browser languages %j land on %s', async (languages, expected) => {
    const result = await landing(languages);
    expect(result.path).toBe(expected);
    expect(result.cookie).toBe(expected.slice(1));
  });

  it('an unmatched language stays on / in en and stores en', async () => {
    expect(await landing(['nb-NO'])).toEqual({ path: '/', cookie: 'en' });
  });

  it('the cookie beats the browser languages', async () => {
    expect((await landing(['ja'], '/', 'de')).path).toBe('/de');
  });

  it('keeps query and hash', async () => {
    expect((await landing(['ja'], '/?x=1#a')).path).toBe('/ja?x=1#a');
  });

  it('a prefixed page and an unprefixed page never redirect, whatever the cookie says', async () => {
    expect((await landing(['ja'], '/de', 'fr')).path).toBe('/de');
    expect((await landing(['ja'], '/tos', 'de')).path).toBe('/tos');
  });
});

describe('before first paint', () => {
  it('the redirect leaves / while only the head is parsed: no stylesheet, no other script, no body, nothing painted', async () => {
    const context = await visitor(['de-DE']);
    // What `/` had parsed when it started to navigate away (the Navigation API's navigate event
    // fires as location.replace is called), and every paint it saw before it unloaded. With the
    // script at the end of <body>, Chromium paints first-contentful-paint before leaving.
    await context.addInitScript(() => {
      if (location.pathname != '/') return;
      const paints: string[] = [];
      new PerformanceObserver((list) => paints.push(...list.getEntries().map((e) => e.name))).observe({ type: 'paint', buffered: true });
      const save = (key: string, value: unknown) => sessionStorage.setItem(key, JSON.stringify(value));
      (window as any).navigation.addEventListener('navigate', (e: any) =>
        save('atNavigate', {
          to: new URL(e.destination.url).pathname,
          body: !!document.body,
          stylesheets: document.querySelectorAll('link[rel=stylesheet]').length,
          scripts: [...document.scripts].map((s) => s.type || (s.src ? 'src' : 'inline')),
          paints: performance.getEntriesByType('paint').map((e) => e.name),
        }),
      );
      addEventListener('pagehide', () => save('atPagehide', [...new Set([...paints, ...performance.getEntriesByType('paint').map((e) => e.name)])]));
    });
    const page = await context.newPage();
    await page.goto(env.site.url + '/');
    await page.waitForURL(/\/de$/);
    const seen = await page.evaluate(() => [sessionStorage.getItem('atNavigate'), sessionStorage.getItem('atPagehide')].map((v) => JSON.parse(v!)));
    expect(seen[0]).toEqual({ to: '/de', body: false, stylesheets: 0, scripts: ['inline'], paints: [] });
    expect(seen[1]).toEqual([]);
    await context.close();
  });
});

describe('language cookie (behaviour 2)', () => {
  it('has the attributes of the specification', async () => {
    const context = await visitor(['de-DE']);
    const page = await context.newPage();
    const before = Date.now() / 1000;
    await page.goto(env.site.url + '/');
    await page.waitForURL(/\/de$/);
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected')!;
    expect(cookie).toMatchObject({ value: 'de', path: '/', sameSite: 'Lax', secure: false, httpOnly: false });
    expect(cookie.expires - before).toBeGreaterThan(365 * 86400 - 60);
    expect(cookie.expires - before).toBeLessThan(365 * 86400 + 60);
    await context.close();
  });

  it.each(['//evil.example', 'javascript:alert(1)', '../x', 'de%3Bpath%3D%2F', '%2F%2Fevil.example', 'xx', ''])(
    'a hostile cookie %j is ignored: the browser language decides',
    async (value) => {
      const result = await landing(['ja'], '/', value);
      expect(result.path).toBe('/ja');
      expect(result.cookie).toBe('ja');
    },
  );
});
