import { useI18n, type PageHead } from 'sitegen';
import { PolicyDocument } from '../templates/components/PolicyDocument.tsx';
import { usePolicyLinks } from '../templates/components/PolicyLinks.tsx';
import { COMMUNITY_EFFECTIVE, COMMUNITY_SECTIONS } from '../templates/components/PolicyCommunity.ts';

/**
 * Community Privacy Policy: templates and projects users share in the community. Words under
 * `policies.community`; the structure and version history are in PolicyCommunity.ts.
 */
export const head: PageHead = { title: 'policies.community.meta.title', description: 'policies.community.meta.description' };

export default function CommunityPrivacyPolicy() {
  const { rich } = useI18n();
  const links = usePolicyLinks();
  return (
    <PolicyDocument ns="policies.community" related="community" date={COMMUNITY_EFFECTIVE} intro={1} sections={COMMUNITY_SECTIONS}>
      <p className="policy__history-link">{rich('policies.community.historyLink', links)}</p>
    </PolicyDocument>
  );
}
