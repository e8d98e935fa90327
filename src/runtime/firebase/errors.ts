/**
 * One error shape for every Firebase call: an Error whose `code` names what happened in the
 * Firebase SDK's words (`wrong-password`, `network-request-failed`, `not-found`), so that a page
 * can look up a translated message by that code (`[data-msg="wrong-password"]`).
 */
export type FirebaseError = Error & { code: string; detail?: string };

export const NETWORK = 'network-request-failed';

export function firebaseError(code: string, detail?: string): FirebaseError {
  return Object.assign(new Error(detail ? `${code}: ${detail}` : code), { code, detail });
}

/** Identity Toolkit and Secure Token `error.message` names -> the SDK's auth error codes. */
const AUTH_CODES: Record<string, string> = {
  EMAIL_NOT_FOUND: 'user-not-found',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_EXISTS: 'email-already-in-use',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  WEAK_PASSWORD: 'weak-password',
  INVALID_EMAIL: 'invalid-email',
  MISSING_PASSWORD: 'missing-password',
  USER_DISABLED: 'user-disabled',
  INVALID_OOB_CODE: 'invalid-action-code',
  EXPIRED_OOB_CODE: 'expired-action-code',
  MISSING_OOB_CODE: 'invalid-action-code',
  TOKEN_EXPIRED: 'user-token-expired',
  INVALID_REFRESH_TOKEN: 'user-token-expired',
  USER_NOT_FOUND: 'user-token-expired',
  OPERATION_NOT_ALLOWED: 'operation-not-allowed',
};

/**
 * `WEAK_PASSWORD : Password should be at least 6 characters` -> code `weak-password` with the
 * server's English detail kept for the console (screens show the translated message).
 */
export function authError(message: unknown): FirebaseError {
  const [name = '', detail] = String(message ?? '').split(' : ');
  return firebaseError(AUTH_CODES[name] ?? 'internal-error', detail ?? name);
}
