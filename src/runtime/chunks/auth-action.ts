/**
 * /auth_action: the Firebase custom e-mail action handler
 * (`?mode=verifyEmail|resetPassword|recoverEmail&oobCode=...&lang=...&continueUrl=...`).
 * The markup contract is written at the top of pages/auth_action.tsx: one `section[data-state]`
 * shown at a time, the reset form (controls in `fieldset[data-needs-script][disabled]`), the
 * `[data-strength]` hint, `data-fill="email"` slots, `a[data-continue]`, `data-action` buttons
 * (send-reset, retry), the `[data-status]` line and the ApplyMessages catalogue.
 *
 * `lang` only ever selects one of the page's own hreflang alternates (same page, other locale);
 * `continueUrl` is used only when same-origin or on `client.firebase.continueUrlAllowList`; the
 * link's `apiKey` is ignored: calls go to the configured project.
 */
import type { ChunkContext } from '../types.ts';
import { firebaseConfig } from '../firebase/config.ts';
import { browserNet } from '../firebase/env.ts';
import { NETWORK, type FirebaseError } from '../firebase/errors.ts';
import { applyActionCode, identity, resetPassword } from '../firebase/auth-client.ts';
import { SLOW_TIMEOUT } from '../firebase/http.ts';
import { fieldError, passwordProblem, passwordToggles, say, showOnly } from '../firebase/form-ui.ts';

/** Errors that end the flow get a state of their own; others are shown in the form or status line. */
const STATES: Record<string, string> = { 'invalid-action-code': 'invalid', 'expired-action-code': 'expired', [NETWORK]: 'network' };

export default function authAction(el: HTMLElement, ctx: ChunkContext): void {
  const query = new URLSearchParams(location.search);
  const param = (name: string) => query.get(name) ?? '';
  if (switchLanguage(param('lang'), ctx.page.locale)) return;

  const config = firebaseConfig(ctx.page.client);
  const api = { env: browserNet, apiKey: config.apiKey };
  const oobCode = param('oobCode');
  const status = el.querySelector<HTMLElement>('[data-status]');
  const form = el.querySelector('[data-state="reset"] form') as HTMLFormElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  const show = (state: string) => showOnly(el, 'state', state);
  let email = '';
  let last: () => Promise<unknown>;

  const next = allowedContinueUrl(param('continueUrl'), config.continueUrlAllowList ?? []);
  if (next) for (const a of el.querySelectorAll<HTMLAnchorElement>('a[data-continue]')) a.href = next;

  /** One call, then the state it leads to; `info.email` (when answered) fills `[data-fill="email"]`. */
  async function run(call: () => Promise<{ email?: string }>, state: string): Promise<void> {
    last = () => run(call, state);
    say(status, el, 'working');
    try {
      email = (await call()).email ?? email;
      for (const n of el.querySelectorAll('[data-fill="email"]')) n.textContent = email;
      say(status, el);
      show(state);
      if (state == 'reset') password.focus();
    } catch (error) {
      const code = (error as FirebaseError).code;
      say(status, el, STATES[code] ? '' : code);
      if (STATES[code]) show(STATES[code]!);
      else if (code == 'weak-password') fieldError(el, password, code);
    }
  }

  passwordToggles(el);
  for (const f of el.querySelectorAll<HTMLFieldSetElement>('[data-needs-script]')) f.disabled = false;
  password.oninput = () => {
    fieldError(el, password);
    say(el.querySelector('[data-strength]'), el, password.value && 'strength-' + strengthOf(password.value));
  };
  form.onsubmit = (event) => {
    event.preventDefault();
    const problem = passwordProblem(password.value);
    if (problem) fieldError(el, password, problem), password.focus();
    else void run(() => resetPassword(api, oobCode, password.value), 'resetDone');
  };
  // sendPasswordReset without the sign-in error names: for a just-restored address only
  // too-many-requests (named for every call) or a failure (unknown) can come back.
  el.querySelector<HTMLElement>('[data-action="send-reset"]')!.onclick = () => run(() => identity(api, 'sendOobCode', { requestType: 'PASSWORD_RESET', email }, {}, SLOW_TIMEOUT), 'recoverSent');
  el.querySelector<HTMLElement>('[data-action="retry"]')!.onclick = () => (show('checking'), last());

  const mode = param('mode');
  // resetPassword: with the code alone, accounts:resetPassword only checks it and says whose it is.
  const first = mode == 'resetPassword' ? resetPassword : /^(verify|recover)Email$/.test(mode) ? applyActionCode : 0;
  if (!first) show('unknownMode');
  else if (!oobCode) show('invalid');
  else show('checking'), run(() => first(api, oobCode), { verifyEmail: 'verified', recoverEmail: 'recovered' }[mode] ?? 'reset');
}

/**
 * Goes to this page in the locale named by `lang` when it is one of the page's own hreflang
 * alternates (their paths start with the locale code; x-default is the default locale).
 * Anything else keeps the page's language. Returns true when leaving.
 */
function switchLanguage(lang: string, current: string): boolean {
  const wanted = lang.toLowerCase();
  if (!wanted || wanted == current.toLowerCase()) return false;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
    const iso = link.hreflang.toLowerCase();
    const path = new URL(link.href).pathname;
    const code = iso == 'x-default' ? __DEFAULT_LOCALE__ : path.split('/')[1]!;
    if (code.toLowerCase() == wanted && (iso == 'x-default' || iso.startsWith(wanted))) {
      location.replace(path + location.search + location.hash);
      return true;
    }
  }
  return false;
}

/** An http(s) URL on this origin or an allowed one, else undefined. */
function allowedContinueUrl(value: string, allowList: readonly string[]): string | undefined {
  try {
    const url = new URL(value);
    if (/^https?:$/.test(url.protocol) && (url.origin == location.origin || allowList.includes(url.origin))) return url.href;
  } catch {
    // Absent or not a URL: keep the page's own link.
  }
}

/** A rough hint, not a rule: longer passwords mixing kinds of characters are harder to guess. */
function strengthOf(value: string): 'weak' | 'fair' | 'strong' {
  const score = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/, /.{10}/].filter((r) => r.test(value)).length;
  return score > 3 ? 'strong' : score > 2 ? 'fair' : 'weak';
}
