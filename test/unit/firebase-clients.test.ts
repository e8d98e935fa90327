/**
 * The plain-fetch Firebase clients (templates/enhancers/lib/firebase) against a scripted network and a fake
 * clock: what each call sends, how each answer and failure comes back, and the token lifecycle of
 * the specification (refresh 5 min early, expired 30 s early, backoff 30 s doubling to 16 min).
 */
import { describe, expect, it } from 'vitest';
import type { Env } from '../../templates/enhancers/lib/firebase/env.ts';
import { post, SLOW_TIMEOUT, TIMEOUT } from '../../templates/enhancers/lib/firebase/http.ts';
import { authError, SIGN_IN_NAMES } from '../../templates/enhancers/lib/firebase/errors.ts';
import { firebaseConfig, type FirebaseConfig } from '../../templates/enhancers/lib/firebase/config.ts';
import { sendPasswordReset, sendSignInLink, signIn, signInWithIdp, signUp } from '../../templates/enhancers/lib/firebase/auth-client.ts';
import { callFunction } from '../../templates/enhancers/lib/firebase/callable.ts';
import { createTokenManager, SESSION_KEY, type Session } from '../../templates/enhancers/lib/firebase/token-manager.ts';

type Reply = { status: number; body: unknown } | 'network-error' | 'hang';
/** A promise is an answer that arrives when the test resolves it (meanwhile the visitor acts). */
type Answer = Reply | Promise<Reply>;
interface Sent { url: string; headers: Record<string, string>; body: string; timeout: number | undefined }

/** A clock whose timers run only when the test advances it, and a network that replays answers. */
function fakeEnv(answers: Answer[] = []) {
  let now = 1_000_000;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void; ms: number }>();
  const sent: Sent[] = [];
  const env: Env = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + ms, fn, ms });
      return id;
    },
    clearTimeout: (id) => void timers.delete(id as number),
    timeout(ms) {
      const abort = new AbortController();
      const id = env.setTimeout(() => abort.abort(), ms);
      return Object.assign(abort.signal, { timeoutMs: ms, timerId: id });
    },
    async fetch(input, init) {
      const signal = init!.signal as AbortSignal & { timeoutMs: number; timerId: number };
      const timeout = signal.timeoutMs;
      sent.push({ url: String(input), headers: init!.headers as Record<string, string>, body: String(init!.body), timeout });
      const answer = await (answers.shift() ?? 'network-error');
      // A finished request's time-out no longer matters (AbortSignal.timeout is never cleared either).
      if (answer != 'hang') timers.delete(signal.timerId);
      if (answer == 'network-error') throw new TypeError('Failed to fetch');
      if (answer == 'hang') {
        return new Promise<Response>((_, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      const text = typeof answer.body == 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status });
    },
  };
  /** Moves the clock forward, running every timer that falls due, in order. */
  async function advance(ms: number) {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
      await flush();
    }
    now = end;
    await flush();
  }
  const pendingTimers = () => [...timers.values()].map((t) => t.at - now).sort((a, b) => a - b);
  return { env, sent, answers, advance, pendingTimers };
}

const flush = () => new Promise((r) => setImmediate(r));
const ok = (body: unknown) => ({ status: 200, body });
const fail = (status: number, body: unknown) => ({ status, body });
const codeOf = (p: Promise<unknown>) => p.then(() => 'resolved', (e) => e.code as string);

const CONFIG: FirebaseConfig = { apiKey: 'AIzaSyDemoKey', projectId: 'demo-sitegen', region: 'europe-west1' };

