import { useI18n } from 'sitegen';
import { Icon } from './Icon.tsx';
import './JobOpening.css';

export interface Opening {
  /** Key under `jobs.openings`. */
  id: string;
  /** Key under `jobs.teams`; also what the `jobs-filter` chunk filters on. */
  team: string;
  /** Key under `jobs.locations`. */
  location: string;
  /** Key under `jobs.types`. */
  type: string;
}

/**
 * One job opening as a list item: title and facts always visible, the description and how to
 * apply inside a native <details>, so it expands with keyboard and without script.
 */
export function JobOpening({ opening }: { opening: Opening }) {
  const { t, site } = useI18n();
  const key = `jobs.openings.${opening.id}`;
  const title = t(`${key}.title`);
  const mailto = `mailto:${site.links.jobsEmail}?subject=${encodeURIComponent(t('jobs.applySubject', { title }))}`;
  return (
    <li className="job" data-team={opening.team}>
      <details className="job__details">
        <summary className="job__summary">
          <span className="job__title">{title}</span>
          <span className="job__facts">
            <span className="job__tag">{t(`jobs.teams.${opening.team}`)}</span>
            <span>{t(`jobs.locations.${opening.location}`)}</span>
            <span>{t(`jobs.types.${opening.type}`)}</span>
          </span>
          <Icon name="chevronDown" className="job__chevron" />
        </summary>
        <div className="job__body">
          <h3 className="job__heading">{t('jobs.descriptionTitle')}</h3>
          <p>{t(`${key}.description`)}</p>
          <h3 className="job__heading">{t('jobs.requirementsTitle')}</h3>
          <p>{t(`${key}.requirements`)}</p>
          <p className="job__how">{t('jobs.howToApply')}</p>
          <a className="btn btn--primary" href={mailto}>
            <Icon name="mail" className="btn__icon" />
            {t('jobs.apply')}
            <span className="visually-hidden">: {title}</span>
          </a>
        </div>
      </details>
    </li>
  );
}
