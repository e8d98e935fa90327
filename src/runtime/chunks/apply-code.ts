/**
 * /applycode: sign in (or create an account, or ask for a password reset), enter a code, confirm,
 * apply it through the callable function `applyPromoCode`.
 *
 * Markup it expects inside `<div data-enhance="apply-code">` (pages/applycode.tsx):
 * - views `[data-view="signin|signup|reset|code|confirm|done"]`, rendered `hidden` (plus any
 *   script-off notice, e.g. `[data-view="noscript"]`, which the chunk hides): one shows at a time.
 * - a `<form>` in signin, signup, reset and code, built from ApplyField: inputs named `email`,
 *   `password` (signin, signup) and `code`, each with its `#{id}-error` slot.
 * - buttons or links `[data-action="show-VIEW"]` (show-signin, show-signup, show-reset,
 *   show-code: "Change code" and "Apply another code"), `[data-action="sign-out"]`,
 *   `[data-action="apply"]` (in confirm).
 * - `[data-fill="email"]` and `[data-fill="code"]`: receive the account's address and the code.
 * - in done, one `[data-unlocked="premium"]` per kind of benefit, with `data-plural` of
 *   `pluralTemplates('applycode.done.premium')`: gets the text for the number of days.
 * - `[data-status]` (role status) for "working" and the errors of a call; ApplyProgress
 *   (`li[data-step]`); the ApplyMessages catalogue with the codes listed below.
 *
 * The session (ID and refresh token) lives in sessionStorage: a tab that closes signs out.
 */
import type { ChunkContext } from '../types.ts';
import { isValidCode, normalizeCode } from '../../../functions/code-format.js';
import { firebaseConfig } from '../firebase/config.ts';
import { browserEnv } from '../firebase/env.ts';
import type { FirebaseError } from '../firebase/errors.ts';
import { sendPasswordReset, signIn, signUp } from '../firebase/auth-client.ts';
import { callFunction } from '../firebase/callable.ts';
import { createTokenManager } from '../firebase/token-manager.ts';
import { fieldError, passwordProblem, passwordToggles, say, showOnly } from '../firebase/form-ui.ts';

/*
 * Catalogue codes: working, reset-sent, email-empty, email-invalid, password-empty,
 * password-short, code-empty, code-invalid (checked here), the auth errors wrong-password,
 * invalid-credential, user-not-found, email-already-in-use, too-many-requests, weak-password,
 * invalid-email, user-disabled, network-request-failed, the function's not-found,
 * already-exists, failed-precondition, invalid-argument, unauthenticated, user-token-expired,
 * and unknown for anything else.
 */

interface Unlocked {
  code: string;
  unlocks: string;
  days: number;
}

const STEP: Record<string, string> = { confirm: 'confirm', done: 'done' };

