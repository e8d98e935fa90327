/**
 * /auth_action: the Firebase custom e-mail action handler
 * (`?mode=verifyEmail|resetPassword|recoverEmail&oobCode=...&lang=...&continueUrl=...`).
 * The markup contract is written at the top of pages/auth_action.tsx: one `section[data-state]`
 * shown at a time; the reset form: `#auth-new-password` (its `minlength` is the password rule)
 * with its error slot and show/hide toggle, controls in a `fieldset[disabled]`; the
 * `[data-strength]` hint; `data-fill="email"` slots (the page's only `data-fill`);
 * `a[data-continue]`; `data-action` buttons (send-reset, retry); the `[data-status]` line and the
 * ApplyMessages catalogue. All text is in the markup: this file only picks what to show.
 *
 * `lang` only ever selects one of the page's own hreflang alternates (same page, other locale);
 * `continueUrl` is used only when same-origin or on `client.firebase.continueUrlAllowList`
 * (continue-url.ts); the link's `apiKey` is ignored: calls go to the configured project.
 *
 * Why this file does not use the helpers of lib/firebase (form-ui.ts, http.ts,
 * auth-client.ts) that /applycode uses: its budget is 1.5 KB gzipped for everything the page
 * loads beyond the core (test/unit/firebase-chunk-size.test.ts). A module imported by both chunks
 * becomes a third file the page must load, and that split alone costs over 200 B; written as
 * closures over this page's elements, the whole flow fits. What it shares with /applycode is the
 * markup (catalogue codes, ApplyField, the password's minlength) and the REST protocol.
 */
import type { EnhancerContext } from 'sitegen';
import type { FirebaseConfig } from './lib/firebase/config.ts';
import { allowedContinueUrl } from './lib/firebase/continue-url.ts';

/** The state a good answer to each mode's first call leads to. */
const MODES: Record<string, string> = { verifyEmail: 'verified', recoverEmail: 'recovered', resetPassword: 'reset' };

/**
 * What an error leads to, by the server's name (`WEAK_PASSWORD : detail` is WEAK_PASSWORD; a
 * failed or timed-out request is NETWORK): a state of its own (`#`), else a catalogue code for
 * the status line (and the field, for a weak password). Other names say "unknown". The codes are
 * the catalogue's, the same ones lib/firebase/errors.ts gives /applycode for these names.
 */
const ERRORS: Record<string, string> = {
  INVALID_OOB_CODE: '#invalid',
  EXPIRED_OOB_CODE: '#expired',
  NETWORK: '#network',
  WEAK_PASSWORD: 'weak-password',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
};

