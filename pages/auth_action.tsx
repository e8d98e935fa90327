/**
 * /auth_action: the e-mail action handler (`?mode=verifyEmail|resetPassword|recoverEmail&oobCode=...`).
 * Every state is rendered here; the `auth-action` chunk (templates/enhancers/auth-action.ts) only
 * shows, hides and fills. Markup contract, inside `<div data-enhance="auth-action">`:
 *
 * States: `section[data-state="NAME"]`, exactly one without `hidden` ("checking" at first, which
 * is also what a visitor without script sees, with a <noscript> notice):
 *   checking     while the code is checked or applied
 *   verified     verifyEmail succeeded; `a[data-continue]` (href: home; replace it with an allowed
 *                continueUrl)
 *   reset        resetPassword code is good: `[data-fill="email"]`, a form with the ApplyField
 *                `#auth-new-password` (name `password`, minlength 6, error slot
 *                `#auth-new-password-error`, toggle `button[data-action="toggle-password"][hidden]`),
 *                `[data-strength]` (aria-live polite, empty: put a strength text in it) and submit
 *   resetDone    password changed; `a[data-continue]`
 *   recovered    recoverEmail restored the address: `[data-fill="email"]`, button
 *                `data-action="send-reset"`, `a[data-continue]`
 *   recoverSent  the reset e-mail went out: `[data-fill="email"]`
 *   invalid      INVALID_OOB_CODE (invalid-action-code): an invalid or already used link
 *   expired      EXPIRED_OOB_CODE (expired-action-code)
 *   unknownMode  `mode` missing or unknown
 *   network      network-request-failed: button `data-action="retry"` repeats the last call
 * and for `mode=signIn` (an e-mail sign-in link; on success the page goes to the root's
 * `data-signin-next`, /applycode in the page's language, signed in):
 *   signInEmail    the address is not known on this device: form `data-form="signin-email"` with
 *                  the ApplyField `#auth-signin-email` (name `email`, error slot
 *                  `#auth-signin-email-error`) and submit
 *   signInInvalid  INVALID_OOB_CODE: a used or invalid link; button `data-action="send-link"`
 *   signInExpired  EXPIRED_OOB_CODE; button `data-action="send-link"`
 *   signInSent     a new link went out to `[data-fill="email"]`
 *
 * The reset form's controls sit in `fieldset[data-needs-script][disabled]`: the chunk removes
 * `disabled` on start (without script the form cannot send a password anywhere).
 * Status region `[data-status]` (role status, empty) takes catalogue texts and `data-tone`.
 * Message catalogue `[data-messages]` (ApplyMessages.tsx, look up with `[data-msg~="CODE"]`):
 * working, password-empty, password-short, weak-password (shown for `WEAK_PASSWORD : ...`),
 * too-many-requests, unknown (also internal-error), strength-weak, strength-fair, strength-strong,
 * missing-email, invalid-email, email-mismatch (the address is not the one the link was sent to).
 */
import { useI18n, type LayoutName, type PageHead } from 'sitegen';
import { requireFirebaseConfig } from '../templates/components/firebase-config.ts';
import { ApplyField } from '../templates/components/ApplyField.tsx';
import { ApplyMessages, type CatalogueEntry } from '../templates/components/ApplyMessages.tsx';
import { AuthPanel } from '../templates/components/AuthPanel.tsx';

export const head: PageHead = { title: 'authAction.meta.title', description: 'authAction.meta.description' };
export const layout: LayoutName = 'auth';

const M = 'authAction';

const CATALOGUE: CatalogueEntry[] = [
  { codes: 'working', key: `${M}.messages.working`, tone: 'info' },
  { codes: 'password-empty', key: `${M}.messages.passwordEmpty`, tone: 'error' },
  { codes: 'password-short', key: `${M}.messages.passwordShort`, tone: 'error' },
  { codes: 'weak-password', key: `${M}.messages.weakPassword`, tone: 'error' },
  { codes: 'too-many-requests', key: `${M}.messages.tooManyRequests`, tone: 'error' },
  { codes: 'unknown internal-error', key: `${M}.messages.unknown`, tone: 'error' },
  { codes: 'strength-weak', key: `${M}.reset.strengthWeak`, tone: 'info' },
  { codes: 'strength-fair', key: `${M}.reset.strengthFair`, tone: 'info' },
  { codes: 'strength-strong', key: `${M}.reset.strengthStrong`, tone: 'info' },
  { codes: 'missing-email', key: `${M}.messages.emailEmpty`, tone: 'error' },
  { codes: 'invalid-email', key: `${M}.messages.emailInvalid`, tone: 'error' },
  { codes: 'email-mismatch', key: `${M}.messages.emailMismatch`, tone: 'error' },
];

