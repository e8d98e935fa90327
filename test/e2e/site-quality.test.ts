/**
 * The real site in Chromium: accessibility (axe-core) and layout at phone and desktop widths.
 * The fonts service is unreachable here, as a visitor behind a blocker would see it.
 * Screenshots go to test/.artifacts/screenshots for people to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../helpers/chromium.ts';
import { buildRealSite, SITE_LOCALES as LOCALES } from '../helpers/real-site.ts';
import { REPO } from '../helpers/site.ts';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { localizePath } from '../../src/paths.ts';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const SHOTS = path.join(REPO, 'test/.artifacts/screenshots');

let site: Awaited<ReturnType<typeof buildRealSite>>;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  site = await buildRealSite();
  server = await serve({ root: site.out, port: 0, logger: createMemoryLogger() });
  browser = await launchChromium();
  await mkdir(SHOTS, { recursive: true });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await site?.dispose();
});

/**
 * The page at urlPath, after checking that it is what answered: the expected status (the
 * not-found page comes with 404), no redirect elsewhere, and the document of that locale.
 */
async function open(context: BrowserContext, urlPath: string, code: string, status = 200): Promise<Page> {
  const page = await context.newPage();
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
  const response = await page.goto(server.url + urlPath, { waitUntil: 'load' });
  expect(response?.status(), urlPath).toBe(status);
  expect(new URL(page.url()).pathname, urlPath).toBe(urlPath);
  expect(await page.getAttribute('html', 'lang'), urlPath).toBe(LOCALES.find((l) => l.code === code)!.iso);
  return page;
}

describe('axe-core finds no serious or critical violation', () => {
  for (const code of ['en', 'ar', 'ja']) {
    it(`home, jobs, support-center, tos and 404 in ${code}`, async () => {
      const context = await browser.newContext({ locale: code === 'en' ? 'en-US' : code });
      // Cookie set so that the root redirect keeps the page in this locale.
      await context.addCookies([{ name: 'i18n_redirected', value: code, url: server.url }]);
      try {
        for (const p of ['/', '/jobs', '/support-center', '/tos', '/no-such-page']) {
          const page = await open(context, localizePath(p, code, 'en'), code, p === '/no-such-page' ? 404 : 200);
          await page.addScriptTag({ path: AXE });
          const violations = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run(o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
            const result = await axe.run({ resultTypes: ['violations'] });
            return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
          });
          expect(violations, `${code} ${p}`).toEqual([]);
          await page.close();
        }
      } finally {
        await context.close();
      }
    });
  }
});

describe('no horizontal overflow at 360 px and 1280 px', () => {
  for (const width of [360, 1280]) {
    for (const code of ['en', 'ar', 'th', 'de', 'ja']) {
      it(`home, jobs and tos in ${code} at ${width} px`, async () => {
        const context = await browser.newContext({ viewport: { width, height: 800 }, locale: code });
        await context.addCookies([{ name: 'i18n_redirected', value: code, url: server.url }]);
        try {
          for (const p of ['/', '/jobs', '/tos']) {
            const page = await open(context, localizePath(p, code, 'en'), code);
            const overflow = await page.evaluate(() => {
              const doc = document.documentElement;
              if (doc.scrollWidth <= doc.clientWidth) return null;
              // Name the widest offenders to make the failure actionable.
              const wide = [...document.querySelectorAll('body *')]
                .filter((el) => el.getBoundingClientRect().right > doc.clientWidth + 1 || el.getBoundingClientRect().left < -1)
                .slice(0, 5)
                .map((el) => `${el.tagName.toLowerCase()}.${(el as HTMLElement).className}`);
              return { scrollWidth: doc.scrollWidth, clientWidth: doc.clientWidth, wide };
            });
            const name = `${code}${p === '/' ? '-home' : p.replace(/\//g, '-')}-${width}.png`;
            await page.screenshot({ path: path.join(SHOTS, name), fullPage: true });
            expect(overflow, `${code} ${p} at ${width}px`).toBeNull();
            await page.close();
          }
        } finally {
          await context.close();
        }
      });
    }
  }
});
