import type { ReactNode } from 'react';
import { useI18n } from 'sitegen';
import { usePolicyLinks } from './PolicyLinks.tsx';
import './PolicyDocument.css';

/**
 * One section of a document. The page declares the structure; the messages hold the words.
 * `id` is both the anchor (`#data-we-collect`) and the message key, so it is the same in every
 * locale. Messages under `{ns}.sections.{id}`: `heading`, then `p1`..`pN` (paragraphs), then
 * `item1`..`itemM` (one bulleted list), then `note` (a closing paragraph).
 */
export interface PolicySection {
  id: string;
  paragraphs?: number;
  items?: number;
  note?: boolean;
}

export interface PolicyDocumentProps {
  /** Message namespace holding `title`, `introN` and `sections`: `policies.tos`, `bspNotice`. */
  ns: string;
  /** ISO date the document takes effect (or was published), shown in the page's locale. */
  date: string;
  /** Message that shows the date, with a `{date}` argument. */
  dateLabel?: string;
  /** Number of introduction paragraphs (`intro1`..`introN`) under the title. */
  intro?: number;
  sections: readonly PolicySection[];
  /** Show the table of contents (on by default). */
  toc?: boolean;
  /** For the legal documents: the id in POLICY_PAGES, to list the other documents at the end. */
  related?: PolicyId;
  /** Extra arguments for every message of the document (beyond links and `{product}`). */
  values?: Record<string, ReactNode>;
  /** Extra content after the last section. */
  children?: ReactNode;
}

/** The legal documents, in the order "Related documents" lists them. */
export const POLICY_PAGES = [
  { id: 'tos', path: '/tos' },
  { id: 'privacy', path: '/privacy_and_cookie_policy' },
  { id: 'community', path: '/community_privacy_policy' },
  { id: 'copyright', path: '/copyright_policy' },
  { id: 'license', path: '/license' },
] as const;
export type PolicyId = (typeof POLICY_PAGES)[number]['id'];

const range = (n = 0) => Array.from({ length: n }, (_, i) => i + 1);

export function PolicyDocument(props: PolicyDocumentProps) {
  const { ns, date, dateLabel = 'legal.effective', intro = 0, sections, toc = true, related, values, children } = props;
  const { t, rich, formatDate, localePath } = useI18n();
  const links = usePolicyLinks();
  const text = (key: string) => rich(key, { ...links, ...values });

  return (
    <article className="container policy" aria-labelledby="policy-title">
      <header className="policy__header">
        <h1 id="policy-title" className="policy__title">{t(`${ns}.title`)}</h1>
        <p className="policy__date">
          {rich(dateLabel, { date: <time dateTime={date}>{formatDate(date)}</time> })}
        </p>
        {range(intro).map((n) => (
          <p key={n} className="section__intro">{text(`${ns}.intro${n}`)}</p>
        ))}
      </header>

      {toc ? (
        <nav className="policy__toc" aria-labelledby="policy-toc-title">
          <h2 id="policy-toc-title" className="policy__toc-title">{t('legal.toc')}</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{t(`${ns}.sections.${s.id}.heading`)}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {sections.map((s) => {
        const key = `${ns}.sections.${s.id}`;
        return (
          <section key={s.id} id={s.id} className="policy__section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>{t(`${key}.heading`)}</h2>
            {range(s.paragraphs).map((n) => (
              <p key={n}>{text(`${key}.p${n}`)}</p>
            ))}
            {s.items ? (
              <ul>
                {range(s.items).map((n) => (
                  <li key={n}>{text(`${key}.item${n}`)}</li>
                ))}
              </ul>
            ) : null}
            {s.note ? <p>{text(`${key}.note`)}</p> : null}
          </section>
        );
      })}

      {children}

      {related ? (
        <nav className="policy__related" aria-labelledby="policy-related-title">
          <h2 id="policy-related-title">{t('legal.related')}</h2>
          <ul>
            {POLICY_PAGES.filter((p) => p.id !== related).map((p) => (
              <li key={p.id}>
                <a href={localePath(p.path)}>{t(`policies.${p.id}.title`)}</a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}
