/**
 * /auth_action with `mode=signIn`: completes an e-mail sign-in link (a lazy chunk of the
 * auth-action chunk, loaded only for this mode). The markup is pages/auth_action.tsx's: states
 * signInEmail, signInInvalid, signInExpired, signInSent, network and checking, the `[data-status]`
 * line and the message catalogue.
 *
 * - The link's `continueUrl` is /{locale}/auth_action in the language the visitor asked in
 *   (/applycode sets it). When it is one of this page's own language versions (its hreflang
 *   alternates) and not this one, the page goes there first, without `lang`: the visitor comes
 *   back in their language whatever `lang` the e-mail's link carries.
 * - The address comes from this device (/applycode remembered it when it sent the link), else the
 *   page asks for it: a link opened in another browser cannot be completed without it.
 * - signInWithEmailLink answers a session, which goes into this tab's sessionStorage as
 *   /applycode's token manager keeps it; then the page goes on to /applycode in the same
 *   language (`data-signin-next`), signed in.
 * - A used or invalid link, or an expired one, says so, with a button that sends a new link to the
 *   same address, back to this page. A lost connection shows the retry state.
 *
 * Why the small helpers here are not form-ui.ts and auth-client.ts: a module this chunk and the
 * apply-code chunk both imported would be split out of apply-code into a shared file, and that
 * split alone costs /applycode some 500 B of its 4 KB budget (test/unit/firebase-chunk-size.test.ts).
 * Only the two storage keys and the session's shape are shared, through session-storage.ts.
 */
import type { EnhancerContext } from 'sitegen';
import type { FirebaseConfig } from './config.ts';
import { LINK_EMAIL_KEY, SESSION_KEY, sessionOf } from './session-storage.ts';

/** Where each error name of these calls leads: `#state`, else a catalogue code for the status line. */
const ERRORS: Record<string, string> = {
  INVALID_OOB_CODE: '#signInInvalid',
  EXPIRED_OOB_CODE: '#signInExpired',
  NETWORK: '#network',
  INVALID_EMAIL: 'email-mismatch',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
};

export default function completeSignInLink(el: HTMLElement, ctx: EnhancerContext): void {
  const query = new URLSearchParams(location.search);
  const path = ownAlternate(query.get('continueUrl'));
  if (path && path != ctx.page.path) return query.delete('lang'), location.replace(path + '?' + query);

  const { apiKey } = ctx.page.client!.firebase as FirebaseConfig;
  const find = <T extends HTMLElement>(selector: string) => el.querySelector<T>(selector)!;
  const status = find('[data-status]');
  const input = find<HTMLInputElement>('#auth-signin-email');
  const error = find('#auth-signin-email-error');
  const show = (state: string) => el.querySelectorAll<HTMLElement>('[data-state]').forEach((s) => (s.hidden = s.dataset.state != state));
  let email = localStorage.getItem(LINK_EMAIL_KEY) ?? '';
  let last: () => void;

  /** The catalogue text for `code` (or "unknown") in a region; no code empties it. */
  function say(region: HTMLElement, code?: string): void {
    const m = code ? el.querySelector<HTMLElement>(`[data-msg~="${code}"]`) ?? find('[data-msg~=unknown]') : null;
    region.textContent = m?.textContent ?? '';
    region.dataset.tone = m?.dataset.tone ?? '';
  }

  /** The address field's error, shown with a message and hidden without one. */
  function fieldError(code?: string): void {
    say(error, code);
    error.hidden = !code;
    input.ariaInvalid = '' + !!code;
    if (code) show('signInEmail'), input.focus();
  }

  /**
   * POSTs one Identity Toolkit call (60 s: one of them sends mail) with the status saying so, and
   * hands a good answer to `then`; an error leads to its state or message. `last` is the retry.
   */
  async function run(method: string, body: object, then: (answer: any) => void): Promise<void> {
    last = () => run(method, body, then);
    say(status, 'working');
    let name = 'NETWORK';
    try {
      const response = await fetch(`https://identitytoolkit.googleapis.com/v1/accounts:${method}?key=${apiKey}`, {
        method: 'POST',
        // The language of the e-mail a new link arrives in, as /applycode's calls send it.
        headers: { 'Content-Type': 'application/json', 'X-Firebase-Locale': ctx.iso },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
      const json = await response.json();
      if (response.ok) return say(status), then(json);
      name = String(json.error?.message).split(' : ')[0]!;
    } catch {
      // Offline, refused, timed out, or not JSON (a proxy's page): NETWORK.
    }
    const outcome = ERRORS[name] ?? 'unknown';
    say(status, outcome[0] == '#' ? '' : outcome);
    if (outcome[0] == '#') show(outcome.slice(1));
    if (name == 'INVALID_EMAIL') fieldError(outcome);
  }

  function complete(): void {
    show('checking');
    void run('signInWithEmailLink', { email, oobCode: query.get('oobCode'), returnSecureToken: true }, (answer) => {
      localStorage.setItem(LINK_EMAIL_KEY, email);
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(sessionOf(answer, Date.now())));
      location.replace(el.dataset.signinNext!);
    });
  }

  input.form!.onsubmit = (event) => {
    event.preventDefault();
    email = input.value.trim();
    const problem = !email ? 'missing-email' : input.validity.typeMismatch ? 'invalid-email' : '';
    if (problem) fieldError(problem);
    else fieldError(), complete();
  };
  input.form!.querySelector('fieldset')!.disabled = false;
  // The new link leads back here (this page, this language), as /applycode's did.
  const resend = () =>
    run('sendOobCode', { requestType: 'EMAIL_SIGNIN', email, continueUrl: location.origin + location.pathname, canHandleCodeInApp: true }, () => {
      el.querySelectorAll('[data-fill="email"]').forEach((slot) => (slot.textContent = email));
      show('signInSent');
    });
  el.querySelectorAll<HTMLElement>('[data-action="send-link"]').forEach((button) => (button.onclick = resend));
  find('[data-action="retry"]').onclick = () => last();

  if (email) complete();
  else show('signInEmail'), input.focus();
}

/**
 * The path of `continueUrl` when it is one of this page's language versions (an hreflang
 * alternate), else nothing: the page only ever goes to itself in another language.
 */
function ownAlternate(continueUrl: string | null): string | undefined {
  try {
    const path = new URL(continueUrl!).pathname;
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel=alternate][hreflang]')) {
      if (new URL(link.href).pathname == path) return path;
    }
  } catch {
    // Absent or not an absolute URL: stay.
  }
}
