/**
 * /applycode: apply a promo code. Every state is rendered here, server-side; the `apply-code`
 * chunk (templates/enhancers/apply-code.ts) only shows, hides and fills. Markup contract:
 *
 * Root `<div data-enhance="apply-code" data-state="signin">`: `data-state` names the visible panel.
 *
 * Root `data-link-action`: the path of /auth_action in the page's language, where an e-mail
 * sign-in link leads (its `continueUrl`, on this origin).
 *
 * Panels (`section[data-panel]`, exactly one without `hidden`):
 *   signin | signup | reset | link | linkSent
 *             step 1, see templates/components/ApplySignIn.tsx (forms
 *             `data-form="signin|signup|reset|link"`, fields `#apply-{form}-email`,
 *             `#apply-{form}-password`; switch buttons `data-action="show-signin|show-signup|
 *             show-reset|show-link"`; `[data-fill="link-email"]` in linkSent) and
 *             SignInProviders.tsx (`data-action="google|apple"`, only the configured ones, and the
 *             slot `[data-google-button][hidden]`)
 *   code      form `data-form="code"`, input `#apply-code-input` (name `code`, maxlength 40: the
 *             script trims and upper-cases, then checks functions/code-format.js)
 *   confirm   form `data-form="confirm"` (submit = apply), button `data-action="change-code"`;
 *             `[data-fill="code"]` and `[data-fill="email"]`: set their textContent
 *   done      slots `[data-fill="email"]`; `[data-unlocks="premium"]` block (show the block whose
 *             value is the result's `unlocks`); `[data-fill="days"]` has `data-plural` for the
 *             result's `days`; button `data-action="another"` goes back to the code panel
 *
 * Controls: every form's controls sit in `fieldset[data-needs-script][disabled]`; remove
 * `disabled` on start (and set it again while a request runs). Password toggles:
 * `button[data-action="toggle-password"][hidden]` (see ApplyField.tsx). Field errors:
 * `#{inputId}-error` slots (`hidden`, set `aria-invalid` on the input).
 *
 * Signed-in bar `[data-account][hidden]`: `[data-fill="email"]` and `data-action="sign-out"`.
 * Status region `[data-status]` (role status, polite, empty): put a catalogue text in it and set
 * `data-tone` on it (`error`, `info`, `success`); empty it to clear.
 * Progress `ol[data-apply-progress]` (see ApplyProgress.tsx): step 1 shows `code` as current.
 * `<noscript>` explains that the form needs JavaScript.
 *
 * Message catalogue `[data-messages]` (see ApplyMessages.tsx), codes below in CATALOGUE. Client-side
 * codes: `missing-email`, `invalid-email`, `password-empty`, `password-short`, `code-empty`,
 * `code-invalid-format`; progress texts: `working`, `reset-sent`, `success`. An address that
 * already has an account with another way to sign in: `exists-password`, `exists-google`,
 * `exists-apple` (the way to use instead).
 */
import { useI18n, type LayoutName, type PageHead } from 'sitegen';
import { requireFirebaseConfig } from '../templates/components/firebase-config.ts';
import { ApplyProgress } from '../templates/components/ApplyProgress.tsx';
import { ApplySignIn } from '../templates/components/ApplySignIn.tsx';
import { ApplyField } from '../templates/components/ApplyField.tsx';
import { ApplyMessages, type CatalogueEntry } from '../templates/components/ApplyMessages.tsx';
import '../templates/components/ApplyPage.css';

export const head: PageHead = { title: 'applycode.meta.title', description: 'applycode.meta.description' };
export const layout: LayoutName = 'other';

const M = 'applycode';

const CATALOGUE: CatalogueEntry[] = [
  { codes: 'working', key: `${M}.messages.working`, tone: 'info' },
  { codes: 'missing-email', key: `${M}.messages.emailEmpty`, tone: 'error' },
  { codes: 'invalid-email', key: `${M}.messages.emailInvalid`, tone: 'error' },
  { codes: 'password-empty missing-password', key: `${M}.messages.passwordEmpty`, tone: 'error' },
  { codes: 'password-short weak-password', key: `${M}.messages.passwordShort`, tone: 'error' },
  { codes: 'wrong-password', key: `${M}.messages.wrongPassword`, tone: 'error' },
  { codes: 'invalid-credential', key: `${M}.messages.invalidCredential`, tone: 'error' },
  { codes: 'user-not-found', key: `${M}.messages.userNotFound`, tone: 'error' },
  { codes: 'user-disabled', key: `${M}.messages.userDisabled`, tone: 'error' },
  { codes: 'email-already-in-use', key: `${M}.messages.emailInUse`, tone: 'error' },
  { codes: 'exists-password', key: `${M}.messages.existsPassword`, tone: 'error' },
  { codes: 'exists-google', key: `${M}.messages.existsGoogle`, tone: 'error' },
  { codes: 'exists-apple', key: `${M}.messages.existsApple`, tone: 'error' },
  { codes: 'too-many-requests resource-exhausted', key: `${M}.messages.tooManyRequests`, tone: 'error' },
  { codes: 'network-request-failed unavailable', key: `${M}.messages.network`, tone: 'error' },
  { codes: 'popup-blocked', key: `${M}.messages.popupBlocked`, tone: 'error' },
  { codes: 'popup-closed-by-user', key: `${M}.messages.popupClosed`, tone: 'error' },
  { codes: 'unauthorized-domain', key: `${M}.messages.unauthorizedDomain`, tone: 'error' },
  { codes: 'reset-sent', key: `${M}.messages.resetSent`, tone: 'success' },
  { codes: 'code-empty', key: `${M}.messages.codeEmpty`, tone: 'error' },
  { codes: 'code-invalid-format', key: `${M}.messages.codeInvalid`, tone: 'error' },
  { codes: 'not-found', key: `${M}.messages.codeNotFound`, tone: 'error' },
  { codes: 'already-exists', key: `${M}.messages.codeUsed`, tone: 'error' },
  { codes: 'failed-precondition', key: `${M}.messages.codeExpired`, tone: 'error' },
  { codes: 'invalid-argument', key: `${M}.messages.invalidArgument`, tone: 'error' },
  { codes: 'unauthenticated user-token-expired', key: `${M}.messages.notSignedIn`, tone: 'error' },
  { codes: 'unknown internal internal-error permission-denied operation-not-allowed', key: `${M}.messages.unknown`, tone: 'error' },
  { codes: 'success', key: `${M}.messages.success`, tone: 'success' },
];

