/**
 * The callable-functions protocol with plain fetch: POST `{"data": ...}` with the user's ID token;
 * the answer is `{"result": ...}` or `{"error": {"status": "NOT_FOUND", "message": ...}}`.
 * Errors get the SDK's codes in lower case (`not-found`, `already-exists`, `unauthenticated`).
 */
import { functionUrl, type FirebaseConfig } from './config.ts';
import { firebaseError } from './errors.ts';
import { post, SLOW_TIMEOUT } from './http.ts';
import type { Env } from './env.ts';

/** When the body carries no status (a proxy's error page), the HTTP status tells what it was. */
const HTTP_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
};

export async function callFunction<T>(env: Env, config: FirebaseConfig, name: string, data: unknown, idToken: string): Promise<T> {
  const [status, json] = await post(env, functionUrl(config, name), { data }, SLOW_TIMEOUT, {
    Authorization: 'Bearer ' + idToken,
  });
  const error = json.error ?? (status >= 300 || !('result' in json) ? {} : undefined);
  if (error) {
    const name = String(error.status ?? HTTP_STATUS[status] ?? 'INTERNAL');
    throw firebaseError(name.toLowerCase().replace(/_/g, '-'), error.message);
  }
  return json.result as T;
}
