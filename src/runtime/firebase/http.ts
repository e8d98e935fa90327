import { firebaseError, NETWORK } from './errors.ts';
import type { Env } from './env.ts';

/** Ordinary calls give up after 30 s; calls that do real work on the server (e-mails, functions) after 60 s. */
export const TIMEOUT = 30_000;
export const SLOW_TIMEOUT = 60_000;

/**
 * POSTs JSON (or a form body, given as a string) and returns `[httpStatus, parsedBody]`. A network
 * failure or the time-out (the whole exchange, body included) becomes `network-request-failed`;
 * an HTTP error is returned, for the caller to read its protocol's error body.
 */
export async function post(
  env: Env,
  url: string,
  body: object | string,
  timeout = TIMEOUT,
  headers: Record<string, string> = {},
): Promise<[number, any]> {
  const abort = new AbortController();
  const timer = env.setTimeout(() => abort.abort(), timeout);
  try {
    const form = typeof body == 'string';
    const res = await env.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json', ...headers },
      body: form ? body : JSON.stringify(body),
      signal: abort.signal,
    });
    const text = await res.text();
    let json: any = {};
    try {
      json = JSON.parse(text);
    } catch {
      // An HTML error page from a proxy: the status alone will have to do.
    }
    return [res.status, json ?? {}];
  } catch (cause) {
    throw firebaseError(NETWORK, String(cause));
  } finally {
    env.clearTimeout(timer);
  }
}