describe('post', () => {
  it('sends JSON and returns the status with the parsed body', async () => {
    const { env, sent } = fakeEnv([fail(400, { error: { message: 'X' } })]);
    expect(await post(env, 'https://x.test/a', { a: 1 })).toEqual([400, { error: { message: 'X' } }]);
    expect(sent[0]).toMatchObject({ body: '{"a":1}', headers: { 'Content-Type': 'application/json' }, timeout: TIMEOUT });
  });

  it('keeps an unparsable body (a proxy error page) as {}', async () => {
    const { env } = fakeEnv([fail(502, '<html>Bad gateway</html>')]);
    expect(await post(env, 'https://x.test/a', {})).toEqual([502, {}]);
  });

  it('turns a network failure into network-request-failed', async () => {
    const { env } = fakeEnv(['network-error']);
    expect(await codeOf(post(env, 'https://x.test/a', {}))).toBe('network-request-failed');
  });

  it('gives up after its time-out with network-request-failed', async () => {
    const { env, advance } = fakeEnv(['hang']);
    const result = codeOf(post(env, 'https://x.test/a', {}, SLOW_TIMEOUT));
    await advance(SLOW_TIMEOUT - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    await advance(1);
    expect(await result).toBe('network-request-failed');
  });
});

describe('authError', () => {
  it.each([
    ['EMAIL_NOT_FOUND', 'user-not-found'],
    ['INVALID_PASSWORD', 'wrong-password'],
    ['EMAIL_EXISTS', 'email-already-in-use'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER : Too many unsuccessful login attempts.', 'too-many-requests'],
    ['INVALID_OOB_CODE', 'invalid-oob-code'],
    ['SOMETHING_NEW', 'something-new'],
    ['USER_DISABLED', 'user-disabled'],
    [undefined, 'internal-error'],
  ])('maps %s to %s', (message, code) => {
    expect(authError(message, SIGN_IN_NAMES).code).toBe(code);
  });

  it('renames only with the table of the call that answered', () => {
    expect(authError('EMAIL_NOT_FOUND', {}).code).toBe('email-not-found');
  });

  it('splits WEAK_PASSWORD on " : " and keeps the detail', () => {
    const e = authError('WEAK_PASSWORD : Password should be at least 6 characters', {});
    expect(e.code).toBe('weak-password');
    expect(e.message).toBe('weak-password: Password should be at least 6 characters');
  });
});

describe('firebaseConfig', () => {
  it('reads client.firebase', () => {
    expect(firebaseConfig({ firebase: CONFIG })).toBe(CONFIG);
  });

  it('names the missing keys and where to set them', () => {
    expect(() => firebaseConfig({ firebase: { apiKey: 'k', projectId: 'p' } })).toThrow(
      /client\.firebase \{ apiKey, projectId, region \} is missing: set it in sitegen\.config\.ts/,
    );
    expect(() => firebaseConfig(undefined)).toThrow(/client\.firebase/);
  });
});

describe('auth client', () => {
  const session = { localId: 'u1', email: 'a@b.test', idToken: 'id', refreshToken: 'r', expiresIn: '3600' };

  it('signs in at the production endpoint with the configured key', async () => {
    const { env, sent } = fakeEnv([ok(session)]);
    expect(await signIn({ env, apiKey: 'AIzaSyDemoKey' }, 'a@b.test', 'secret1')).toEqual(session);
    expect(sent[0]!.url).toBe('https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=AIzaSyDemoKey');
    expect(JSON.parse(sent[0]!.body)).toEqual({ email: 'a@b.test', password: 'secret1', returnSecureToken: true });
  });

  it('maps the error of sign-up', async () => {
    const { env } = fakeEnv([fail(400, { error: { code: 400, message: 'EMAIL_EXISTS' } })]);
    expect(await codeOf(signUp({ env, apiKey: 'k' }, 'a@b.test', 'secret1'))).toBe('email-already-in-use');
  });

  it('sends the password reset e-mail with the slow time-out', async () => {
    const { env, sent } = fakeEnv([ok({ email: 'a@b.test' })]);
    await sendPasswordReset({ env, apiKey: 'k' }, 'a@b.test');
    expect(sent[0]!.url).toContain('accounts:sendOobCode?key=k');
    expect(JSON.parse(sent[0]!.body)).toEqual({ requestType: 'PASSWORD_RESET', email: 'a@b.test' });
    expect(sent[0]!.timeout).toBe(SLOW_TIMEOUT);
  });

  it('signs in with a provider\'s ID token and nonce, form-encoded in postBody, from this origin', async () => {
    const { env, sent } = fakeEnv([ok({ ...session, providerId: 'apple.com' })]);
    const credential = { id_token: 'h.p.s', providerId: 'apple.com', nonce: 'raw nonce&=' };
    expect(await signInWithIdp({ env, apiKey: 'k' }, credential, 'https://site.example')).toMatchObject(session);
    expect(sent[0]!.url).toBe('https://identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=k');
    const body = JSON.parse(sent[0]!.body);
    expect(body).toMatchObject({ requestUri: 'https://site.example', returnSecureToken: true });
    expect(Object.fromEntries(new URLSearchParams(body.postBody))).toEqual(credential);
  });

  it('names the way to sign in when the address already has an account', async () => {
    const answers = [
      ok({ needConfirmation: true, email: 'a@b.test', verifiedProvider: ['google.com'] }),
      ok({ needConfirmation: true, email: 'a@b.test', verifiedProvider: ['apple.com'] }),
      ok({ needConfirmation: true, email: 'a@b.test', verifiedProvider: [] }),
      ok({ needConfirmation: true, email: 'a@b.test' }),
      fail(400, { error: { code: 400, message: 'EMAIL_EXISTS' } }),
      fail(400, { error: { code: 400, message: 'UNAUTHORIZED_DOMAIN : Domain not allowlisted by project' } }),
    ];
    const { env } = fakeEnv(answers);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push(await codeOf(signInWithIdp({ env, apiKey: 'k' }, { id_token: 't', providerId: 'google.com' }, 'https://x')));
    expect(codes).toEqual(['exists-google', 'exists-apple', 'exists-password', 'exists-password', 'exists-password', 'unauthorized-domain']);
  });

  it('asks for e-mails in the page\'s language (X-Firebase-Locale) when it has one', async () => {
    const { env, sent } = fakeEnv([ok({ email: 'a@b.test' }), ok({ email: 'a@b.test' })]);
    await sendPasswordReset({ env, apiKey: 'k', locale: 'de-DE' }, 'a@b.test');
    await sendPasswordReset({ env, apiKey: 'k' }, 'a@b.test');
    expect(sent.map((s) => s.headers['X-Firebase-Locale'])).toEqual(['de-DE', undefined]);
  });

  it('sends an e-mail sign-in link back to the given page, with the slow time-out', async () => {
    const { env, sent } = fakeEnv([ok({ email: 'a@b.test' }), fail(400, { error: { code: 400, message: 'UNAUTHORIZED_DOMAIN : Domain not allowlisted by project' } })]);
    await sendSignInLink({ env, apiKey: 'k' }, 'a@b.test', 'https://site.example/de/auth_action');
    expect(JSON.parse(sent[0]!.body)).toEqual({
      requestType: 'EMAIL_SIGNIN',
      email: 'a@b.test',
      continueUrl: 'https://site.example/de/auth_action',
      canHandleCodeInApp: true,
    });
    expect(sent[0]!.timeout).toBe(SLOW_TIMEOUT);
    expect(await codeOf(sendSignInLink({ env, apiKey: 'k' }, 'a@b.test', 'https://elsewhere.example/'))).toBe('unauthorized-domain');
  });
});

describe('callable client', () => {
  it('posts {data} with the bearer token to the region and project URL', async () => {
    const { env, sent } = fakeEnv([ok({ result: { days: 30 } })]);
    expect(await callFunction(env, CONFIG, 'applyPromoCode', { code: 'ALMO-2026' }, 'tok')).toEqual({ days: 30 });
    expect(sent[0]).toMatchObject({
      url: 'https://europe-west1-demo-sitegen.cloudfunctions.net/applyPromoCode',
      body: '{"data":{"code":"ALMO-2026"}}',
      timeout: SLOW_TIMEOUT,
    });
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it.each([
    [fail(404, { error: { status: 'NOT_FOUND', message: 'no' } }), 'not-found'],
    [fail(409, { error: { status: 'ALREADY_EXISTS', message: 'used' } }), 'already-exists'],
    [fail(400, { error: { status: 'FAILED_PRECONDITION', message: 'expired' } }), 'failed-precondition'],
    [fail(401, '<html>Unauthorized</html>'), 'unauthenticated'],
    [fail(500, ''), 'internal'],
    [ok({ nothing: true }), 'internal'],
    ['network-error' as const, 'network-request-failed'],
  ])('maps %j to %s', async (answer, code) => {
    const { env } = fakeEnv([answer]);
    expect(await codeOf(callFunction(env, CONFIG, 'f', {}, 'tok'))).toBe(code);
  });
});

describe('token manager', () => {
  const HOUR = 3_600_000;
  const signInAnswer = { localId: 'u1', email: 'a@b.test', idToken: 'id-1', refreshToken: 'r-1', expiresIn: '3600' };
  const refreshed = (n: number) => ok({ id_token: `id-${n}`, refresh_token: `r-${n}`, expires_in: '3600', user_id: 'u1' });

  function setup(answers: Answer[] = [], onChange?: (s: Session | undefined) => void) {
    const fake = fakeEnv(answers);
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v), removeItem: (k: string) => void store.delete(k) };
    const tm = createTokenManager({ env: fake.env, apiKey: 'k', storage, onChange });
    return { ...fake, tm, store, storage };
  }

  it('keeps the session in the given storage and restores it', () => {
    const { tm, store, env, storage } = setup();
    tm.signIn(signInAnswer);
    expect(JSON.parse(store.get(SESSION_KEY)!)).toMatchObject({ uid: 'u1', idToken: 'id-1', expiresAt: env.now() + HOUR });
    expect(createTokenManager({ env, apiKey: 'k', storage }).session?.email).toBe('a@b.test');
    tm.signOut();
    expect(store.has(SESSION_KEY)).toBe(false);
  });

  it('refreshes 5 minutes before expiry with the refresh-token grant', async () => {
    const { tm, sent, advance, answers } = setup();
    tm.signIn(signInAnswer);
    answers.push(refreshed(2));
    await advance(HOUR - 5 * 60_000 - 1);
    expect(sent).toHaveLength(0);
    await advance(1);
    expect(sent[0]!.url).toBe('https://securetoken.googleapis.com/v1/token?key=k');
    expect(JSON.parse(sent[0]!.body)).toEqual({ grant_type: 'refresh_token', refresh_token: 'r-1' });
    expect(await tm.getIdToken()).toBe('id-2');
  });

  it('uses the current token until 30 seconds before expiry, then refreshes first', async () => {
    const { tm, sent, advance, answers } = setup(['network-error']);
    tm.signIn(signInAnswer);
    await advance(HOUR - 30_000 - 1); // the background refresh failed and is backing off
    expect(await tm.getIdToken()).toBe('id-1');
    await advance(1);
    answers.push(refreshed(3));
    const count = sent.length;
    expect(await tm.getIdToken()).toBe('id-3');
    expect(sent).toHaveLength(count + 1);
  });

  it('backs off from 30 s, doubling up to 16 minutes, after network errors', async () => {
    const { tm, sent, advance, pendingTimers } = setup();
    tm.signIn({ ...signInAnswer, expiresIn: String(10 * 3600) });
    await advance(10 * HOUR - 5 * 60_000); // first refresh: network error
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      const next = pendingTimers()[0]!;
      delays.push(next);
      await advance(next);
    }
    expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000]);
    expect(sent).toHaveLength(9);
  });

  it('starts over at 30 s after a successful refresh', async () => {
    const { tm, advance, answers, pendingTimers } = setup(['network-error']);
    tm.signIn(signInAnswer);
    await advance(HOUR - 5 * 60_000);
    answers.push(refreshed(2), 'network-error');
    await advance(30_000);
    expect(await tm.getIdToken()).toBe('id-2');
    await advance(HOUR - 5 * 60_000);
    expect(pendingTimers()[0]).toBe(30_000);
  });

  it('signs out when the server refuses the refresh token', async () => {
    const { tm, advance, store } = setup([fail(400, { error: { message: 'TOKEN_EXPIRED', status: 'INVALID_ARGUMENT' } })]);
    tm.signIn(signInAnswer);
    await advance(HOUR);
    expect(tm.session).toBeUndefined();
    expect(store.has(SESSION_KEY)).toBe(false);
    expect(await codeOf(tm.getIdToken())).toBe('user-token-expired');
  });

  it('shares one refresh between callers and reports a network failure of an expired token', async () => {
    const { tm, advance, sent } = setup(['network-error']);
    tm.signIn({ ...signInAnswer, expiresIn: '20' }); // already inside the 30 s margin
    const [a, b] = [codeOf(tm.getIdToken()), codeOf(tm.getIdToken())];
    await advance(0);
    expect([await a, await b]).toEqual(['network-request-failed', 'network-request-failed']);
    expect(sent.filter((s) => s.url.includes('securetoken'))).toHaveLength(1);
  });

  /** An answer the test hands over later: `answers.push(slow.answer)`, then `slow.arrive(x)`. */
  function later() {
    let arrive!: (a: Reply) => void;
    return { answer: new Promise<Reply>((r) => (arrive = r)), arrive };
  }

  it('stays signed out when the visitor signs out while a refresh is on its way', async () => {
    const changes: (string | undefined)[] = [];
    const { tm, advance, answers, store, sent, pendingTimers } = setup([], (s) => changes.push(s?.idToken));
    tm.signIn(signInAnswer);
    const slow = later();
    answers.push(slow.answer);
    await advance(HOUR - 5 * 60_000); // the background refresh is sent and waits for its answer
    expect(sent).toHaveLength(1);
    tm.signOut();
    slow.arrive(refreshed(2));
    await advance(0);
    expect(tm.session).toBeUndefined();
    expect(store.has(SESSION_KEY)).toBe(false);
    expect(await codeOf(tm.getIdToken())).toBe('user-token-expired');
    expect(changes).toEqual(['id-1', undefined]);
    expect(pendingTimers()).toEqual([]);
  });

  it('leaves a new session alone when the refresh of the old one fails afterwards', async () => {
    for (const failure of [fail(400, { error: { message: 'TOKEN_EXPIRED' } }), 'network-error'] as const) {
      const { tm, advance, answers, store, pendingTimers } = setup();
      tm.signIn(signInAnswer);
      const slow = later();
      answers.push(slow.answer);
      await advance(HOUR - 5 * 60_000);
      tm.signOut();
      tm.signIn({ ...signInAnswer, localId: 'u2', email: 'c@d.test', idToken: 'other' });
      slow.arrive(failure);
      await advance(0);
      expect(tm.session?.uid).toBe('u2');
      expect(JSON.parse(store.get(SESSION_KEY)!).idToken).toBe('other');
      expect(await tm.getIdToken()).toBe('other');
      expect(pendingTimers()).toEqual([HOUR - 5 * 60_000]); // its own refresh, no backoff of the old one
    }
  });

  it('ignores an unreadable stored session', () => {
    const { env } = fakeEnv();
    const storage = { getItem: () => '{not json', setItem() {}, removeItem() {} };
    expect(createTokenManager({ env, apiKey: 'k', storage }).session).toBeUndefined();
  });
});
