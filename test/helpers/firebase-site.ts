/**
 * The scene of the end-to-end files that sign in (firebase-flows, sign-in-providers): the real
 * site built in en and de (de for the language switch) and served, the Firebase Auth and
 * Functions emulators, and Debian's Chromium. Each test gets a fresh browser context and an empty
 * Auth emulator; its pages reach Google's production endpoints only through the emulators.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { REPO } from './site.ts';
import { buildRealSite } from './real-site.ts';
import { AUTH, PROJECT, identity, routeToEmulators, startEmulators, type RunningEmulators } from './emulators.ts';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';

/** What a test file reads once its hooks have run (the values change before each test). */
export interface FirebaseSite {
  /** The served site's origin, e.g. http://127.0.0.1:40123. */
  readonly url: string;
  readonly browser: Browser;
  /** This test's own browser context (closed when the next test starts). */
  readonly context: BrowserContext;
}

export interface OpenOptions {
  /** The context to open the page in; this test's own by default. */
  context?: BrowserContext;
  /** Runs before the page loads, after the emulator routes: a route it adds wins over theirs. */
  before?: (page: Page) => Promise<unknown>;
}

/**
 * Registers the file's hooks: emulators and the build start together before all tests, the
 * server and Chromium after them; everything stops after all tests. Call at the top level of a
 * test file.
 */
export function useFirebaseSite(): FirebaseSite & { open(urlPath: string, options?: OpenOptions): Promise<Page> } {
  let emulators: RunningEmulators;
  let built: Awaited<ReturnType<typeof buildRealSite>>;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    [emulators, built] = await Promise.all([startEmulators(), buildRealSite(['en', 'de'])]);
    server = await serve({ root: built.out, port: 0, logger: createMemoryLogger() });
    browser = await launchChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await emulators?.stop();
    await built?.dispose();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext();
    // Start every test from an empty Auth emulator.
    await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/accounts`, { method: 'DELETE' });
  });

  return {
    get url() { return server.url; },
    get browser() { return browser; },
    get context() { return context; },
    /** Opens a page of the site with fonts cut off and Google's endpoints sent to the emulators. */
    async open(urlPath, { context: on = context, before } = {}) {
      const page = await on.newPage();
      await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
      await routeToEmulators(page);
      await before?.(page); // the route registered last runs first: a test's own answers win
      await page.goto(server.url + urlPath);
      return page;
    },
  };
}

/** A locale file of the real site, as the visitor's text comes from it. */
export const siteMessages = (code: string) => JSON.parse(readFileSync(path.join(REPO, `locales/${code}.json`), 'utf8'));

let seq = 0;
/** An address no other test of this run uses. */
export const uniqueEmail = (name: string) => `${name}.${++seq}.${Date.now()}@example.com`;

/** A new password account on the Auth emulator. */
export async function newUser(password = 'first-pass1') {
  const email = uniqueEmail('user');
  const user = await identity('signUp', { email, password, returnSecureToken: true });
  return { email, password, idToken: user.idToken as string };
}

/** /auth_action's visible state section. */
export const visibleState = (page: Page) => page.locator('[data-enhance="auth-action"] section[data-state]:not([hidden])');
/** /applycode's visible panel. */
export const panel = (page: Page) => page.locator('[data-enhance="apply-code"] section[data-panel]:not([hidden])');
/** The page's status line. */
export const status = (page: Page) => page.locator('[data-status]');
