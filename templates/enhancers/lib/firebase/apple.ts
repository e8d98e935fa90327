/**
 * Sign in with Apple JS (a lazy chunk of /applycode, loaded on the click on "Continue with
 * Apple"), in a popup. Every attempt gets a fresh random nonce: Apple receives its SHA-256 (hex)
 * and puts that into the ID token; Firebase receives the raw nonce with the token, hashes it and
 * compares, so a token cannot be replayed. Apple's `popup_closed_by_user` and
 * `user_cancelled_authorize` are `popup-closed-by-user`, `popup_blocked_by_browser` `popup-blocked`.
 */
import { loadScript } from './load-script.ts';

declare const AppleID: {
  auth: {
    init(config: object): void;
    signIn(): Promise<{ authorization: { id_token: string } }>;
  };
};

const ERRORS: Record<string, string> = {
  popup_closed_by_user: 'popup-closed-by-user',
  user_cancelled_authorize: 'popup-closed-by-user',
  popup_blocked_by_browser: 'popup-blocked',
};

const hex = (bytes: ArrayBuffer | Uint8Array) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export default async function appleCredential(clientId: string, redirectURI: string): Promise<Record<string, string>> {
  await loadScript('https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/1/en_US/appleid.auth.js');
  const nonce = hex(crypto.getRandomValues(new Uint8Array(32)));
  const hashed = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(nonce)));
  AppleID.auth.init({ clientId, scope: 'email', redirectURI, usePopup: true, nonce: hashed });
  try {
    const answer = await AppleID.auth.signIn();
    return { id_token: answer.authorization.id_token, providerId: 'apple.com', nonce };
  } catch (error) {
    const reason = (error as { error?: string } | undefined)?.error ?? '';
    throw ERRORS[reason] ?? 'unknown';
  }
}
