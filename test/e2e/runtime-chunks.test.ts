/**
 * The page chunks slider, mobile-menu and support-search in Chromium, against the runtime fixture
 * site (pages /slides and /support-center, the menu in the default layout's header), following
 * the markup contracts of src/runtime/README.md.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { siteInChromium } from '../fixtures/runtime-site/harness.ts';

const env = siteInChromium();

const NARROW = { width: 360, height: 640 };

describe('slider', () => {
  const live = (page: Page) => page.locator('[data-enhance=slider] [aria-live=polite]');
  /** The heading of the slide marked current; there must be exactly one. */
  const current = async (page: Page) => {
    expect(await page.locator('[data-slide][data-current]').count()).toBe(1);
    return page.locator('[data-slide][data-current] h2').textContent();
  };
  /** How far the track is scrolled from its start (negative in rtl, as browsers report it). */
  const scrolled = (page: Page) => page.$eval('[data-slider-track]', (t) => t.scrollLeft);
  const ready = (page: Page) => page.waitForSelector('[data-slider-next]:not([hidden])');

  it('moves with the buttons, announces the slide politely, and disables prev on the first and next on the last', async () => {
    const page = await env.open('/slides', { reducedMotion: 'reduce' });
    await ready(page);
    expect(await page.isVisible('[data-slider-prev]')).toBe(true);
    expect(await current(page)).toBe('Keyframes');
    expect(await live(page).textContent()).toBe('');
    expect(await page.isDisabled('[data-slider-prev]')).toBe(true);
    expect(await page.isEnabled('[data-slider-next]')).toBe(true);

    await page.click('[data-slider-next]');
    expect(await current(page)).toBe('Effects');
    expect(await live(page).textContent()).toBe('Slide 2 of 4');
    expect(await scrolled(page)).toBe(300);
    expect(await page.isEnabled('[data-slider-prev]')).toBe(true);

    await page.click('[data-slider-next]');
    await page.click('[data-slider-next]');
    expect(await current(page)).toBe('Export');
    expect(await live(page).textContent()).toBe('Slide 4 of 4');
    expect(await scrolled(page)).toBe(900);
    expect(await page.isDisabled('[data-slider-next]')).toBe(true);

    await page.click('[data-slider-prev]');
    expect(await current(page)).toBe('Text');
    expect(await live(page).textContent()).toBe('Slide 3 of 4');
    expect(await page.isEnabled('[data-slider-next]')).toBe(true);
    // The live region is there for screen readers only.
    expect(await live(page).getAttribute('class')).toBe('visually-hidden');
    await page.context().close();
  });

  it('scrolls smoothly to the slide when motion is allowed: the track has not jumped when the click returns, and arrives', async () => {
    const page = await env.open('/slides');
    await ready(page);
    // Read in the click's own task: an instant scroll is done by then, a smooth one has not begun.
    // (Counting the positions passed on the way depends on frames being drawn meanwhile, which a
    // loaded machine skips.)
    const atClick = await page.$eval('[data-slider-next]', (next) => {
      (next as HTMLButtonElement).click();
      return document.querySelector('[data-slider-track]')!.scrollLeft;
    });
    expect(atClick).toBe(0);
    await page.waitForFunction(() => document.querySelector('[data-slider-track]')!.scrollLeft === 300);
    expect(await current(page)).toBe('Effects');
    await page.context().close();
  });

  it('jumps to the slide at once when the reader asks for reduced motion', async () => {
    const page = await env.open('/slides', { reducedMotion: 'reduce' });
    await ready(page);
    const atClick = await page.$eval('[data-slider-next]', (next) => {
      (next as HTMLButtonElement).click();
      return document.querySelector('[data-slider-track]')!.scrollLeft;
    });
    expect(atClick).toBe(300);
    await page.context().close();
  });

  it('ArrowRight, ArrowLeft, Home and End move between slides while focus is inside, stopping at the ends', async () => {
    const page = await env.open('/slides', { reducedMotion: 'reduce' });
    await ready(page);
    await page.focus('[data-slider-track]');
    await page.keyboard.press('ArrowLeft');
    expect(await current(page)).toBe('Keyframes');
    await page.keyboard.press('ArrowRight');
    expect(await current(page)).toBe('Effects');
    expect(await live(page).textContent()).toBe('Slide 2 of 4');
    await page.keyboard.press('End');
    expect(await current(page)).toBe('Export');
    expect(await page.isDisabled('[data-slider-next]')).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await current(page)).toBe('Export');
    await page.keyboard.press('ArrowLeft');
    expect(await current(page)).toBe('Text');
    await page.keyboard.press('Home');
    expect(await current(page)).toBe('Keyframes');
    expect(await scrolled(page)).toBe(0);
    expect(await live(page).textContent()).toBe('Slide 1 of 4');
    await page.context().close();
  });

  it('mirrors the arrow keys in rtl: ArrowLeft goes to the next slide, which lies to the left', async () => {
    const page = await env.open('/slides', { reducedMotion: 'reduce' });
    await ready(page);
    // What an rtl locale (ar) renders: <html dir="rtl">.
    await page.evaluate(() => (document.documentElement.dir = 'rtl'));
    await page.focus('[data-slider-track]');
    await page.keyboard.press('ArrowLeft');
    expect(await current(page)).toBe('Effects');
    expect(await scrolled(page)).toBe(-300);
    expect(await live(page).textContent()).toBe('Slide 2 of 4');
    await page.keyboard.press('ArrowRight');
    expect(await current(page)).toBe('Keyframes');
    expect(await scrolled(page)).toBe(0);
    await page.context().close();
  });

  it('scrolling by hand makes the slide nearest the start current, without an announcement', async () => {
    const page = await env.open('/slides', { reducedMotion: 'reduce' });
    await ready(page);
    await page.$eval('[data-slider-track]', (t) => (t.scrollLeft = 600));
    await page.waitForSelector('[data-slide][data-current] h2:text("Text")');
    expect(await live(page).textContent()).toBe('');
    expect(await page.isEnabled('[data-slider-prev]')).toBe(true);
    await page.context().close();
  });
});

