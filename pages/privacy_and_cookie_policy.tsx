import type { PageHead } from 'sitegen';
import { PolicyDocument, type PolicySection } from '../templates/components/PolicyDocument.tsx';

/** Privacy and Cookie Policy (incl. the language cookie). Words under `policies.privacy`. */
export const head: PageHead = { title: 'policies.privacy.meta.title', description: 'policies.privacy.meta.description' };

const SECTIONS: PolicySection[] = [
  { id: 'data-we-collect', paragraphs: 1, items: 5, note: true },
  { id: 'how-we-use-data', paragraphs: 1, items: 5, note: true },
  { id: 'sharing', paragraphs: 1, items: 4 },
  { id: 'cookies', paragraphs: 1, items: 3, note: true },
  { id: 'retention', paragraphs: 2 },
  { id: 'your-rights', paragraphs: 1, items: 4, note: true },
  { id: 'children', paragraphs: 1 },
  { id: 'security-and-transfers', paragraphs: 2 },
  { id: 'contact', paragraphs: 2 },
];

export default function PrivacyAndCookiePolicy() {
  return <PolicyDocument ns="policies.privacy" related="privacy" date="2026-01-15" intro={1} sections={SECTIONS} />;
}
