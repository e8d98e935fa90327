import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteInChromium } from '../fixtures/runtime-site/harness.ts';

const env = siteInChromium();

const heading = (page: Page) => page.locator('h1').first().textContent();
const marker = (page: Page) => page.evaluate(() => (window as any).marker);

describe('client navigation (behaviour 4)', () => {
  it('swaps the main content without a full load and updates the head, then back restores it', async () => {
    const page = await env.open('/');
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.click('header a[href="/tos"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
    expect(await marker(page)).toBe('kept');
    expect(page.url()).toBe(env.site.url + '/tos');
    expect(await page.title()).toBe('Terms of service');
    expect(await page.getAttribute('meta[name=description]', 'content')).toBe('The terms');
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe('https://runtime.example/tos');
    expect(await page.locator('link[rel=canonical]').count()).toBe(1);
    expect(await page.getAttribute('link[hreflang=de-DE]', 'href')).toBe('https://runtime.example/de/tos');
    expect(await page.getAttribute('meta[property="og:title"]', 'content')).toBe('Terms of service');
    // The switcher's links follow the page; focus moved to the new content.
    expect(await page.getAttribute('[data-language-switcher] a[hreflang=ja]', 'href')).toBe('/ja/tos');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Introducing Fixture App');
    expect(await marker(page)).toBe('kept');
    expect(await page.title()).toBe('Introducing Fixture App');
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
    expect(await marker(page)).toBe('kept');
    await page.context().close();
  });

  it("a page kept out of search engines brings its robots noindex, and the next page's head takes it away", async () => {
    // The tos payload as a page whose head says noindex has it.
    const page = await env.open('/', {}, (p) =>
      p.route('**/tos/payload.json', async (route) => {
        const payload = await (await route.fetch()).json();
        payload.head.splice(1, 0, { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });
        await route.fulfill({ json: payload });
      }),
    );
    const robots = () => page.locator('meta[name=robots]').evaluateAll((es) => es.map((e) => e.getAttribute('content')));
    expect(await robots()).toEqual([]);
    await page.click('header a[href="/tos"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
    expect(await robots()).toEqual(['noindex']);
    await page.click('header a[href="/jobs"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Jobs');
    expect(await robots()).toEqual([]);
    await page.context().close();
  });

  it('updates <html lang dir> and keeps the locale prefix in another locale', async () => {
    const page = await env.open('/de');
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.click('header a[href="/de/jobs"]');
    await page.waitForURL(env.site.url + '/de/jobs');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === '[de] Jobs');
    expect(await marker(page)).toBe('kept');
    expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
    expect(await page.getAttribute('[data-language-switcher] a[hreflang=en]', 'href')).toBe('/jobs');
    await page.context().close();
  });

  it('follows a .html alias and a link with query and hash, scrolling to the hash', async () => {
    const page = await env.open('/');
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.click('a[href="/community_privacy_policy/history.html"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Policy history');
    expect(page.url()).toBe(env.site.url + '/community_privacy_policy/history.html');
    expect(await page.getAttribute('[data-language-switcher] a[hreflang=de]', 'href')).toBe('/de/community_privacy_policy/history.html');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Introducing Fixture App');
    await page.click('a[href="/jobs?team=design#openings"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Jobs');
    await page.waitForFunction(() => window.scrollY > 1000);
    expect(await marker(page)).toBe('kept');
    await page.context().close();
  });

  it('a hash that does not percent-decode (#100%) scrolls to its element: one history entry, no reload', async () => {
    for (const [hash, scrolled] of [['#100%', true], ['#%zz', false]] as const) {
      const page = await env.open('/');
      await page.evaluate(() => ((window as any).marker = 'kept'));
      const entries = await page.evaluate(() => history.length);
      await page.evaluate((href) => document.querySelector('main')!.append(Object.assign(document.createElement('a'), { href, textContent: 'to' })), '/jobs' + hash);
      await page.click(`a[href="/jobs${hash}"]`);
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Jobs');
      if (scrolled) await page.waitForFunction(() => window.scrollY > 1000);
      expect(page.url()).toBe(env.site.url + '/jobs' + hash);
      expect(await page.evaluate(() => history.length)).toBe(entries + 1);
      expect(await marker(page), hash).toBe('kept');
      if (!scrolled) expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.context().close();
    }
  });

  it('restores the scroll position on back', async () => {
    const page = await env.open('/tos');
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.evaluate(() => (document.querySelector('header a[href="/jobs"]') as HTMLElement).click());
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Jobs' && window.scrollY === 0);
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service' && window.scrollY === 1500);
    expect(await marker(page)).toBe('kept');
    await page.context().close();
  });

  it('prefetches the payload on hover', async () => {
    const page = await env.open('/');
    const payload = page.waitForRequest((r) => r.url().endsWith('/tos/payload.json'));
    await page.hover('header a[href="/tos"]');
    await payload;
    await page.context().close();
  });

  it('a route missing from the manifest is logged and loaded normally', async () => {
    const page = await env.open('/');
    const warning = page.waitForEvent('console', (m) => m.text() === 'Route /missing is not pre-rendered');
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { href: '/missing', textContent: 'missing' });
      document.querySelector('main')!.append(a);
    });
    await Promise.all([page.waitForURL(env.site.url + '/missing'), page.click('a[href="/missing"]')]);
    await warning;
    expect(await heading(page)).toBe('This page could not be found');
    await page.context().close();
  });

  it('another layout is a full page load', async () => {
    const page = await env.open('/');
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.click('header a[href="/notice"]');
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Transfer notice');
    expect(await marker(page)).toBeUndefined();
    await page.context().close();
  });

  it('modifier clicks and target links are left to the browser', async () => {
    const page = await env.open('/');
    const tab = page.context().waitForEvent('page');
    await page.click('header a[href="/tos"]', { modifiers: ['Control'] });
    await (await tab).close();
    expect(await heading(page)).toBe('Introducing Fixture App');
    await page.evaluate(() => document.querySelector('header a[href="/tos"]')!.setAttribute('target', '_blank'));
    const popup = page.context().waitForEvent('page');
    await page.click('header a[href="/tos"]');
    await (await popup).close();
    expect(await heading(page)).toBe('Introducing Fixture App');
    await page.context().close();
  });

  it('plays the page transition classes, and none under reduced motion', async () => {
    for (const reducedMotion of [undefined, 'reduce'] as const) {
      const page = await env.open('/', { reducedMotion });
      await page.evaluate(() => {
        (window as any).seen = [];
        new MutationObserver(() => (window as any).seen.push(document.getElementById('main')!.className)).observe(
          document.getElementById('main')!,
          { attributes: true, attributeFilter: ['class'] },
        );
      });
      await page.click('header a[href="/tos"]');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
      await page.waitForFunction(() => document.getElementById('main')!.className === '');
      const seen: string[] = await page.evaluate(() => (window as any).seen);
      if (reducedMotion) expect(seen.filter(Boolean)).toEqual([]);
      else expect(seen).toEqual(expect.arrayContaining(['page-leave-active', 'page-enter-active']));
      await page.context().close();
    }
  });
});