describe('mobile menu', () => {
  const toggle = (page: Page) => page.locator('[data-menu-toggle]');
  const expanded = (page: Page) => toggle(page).getAttribute('aria-expanded');
  const menuVisible = (page: Page) => page.isVisible('#site-menu');

  it('the toggle opens and closes the menu; Escape closes it and returns focus to the toggle', async () => {
    const page = await env.open('/', { viewport: NARROW });
    await toggle(page).waitFor();
    expect(await expanded(page)).toBe('false');
    expect(await page.getAttribute('.site-menu', 'data-open')).toBe('false');
    expect(await menuVisible(page)).toBe(false);

    await toggle(page).click();
    expect(await expanded(page)).toBe('true');
    expect(await page.getAttribute('.site-menu', 'data-open')).toBe('true');
    expect(await menuVisible(page)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#site-menu') != null)).toBe(true);
    await page.keyboard.press('Escape');
    expect(await expanded(page)).toBe('false');
    expect(await menuVisible(page)).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-menu-toggle'))).toBe(true);

    await toggle(page).click();
    expect(await menuVisible(page)).toBe(true);
    await toggle(page).click();
    expect(await expanded(page)).toBe('false');
    expect(await menuVisible(page)).toBe(false);
    await page.context().close();
  });

  it('a click on a link in the menu closes it at once, and the menu keeps working on the new page', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const page = await env.open('/', { viewport: NARROW }, (p) =>
      p.route('**/tos/payload.json', async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await toggle(page).click();
    await page.click('#site-menu a[href="/tos"]');
    // Closed before the new page has arrived: the click itself closed it.
    expect(await expanded(page)).toBe('false');
    expect(await menuVisible(page)).toBe(false);
    expect(await page.locator('h1').textContent()).toBe('Introducing Fixture App');
    release();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Terms of service');
    expect(await page.evaluate(() => (window as any).marker)).toBe('kept');
    await toggle(page).click();
    expect(await expanded(page)).toBe('true');
    expect(await menuVisible(page)).toBe(true);
    await page.context().close();
  });

  it('a click outside the menu closes it', async () => {
    const page = await env.open('/', { viewport: NARROW });
    await toggle(page).click();
    expect(await menuVisible(page)).toBe(true);
    await page.click('h1');
    expect(await expanded(page)).toBe('false');
    expect(await menuVisible(page)).toBe(false);
    await page.context().close();
  });
});

describe('support search', () => {
  const visibleItems = (page: Page) => page.locator('[data-search-item]:visible').allTextContents();
  const visibleCategories = (page: Page) => page.locator('[data-search-category]:visible h2').allTextContents();
  const count = (page: Page) => page.locator('[data-search-count]').textContent();
  const ready = (page: Page) => page.waitForSelector('[data-search-form]:not([hidden])');

  it('filters by every word typed, case- and accent-insensitive, counts through data-plural and hides empty categories', async () => {
    const page = await env.open('/support-center');
    await ready(page);
    expect(await page.isVisible('[data-search-count]')).toBe(true);
    expect(await count(page)).toBe('5 articles');

    await page.fill('[data-search-input]', 'EXPORT');
    // The second one matches through its data-search-text keywords.
    expect(await visibleItems(page)).toEqual(['Exporting a video', 'Sharing to social networks']);
    expect(await count(page)).toBe('2 articles');
    expect(await visibleCategories(page)).toEqual(['Exporting and sharing']);

    await page.fill('[data-search-input]', 'cafe');
    expect(await visibleItems(page)).toEqual(['Café-style colour grading']);
    expect(await count(page)).toBe('1 article');

    await page.fill('[data-search-input]', '  deleting   ACCOUNT ');
    expect(await visibleItems(page)).toEqual(['Deleting your account']);
    expect(await visibleCategories(page)).toEqual(['Your account']);

    // Every word must occur: these two never occur in one article. The =0 form wins over "other".
    await page.fill('[data-search-input]', 'video account');
    expect(await visibleItems(page)).toEqual([]);
    expect(await visibleCategories(page)).toEqual([]);
    expect(await count(page)).toBe('No articles found');

    await page.fill('[data-search-input]', '');
    expect(await visibleItems(page)).toHaveLength(5);
    expect(await visibleCategories(page)).toEqual(['Exporting and sharing', 'Your account']);
    expect(await count(page)).toBe('5 articles');
    await page.context().close();
  });

  it('?q= in the URL pre-fills the box and filters at once', async () => {
    const page = await env.open('/support-center?q=Account');
    await ready(page);
    expect(await page.inputValue('[data-search-input]')).toBe('Account');
    expect(await visibleItems(page)).toEqual(['Deleting your account']);
    expect(await count(page)).toBe('1 article');
    await page.context().close();
  });

  it('Enter in the box submits nothing: the page stays as it is', async () => {
    const page = await env.open('/support-center');
    await ready(page);
    await page.evaluate(() => ((window as any).marker = 'kept'));
    await page.fill('[data-search-input]', 'video');
    await page.press('[data-search-input]', 'Enter');
    expect(await page.evaluate(() => (window as any).marker)).toBe('kept');
    expect(page.url()).toBe(env.site.url + '/support-center');
    expect(await visibleItems(page)).toEqual(['Exporting a video']);
    await page.context().close();
  });
});

describe('without script', () => {
  it('slides, menu links and all articles are there; the controls that need script stay hidden', async () => {
    const options = { javaScriptEnabled: false, viewport: NARROW };
    const slides = await env.open('/slides', options);
    expect(await slides.locator('[data-slide]').count()).toBe(4);
    expect(await slides.isVisible('[data-slider-prev]')).toBe(false);
    expect(await slides.isVisible('[data-slider-next]')).toBe(false);
    expect(await slides.isVisible('[data-menu-toggle]')).toBe(false);
    expect(await slides.isVisible('#site-menu a[href="/tos"]')).toBe(true);
    await slides.context().close();

    const support = await env.open('/support-center', options);
    expect(await support.isVisible('[data-search-form]')).toBe(false);
    expect(await support.isVisible('[data-search-count]')).toBe(false);
    expect(await support.locator('[data-search-item]:visible').count()).toBe(5);
    await support.context().close();
  });
});
