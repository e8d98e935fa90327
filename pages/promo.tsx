import { useI18n, type PageHead } from 'sitegen';
import { Icon, type IconName } from '../templates/components/Icon.tsx';
import { FeatureCard } from '../templates/components/FeatureCard.tsx';
import '../templates/styles/pages/promo.css';

/** Promo campaign: hero, what a code unlocks, how to redeem, calls to download and to /applycode. */
export const head: PageHead = { title: 'promo.meta.title', description: 'promo.meta.description' };

const BENEFITS: readonly { id: string; icon: IconName }[] = [
  { id: 'watermark', icon: 'film' },
  { id: 'effects', icon: 'sparkles' },
  { id: 'export', icon: 'share' },
  { id: 'fonts', icon: 'type' },
];
const STEPS = ['install', 'apply', 'confirm', 'enjoy'] as const;

export default function Promo() {
  const { t, localePath } = useI18n();
  const ctas = (
    <div className="actions">
      <a className="btn btn--primary" href={localePath('/applycode')}>
        <Icon name="ticket" className="btn__icon" />
        {t('promo.applyCta')}
      </a>
      <a className="btn btn--outline-light" href={localePath('/getalightmotion')}>
        <Icon name="download" className="btn__icon" />
        {t('promo.downloadCta')}
      </a>
    </div>
  );
  return (
    <>
      <section className="page-hero promo-hero">
        <div className="container page-hero__split">
          <div>
            <h1>{t('promo.title')}</h1>
            <p className="page-hero__lead">{t('promo.lead')}</p>
            {ctas}
          </div>
          <div className="promo-hero__ticket" aria-hidden="true">
            <Icon name="ticket" />
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="container">
          <h2 id="benefits-title">{t('promo.benefitsTitle')}</h2>
          <div className="grid">
            {BENEFITS.map((b) => (
              <FeatureCard key={b.id} id={`promo.benefits.${b.id}`} icon={b.icon} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section--night" aria-labelledby="steps-title">
        <div className="container">
          <h2 id="steps-title">{t('promo.stepsTitle')}</h2>
          <ol className="promo-steps">
            {STEPS.map((id) => (
              <li key={id} className="promo-steps__item">
                {t(`promo.steps.${id}`)}
              </li>
            ))}
          </ol>
          {ctas}
          <p className="promo-fine-print">{t('promo.finePrint')}</p>
        </div>
      </section>
    </>
  );
}
