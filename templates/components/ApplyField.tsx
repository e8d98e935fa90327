import { useI18n } from 'sitegen';
import './ApplyField.css';

/**
 * A labelled input with its help text and an empty error slot, the way every form on /applycode
 * and /auth_action builds its fields. The slot `#{id}-error` starts hidden; the page script puts a
 * message into it, shows it and sets `aria-invalid="true"` on the input. `aria-describedby` already
 * points at the help and at the slot, so a message is announced with the field.
 *
 * A password field gets a show/hide toggle: `<button data-action="toggle-password"
 * aria-controls="{id}" aria-pressed="false" data-label-show data-label-hide>`, rendered hidden (it
 * only works with script).
 */
export interface ApplyFieldProps {
  id: string;
  name: string;
  type: 'email' | 'password' | 'text';
  /** Message keys. */
  label: string;
  placeholder?: string;
  help?: string;
  /** `email`, `current-password`, `new-password`, `off`. */
  autoComplete: string;
  minLength?: number;
  maxLength?: number;
  /** Labels of the show/hide toggle of a password field (message keys). */
  toggle?: { show: string; hide: string };
  inputProps?: Record<string, string | boolean>;
}

export function ApplyField(props: ApplyFieldProps) {
  const { t } = useI18n();
  const { id, toggle } = props;
  const describedBy = [props.help ? `${id}-help` : '', `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className="apply-field">
      <label className="apply-field__label" htmlFor={id}>{t(props.label)}</label>
      <div className="apply-field__control">
        <input
          id={id}
          name={props.name}
          type={props.type}
          className="apply-field__input"
          autoComplete={props.autoComplete}
          placeholder={props.placeholder ? t(props.placeholder) : undefined}
          minLength={props.minLength}
          maxLength={props.maxLength}
          required
          aria-describedby={describedBy}
          {...props.inputProps}
        />
        {toggle ? (
          <button
            type="button"
            className="apply-field__toggle"
            data-action="toggle-password"
            aria-controls={id}
            aria-pressed="false"
            data-label-show={t(toggle.show)}
            data-label-hide={t(toggle.hide)}
            hidden
          >
            {t(toggle.show)}
          </button>
        ) : null}
      </div>
      {props.help ? <p id={`${id}-help`} className="apply-field__help">{t(props.help)}</p> : null}
      <p id={`${id}-error`} className="apply-field__error" data-field-error hidden></p>
    </div>
  );
}
