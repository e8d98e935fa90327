/**
 * The Identity Toolkit REST calls of /applycode (the same ones the Firebase SDK makes), with
 * plain fetch: `POST https://identitytoolkit.googleapis.com/v1/accounts:<method>?key=<apiKey>`.
 * Errors come back as `{"error": {"message": "EMAIL_NOT_FOUND"}}` and are turned into SDK codes.
 */
import { IDENTITY_URL } from './config.ts';
import { authError, firebaseError, IDP_NAMES, SIGN_IN_NAMES, type Renames } from './errors.ts';
import { post, SLOW_TIMEOUT, TIMEOUT } from './http.ts';
import type { Net } from './env.ts';

export interface AuthApi {
  env: Net;
  apiKey: string;
  /**
   * The page's language (BCP 47, `de-DE`), sent as `X-Firebase-Locale` as the SDK does for its
   * `languageCode`: the e-mails the server sends (password reset, sign-in link) are in it.
   */
  locale?: string;
}

/** What sign-in and sign-up answer (the fields the site uses). */
export interface SignInResponse {
  localId: string;
  email: string;
  idToken: string;
  refreshToken: string;
  /** Seconds, as a string: `"3600"`. */
  expiresIn: string;
}

/** A POST to a Google auth endpoint with the API key; its error message becomes an SDK code through `names`. */
export async function keyed<T>(api: AuthApi, url: string, body: object, names: Renames, timeout = TIMEOUT): Promise<T> {
  const headers = api.locale ? { 'X-Firebase-Locale': api.locale } : undefined;
  const [status, json] = await post(api.env, url + '?key=' + encodeURIComponent(api.apiKey), body, timeout, headers);
  if (status < 300) return json as T;
  throw authError(json.error?.message, names);
}

export const signIn = (api: AuthApi, email: string, password: string) =>
  keyed<SignInResponse>(api, IDENTITY_URL + 'signInWithPassword', { email, password, returnSecureToken: true }, SIGN_IN_NAMES);

export const signUp = (api: AuthApi, email: string, password: string) =>
  keyed<SignInResponse>(api, IDENTITY_URL + 'signUp', { email, password, returnSecureToken: true }, SIGN_IN_NAMES);

/** Sends the password reset e-mail (slow: the server sends mail). */
export const sendPasswordReset = (api: AuthApi, email: string) =>
  keyed<{ email: string }>(api, IDENTITY_URL + 'sendOobCode', { requestType: 'PASSWORD_RESET', email }, SIGN_IN_NAMES, SLOW_TIMEOUT);


/** What signInWithIdp answers besides a session: an address already taken by another way to sign in. */
interface IdpResponse extends SignInResponse {
  needConfirmation?: boolean;
  /** The providers (`google.com`, `apple.com`) the existing account can sign in with. */
  verifiedProvider?: string[];
}

/**
 * Signs in with a provider's ID token (`{ id_token, providerId, nonce? }`, sent form-encoded as
 * `postBody`), as the SDK's signInWithCredential does. `requestUri` is this page's origin. An
 * address that already has an account with another way to sign in (`needConfirmation`, or
 * EMAIL_EXISTS) becomes `exists-google`, `exists-apple` or `exists-password`: which way to use.
 */
export async function signInWithIdp(api: AuthApi, credential: Record<string, string>, requestUri: string): Promise<SignInResponse> {
  const body = { requestUri, postBody: '' + new URLSearchParams(credential), returnSecureToken: true };
  const answer = await keyed<IdpResponse>(api, IDENTITY_URL + 'signInWithIdp', body, IDP_NAMES);
  if (!answer.needConfirmation) return answer;
  const other = ['google', 'apple'].find((p) => answer.verifiedProvider?.includes(p + '.com'));
  throw firebaseError('exists-' + (other ?? 'password'));
}

/**
 * Sends an e-mail sign-in link (slow: the server sends mail) leading to `continueUrl`. The SDK
 * sets `canHandleCodeInApp`: the link is completed by this site's page, not by a hosted one.
 */
export const sendSignInLink = (api: AuthApi, email: string, continueUrl: string) =>
  keyed<{ email: string }>(api, IDENTITY_URL + 'sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl, canHandleCodeInApp: true }, SIGN_IN_NAMES, SLOW_TIMEOUT);
