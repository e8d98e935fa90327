import { useI18n } from 'sitegen';
import { Icon, type IconName } from './Icon.tsx';
import './Slider.css';

export interface Slide {
  /** Key under `slider.slides` in the messages. */
  id: string;
  icon: IconName;
  tone: 'violet' | 'pink' | 'cyan' | 'amber' | 'green';
}

/**
 * An accessible carousel of highlights (WAI-ARIA APG pattern, no auto-rotation).
 * Without script it is a horizontally scrollable, keyboard-focusable strip with scroll snapping;
 * the `slider` chunk reveals the previous/next buttons and scrolls one slide per press
 * (contract: src/runtime/README.md).
 */
export function Slider({ slides }: { slides: readonly Slide[] }) {
  const { t } = useI18n();
  return (
    <section
      className="slider"
      data-enhance="slider"
      aria-roledescription={t('slider.roleDescription')}
      aria-label={t('slider.label')}
      // The chunk announces the current slide with these placeholders filled in.
      data-status={t('slider.status', { current: '{current}', total: '{total}' })}
    >
      <div className="slider__controls">
        <button type="button" className="slider__button" data-slider-prev="" aria-label={t('slider.previous')} hidden>
          <Icon name="arrowLeft" />
        </button>
        <button type="button" className="slider__button" data-slider-next="" aria-label={t('slider.next')} hidden>
          <Icon name="arrowRight" />
        </button>
      </div>
      <div className="slider__track" data-slider-track="" tabIndex={0}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={`slider__slide slider__slide--${slide.tone}`}
            role="group"
            aria-roledescription={t('slider.slideRoleDescription')}
            aria-label={t('slider.slideLabel', { index: i + 1, total: slides.length })}
            data-slide=""
          >
            <span className="slider__art" aria-hidden="true">
              <Icon name={slide.icon} />
            </span>
            <h3 className="slider__title">{t(`slider.slides.${slide.id}.title`)}</h3>
            <p className="slider__text">{t(`slider.slides.${slide.id}.text`)}</p>
          </div>
        ))}
      </div>
      <p className="slider__hint" data-slider-hint="">{t('slider.scrollHint')}</p>
    </section>
  );
}
