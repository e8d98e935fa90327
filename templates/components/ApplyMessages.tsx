import { useI18n } from 'sitegen';

/**
 * The hidden catalogue of every validation and result message of a page, for its script to show:
 *
 *   <div hidden data-messages>
 *     <p data-msg="wrong-password" data-tone="error">The password is incorrect...</p>
 *     <p data-msg="unauthenticated user-token-expired" data-tone="error">Your session has ended...</p>
 *   </div>
 *
 * `data-msg` lists the error codes (the Firebase SDK's words, as templates/enhancers/lib/firebase/errors.ts
 * produces them, plus the page's own client-side codes) that share one text: look a code up with
 * `[data-msg~="CODE"]` and fall back to `[data-msg~="unknown"]`. `data-tone` is `error`, `info`
 * or `success`. Copy the element's textContent into the status region or a field's error slot.
 */
export interface CatalogueEntry {
  codes: string;
  key: string;
  tone: 'error' | 'info' | 'success';
}

export function ApplyMessages({ entries }: { entries: readonly CatalogueEntry[] }) {
  const { t } = useI18n();
  return (
    <div hidden data-messages>
      {entries.map((e) => (
        <p key={e.codes} data-msg={e.codes} data-tone={e.tone}>
          {t(e.key)}
        </p>
      ))}
    </div>
  );
}
