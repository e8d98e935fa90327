import { firebaseError, NETWORK } from './errors.ts';
import type { Net } from './env.ts';

/** Ordinary calls give up after 30 s; calls that do real work on the server (e-mails, functions) after 60 s. */
export const TIMEOUT = 30_000;
export const SLOW_TIMEOUT = 60_000;

/**
 * POSTs JSON and returns `[httpStatus, parsedBody]`. A network failure or the time-out (of the
 * whole exchange, body included) becomes `network-request-failed`; an HTTP error is returned, for
 * the caller to read its protocol's error body.
 */
export async function post(env: Net, url: string, body: object, timeout = TIMEOUT, headers?: object): Promise<[number, any]> {
  try {
    const res = await env.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: env.timeout(timeout),
    });
    // An HTML error page from a proxy parses as nothing: its status alone will have to do.
    return [res.status, (await res.json().catch(() => 0)) || {}];
  } catch (cause) {
    throw firebaseError(NETWORK, '' + cause);
  }
}
