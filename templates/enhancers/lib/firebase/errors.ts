/**
 * One error shape for every Firebase call: an Error whose `code` names what happened in the
 * Firebase SDK's words (`wrong-password`, `network-request-failed`, `not-found`), so that a page
 * can look up a translated message by that code (`[data-msg~="wrong-password"]`).
 */
export type FirebaseError = Error & { code: string };

export const NETWORK = 'network-request-failed';

/** The detail (the server's English words) goes to the message, for the console only. */
export const firebaseError = (code: string, detail?: string): FirebaseError =>
  Object.assign(Error(code + ': ' + detail), { code });

/**
 * Identity Toolkit and Secure Token names whose SDK code is not simply the name in kebab case
 * (WEAK_PASSWORD is weak-password, INVALID_EMAIL invalid-email, USER_DISABLED user-disabled), in
 * tables by the calls that can answer them. (The action-code names of /auth_action are mapped by
 * that chunk itself, straight to its states: see templates/enhancers/auth-action.ts.)
 */
export type Renames = Record<string, string>;

export const SIGN_IN_NAMES: Renames = {
  EMAIL_NOT_FOUND: 'user-not-found',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_EXISTS: 'email-already-in-use',
};

/** signInWithIdp: the address has an account that signs in another way (which, the answer does not say). */
export const IDP_NAMES: Renames = {
  EMAIL_EXISTS: 'exists-password',
};

export const TOKEN_NAMES: Renames = {
  TOKEN_EXPIRED: 'user-token-expired',
  INVALID_REFRESH_TOKEN: 'user-token-expired',
  USER_NOT_FOUND: 'user-token-expired',
};

/**
 * `WEAK_PASSWORD : Password should be at least 6 characters` -> code `weak-password`, keeping the
 * server's English detail for the console (screens show the translated message). Any call can
 * answer TOO_MANY_ATTEMPTS_TRY_LATER (too-many-requests); no message at all is internal-error.
 */
export function authError(message: unknown, names: Renames): FirebaseError {
  const [name, detail] = String(message || 'INTERNAL_ERROR').split(' : ') as [string, string?];
  const code = name == 'TOO_MANY_ATTEMPTS_TRY_LATER' ? 'too-many-requests' : names[name] ?? name.toLowerCase().replace(/_/g, '-');
  return firebaseError(code, detail);
}
