/**
 * /applycode's other ways to sign in, in Chromium against the real Firebase Auth and Functions
 * emulators: Google and Apple (their browser libraries replaced by stand-ins that follow their
 * public APIs, test/helpers/identity-providers.ts; the emulator takes their unsigned JWTs as ID
 * tokens) and the e-mail link, completed by /auth_action. The site is the real one, built in en
 * and de; its calls to Google's production endpoints go to the emulators (page.route).
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { identity, oobCodes } from '../helpers/emulators.ts';
import { panel, siteMessages, status, uniqueEmail, useFirebaseSite, visibleState } from '../helpers/firebase-site.ts';
import { claimsOf, fakeProviders, type FakeApple, type FakeGoogle } from '../helpers/identity-providers.ts';
import site from '../../sitegen.config.ts';

const AC = siteMessages('en').applycode;
const AA = siteMessages('en').authAction;
const DE = siteMessages('de');

const served = useFirebaseSite();

/** Waits for what the visitor sees; generous, as sign-ins cross the emulators on a busy machine. */
const poll = <T>(fn: () => Promise<T>, message?: string) => expect.poll(fn, { timeout: 15_000, message });

/** Opens a page of the site with the emulators and the providers' stand-ins in place. */
async function open(urlPath: string, on: BrowserContext = served.context) {
  let providers!: Awaited<ReturnType<typeof fakeProviders>>;
  const page = await served.open(urlPath, { context: on, before: async (p) => (providers = await fakeProviders(p)) });
  return { page, providers };
}

const steer = (page: Page, google?: FakeGoogle, apple?: FakeApple) =>
  page.evaluate(([g, a]) => Object.assign(window, { fakeGoogle: g, fakeApple: a }), [google, apple] as const);
const googleClaims = (email: string, verified = true) => ({
  iss: 'https://accounts.google.com',
  aud: site.client.google.clientId,
  sub: 'google-' + email,
  email,
  email_verified: verified,
  name: 'Test Visitor',
});
/** The session /applycode keeps in this tab. */
const session = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('sitegen.firebase.session') ?? 'null'));

async function applyCode(page: Page, code: string) {
  await page.fill('#apply-code-input', code);
  await page.locator('form[data-form="code"] button[type="submit"]').click();
  await page.locator('form[data-form="confirm"] button[type="submit"]').click();
  await poll(() => panel(page).getAttribute('data-panel')).toBe('done');
}

/** The codes the function has recorded for the account (its custom claims), looked up as that account. */
async function appliedCodes(idToken: string): Promise<{ uid: string; codes: string[]; providers: string[] }> {
  const user = (await identity('lookup', { idToken })).users[0];
  return {
    uid: user.localId,
    codes: JSON.parse(user.customAttributes ?? '{}').promoCodes ?? [],
    providers: (user.providerUserInfo ?? []).map((p: { providerId: string }) => p.providerId),
  };
}

