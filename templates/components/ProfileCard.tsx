import { useI18n } from 'sitegen';
import './ProfileCard.css';

/**
 * A person from the team: initial avatar, quote, name and role.
 * Messages: `{id}.name`, `{id}.role`, `{id}.quote` under the given namespace.
 */
export function ProfileCard({ id, tone = 'violet' }: { id: string; tone?: 'violet' | 'pink' | 'cyan' }) {
  const { t } = useI18n();
  const name = t(`${id}.name`);
  return (
    <figure className={`profile-card profile-card--${tone}`}>
      <span className="profile-card__avatar" aria-hidden="true">
        {Array.from(name)[0]}
      </span>
      <blockquote className="profile-card__quote">
        <p>{t(`${id}.quote`)}</p>
      </blockquote>
      <figcaption className="profile-card__caption">
        <span className="profile-card__name">{name}</span>
        <span className="profile-card__role">{t(`${id}.role`)}</span>
      </figcaption>
    </figure>
  );
}
