/**
 * What the browser keeps of a Firebase sign-in, shared by /applycode (its token manager) and the
 * e-mail link completion of /auth_action, which signs in there and hands over to /applycode:
 * - the session, in sessionStorage (this tab only, gone when it closes, never a cookie);
 * - the address a sign-in link was sent to, in localStorage (only the address), so that the link
 *   opened on this device needs no retyping.
 * This module is all the two share, kept tiny: a module both import is split out of /applycode's
 * chunk into a file of its own (see firebase/email-link.ts).
 */
import type { SignInResponse } from './auth-client.ts';

export const SESSION_KEY = 'sitegen.firebase.session';
export const LINK_EMAIL_KEY = 'sitegen.firebase.linkEmail';

export interface Session {
  uid: string;
  email: string;
  idToken: string;
  refreshToken: string;
  /** Epoch milliseconds at which the server says the ID token expires. */
  expiresAt: number;
}

/** The session a sign-in answer starts, `now` being the clock's epoch milliseconds. */
export const sessionOf = (r: SignInResponse, now: number): Session => ({
  uid: r.localId,
  email: r.email,
  idToken: r.idToken,
  refreshToken: r.refreshToken,
  expiresAt: now + Number(r.expiresIn) * 1000,
});
