/**
 * /auth_action and /applycode in Chromium against the real Firebase Auth and Functions emulators.
 * The site is the real one (this repository's pages, templates, locales and sitegen.config.ts with
 * its demo Firebase project), built into a temporary folder. It calls Google's production
 * endpoints; the tests send those calls to the emulators with page.route, and answer themselves
 * only what the emulators cannot produce (an expired code, a refused token, a weak-password answer
 * to a long password, a network failure). The continueUrl allow-list, empty in the real config,
 * is unit-tested (test/unit/firebase-continue-url.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { identity, latestOobCode, oobCodes } from '../helpers/emulators.ts';
import { newUser, panel, siteMessages, status, uniqueEmail, useFirebaseSite, visibleState, type OpenOptions } from '../helpers/firebase-site.ts';

const en = siteMessages('en');
const AA = en.authAction;
const AC = en.applycode;

const served = useFirebaseSite();
const open = (urlPath: string, before?: OpenOptions['before']) => served.open(urlPath, { before });

describe('/auth_action', () => {
  it('verifies an e-mail address, follows a continueUrl on this site, and refuses the used code', async () => {
    const user = await newUser();
    await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.idToken });
    const code = await latestOobCode(user.email, 'VERIFY_EMAIL');
    const next = served.url + '/de/applycode?from=mail';
    const query = `?mode=verifyEmail&oobCode=${code}&apiKey=not-ours&continueUrl=${encodeURIComponent(next)}`;
    const page = await open('/auth_action' + query);
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('verified');
    await expect(visibleState(page).locator('h1, h2').first().textContent()).resolves.toContain(AA.verified.title);
    expect(await visibleState(page).locator('a[data-continue]').getAttribute('href')).toBe(next);
    const account = await identity('lookup', { idToken: user.idToken });
    expect(account.users[0].emailVerified).toBe(true);

    const again = await open('/auth_action' + query);
    await expect.poll(() => visibleState(again).getAttribute('data-state')).toBe('invalid');
  });

  it('keeps the home link when continueUrl leads elsewhere', async () => {
    const user = await newUser();
    await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.idToken });
    const code = await latestOobCode(user.email, 'VERIFY_EMAIL');
    const page = await open(`/auth_action?mode=verifyEmail&oobCode=${code}&continueUrl=${encodeURIComponent('https://evil.example/x')}`);
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('verified');
    expect(await visibleState(page).locator('a[data-continue]').getAttribute('href')).toBe('/');
  });

  it('resets a password: too short and weak refused, a good one saved; the new one signs in, the old one fails', async () => {
    const user = await newUser('old-pass-1');
    await identity('sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
    const code = await latestOobCode(user.email, 'PASSWORD_RESET');
    let weakOnce = true;
    const page = await open(`/auth_action?mode=resetPassword&oobCode=${code}`, (p) =>
      p.route(/accounts:resetPassword/, async (route) => {
        // The server's own password policy (stricter than ours): answered once, as Google does.
        if (weakOnce && JSON.parse(route.request().postData()!).newPassword) {
          weakOnce = false;
          return route.fulfill({ status: 400, json: { error: { code: 400, message: 'WEAK_PASSWORD : Password should be at least 6 characters' } } });
        }
        return route.fallback();
      }),
    );
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('reset');
    await expect(page.locator('[data-state="reset"] [data-fill="email"]').textContent()).resolves.toBe(user.email);

    const input = page.locator('#auth-new-password');
    await input.fill('abc');
    await expect.poll(() => page.locator('[data-strength]').textContent()).toBe(AA.reset.strengthWeak);
    await page.locator('[data-state="reset"] button[type="submit"]').click();
    await expect.poll(() => page.locator('#auth-new-password-error').textContent()).toBe(AA.messages.passwordShort);
    expect(await input.getAttribute('aria-invalid')).toBe('true');

    await page.locator('[data-action="toggle-password"]').click();
    expect(await input.getAttribute('type')).toBe('text');
    await input.fill('Longer-Pass-42');
    await expect.poll(() => page.locator('[data-strength]').textContent()).toBe(AA.reset.strengthStrong);
    await page.locator('[data-state="reset"] button[type="submit"]').click();
    await expect.poll(() => page.locator('#auth-new-password-error').textContent()).toBe(AA.messages.weakPassword);

    await page.locator('[data-state="reset"] button[type="submit"]').click();
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('resetDone');
    const good = await identity('signInWithPassword', { email: user.email, password: 'Longer-Pass-42', returnSecureToken: true });
    expect(good.idToken).toBeTruthy();
    const old = await identity('signInWithPassword', { email: user.email, password: 'old-pass-1', returnSecureToken: true });
    expect(old.error.message).toBe('INVALID_PASSWORD');
  });

  it('recovers the old e-mail address and then sends a password reset to it', async () => {
    const user = await newUser();
    const changed = uniqueEmail('changed');
    await identity('update', { idToken: user.idToken, email: changed, returnSecureToken: true });
    const code = await latestOobCode(user.email, 'RECOVER_EMAIL');
    const page = await open(`/auth_action?mode=recoverEmail&oobCode=${code}`);
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('recovered');
    await expect(page.locator('[data-state="recovered"] [data-fill="email"]').textContent()).resolves.toBe(user.email);
    // The account answers to the old address again. Looked up with a token of a new sign-in: the
    // Auth emulator revokes the tokens issued before an address changes (validSince, in whole
    // seconds), so the sign-up's token works only while the test stays within that second.
    const again = await identity('signInWithPassword', { email: user.email, password: user.password, returnSecureToken: true });
    const account = await identity('lookup', { idToken: again.idToken });
    expect(account.users[0].email).toBe(user.email);

    await page.locator('[data-action="send-reset"]').click();
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('recoverSent');
    expect((await oobCodes()).some((c) => c.email === user.email && c.requestType === 'PASSWORD_RESET')).toBe(true);
  });

  it('says a bogus code is invalid, an expired one expired, and a missing or unknown mode incomplete', async () => {
    const bogus = await open('/auth_action?mode=verifyEmail&oobCode=bogus-code');
    await expect.poll(() => visibleState(bogus).getAttribute('data-state')).toBe('invalid');
    const expired = await open('/auth_action?mode=resetPassword&oobCode=old-code', (p) =>
      p.route(/accounts:resetPassword/, (route) => route.fulfill({ status: 400, json: { error: { code: 400, message: 'EXPIRED_OOB_CODE' } } })),
    );
    await expect.poll(() => visibleState(expired).getAttribute('data-state')).toBe('expired');
    for (const query of ['?oobCode=x', '?mode=deleteEverything&oobCode=x']) {
      const page = await open('/auth_action' + query);
      await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('unknownMode');
    }
  });

  it('offers a retry after a network failure, and the retry goes through', async () => {
    const user = await newUser();
    await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.idToken });
    const code = await latestOobCode(user.email, 'VERIFY_EMAIL');
    let fail = true;
    const page = await open(`/auth_action?mode=verifyEmail&oobCode=${code}`, (p) =>
      p.route(/accounts:update/, (route) => (fail ? ((fail = false), route.abort('internetdisconnected')) : route.fallback())),
    );
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('network');
    await page.locator('[data-action="retry"]').click();
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('verified');
  });

  it('says too many attempts, an unknown error, and treats a proxy error page as a lost connection', async () => {
    const answers = [
      { status: 400, json: { error: { code: 400, message: 'TOO_MANY_ATTEMPTS_TRY_LATER : Too many attempts' } } },
      { status: 400, json: { error: { code: 400, message: 'SOMETHING_NEW' } } },
    ];
    const page = await open('/auth_action?mode=resetPassword&oobCode=any-code', (p) =>
      p.route(/accounts:resetPassword/, (route) => {
        const body = JSON.parse(route.request().postData()!);
        if (!body.newPassword) return route.fulfill({ json: { email: 'someone@example.com', requestType: 'PASSWORD_RESET' } });
        const answer = answers.shift();
        return answer ? route.fulfill(answer) : route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
      }),
    );
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('reset');
    await page.fill('#auth-new-password', 'Longer-Pass-42');
    const submit = page.locator('[data-state="reset"] button[type="submit"]');
    await submit.click();
    await expect.poll(() => status(page).textContent()).toBe(AA.messages.tooManyRequests);
    expect(await status(page).getAttribute('data-tone')).toBe('error');
    await submit.click();
    await expect.poll(() => status(page).textContent()).toBe(AA.messages.unknown);
    await submit.click();
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('network');
    expect(await status(page).textContent()).toBe('');
  });

  it('shows and hides the new password, and hints at its strength', async () => {
    const page = await open('/auth_action?mode=resetPassword&oobCode=any-code', (p) =>
      p.route(/accounts:resetPassword/, (route) => route.fulfill({ json: { email: 'someone@example.com', requestType: 'PASSWORD_RESET' } })),
    );
    await expect.poll(() => visibleState(page).getAttribute('data-state')).toBe('reset');
    const toggle = page.locator('[data-action="toggle-password"]');
    await toggle.click();
    expect([await page.getAttribute('#auth-new-password', 'type'), await toggle.getAttribute('aria-pressed'), await toggle.textContent()])
      .toEqual(['text', 'true', AA.reset.hide]);
    await toggle.click();
    expect([await page.getAttribute('#auth-new-password', 'type'), await toggle.getAttribute('aria-pressed'), await toggle.textContent()])
      .toEqual(['password', 'false', AA.reset.show]);
    await page.fill('#auth-new-password', 'abcdefG1');
    await expect.poll(() => page.locator('[data-strength]').textContent()).toBe(AA.reset.strengthFair);
    await page.fill('#auth-new-password', '');
    await expect.poll(() => page.locator('[data-strength]').textContent()).toBe('');
    await page.locator('[data-state="reset"] button[type="submit"]').click();
    await expect.poll(() => page.locator('#auth-new-password-error').textContent()).toBe(AA.messages.passwordEmpty);
  });

  it('switches to a known lang and ignores an unknown one', async () => {
    const page = await open('/auth_action?mode=verifyEmail&oobCode=x&lang=de');
    await page.waitForURL(/\/de\/auth_action\?mode=verifyEmail&oobCode=x&lang=de$/);
    expect(await page.getAttribute('html', 'lang')).toBe('de-DE');
    // A language tag with a region (what the Firebase SDK may send) picks the same page; from the
    // page already in that language nothing happens.
    const iso = await open('/auth_action?mode=verifyEmail&oobCode=x&lang=DE-de');
    await iso.waitForURL(/\/de\/auth_action\?/);
    const already = await open('/de/auth_action?mode=verifyEmail&oobCode=x&lang=de');
    await expect.poll(() => visibleState(already).getAttribute('data-state')).toBe('invalid');
    expect(new URL(already.url()).pathname).toBe('/de/auth_action');
    const other = await open('/auth_action?mode=verifyEmail&oobCode=x&lang=%2F%2Fevil.example');
    await expect.poll(() => visibleState(other).getAttribute('data-state')).toBe('invalid');
    expect(new URL(other.url()).pathname).toBe('/auth_action');
  });
});

describe('/applycode', () => {
  async function signIn(page: Page, email: string, password: string) {
    await page.fill('#apply-signin-email', email);
    await page.fill('#apply-signin-password', password);
    await page.locator('form[data-form="signin"] button[type="submit"]').click();
  }

  async function enterCode(page: Page, code: string) {
    await page.fill('#apply-code-input', code);
    await page.locator('form[data-form="code"] button[type="submit"]').click();
  }

  it('maps sign-in and sign-up errors to their messages', async () => {
    const user = await newUser('right-pass1');
    const page = await open('/applycode');
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('signin');

    await page.locator('form[data-form="signin"] button[type="submit"]').click();
    await expect.poll(() => page.locator('#apply-signin-email-error').textContent()).toBe(AC.messages.emailEmpty);

    await signIn(page, 'nobody@example.com', 'whatever1');
    await expect.poll(() => status(page).textContent()).toBe(AC.messages.userNotFound);
    await signIn(page, user.email, 'wrong-pass1');
    await expect.poll(() => status(page).textContent()).toBe(AC.messages.wrongPassword);

    await page.locator('[data-action="show-signup"]').first().click();
    await page.fill('#apply-signup-email', user.email);
    await page.fill('#apply-signup-password', 'another-pass1');
    await page.locator('form[data-form="signup"] button[type="submit"]').click();
    await expect.poll(() => status(page).textContent()).toBe(AC.messages.emailInUse);
  });

  it('sends a password reset e-mail', async () => {
    const user = await newUser();
    const page = await open('/applycode');
    await page.locator('[data-action="show-reset"]').first().click();
    await page.fill('#apply-reset-email', user.email);
    await page.locator('form[data-form="reset"] button[type="submit"]').click();
    await expect.poll(() => status(page).textContent()).toBe(AC.messages.resetSent);
    expect((await oobCodes()).some((c) => c.email === user.email && c.requestType === 'PASSWORD_RESET')).toBe(true);
  });

  it('creates an account, applies a good code once, and refuses a used, an unknown, an expired and a malformed one', async () => {
    const page = await open('/applycode');
    await page.locator('[data-action="show-signup"]').first().click();
    const email = uniqueEmail('buyer');
    await page.fill('#apply-signup-email', email);
    await page.fill('#apply-signup-password', 'buyer-pass1');
    await page.locator('form[data-form="signup"] button[type="submit"]').click();
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    await expect(page.locator('[data-account] [data-fill="email"]').textContent()).resolves.toBe(email);
    // The session is kept for this tab only, never in a cookie.
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toContain('sitegen.firebase.session');
    expect((await served.context.cookies()).map((c) => c.name)).not.toContain('sitegen.firebase.session');
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/token/i);

    await enterCode(page, 'abc');
    await expect.poll(() => page.locator('#apply-code-input-error').textContent()).toBe(AC.messages.codeInvalid);

    await enterCode(page, '  almo-2026 ');
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('confirm');
    await expect(page.locator('[data-panel="confirm"] [data-fill="code"]').textContent()).resolves.toBe('ALMO-2026');
    await page.locator('form[data-form="confirm"] button[type="submit"]').click();
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('done');
    await expect(page.locator('[data-fill="days"]').textContent()).resolves.toBe('Premium membership for 30 days');

    const refusals: [string, string][] = [
      ['ALMO-2026', AC.messages.codeUsed],
      ['NOPE-0000', AC.messages.codeNotFound],
      ['OLDY-2020', AC.messages.codeExpired],
    ];
    for (const [code, text] of refusals) {
      await page.locator('[data-action="another"], [data-action="change-code"]').locator('visible=true').click();
      await enterCode(page, code);
      await page.locator('form[data-form="confirm"] button[type="submit"]').click();
      await expect.poll(() => status(page).textContent(), { message: code }).toBe(text);
    }
  });

  it('signs out when the function refuses the token', async () => {
    const user = await newUser();
    const page = await open('/applycode', (p) =>
      p.route(/cloudfunctions\.net/, (route) => route.fulfill({ status: 401, contentType: 'text/html', body: '<h1>Unauthorized</h1>' })),
    );
    await signIn(page, user.email, user.password);
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    await enterCode(page, 'ALMO-2026');
    await page.locator('form[data-form="confirm"] button[type="submit"]').click();
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('signin');
    expect(await status(page).textContent()).toBe(AC.messages.notSignedIn);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });

  it('keeps the session across a reload of the tab', async () => {
    const user = await newUser();
    const page = await open('/applycode');
    await signIn(page, user.email, user.password);
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    await page.reload();
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('code');
    await page.locator('[data-action="sign-out"]').click();
    await expect.poll(() => panel(page).getAttribute('data-panel')).toBe('signin');
  });
});
