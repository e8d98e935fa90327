import { useI18n, type PageHead } from 'sitegen';
import { usePolicyLinks } from '../../templates/components/PolicyLinks.tsx';
import { COMMUNITY_VERSIONS } from '../../templates/components/PolicyCommunity.ts';
import '../../templates/components/PolicyDocument.css';

/**
 * Version history of the Community Privacy Policy: every version with its date, a summary and
 * its changes, each change linking to the section of the current policy it concerns. Words under
 * `history.*` (`history.versions.{date}.summary`, `.change1`..); structure in PolicyCommunity.ts.
 */
export const head: PageHead = { title: 'history.meta.title', description: 'history.meta.description' };
export const aliases = ['/community_privacy_policy/history.html'];

const POLICY = '/community_privacy_policy';

export default function CommunityPolicyHistory() {
  const { t, rich, formatDate, localePath } = useI18n();
  const links = usePolicyLinks();

  return (
    <article className="container policy policy--history" aria-labelledby="policy-title">
      <header className="policy__header">
        <h1 id="policy-title" className="policy__title">{t('history.title')}</h1>
        <p className="section__intro">{rich('history.intro', links)}</p>
      </header>

      <ol className="policy-history">
        {COMMUNITY_VERSIONS.map((version, index) => {
          const key = `history.versions.${version.date}`;
          const anchor = `v${version.date}`;
          return (
            <li key={version.date} id={anchor} className="policy-history__version">
              <h2 id={`${anchor}-title`} className="policy-history__title">
                <span>{rich('history.version', { date: <time dateTime={version.date}>{formatDate(version.date)}</time> })}</span>
                {index === 0 ? <span className="policy-history__current">{t('history.current')}</span> : null}
              </h2>
              <p className="policy-history__summary">{t(`${key}.summary`)}</p>
              <p className="policy-history__count">{t('history.changesCount', { count: version.changes.length })}</p>
              <ul className="policy-history__changes">
                {version.changes.map((section, n) => (
                  <li key={n}>
                    {t(`${key}.change${n + 1}`)}{' '}
                    <a href={`${localePath(POLICY)}#${section}`}>
                      {t('history.goToSection', { section: t(`policies.community.sections.${section}.heading`) })}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    </article>
  );
}