describe('language switcher (behaviour 3)', () => {
  it('by keyboard: opens, moves with arrows, closes with Escape back to the toggle', async () => {
    const page = await env.open('/de/jobs?x=1#a');
    const list = page.locator('#languages');
    await page.waitForSelector('#languages', { state: 'hidden' });
    await page.focus('[data-language-toggle]');
    await page.keyboard.press('Enter');
    expect(await list.isVisible()).toBe(true);
    expect(await page.getAttribute('[data-language-toggle]', 'aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).toBe('de');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).toBe('fr');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('hreflang'))).toBe('zh-TW');
    await page.keyboard.press('Escape');
    expect(await list.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-language-toggle'))).toBe(true);
    await page.context().close();
  });

  it('choosing a language stores the cookie and keeps path, query and hash', async () => {
    const page = await env.open('/de/jobs?x=1#a');
    await page.click('[data-language-toggle]');
    await page.click('#languages a[hreflang=ja]');
    await page.waitForURL(env.site.url + '/ja/jobs?x=1#a');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('ja');
    await page.context().close();
  });

  it('on a .html alias, with and without script, leads to the .html form of the other language', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await env.open('/ja/community_privacy_policy/history.html?x=1', { javaScriptEnabled });
      if (javaScriptEnabled) await page.click('[data-language-toggle]');
      await Promise.all([page.waitForURL(/\/de\//), page.click('#languages a[hreflang=de]')]);
      const url = new URL(page.url());
      expect(url.pathname + url.search, `script ${javaScriptEnabled}`).toBe(`/de/community_privacy_policy/history.html${javaScriptEnabled ? '?x=1' : ''}`);
      expect(await heading(page)).toBe('[de] Policy history');
      await page.context().close();
    }
  });

  it('Space follows a link; ja to en drops the prefix', async () => {
    const page = await env.open('/ja/tos');
    await page.focus('[data-language-toggle]');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Home');
    await Promise.all([page.waitForURL(env.site.url + '/tos'), page.keyboard.press(' ')]);
    expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('en');
    await page.context().close();
  });
});
