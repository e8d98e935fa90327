import type { PageHead } from 'sitegen';
import { PolicyDocument, type PolicySection } from '../templates/components/PolicyDocument.tsx';

/** End-User License Agreement of the app. Words under `policies.license`. */
export const head: PageHead = { title: 'policies.license.meta.title', description: 'policies.license.meta.description' };

const SECTIONS: PolicySection[] = [
  { id: 'license-grant', paragraphs: 1 },
  { id: 'restrictions', paragraphs: 1, items: 5 },
  { id: 'ownership', paragraphs: 1 },
  { id: 'third-party', paragraphs: 1 },
  { id: 'updates', paragraphs: 1 },
  { id: 'termination', paragraphs: 1 },
  { id: 'warranty-and-liability', paragraphs: 2 },
  { id: 'app-stores', paragraphs: 1 },
  { id: 'contact', paragraphs: 1 },
];

export default function License() {
  return <PolicyDocument ns="policies.license" related="license" date="2025-06-01" intro={1} sections={SECTIONS} />;
}
