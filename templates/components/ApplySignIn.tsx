import { useI18n } from 'sitegen';
import { ApplyField } from './ApplyField.tsx';
import { SignInProviders } from './SignInProviders.tsx';
import './ApplyPage.css';

/**
 * Step 1 of /applycode: five panels, one shown at a time (`hidden` on the others):
 * `[data-panel="signin"]` (shown first: the providers of SignInProviders.tsx, then e-mail and
 * password), `[data-panel="signup"]`, `[data-panel="reset"]`, `[data-panel="link"]` (ask for an
 * e-mail sign-in link) and `[data-panel="linkSent"]` (the link is on its way to
 * `[data-fill="link-email"]`). Buttons `data-action="show-signin|show-signup|show-reset|show-link"`
 * switch between them. Each form has `data-form="signin|signup|reset|link"`, `novalidate` (the
 * script validates and shows translated messages) and its controls inside
 * `<fieldset data-needs-script disabled>`: without script the form is visible but cannot send
 * anything anywhere.
 */
const M = 'applycode';

function Switch({ action, label, lead }: { action: string; label: string; lead?: string }) {
  const { t } = useI18n();
  return (
    <p className="apply-panel__switch">
      {lead ? <>{t(lead)} </> : null}
      <button type="button" className="apply-link-button" data-action={action}>
        {t(label)}
      </button>
    </p>
  );
}

const emailField = (id: string) => (
  <ApplyField id={id} name="email" type="email" label={`${M}.signin.email`} placeholder={`${M}.signin.emailPlaceholder`} autoComplete="email" />
);
const toggle = { show: `${M}.password.show`, hide: `${M}.password.hide` };

export function ApplySignIn() {
  const { t, rich } = useI18n();
  return (
    <>
      <section className="apply-panel" data-panel="signin" aria-labelledby="apply-signin-title">
        <h2 id="apply-signin-title">{t(`${M}.signin.title`)}</h2>
        <p>{t(`${M}.signin.text`)}</p>
        <SignInProviders />
        <form data-form="signin" noValidate>
          <fieldset className="apply-panel__fieldset" data-needs-script disabled>
            {emailField('apply-signin-email')}
            <ApplyField id="apply-signin-password" name="password" type="password" label={`${M}.signin.password`} autoComplete="current-password" toggle={toggle} />
            <button type="submit" className="btn btn--primary">{t(`${M}.signin.submit`)}</button>
            <Switch action="show-reset" label={`${M}.signin.forgot`} />
            <Switch action="show-signup" label={`${M}.signin.toSignup`} lead={`${M}.signin.noAccount`} />
          </fieldset>
        </form>
      </section>

      <section className="apply-panel" data-panel="signup" aria-labelledby="apply-signup-title" hidden>
        <h2 id="apply-signup-title">{t(`${M}.signup.title`)}</h2>
        <p>{t(`${M}.signup.text`)}</p>
        <form data-form="signup" noValidate>
          <fieldset className="apply-panel__fieldset" data-needs-script disabled>
            {emailField('apply-signup-email')}
            <ApplyField
              id="apply-signup-password"
              name="password"
              type="password"
              label={`${M}.signin.password`}
              help={`${M}.signup.passwordHint`}
              autoComplete="new-password"
              minLength={6}
              toggle={toggle}
            />
            <button type="submit" className="btn btn--primary">{t(`${M}.signup.submit`)}</button>
            <Switch action="show-signin" label={`${M}.signup.toSignin`} lead={`${M}.signup.haveAccount`} />
          </fieldset>
        </form>
      </section>

      <section className="apply-panel" data-panel="reset" aria-labelledby="apply-reset-title" hidden>
        <h2 id="apply-reset-title">{t(`${M}.reset.title`)}</h2>
        <p>{t(`${M}.reset.text`)}</p>
        <form data-form="reset" noValidate>
          <fieldset className="apply-panel__fieldset" data-needs-script disabled>
            {emailField('apply-reset-email')}
            <button type="submit" className="btn btn--primary">{t(`${M}.reset.submit`)}</button>
            <Switch action="show-signin" label={`${M}.reset.back`} />
          </fieldset>
        </form>
      </section>

      <section className="apply-panel" data-panel="link" aria-labelledby="apply-link-title" hidden>
        <h2 id="apply-link-title">{t(`${M}.link.title`)}</h2>
        <p>{t(`${M}.link.text`)}</p>
        <form data-form="link" noValidate>
          <fieldset className="apply-panel__fieldset" data-needs-script disabled>
            {emailField('apply-link-email')}
            <button type="submit" className="btn btn--primary">{t(`${M}.link.submit`)}</button>
            <Switch action="show-signin" label={`${M}.reset.back`} />
          </fieldset>
        </form>
      </section>

      <section className="apply-panel" data-panel="linkSent" aria-labelledby="apply-link-sent-title" hidden>
        <h2 id="apply-link-sent-title">{t(`${M}.linkSent.title`)}</h2>
        <p>{rich(`${M}.linkSent.text`, { email: <strong data-fill="link-email"></strong> })}</p>
        <p className="apply-panel__note">{t(`${M}.linkSent.hint`)}</p>
        <div className="apply-panel__actions">
          <button type="button" className="btn btn--ghost" data-action="show-link">{t(`${M}.linkSent.again`)}</button>
        </div>
        <Switch action="show-signin" label={`${M}.reset.back`} />
      </section>
    </>
  );
}
