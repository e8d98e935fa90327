import { useI18n, type PageHead } from 'sitegen';
import { Icon, type IconName } from '../templates/components/Icon.tsx';
import { EditorIllustration } from '../templates/components/EditorIllustration.tsx';
import { Slider, type Slide } from '../templates/components/Slider.tsx';
import { FeatureCard } from '../templates/components/FeatureCard.tsx';
import { NewsCard, type NewsItem } from '../templates/components/NewsCard.tsx';
import { DownloadApp } from '../templates/components/DownloadApp.tsx';
import { AboutCover } from '../templates/components/AboutCover.tsx';
import '../templates/styles/pages/home.css';

/** Home: hero, highlights slider, features, news, download block and about cover. */
export const head: PageHead = { title: 'home.meta.title', description: 'home.meta.description' };

const SLIDES: readonly Slide[] = [
  { id: 'motionBlur', icon: 'film', tone: 'violet' },
  { id: 'easing', icon: 'keyframe', tone: 'pink' },
  { id: 'chromaKey', icon: 'sparkles', tone: 'cyan' },
  { id: 'text', icon: 'type', tone: 'amber' },
  { id: 'remix', icon: 'share', tone: 'green' },
];

const FEATURES: readonly { id: string; icon: IconName }[] = [
  { id: 'layers', icon: 'layers' },
  { id: 'keyframes', icon: 'keyframe' },
  { id: 'effects', icon: 'sparkles' },
  { id: 'vector', icon: 'pen' },
  { id: 'blending', icon: 'blend' },
  { id: 'export', icon: 'share' },
  { id: 'more', icon: 'plus' },
];

// Newest first. Dates are facts, not text: formatDate() writes them in each language.
const NEWS: readonly NewsItem[] = [
  { id: 'motionBlur', date: '2026-02-18', tone: 'violet' },
  { id: 'loopChallenge', date: '2026-01-27', tone: 'pink' },
  { id: 'effectPack', date: '2025-12-09', tone: 'cyan' },
  { id: 'tabletLayout', date: '2025-11-04', tone: 'amber' },
];

export default function Home() {
  const { t, localePath } = useI18n();
  return (
    <>
      <section className="page-hero home-hero">
        <div className="container page-hero__split page-hero__split--roomy">
          <div className="home-hero__copy">
            <h1>{t('home.title')}</h1>
            <p className="home-hero__tagline gradient-text">{t('home.tagline')}</p>
            <p className="page-hero__lead">{t('home.lead')}</p>
            <div className="actions">
              <a className="btn btn--primary" href={localePath('/getalightmotion')}>
                <Icon name="download" className="btn__icon" />
                {t('home.primaryCta')}
              </a>
              <a className="btn btn--outline-light" href="#features">
                {t('home.secondaryCta')}
              </a>
            </div>
          </div>
          <EditorIllustration />
        </div>
      </section>

      <section className="section section--night home-highlights" aria-labelledby="highlights-title">
        <div className="container">
          <h2 id="highlights-title">{t('home.highlightsTitle')}</h2>
          <Slider slides={SLIDES} />
        </div>
      </section>

      <section className="section" id="features" aria-labelledby="features-title">
        <div className="container">
          <div className="section__head">
            <h2 id="features-title">{t('features.title')}</h2>
            <p className="section__intro">{t('features.intro')}</p>
          </div>
          <div className="grid">
            {FEATURES.map((f) => (
              <FeatureCard key={f.id} id={`features.${f.id}`} icon={f.icon} highlight={f.id === 'more'} />
            ))}
          </div>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="news-title">
        <div className="container">
          <h2 id="news-title">{t('news.title')}</h2>
          <div className="grid home-news">
            {NEWS.map((item) => (
              <NewsCard key={item.id} item={item} />
            ))}
          </div>
        </div>
      </section>

      <DownloadApp />
      <AboutCover />
    </>
  );
}
