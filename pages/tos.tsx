import type { PageHead } from 'sitegen';
import { PolicyDocument, type PolicySection } from '../templates/components/PolicyDocument.tsx';

/** Terms of Service. Words in locales/*.json under `policies.tos`; the structure is here. */
export const head: PageHead = { title: 'policies.tos.meta.title', description: 'policies.tos.meta.description' };

const SECTIONS: PolicySection[] = [
  { id: 'acceptance', paragraphs: 2 },
  { id: 'your-account', paragraphs: 1, items: 3 },
  { id: 'using-the-service', paragraphs: 1, items: 4 },
  { id: 'your-content', paragraphs: 2 },
  { id: 'subscriptions', paragraphs: 1, items: 3 },
  { id: 'termination', paragraphs: 1 },
  { id: 'disclaimers', paragraphs: 2 },
  { id: 'changes-and-contact', paragraphs: 2 },
];

export default function TermsOfService() {
  return <PolicyDocument ns="policies.tos" related="tos" date="2026-01-15" intro={1} sections={SECTIONS} />;
}
