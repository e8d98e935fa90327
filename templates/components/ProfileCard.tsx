import { useI18n } from 'sitegen';
import './ProfileCard.css';

/**
 * A person from the team: initial avatar, quote, and a caption with name and role.
 * Messages: `{id}.name` (only its first letter is shown), `{id}.caption`, `{id}.quote`.
 * The name is not a text node of its own: names read the same in many languages, and a
 * caption sentence is translated as a whole.
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
        {t(`${id}.caption`)}
      </figcaption>
    </figure>
  );
}
