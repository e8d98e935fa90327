/**
 * /applycode: sign in (with Google, with Apple, by an e-mail link, or with a password; or create
 * an account, or ask for a password reset), enter a code, confirm, apply it through the callable
 * function `applyPromoCode`. Every way to sign in ends in the same session (a Firebase ID and
 * refresh token), so the rest of the page and the function work the same for all of them.
 * The providers' code is in lazy chunks (firebase/google.ts, firebase/apple.ts) that load their
 * library on the click; an e-mail link is completed by /auth_action (firebase/email-link.ts). The markup contract is written at the
 * top of pages/applycode.tsx: panels `section[data-panel]`, forms `form[data-form]` with their
 * controls in `fieldset[data-needs-script][disabled]`, `data-action` buttons, `data-fill` slots,
 * the `[data-account]` bar, the `[data-status]` line, ApplyProgress and the ApplyMessages
 * catalogue. Client-side codes used here: missing-email, invalid-email, password-empty,
 * password-short, code-empty, code-invalid-format, and working, reset-sent, success.
 *
 * The session (ID and refresh token) lives in sessionStorage: closing the tab signs out.
 */
import type { EnhancerContext } from 'sitegen';
import { isValidCode, normalizeCode } from '../../functions/code-format.js';
import { firebaseConfig } from './lib/firebase/config.ts';
import { browserEnv } from './lib/firebase/env.ts';
import { firebaseError, type FirebaseError } from './lib/firebase/errors.ts';
import { sendPasswordReset, sendSignInLink, signIn, signInWithIdp, signUp, type SignInResponse } from './lib/firebase/auth-client.ts';
import { LINK_EMAIL_KEY } from './lib/firebase/session-storage.ts';
import { callFunction } from './lib/firebase/callable.ts';
import { createTokenManager } from './lib/firebase/token-manager.ts';
import { fieldError, passwordProblem, passwordToggles, say, showOnly } from './lib/firebase/form-ui.ts';

interface Unlocked {
  code: string;
  unlocks: string;
  days: number;
}

/** The progress step of each panel: the sign-in panels count as the first step. */
const STEP: Record<string, string> = { confirm: 'confirm', done: 'done' };