export default function authAction(el: HTMLElement, ctx: EnhancerContext): void {
  const query = new URLSearchParams(location.search);
  const [mode, oobCode, lang, next] = ['mode', 'oobCode', 'lang', 'continueUrl'].map((k) => query.get(k) ?? '') as string[];

  // lang: `de` and `de-DE` both match the alternate `hreflang="de-DE"` (as `|=` matches language
  // tags; `zh` picks the first zh alternate); anything unknown matches nothing. (`x` or
  // `x-default` match the `x-default` alternate: the default language's page, harmless.)
  const alternate = lang && document.querySelector<HTMLLinkElement>(`link[hreflang|="${CSS.escape(lang)}" i]`);
  const path = alternate && new URL(alternate.href).pathname;
  if (path && path != ctx.page.path) return location.replace(path + location.search);

  // Without client.firebase this throws (reading 'firebase'): the build should have refused the config.
  const config = ctx.page.client!.firebase as FirebaseConfig;
  const find = (selector: string) => el.querySelector(selector) as HTMLInputElement;
  const all = (selector: string) => el.querySelectorAll<HTMLAnchorElement>(selector);
  const status = find('[data-status]');
  const password = find('#auth-new-password');
  const toggle = find('[data-action=toggle-password]');
  const show = (state: string) => all('[data-state]').forEach((s) => (s.hidden = s.dataset.state != state));
  let email = '';
  let last: () => void;

  /** The catalogue text for `code` (or "unknown") in a region; no code empties it. */
  function say(region: HTMLElement, code?: string): void {
    const m = code ? find(`[data-msg~="${code}"]`) ?? find('[data-msg~=unknown]') : null;
    region.textContent = m?.textContent ?? '';
    region.dataset.tone = m?.dataset.tone ?? '';
  }

  /** The password field's error slot, shown with a message and hidden without one. */
  function fieldError(code?: string): void {
    const slot = find('#auth-new-password-error');
    say(slot, code);
    slot.hidden = !code;
    password.ariaInvalid = '' + !!code;
  }

  /**
   * POSTs one Identity Toolkit call (30 s time-out, 60 s for one that sends mail), then shows the
   * state a good answer leads to; an answered e-mail fills `[data-fill="email"]`. `last` keeps the
   * call for the retry button.
   */
  async function run(method: string, body: object, state: string, timeout = 30_000): Promise<void> {
    last = () => run(method, body, state, timeout);
    say(status, 'working');
    let name = 'NETWORK';
    try {
      const response = await fetch(`https://identitytoolkit.googleapis.com/v1/accounts:${method}?key=${config.apiKey}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeout),
      });
      // An HTML error page (a proxy's) does not parse: NETWORK, as if the service could not be reached.
      const json = await response.json();
      if (response.ok) {
        email = json.email ?? email;
        all('[data-fill]').forEach((slot) => (slot.textContent = email));
        say(status);
        show(state);
        if (state == 'reset') password.focus();
        return;
      }
      name = String(json.error?.message).split(' : ')[0]!;
    } catch {
      // Offline, refused or timed out: NETWORK.
    }
    const outcome = ERRORS[name] ?? 'unknown';
    say(status, outcome[0] == '#' ? '' : outcome);
    if (outcome[0] == '#') show(outcome.slice(1));
    if (name == 'WEAK_PASSWORD') fieldError(outcome);
  }

  const url = allowedContinueUrl(next!, location.origin, config.continueUrlAllowList);
  if (url) all('a[data-continue]').forEach((a) => (a.href = url));

  find('fieldset').disabled = false;
  toggle.hidden = false;
  toggle.onclick = () => {
    const shown = password.type == 'password';
    password.type = shown ? 'text' : 'password';
    toggle.ariaPressed = '' + shown;
    toggle.textContent = toggle.dataset[shown ? 'labelHide' : 'labelShow']!;
  };
  password.oninput = () => {
    fieldError();
    // A rough hint, not a rule: longer passwords mixing kinds of characters are harder to guess.
    const value = password.value;
    const score = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/, /.{10}/].filter((r) => r.test(value)).length;
    say(find('[data-strength]'), value && 'strength-' + (score > 3 ? 'strong' : score > 2 ? 'fair' : 'weak'));
  };
  password.form!.onsubmit = (event) => {
    event.preventDefault();
    const value = password.value;
    const problem = !value ? 'password-empty' : value.length < password.minLength ? 'password-short' : '';
    if (problem) fieldError(problem), password.focus();
    else run('resetPassword', { oobCode, newPassword: value }, 'resetDone');
  };
  find('[data-action=send-reset]').onclick = () => run('sendOobCode', { requestType: 'PASSWORD_RESET', email }, 'recoverSent', 60_000);
  find('[data-action=retry]').onclick = () => (show('checking'), last());

  // accounts:update applies a verifyEmail or recoverEmail code; accounts:resetPassword with the
  // code alone only checks it and answers whose it is (the new password follows, with the code).
  // An e-mail sign-in link is completed by a lazy chunk of its own (it also picks the language).
  if (mode == 'signIn') import('./lib/firebase/email-link.ts').then((m) => m.default(el, ctx));
  else if (!Object.hasOwn(MODES, mode!)) show('unknownMode');
  else if (!oobCode) show('invalid');
  else run(mode == 'resetPassword' ? mode : 'update', { oobCode }, MODES[mode!]!);
}
