import { useI18n, type PageHead } from 'sitegen';
import { CareersCover } from '../templates/components/CareersCover.tsx';
import { ProfileCard } from '../templates/components/ProfileCard.tsx';
import { JobOpening, type Opening } from '../templates/components/JobOpening.tsx';
import '../templates/styles/pages/jobs.css';

/**
 * Careers: cover, the list of openings with a team filter (the `jobs-filter` chunk; without
 * script the full list), and people from the team.
 */
export const head: PageHead = { title: 'jobs.meta.title', description: 'jobs.meta.description' };

const TEAMS = ['engineering', 'design', 'product', 'community'] as const;

const OPENINGS: readonly Opening[] = [
  { id: 'androidGraphics', team: 'engineering', location: 'remoteAsia', type: 'fullTime' },
  { id: 'iosRendering', team: 'engineering', location: 'seattle', type: 'fullTime' },
  { id: 'videoPipeline', team: 'engineering', location: 'remoteEurope', type: 'fullTime' },
  { id: 'qaDevices', team: 'engineering', location: 'singapore', type: 'contract' },
  { id: 'productDesigner', team: 'design', location: 'remoteAnywhere', type: 'fullTime' },
  { id: 'motionDesigner', team: 'design', location: 'remoteAnywhere', type: 'partTime' },
  { id: 'productManager', team: 'product', location: 'seattle', type: 'fullTime' },
  { id: 'technicalWriter', team: 'product', location: 'remoteEurope', type: 'contract' },
  { id: 'communityManager', team: 'community', location: 'singapore', type: 'fullTime' },
  { id: 'supportSpecialist', team: 'community', location: 'remoteAnywhere', type: 'partTime' },
];

const PROFILES = [
  { id: 'mei', tone: 'violet' },
  { id: 'arjun', tone: 'pink' },
  { id: 'lucia', tone: 'cyan' },
] as const;

/** Countries the team lives in (shown on the cover). */
const COUNTRIES = 11;

export default function Jobs() {
  const { t, pluralTemplates } = useI18n();
  return (
    <>
      <CareersCover countries={COUNTRIES} />

      <section className="section" id="openings" aria-labelledby="openings-title">
        <div className="container">
          <h2 id="openings-title">{t('jobs.openingsTitle')}</h2>
          <div className="jobs" data-enhance="jobs-filter" data-plural={JSON.stringify(pluralTemplates('jobs.count'))}>
            <div className="jobs__filter" data-filter-controls="" role="group" aria-label={t('jobs.filterLabel')} hidden>
              <button type="button" className="jobs__chip" data-filter-team="" aria-pressed="true">
                {t('jobs.allTeams')}
              </button>
              {TEAMS.map((team) => (
                <button key={team} type="button" className="jobs__chip" data-filter-team={team} aria-pressed="false">
                  {t(`jobs.teams.${team}`)}
                </button>
              ))}
            </div>
            <p className="jobs__count" data-filter-count="" aria-live="polite">
              {t('jobs.count', { count: OPENINGS.length })}
            </p>
            <ul className="jobs__list">
              {OPENINGS.map((opening) => (
                <JobOpening key={opening.id} opening={opening} />
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="section section--alt" aria-labelledby="culture-title">
        <div className="container">
          <div className="section__head">
            <h2 id="culture-title">{t('jobs.cultureTitle')}</h2>
            <p className="section__intro">{t('jobs.cultureIntro')}</p>
          </div>
          <div className="grid">
            {PROFILES.map((p) => (
              <ProfileCard key={p.id} id={`jobs.profiles.${p.id}`} tone={p.tone} />
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