export default function applyCode(el: HTMLElement, ctx: ChunkContext): void {
  const config = firebaseConfig(ctx.page.client);
  const env = browserEnv();
  const api = { env, apiKey: config.apiKey };
  const status = el.querySelector<HTMLElement>('[data-status]');
  const $ = <T extends Element = HTMLElement>(selector: string) => el.querySelector<T>(selector)!;
  const field = (view: string, name: string) => $<HTMLFormElement>(`[data-view="${view}"] form`).elements.namedItem(name) as HTMLInputElement;
  const fill = (name: string, text: string) => el.querySelectorAll(`[data-fill="${name}"]`).forEach((n) => (n.textContent = text));
  const tokens = createTokenManager({ env, apiKey: config.apiKey, storage: sessionStorage, onChange: (s) => fill('email', s?.email ?? '') });
  const codeInput = field('code', 'code');
  let code = '';

  function show(view: string, focus = true): void {
    showOnly(el, 'view', view);
    const step = STEP[view] ?? 'code';
    let before = true;
    for (const li of el.querySelectorAll<HTMLElement>('li[data-step]')) {
      const current = li.dataset.step == step;
      if (current) before = false;
      li.dataset.state = current ? 'current' : before ? 'complete' : 'upcoming';
      li.toggleAttribute('aria-current', current);
      if (current) li.setAttribute('aria-current', 'step');
      li.querySelector<HTMLElement>('[data-step-complete]')?.toggleAttribute('hidden', !before);
    }
    if (focus) $(`[data-view="${view}"]`).querySelector<HTMLElement>('input,button,a')?.focus();
  }

  /** Runs one call with the status line saying so; an error is shown there and returns undefined. */
  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    say(status, el, 'working');
    try {
      const result = await call();
      say(status, el);
      return result;
    } catch (error) {
      const reason = (error as FirebaseError).code;
      say(status, el, reason);
      if (reason == 'unauthenticated' || reason == 'user-token-expired') tokens.signOut(), show('signin', false);
      if (reason == 'weak-password') fieldError(el, field('signup', 'password'), reason);
    }
  }

  /** Checks the e-mail (and password) of a form before sending; the first problem gets focus. */
  function valid(view: string, withPassword: boolean): boolean {
    const email = field(view, 'email');
    const password = withPassword ? field(view, 'password') : undefined;
    const problems: [HTMLInputElement, string | undefined][] = [
      [email, !email.value.trim() ? 'email-empty' : email.validity.typeMismatch ? 'email-invalid' : undefined],
    ];
    if (password) problems.push([password, passwordProblem(password.value)]);
    for (const [input, problem] of problems) fieldError(el, input, problem);
    problems.find(([, problem]) => problem)?.[0].focus();
    return !problems.some(([, problem]) => problem);
  }

  const handlers: Record<string, () => unknown> = {
    signin: () => account(signIn, 'signin'),
    signup: () => account(signUp, 'signup'),
    reset: async () => {
      const email = field('reset', 'email').value.trim();
      if (!valid('reset', false)) return;
      // Whether the address has an account is not told (the message says "if an account exists").
      const sent = await run(() =>
        sendPasswordReset(api, email).then(
          () => true,
          (e: FirebaseError) => {
            if (e.code == 'user-not-found') return true;
            throw e;
          },
        ),
      );
      if (sent) show('signin'), say(status, el, 'reset-sent');
    },
    code: () => {
      code = normalizeCode(codeInput.value);
      codeInput.value = code;
      const problem = !code ? 'code-empty' : isValidCode(code) ? undefined : 'code-invalid';
      fieldError(el, codeInput, problem);
      if (problem) return codeInput.focus();
      fill('code', code);
      show('confirm');
    },
  };

  async function account(call: typeof signIn, view: string): Promise<void> {
    if (!valid(view, true)) return;
    const answer = await run(() => call(api, field(view, 'email').value.trim(), field(view, 'password').value));
    if (answer) tokens.signIn(answer), show('code');
  }

  async function apply(): Promise<void> {
    const result = await run(async () =>
      callFunction<Unlocked>(env, config, 'applyPromoCode', { code }, await tokens.getIdToken()),
    );
    if (!result) return;
    for (const item of el.querySelectorAll<HTMLElement>('[data-unlocked]')) {
      item.hidden = item.dataset.unlocked != result.unlocks;
      item.textContent = plural(item.dataset.plural!, result.days, ctx.iso);
    }
    show('done');
  }

  el.addEventListener('submit', (event) => {
    const view = (event.target as Element).closest<HTMLElement>('[data-view]')?.dataset.view;
    if (!view || !handlers[view]) return;
    event.preventDefault();
    void handlers[view]();
  });
  el.addEventListener('click', (event) => {
    const action = (event.target as Element).closest<HTMLElement>('[data-action]')?.dataset.action ?? '';
    if (action.startsWith('show-')) {
      event.preventDefault();
      say(status, el);
      if (action == 'show-code' && $('[data-view="done"]').hidden == false) codeInput.value = '';
      show(action.slice(5));
    } else if (action == 'sign-out') {
      tokens.signOut();
      say(status, el);
      show('signin');
    } else if (action == 'apply') void apply();
  });
  passwordToggles(el);
  fill('email', tokens.session?.email ?? '');
  show(tokens.session ? 'code' : 'signin', false);
  ctx.signal.addEventListener('abort', tokens.stop);
}

/** `data-plural` of the runtime contract: an exact `=N` form, else the plural category, else other. */
function plural(json: string, count: number, iso: string): string {
  const forms = JSON.parse(json) as Record<string, string>;
  const form = forms['=' + count] ?? forms[new Intl.PluralRules(iso).select(count)] ?? forms.other ?? '';
  return form.replace(/#/g, new Intl.NumberFormat(iso).format(count));
}
