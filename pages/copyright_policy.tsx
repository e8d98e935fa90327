import type { PageHead } from 'sitegen';
import { PolicyDocument, type PolicySection } from '../templates/components/PolicyDocument.tsx';

/** Copyright Policy: reporting infringement and counter-notices. Words under `policies.copyright`. */
export const head: PageHead = { title: 'policies.copyright.meta.title', description: 'policies.copyright.meta.description' };

const SECTIONS: PolicySection[] = [
  { id: 'our-approach', paragraphs: 1 },
  { id: 'reporting-infringement', paragraphs: 1, items: 6, note: true },
  { id: 'what-happens-next', paragraphs: 1 },
  { id: 'counter-notice', paragraphs: 1, items: 5, note: true },
  { id: 'repeat-infringers', paragraphs: 1 },
  { id: 'misrepresentation', paragraphs: 1 },
  { id: 'contact', paragraphs: 1 },
];

export default function CopyrightPolicy() {
  return <PolicyDocument ns="policies.copyright" related="copyright" date="2025-06-01" intro={1} sections={SECTIONS} />;
}