export default function applyCode(el: HTMLElement, ctx: EnhancerContext): void {
  const config = firebaseConfig(ctx.page.client);
  const env = browserEnv();
  const api = { env, apiKey: config.apiKey, locale: ctx.iso };
  const status = el.querySelector<HTMLElement>('[data-status]');
  const fieldsets = el.querySelectorAll<HTMLFieldSetElement>('fieldset[data-needs-script]');
  const field = (form: string, name: string) =>
    el.querySelector<HTMLFormElement>(`form[data-form="${form}"]`)!.elements.namedItem(name) as HTMLInputElement;
  const fill = (name: string, text: string) => el.querySelectorAll(`[data-fill="${name}"]`).forEach((n) => (n.textContent = text));
  const tokens = createTokenManager({ env, apiKey: config.apiKey, storage: sessionStorage, onChange: signedIn });
  const codeInput = field('code', 'code');
  let code = '';

  function signedIn(session = tokens.session): void {
    fill('email', session?.email ?? '');
    el.querySelector<HTMLElement>('[data-account]')!.hidden = !session;
  }

  function show(panel: string, focus = true): void {
    showOnly(el, 'panel', panel);
    el.dataset.state = panel;
    const step = STEP[panel] ?? 'code';
    let before = true;
    for (const li of el.querySelectorAll<HTMLElement>('li[data-step]')) {
      const current = li.dataset.step == step;
      if (current) before = false;
      li.dataset.state = current ? 'current' : before ? 'complete' : 'upcoming';
      if (current) li.setAttribute('aria-current', 'step');
      else li.removeAttribute('aria-current');
      li.querySelector<HTMLElement>('[data-step-complete]')?.toggleAttribute('hidden', !before);
    }
    if (focus) el.querySelector<HTMLElement>(`[data-panel="${panel}"]`)?.querySelector<HTMLElement>('input,button')?.focus();
  }

  /**
   * Runs one call with the controls disabled and the status line saying so. An error is shown
   * there and gives undefined; an ended session also goes back to signing in.
   */
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    say(status, el, 'working');
    fieldsets.forEach((f) => (f.disabled = true));
    try {
      const result = await call();
      say(status, el);
      return result;
    } catch (error) {
      const reason = (error as FirebaseError).code;
      if (reason == 'unauthenticated' || reason == 'user-token-expired') tokens.signOut(), show('signin', false);
      say(status, el, reason);
    } finally {
      fieldsets.forEach((f) => (f.disabled = false));
    }
  }

  /** Checks the e-mail (and password) of a form before sending; the first problem gets focus. */
  function valid(form: string, withPassword: boolean): boolean {
    const email = field(form, 'email');
    const checks: [HTMLInputElement, string | undefined][] = [
      [email, !email.value.trim() ? 'missing-email' : email.validity.typeMismatch ? 'invalid-email' : undefined],
    ];
    if (withPassword) checks.push([field(form, 'password'), passwordProblem(field(form, 'password').value)]);
    for (const [input, problem] of checks) fieldError(el, input, problem);
    const first = checks.find(([, problem]) => problem);
    first?.[0].focus();
    return !first;
  }

  /** Runs a sign-in call; its answer starts the session and leads to the code. */
  async function start(call: () => Promise<SignInResponse>): Promise<void> {
    const answer = await run(call);
    if (answer) tokens.signIn(answer), show('code');
  }

  async function account(call: typeof signIn, form: string): Promise<void> {
    if (valid(form, true)) await start(() => call(api, field(form, 'email').value.trim(), field(form, 'password').value));
  }

  /**
   * Signs in with a provider's credential, which its lazy chunk gets (loading its library first);
   * a chunk rejects with a catalogue code.
   */
  const withProvider = (credential: () => Promise<Record<string, string>>) =>
    start(async () => signInWithIdp(api, await credential().catch((code: string) => Promise.reject(firebaseError(code))), location.origin));

  const client = ctx.page.client as Record<string, Record<string, string>>;
  const providers: Record<string, () => Promise<Record<string, string>>> = {
    google: async () =>
      (await import('./lib/firebase/google.ts')).default({
        clientId: client.google!.clientId!,
        slot: el.querySelector<HTMLElement>('[data-google-button]')!,
        locale: ctx.iso,
        late: (credential) => withProvider(async () => credential),
      }),
    apple: async () => (await import('./lib/firebase/apple.ts')).default(client.apple!.clientId!, client.apple!.redirectURI!),
  };

  const submit: Record<string, () => unknown> = {
    signin: () => account(signIn, 'signin'),
    signup: () => account(signUp, 'signup'),
    async reset() {
      if (!valid('reset', false)) return;
      // Whether an address has an account is not told: the message says "if an account exists".
      const sent = await run(() =>
        sendPasswordReset(api, field('reset', 'email').value.trim()).then(
          () => true,
          (e: FirebaseError) => {
            if (e.code == 'user-not-found') return true;
            throw e;
          },
        ),
      );
      if (sent) show('signin'), say(status, el, 'reset-sent');
    },
    async link() {
      if (!valid('link', false)) return;
      const email = field('link', 'email').value.trim();
      const sent = await run(() => sendSignInLink(api, email, location.origin + el.dataset.linkAction));
      if (!sent) return;
      // Only the address, so that the link opened on this device needs no retyping.
      localStorage.setItem(LINK_EMAIL_KEY, email);
      fill('link-email', email);
      show('linkSent');
    },
    code() {
      code = normalizeCode(codeInput.value);
      codeInput.value = code;
      const problem = !code ? 'code-empty' : isValidCode(code) ? undefined : 'code-invalid-format';
      fieldError(el, codeInput, problem);
      if (problem) return codeInput.focus();
      fill('code', code);
      show('confirm');
    },
    async confirm() {
      const result = await run(async () =>
        callFunction<Unlocked>(env, config, 'applyPromoCode', { code }, await tokens.getIdToken()),
      );
      if (!result) return;
      for (const block of el.querySelectorAll<HTMLElement>('[data-unlocks]')) block.hidden = block.dataset.unlocks != result.unlocks;
      for (const slot of el.querySelectorAll<HTMLElement>('[data-fill="days"]')) slot.textContent = plural(slot.dataset.plural!, result.days, ctx.iso);
      show('done');
      say(status, el, 'success');
    },
  };

  el.addEventListener('submit', (event) => {
    const form = (event.target as HTMLElement).dataset.form!;
    event.preventDefault();
    void submit[form]?.();
  });
  el.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action ?? '';
    if (action == 'toggle-password' || !action) return;
    say(status, el);
    if (providers[action]) return void withProvider(providers[action]);
    if (action == 'sign-out') tokens.signOut();
    if (action == 'another') codeInput.value = '';
    show(action.startsWith('show-') ? action.slice(5) : tokens.session ? 'code' : 'signin');
  });
  passwordToggles(el);
  fieldsets.forEach((f) => (f.disabled = false));
  signedIn();
  show(tokens.session ? 'code' : 'signin', false);
  ctx.signal.addEventListener('abort', tokens.stop);
}

/** `data-plural` of the runtime contract: an exact `=N` form, else the plural category, else other. */
function plural(json: string, count: number, iso: string): string {
  const forms = JSON.parse(json) as Record<string, string>;
  const form = forms['=' + count] ?? forms[new Intl.PluralRules(iso).select(count)] ?? forms.other ?? '';
  return form.replace(/#/g, new Intl.NumberFormat(iso).format(count));
}