export default function ApplyCode() {
  const { t, rich, localePath, pluralTemplates, site } = useI18n();
  requireFirebaseConfig(site);
  const fill = (name: string) => <strong data-fill={name}></strong>;

  return (
    <div className="container apply" data-enhance="apply-code" data-state="signin" data-link-action={localePath('/auth_action')}>
      <header className="apply__header">
        <h1>{t(`${M}.title`)}</h1>
        <p className="section__intro">{t(`${M}.lead`)}</p>
      </header>

      <div className="apply__layout">
        <div className="apply__card">
          <noscript>
            <p className="apply__noscript">{t(`${M}.noscript`)}</p>
          </noscript>

          <ApplyProgress current="code" />

          <div className="apply__account" data-account hidden>
            <p>{rich(`${M}.account.signedInAs`, { email: fill('email') })}</p>
            <button type="button" className="apply-link-button" data-action="sign-out">{t(`${M}.account.signOut`)}</button>
          </div>

          <p className="apply__status" data-status role="status" aria-live="polite" aria-label={t(`${M}.status`)}></p>

          <ApplySignIn />

          <section className="apply-panel" data-panel="code" aria-labelledby="apply-code-title" hidden>
            <h2 id="apply-code-title">{t(`${M}.code.title`)}</h2>
            <form data-form="code" noValidate>
              <fieldset className="apply-panel__fieldset" data-needs-script disabled>
                <ApplyField
                  id="apply-code-input"
                  name="code"
                  type="text"
                  label={`${M}.code.label`}
                  placeholder={`${M}.code.placeholder`}
                  help={`${M}.code.help`}
                  autoComplete="off"
                  maxLength={40}
                  inputProps={{ autoCapitalize: 'characters', spellCheck: false, className: 'apply-field__input apply-field__input--code' }}
                />
                <button type="submit" className="btn btn--primary">{t(`${M}.code.submit`)}</button>
              </fieldset>
            </form>
          </section>

          <section className="apply-panel" data-panel="confirm" aria-labelledby="apply-confirm-title" hidden>
            <h2 id="apply-confirm-title">{t(`${M}.confirm.title`)}</h2>
            <p>{rich(`${M}.confirm.text`, { code: fill('code'), email: fill('email') })}</p>
            <p className="apply-panel__note">{t(`${M}.confirm.once`)}</p>
            <form data-form="confirm" noValidate>
              <fieldset className="apply-panel__fieldset apply-panel__actions" data-needs-script disabled>
                <button type="submit" className="btn btn--primary">{t(`${M}.confirm.submit`)}</button>
                <button type="button" className="btn btn--ghost" data-action="change-code">{t(`${M}.confirm.back`)}</button>
              </fieldset>
            </form>
          </section>

          <section className="apply-panel" data-panel="done" aria-labelledby="apply-done-title" hidden>
            <h2 id="apply-done-title">{t(`${M}.done.title`)}</h2>
            <p>{rich(`${M}.done.text`, { email: fill('email') })}</p>
            <div className="apply-unlocked" data-unlocks="premium">
              <h3>{t(`${M}.done.unlockedTitle`)}</h3>
              <ul>
                <li className="apply-unlocked__main" data-fill="days" data-plural={JSON.stringify(pluralTemplates(`${M}.done.premium`))}></li>
                <li>{t(`${M}.done.benefit1`)}</li>
                <li>{t(`${M}.done.benefit2`)}</li>
                <li>{t(`${M}.done.benefit3`)}</li>
              </ul>
            </div>
            <div className="apply-panel__actions">
              <a className="btn btn--primary" href={localePath('/getalightmotion')}>{t(`${M}.done.getApp`)}</a>
              <button type="button" className="btn btn--ghost" data-action="another">{t(`${M}.done.another`)}</button>
            </div>
          </section>

          <ApplyMessages entries={CATALOGUE} />
        </div>

        <aside className="apply__help" aria-labelledby="apply-help-title">
          <h2 id="apply-help-title">{t(`${M}.help.title`)}</h2>
          <p>{t(`${M}.help.where`)}</p>
          <p>{rich(`${M}.help.support`, { support: (c) => <a href={localePath('/support-center')}>{c}</a> })}</p>
        </aside>
      </div>
    </div>
  );
}
