/**
 * Keeps the signed-in user's ID token fresh, exactly as the specification puts it:
 * - the token is refreshed (Secure Token refresh-token grant) 5 minutes before it expires;
 * - it counts as expired 30 seconds early, so a token is never sent in its last seconds;
 * - after a network error the refresh is retried after 30 s, then 60 s, doubling up to 16 minutes;
 * - a refresh the server refuses (revoked or expired refresh token, disabled user) signs out.
 * The session lives in sessionStorage (this tab only, gone when it closes), never in a cookie.
 */
import { TOKEN_URL } from './config.ts';
import { firebaseError, NETWORK, TOKEN_NAMES, type FirebaseError } from './errors.ts';
import type { Env } from './env.ts';
import { keyed, type SignInResponse } from './auth-client.ts';
import { SESSION_KEY, sessionOf, type Session } from './session-storage.ts';

export const REFRESH_BEFORE = 5 * 60_000;
export const EXPIRY_MARGIN = 30_000;
export const BACKOFF_START = 30_000;
export const BACKOFF_MAX = 16 * 60_000;
export { SESSION_KEY, type Session } from './session-storage.ts';
export interface TokenManagerOptions {
  env: Env;
  apiKey: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Called whenever the user signs in, out, or gets a new token. */
  onChange?: (session: Session | undefined) => void;
}

export type TokenManager = ReturnType<typeof createTokenManager>;

export function createTokenManager({ env, apiKey, storage, onChange }: TokenManagerOptions) {
  let session: Session | undefined;
  let timer: unknown;
  let backoff = 0;
  let pending: Promise<Session> | undefined;

  try {
    session = JSON.parse(storage.getItem(SESSION_KEY)!) ?? undefined;
  } catch {
    // Unreadable session: signed out.
  }

  function set(next: Session | undefined): void {
    session = next;
    if (next) storage.setItem(SESSION_KEY, JSON.stringify(next));
    else storage.removeItem(SESSION_KEY);
    schedule();
    onChange?.(next);
  }

  function schedule(delay?: number): void {
    env.clearTimeout(timer);
    if (!session) return;
    // Background refreshes report nothing: a failure is retried, or has already signed out.
    timer = env.setTimeout(() => refresh().catch(() => {}), delay ?? Math.max(0, session.expiresAt - REFRESH_BEFORE - env.now()));
  }

  function refresh(): Promise<Session> {
    return (pending ??= exchange().finally(() => (pending = undefined)));
  }

  /**
   * One refresh of the session it starts from. Whatever comes back after the await belongs to that
   * session only: when the visitor signed out (or in again) meanwhile, the answer is dropped, so a
   * sign-out is never undone and a new session is neither signed out nor rescheduled by it.
   */
  async function exchange(): Promise<Session> {
    const current = session;
    if (!current) throw firebaseError('user-token-expired');
    let json: any;
    try {
      json = await keyed<any>({ env, apiKey }, TOKEN_URL, { grant_type: 'refresh_token', refresh_token: current.refreshToken }, TOKEN_NAMES);
    } catch (error) {
      if (session != current) throw error;
      if ((error as FirebaseError).code == NETWORK) {
        backoff = Math.min(backoff * 2 || BACKOFF_START, BACKOFF_MAX);
        schedule(backoff);
      } else {
        set(undefined);
      }
      throw error;
    }
    if (session != current) throw firebaseError('user-token-expired');
    backoff = 0;
    set({ ...current, idToken: json.id_token, refreshToken: json.refresh_token, expiresAt: env.now() + Number(json.expires_in) * 1000 });
    return session!;
  }

  schedule();

  return {
    get session(): Session | undefined {
      return session;
    },
    /** Starts a session from a sign-in or sign-up answer. */
    signIn: (r: SignInResponse) => set(sessionOf(r, env.now())),
    signOut: () => set(undefined),
    /** A token that is not (nearly) expired: the current one, or a freshly refreshed one. */
    async getIdToken(): Promise<string> {
      if (!session) throw firebaseError('user-token-expired');
      if (env.now() < session.expiresAt - EXPIRY_MARGIN) return session.idToken;
      return (await refresh()).idToken;
    },
    /** Stops the background refresh (the page is going away). */
    stop: () => env.clearTimeout(timer),
  };
}
