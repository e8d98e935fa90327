import { useI18n } from 'sitegen';
import './ApplyProgress.css';

/**
 * The apply progress (the "apply progress or radio box" of the specification): where the visitor
 * is in applying a code, as an ordered list.
 *
 * - The current step carries `aria-current="step"` and `data-state="current"`; earlier steps
 *   `data-state="complete"` and show their hidden "completed" text (for screen readers, as the
 *   tick is only drawn by CSS); later steps `data-state="upcoming"`.
 * - The page script moves the current step: set `data-state` on every `li[data-step]`, move
 *   `aria-current`, and toggle `hidden` on each `[data-step-complete]` span.
 * Step numbers come from a CSS counter, so no untranslated digits sit in the markup.
 */
export const APPLY_STEPS = ['code', 'confirm', 'done'] as const;
export type ApplyStep = (typeof APPLY_STEPS)[number];

export function ApplyProgress({ current }: { current: ApplyStep }) {
  const { t } = useI18n();
  const at = APPLY_STEPS.indexOf(current);
  return (
    <ol className="apply-progress" aria-label={t('applycode.progress.label')} data-apply-progress>
      {APPLY_STEPS.map((step, i) => {
        const state = i < at ? 'complete' : i === at ? 'current' : 'upcoming';
        return (
          <li
            key={step}
            className="apply-progress__step"
            data-step={step}
            data-state={state}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="apply-progress__marker" aria-hidden="true"></span>
            <span className="apply-progress__label">{t(`applycode.progress.${step}`)}</span>
            <span className="visually-hidden" data-step-complete hidden={state !== 'complete'}>
              {t('applycode.progress.completed')}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
