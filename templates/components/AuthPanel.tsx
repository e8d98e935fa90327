import type { ReactNode } from 'react';
import { useI18n } from 'sitegen';
import './AuthPanel.css';
import './ApplyPage.css';

/**
 * One state of /auth_action: `<section data-state="{name}">` with a decorative badge (spinner,
 * tick or warning sign, drawn by CSS), an h2 and an optional paragraph. All panels are rendered;
 * every one except the `visible` one carries `hidden`, and the page script switches them.
 */
export interface AuthPanelProps {
  name: string;
  /** Message keys under `authAction.`. */
  title: string;
  text?: string;
  tone?: 'neutral' | 'success' | 'error';
  visible?: boolean;
  /** Shows a spinner instead of the tone badge. */
  busy?: boolean;
  children?: ReactNode;
}

export function AuthPanel({ name, title, text, tone = 'neutral', visible = false, busy = false, children }: AuthPanelProps) {
  const { t } = useI18n();
  const id = `auth-${name}-title`;
  return (
    <section className="auth-panel" data-state={name} data-tone={tone} aria-labelledby={id} hidden={!visible}>
      <span className={busy ? 'auth-panel__badge auth-panel__badge--busy' : 'auth-panel__badge'} aria-hidden="true"></span>
      <h2 id={id}>{t(`authAction.${title}`)}</h2>
      {text ? <p>{t(`authAction.${text}`)}</p> : null}
      {children}
    </section>
  );
}
