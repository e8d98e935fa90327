/**
 * Stand-ins for the two identity providers' browser libraries, which cannot load here: Google
 * Identity Services (`https://accounts.google.com/gsi/client`) and Sign in with Apple JS. They
 * follow the libraries' public APIs and give out unsigned JWTs, which the Auth emulator accepts
 * as fake ID tokens for signInWithIdp; everything after them (the emulators, the site) is real.
 *
 * A test steers them through `window.fakeGoogle` and `window.fakeApple` (see the types below)
 * before the visitor's click, and reads what the site gave them from `window.fakeProviderCalls`.
 */
import type { Page, Route } from 'playwright-core';

export const GSI_URL = 'https://accounts.google.com/gsi/client';
export const APPLE_URL = 'https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js';

/** How the fake Google prompt behaves: gives a credential, is closed (skipped), or cannot show. */
export interface FakeGoogle {
  prompt: 'credential' | 'skipped' | 'notDisplayed';
  /** The reason of a prompt that cannot show (`suppressed_by_user`, `unregistered_origin`...). */
  reason?: string;
  /** Claims of the ID token given by the prompt and by Google's own button. */
  claims: Record<string, unknown>;
}

/** How the fake Apple popup answers: with an ID token for these claims, or Apple's error. */
export interface FakeApple {
  error?: string;
  claims?: Record<string, unknown>;
}

/** An unsigned JWT (`alg: none`) with these claims, as the Auth emulator takes for a provider's ID token. */
export function unsignedJwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** The claims of an ID token (its middle part). */
export const claimsOf = (jwt: string): Record<string, any> => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

// Both fakes run in the page: they build their JWTs with btoa, as the helper above does in Node.
const BROWSER_JWT = `
  const part = (o) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o)))).replace(/=+$/, '').replace(/\\+/g, '-').replace(/\\//g, '_');
  const jwt = (claims) => part({ alg: 'none', typ: 'JWT' }) + '.' + part(claims) + '.';
  const calls = (window.fakeProviderCalls ??= []);
`;

/** google.accounts.id: initialize, prompt (with moment notifications), renderButton. */
const FAKE_GSI = `(() => {${BROWSER_JWT}
  let config;
  const moment = (type, reason) => ({
    getMomentType: () => (type == 'displayed' || type == 'notDisplayed' ? 'display' : type),
    isDisplayMoment: () => type == 'displayed' || type == 'notDisplayed',
    isDisplayed: () => type == 'displayed',
    isNotDisplayed: () => type == 'notDisplayed',
    getNotDisplayedReason: () => reason,
    isSkippedMoment: () => type == 'skipped',
    getSkippedReason: () => reason,
    isDismissedMoment: () => type == 'dismissed',
    getDismissedReason: () => reason,
  });
  const credential = (select_by) => ({ credential: jwt(window.fakeGoogle.claims), select_by, clientId: config.client_id });
  window.google = { accounts: { id: {
    initialize(c) { config = c; calls.push({ google: 'initialize', client_id: c.client_id }); },
    prompt(listener) {
      calls.push({ google: 'prompt' });
      const f = window.fakeGoogle;
      setTimeout(() => {
        if (f.prompt == 'notDisplayed') return listener(moment('notDisplayed', f.reason ?? 'suppressed_by_user'));
        listener(moment('displayed'));
        if (f.prompt == 'skipped') return listener(moment('skipped', 'user_cancel'));
        config.callback(credential('user'));
        listener(moment('dismissed', 'credential_returned'));
      }, 10);
    },
    renderButton(parent, options) {
      calls.push({ google: 'renderButton', options });
      const button = document.createElement('div');
      button.setAttribute('role', 'button');
      button.dataset.fakeGoogleButton = '';
      button.textContent = 'Sign in with Google';
      button.onclick = () => config.callback(credential('btn'));
      parent.append(button);
    },
  } } };
})();`;

/** AppleID.auth: init, and signIn resolving with an authorization or rejecting with Apple's error. */
const FAKE_APPLE = `(() => {${BROWSER_JWT}
  let config;
  window.AppleID = { auth: {
    init(c) { config = c; calls.push({ apple: 'init', ...c }); },
    signIn() {
      const f = window.fakeApple;
      calls.push({ apple: 'signIn' });
      if (f.error) return Promise.reject({ error: f.error });
      // Apple puts the nonce it was given (the SHA-256 of the site's raw nonce) into the token.
      const claims = { iss: 'https://appleid.apple.com', aud: config.clientId, nonce: config.nonce, nonce_supported: true, ...f.claims };
      return Promise.resolve({ authorization: { code: 'fake-code', id_token: jwt(claims), state: config.state } });
    },
  } };
})();`;

type Provider = 'google' | 'apple';

/**
 * Serves the fake libraries at the providers' addresses and lists every request for them; the
 * libraries in `failing` fail to load (the request is aborted, as when the host cannot be reached).
 */
export async function fakeProviders(page: Page): Promise<{ requests: Provider[]; failing: Set<Provider> }> {
  const requests: Provider[] = [];
  const failing = new Set<Provider>();
  const serve = (name: Provider, body: string) => (route: Route) => {
    requests.push(name);
    return failing.has(name) ? route.abort('internetdisconnected') : route.fulfill({ contentType: 'text/javascript', body });
  };
  await page.route(GSI_URL, serve('google', FAKE_GSI));
  await page.route(APPLE_URL, serve('apple', FAKE_APPLE));
  return { requests, failing };
}
