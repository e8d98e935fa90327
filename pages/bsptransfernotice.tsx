import { useI18n, type LayoutName, type PageHead } from 'sitegen';
import { PolicyDocument, type PolicySection } from '../templates/components/PolicyDocument.tsx';

/**
 * Notice about the transfer of the service to a new provider: what changes, when, what users
 * need to do, their data, contact. Words under `bspNotice`; `{date}` in `sections.when.p1` is the
 * transfer date below.
 */
export const head: PageHead = { title: 'bspNotice.meta.title', description: 'bspNotice.meta.description' };
export const layout: LayoutName = 'other';

const PUBLISHED = '2026-02-02';
const TRANSFER = '2026-03-16';

const SECTIONS: PolicySection[] = [
  { id: 'what-changes', paragraphs: 1, items: 3, note: true },
  { id: 'when', paragraphs: 1 },
  { id: 'what-to-do', paragraphs: 1, items: 3 },
  { id: 'your-data', paragraphs: 1 },
  { id: 'contact', paragraphs: 1 },
];

export default function ServiceTransferNotice() {
  const { formatDate } = useI18n();
  const transfer = <time dateTime={TRANSFER}>{formatDate(TRANSFER)}</time>;
  return (
    <PolicyDocument
      ns="bspNotice"
      date={PUBLISHED}
      dateLabel="bspNotice.published"
      intro={1}
      toc={false}
      sections={SECTIONS}
      values={{ date: transfer }}
    />
  );
}
