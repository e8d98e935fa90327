import { useI18n } from 'sitegen';
import { Icon, type IconName } from './Icon.tsx';
import './FeatureCard.css';

/** A feature of the app: icon, title and one or two sentences (messages `{id}.title` and `{id}.text`). */
export function FeatureCard({ id, icon, highlight = false }: { id: string; icon: IconName; highlight?: boolean }) {
  const { t } = useI18n();
  return (
    <article className={highlight ? 'feature-card feature-card--highlight' : 'feature-card'}>
      <span className="feature-card__icon">
        <Icon name={icon} />
      </span>
      <h3 className="feature-card__title">{t(`${id}.title`)}</h3>
      <p className="feature-card__text">{t(`${id}.text`)}</p>
    </article>
  );
}