export default function AuthAction() {
  const { t, rich, localePath, site } = useI18n();
  requireFirebaseConfig(site);
  const email = <strong data-fill="email"></strong>;
  const home = localePath('/');
  const continueLink = (
    <a className="btn btn--primary" href={home} data-continue>
      {t(`${M}.continue`)}
    </a>
  );
  const homeLink = <a href={home}>{t(`${M}.home`)}</a>;
  const sendLink = (
    <button type="button" className="btn btn--primary" data-action="send-link">
      {t(`${M}.newLink`)}
    </button>
  );

  return (
    <div className="auth-action" data-enhance="auth-action" data-signin-next={localePath('/applycode')}>
      <h1>{t(`${M}.title`)}</h1>
      <p className="apply__status" data-status role="status" aria-live="polite"></p>

      <AuthPanel name="checking" title="checking.title" text="checking.text" visible busy>
        <noscript>
          <p className="apply__noscript">{t(`${M}.noscript`)}</p>
        </noscript>
      </AuthPanel>

      <AuthPanel name="verified" title="verified.title" text="verified.text" tone="success">
        {continueLink}
      </AuthPanel>

      <AuthPanel name="reset" title="reset.title">
        <p>{rich(`${M}.reset.for`, { email })}</p>
        <form data-form="reset-password" noValidate>
          <fieldset className="apply-panel__fieldset" data-needs-script disabled>
            <ApplyField
              id="auth-new-password"
              name="password"
              type="password"
              label={`${M}.reset.label`}
              help={`${M}.reset.hint`}
              autoComplete="new-password"
              minLength={6}
              toggle={{ show: `${M}.reset.show`, hide: `${M}.reset.hide` }}
            />
            <p className="auth-action__strength" data-strength aria-live="polite"></p>
            <button type="submit" className="btn btn--primary">{t(`${M}.reset.submit`)}</button>
          </fieldset>
        </form>
      </AuthPanel>

      <AuthPanel name="resetDone" title="resetDone.title" text="resetDone.text" tone="success">
        {continueLink}
      </AuthPanel>

      <AuthPanel name="recovered" title="recovered.title" tone="success">
        <p>{rich(`${M}.recovered.text`, { email })}</p>
        <p>{t(`${M}.recovered.advice`)}</p>
        <button type="button" className="btn btn--primary" data-action="send-reset">{t(`${M}.recovered.sendReset`)}</button>
        <p className="auth-panel__secondary">
          <a href={home} data-continue>{t(`${M}.continue`)}</a>
        </p>
      </AuthPanel>

      <AuthPanel name="recoverSent" title="recoverSent.title" tone="success">
        <p>{rich(`${M}.recoverSent.text`, { email })}</p>
      </AuthPanel>

      <AuthPanel name="invalid" title="invalid.title" text="invalid.text" tone="error">
        <p>{homeLink}</p>
      </AuthPanel>

      <AuthPanel name="expired" title="expired.title" text="expired.text" tone="error">
        <p>{homeLink}</p>
      </AuthPanel>

      <AuthPanel name="unknownMode" title="unknownMode.title" text="unknownMode.text" tone="error">
        <p>{homeLink}</p>
      </AuthPanel>

      <AuthPanel name="network" title="network.title" text="network.text" tone="error">
        <button type="button" className="btn btn--primary" data-action="retry">{t(`${M}.network.retry`)}</button>
      </AuthPanel>

      <AuthPanel name="signInEmail" title="signInEmail.title" text="signInEmail.text">
        <form data-form="signin-email" noValidate>
          <fieldset className="apply-panel__fieldset" data-needs-script disabled>
            <ApplyField
              id="auth-signin-email"
              name="email"
              type="email"
              label="applycode.signin.email"
              placeholder="applycode.signin.emailPlaceholder"
              autoComplete="email"
            />
            <button type="submit" className="btn btn--primary">{t(`${M}.signInEmail.submit`)}</button>
          </fieldset>
        </form>
      </AuthPanel>

      <AuthPanel name="signInInvalid" title="signInInvalid.title" text="signInInvalid.text" tone="error">
        {sendLink}
      </AuthPanel>

      <AuthPanel name="signInExpired" title="signInExpired.title" text="signInExpired.text" tone="error">
        {sendLink}
      </AuthPanel>

      <AuthPanel name="signInSent" title="recoverSent.title" tone="success">
        <p>{rich(`${M}.signInSent.text`, { email })}</p>
      </AuthPanel>

      <ApplyMessages entries={CATALOGUE} />
    </div>
  );
}