describe('Google and Apple', () => {
  it('signs in with Google, whose library loads only on the click, and the function applies the code to that account', async () => {
    const { page, providers } = await open('/applycode');
    await poll(() => panel(page).getAttribute('data-panel')).toBe('signin');
    expect(providers.requests).toEqual([]);
    expect(await page.evaluate(() => typeof (window as { google?: unknown }).google)).toBe('undefined');

    const email = uniqueEmail('google');
    await steer(page, { prompt: 'credential', claims: googleClaims(email) });
    await page.locator('[data-action="google"]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    expect(providers.requests).toEqual(['google']);
    expect(await page.evaluate(() => (window as any).fakeProviderCalls[0])).toEqual({ google: 'initialize', client_id: site.client.google.clientId });
    await expect(page.locator('[data-account] [data-fill="email"]').textContent()).resolves.toBe(email);

    await applyCode(page, 'ALMO-2026');
    const { uid, idToken } = await session(page);
    expect(await appliedCodes(idToken)).toEqual({ uid, codes: ['ALMO-2026'], providers: ['google.com'] });
  });

  it('signs in with Apple with a fresh nonce each time: its SHA-256 to Apple, the raw nonce to Firebase', async () => {
    const seen: { nonce: string; tokenNonce: string }[] = [];
    const { page } = await open('/applycode');
    // What the site sends to signInWithIdp, before it goes on to the emulator.
    await page.route(/accounts:signInWithIdp/, (route) => {
      const post = new URLSearchParams(JSON.parse(route.request().postData()!).postBody);
      seen.push({ nonce: post.get('nonce')!, tokenNonce: claimsOf(post.get('id_token')!).nonce });
      return route.fallback();
    });
    const email = uniqueEmail('apple');
    await steer(page, undefined, { claims: { sub: 'apple-' + email, email, email_verified: 'true' } });
    let idToken = '';
    for (let i = 0; i < 2; i++) {
      await page.locator('[data-action="apple"]').click();
      await poll(() => panel(page).getAttribute('data-panel')).toBe('code');
      idToken = (await session(page)).idToken;
      await page.locator('[data-action="sign-out"]').click();
    }

    const inits = await page.evaluate(() => (window as any).fakeProviderCalls.filter((c: { apple?: string }) => c.apple == 'init'));
    expect(inits).toHaveLength(2);
    for (const [i, init] of inits.entries()) {
      expect(init).toMatchObject({ clientId: site.client.apple.clientId, redirectURI: site.client.apple.redirectURI, scope: 'email', usePopup: true });
      const sha256 = createHash('sha256').update(seen[i]!.nonce).digest('hex');
      expect(seen[i]!.nonce).toMatch(/^[0-9a-f]{64}$/);
      expect([init.nonce, seen[i]!.tokenNonce]).toEqual([sha256, sha256]);
    }
    expect(seen[0]!.nonce).not.toBe(seen[1]!.nonce);
    expect((await appliedCodes(idToken)).providers).toEqual(['apple.com']);
  });

  it('says the sign-in window was closed (Apple; Google, whose own button then signs in)', async () => {
    const { page } = await open('/applycode');
    await steer(page, { prompt: 'skipped', claims: googleClaims(uniqueEmail('closed')) }, { error: 'popup_closed_by_user' });
    await page.locator('[data-action="apple"]').click();
    await poll(() => status(page).textContent()).toBe(AC.messages.popupClosed);
    expect(await panel(page).getAttribute('data-panel')).toBe('signin');

    await page.locator('[data-action="google"]').click();
    await poll(() => status(page).textContent()).toBe(AC.messages.popupClosed);
    // Google's own button now stands where ours was; it still signs in.
    await poll(() => page.locator('[data-google-button]').isVisible()).toBe(true);
    expect(await page.locator('[data-action="google"]').isVisible()).toBe(false);
    await page.locator('[data-fake-google-button]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('code');
  });

  it('says the sign-in window was blocked (Apple; Google when its prompt cannot show) and names an origin Google refuses', async () => {
    const { page } = await open('/applycode');
    await steer(page, { prompt: 'notDisplayed', reason: 'suppressed_by_user', claims: {} }, { error: 'popup_blocked_by_browser' });
    await page.locator('[data-action="apple"]').click();
    await poll(() => status(page).textContent()).toBe(AC.messages.popupBlocked);
    await page.locator('[data-action="google"]').click();
    await poll(() => status(page).textContent()).toBe(AC.messages.popupBlocked);

    const other = await open('/applycode');
    await steer(other.page, { prompt: 'notDisplayed', reason: 'unregistered_origin', claims: {} });
    await other.page.locator('[data-action="google"]').click();
    await poll(() => status(other.page).textContent()).toBe(AC.messages.unauthorizedDomain.replace('{product}', site.product));
  });

  it('says the connection failed when a library cannot load, and loads it on the next click', async () => {
    const { page, providers } = await open('/applycode');
    providers.failing.add('google');
    providers.failing.add('apple');
    const email = uniqueEmail('retry');
    await steer(page, { prompt: 'credential', claims: googleClaims(email) });
    for (const provider of ['google', 'apple']) {
      await page.locator(`[data-action="${provider}"]`).click();
      await poll(() => status(page).textContent(), provider).toBe(AC.messages.network);
      expect(await page.locator('fieldset[data-needs-script]').first().isDisabled()).toBe(false);
    }
    providers.failing.clear();
    await page.locator('[data-action="google"]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    expect(providers.requests).toEqual(['google', 'apple', 'google']);
  });

  it('signs an existing password account in with Google by the same verified address; an unverified one is told how to sign in', async () => {
    const email = uniqueEmail('both');
    const password = await identity('signUp', { email, password: 'first-pass1', returnSecureToken: true });

    const unverified = await open('/applycode');
    await steer(unverified.page, { prompt: 'credential', claims: googleClaims(email, false) });
    await unverified.page.locator('[data-action="google"]').click();
    await poll(() => status(unverified.page).textContent()).toBe(AC.messages.existsPassword);
    expect(await panel(unverified.page).getAttribute('data-panel')).toBe('signin');
    expect(await session(unverified.page)).toBe(null);

    // Google vouches for the address: the same account, now with Google (as Firebase does).
    const { page } = await open('/applycode');
    await steer(page, { prompt: 'credential', claims: googleClaims(email) });
    await page.locator('[data-action="google"]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    await applyCode(page, 'ALMO-2026');
    const { uid, idToken } = await session(page);
    expect(uid).toBe(password.localId);
    expect((await appliedCodes(idToken)).codes).toEqual(['ALMO-2026']);
  });

  it('tells an address that signs in with Apple to continue with Apple', async () => {
    const email = uniqueEmail('apple-first');
    const { page } = await open('/applycode');
    await steer(page, { prompt: 'credential', claims: googleClaims(email, false) }, { claims: { sub: 'apple-' + email, email, email_verified: 'true' } });
    await page.locator('[data-action="apple"]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    await page.locator('[data-action="sign-out"]').click();
    await page.locator('[data-action="google"]').click();
    await poll(() => status(page).textContent()).toBe(AC.messages.existsApple);
  });
});

describe('e-mail link', () => {
  /** The link of the newest sign-in e-mail to an address, as this site's action handler gets it. */
  async function linkSentTo(email: string): Promise<string> {
    const code = (await oobCodes()).filter((c) => c.email === email && c.requestType === 'EMAIL_SIGNIN').at(-1);
    if (!code) throw new Error(`no sign-in link was sent to ${email}`);
    // The e-mail's link leads to the project's action handler, this site's /auth_action, with
    // the emulator's query (mode=signIn, oobCode, apiKey, continueUrl, lang=en).
    return '/auth_action' + new URL((code as { oobLink?: string }).oobLink!).search;
  }

  it('signs in on this device and comes back to /applycode in German; the used link says so and sends a new one', async () => {
    const email = uniqueEmail('link');
    const { page } = await open('/de/applycode');
    await page.locator('[data-panel="signin"] [data-action="show-link"]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('link');
    await page.locator('form[data-form="link"] button[type="submit"]').click();
    await poll(() => page.locator('#apply-link-email-error').textContent()).toBe(DE.applycode.messages.emailEmpty);
    await page.fill('#apply-link-email', email);
    const sent = page.waitForRequest(/accounts:sendOobCode/);
    await page.locator('form[data-form="link"] button[type="submit"]').click();
    // The e-mail is asked for in the page's language, as the SDK's languageCode does.
    expect((await sent).headers()['x-firebase-locale']).toBe('de-DE');
    await poll(() => panel(page).getAttribute('data-panel')).toBe('linkSent');
    await expect(page.locator('[data-fill="link-email"]').textContent()).resolves.toBe(email);
    // Only the address is kept on the device.
    expect(await page.evaluate(() => ({ ...localStorage }))).toEqual({ 'sitegen.firebase.linkEmail': email });
    const link = await linkSentTo(email);
    expect(new URL(link, served.url).searchParams.get('continueUrl')).toBe(served.url + '/de/auth_action');

    const opened = await open(link);
    await opened.page.waitForURL(served.url + '/de/applycode');
    await poll(() => panel(opened.page).getAttribute('data-panel')).toBe('code');
    await expect(opened.page.locator('[data-account] [data-fill="email"]').textContent()).resolves.toBe(email);
    await applyCode(opened.page, 'ALMO-2026');
    const { uid, idToken } = await session(opened.page);
    expect((await appliedCodes(idToken)).uid).toBe(uid);
    expect((await appliedCodes(idToken)).codes).toEqual(['ALMO-2026']);

    const again = await open(link);
    await poll(() => visibleState(again.page).getAttribute('data-state')).toBe('signInInvalid');
    expect(new URL(again.page.url()).pathname).toBe('/de/auth_action');
    await expect(visibleState(again.page).locator('h2').textContent()).resolves.toBe(DE.authAction.signInInvalid.title);
    const before = (await oobCodes()).length;
    const resent = again.page.waitForRequest(/accounts:sendOobCode/);
    await again.page.locator('[data-state="signInInvalid"] [data-action="send-link"]').click();
    expect((await resent).headers()['x-firebase-locale']).toBe('de-DE');
    await poll(() => visibleState(again.page).getAttribute('data-state')).toBe('signInSent');
    await expect(again.page.locator('[data-state="signInSent"] [data-fill="email"]').textContent()).resolves.toBe(email);
    expect((await oobCodes()).length).toBe(before + 1);
    expect(new URL(await linkSentTo(email), served.url).searchParams.get('continueUrl')).toBe(served.url + '/de/auth_action');
  });

  it('asks for the address when the link is opened in another browser', async () => {
    const email = uniqueEmail('elsewhere');
    const { page } = await open('/applycode');
    await page.locator('[data-panel="signin"] [data-action="show-link"]').click();
    await page.fill('#apply-link-email', email);
    await page.locator('form[data-form="link"] button[type="submit"]').click();
    await poll(() => panel(page).getAttribute('data-panel')).toBe('linkSent');

    const elsewhere = await served.browser.newContext();
    try {
      const { page: other } = await open(await linkSentTo(email), elsewhere);
      await poll(() => visibleState(other).getAttribute('data-state')).toBe('signInEmail');
      await expect(visibleState(other).locator('h2').textContent()).resolves.toBe(AA.signInEmail.title);
      await other.fill('#auth-signin-email', uniqueEmail('someone-else'));
      await other.locator('form[data-form="signin-email"] button[type="submit"]').click();
      await poll(() => other.locator('#auth-signin-email-error').textContent()).toBe(AA.messages.emailMismatch);
      await other.fill('#auth-signin-email', email);
      await other.locator('form[data-form="signin-email"] button[type="submit"]').click();
      await other.waitForURL(served.url + '/applycode');
      await poll(() => panel(other).getAttribute('data-panel')).toBe('code');
      expect(await other.evaluate(() => localStorage.getItem('sitegen.firebase.linkEmail'))).toBe(email);
    } finally {
      await elsewhere.close();
    }
  });

  it('says an expired link has expired, and an address on no allowed domain is refused', async () => {
    const { page } = await open('/auth_action?mode=signIn&oobCode=old-code');
    await page.evaluate(() => localStorage.setItem('sitegen.firebase.linkEmail', 'someone@example.com'));
    await page.route(/accounts:signInWithEmailLink/, (route) => route.fulfill({ status: 400, json: { error: { code: 400, message: 'EXPIRED_OOB_CODE' } } }));
    await page.reload();
    await poll(() => visibleState(page).getAttribute('data-state')).toBe('signInExpired');
    await expect(visibleState(page).locator('h2').textContent()).resolves.toBe(AA.signInExpired.title);

    const apply = await open('/applycode');
    await apply.page.route(/accounts:sendOobCode/, (route) =>
      route.fulfill({ status: 400, json: { error: { code: 400, message: 'UNAUTHORIZED_DOMAIN : Domain not allowlisted by project' } } }),
    );
    await apply.page.locator('[data-panel="signin"] [data-action="show-link"]').click();
    await apply.page.fill('#apply-link-email', 'someone@example.com');
    await apply.page.locator('form[data-form="link"] button[type="submit"]').click();
    await poll(() => status(apply.page).textContent()).toBe(AC.messages.unauthorizedDomain.replace('{product}', site.product));
  });
});
