import type { Messages } from '../i18n/translator.ts';

/** Keys added, removed or changed between two versions of one locale's messages. */
export function changedKeys(before: Messages, after: Messages): Set<string> {
  const keys = new Set<string>();
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[key] !== after[key]) keys.add(key);
  }
  return keys;
}

/** What a rendered (page, locale) job read: the keys the translator recorded for it. */
export interface RenderedJob {
  file: string;
  locale: string;
  /** null when unknown (the job failed or never ran): such a job is always re-rendered. */
  usedKeys: ReadonlySet<string> | null;
}

export interface MessageChange {
  locale: string;
  keys: ReadonlySet<string>;
}

/**
 * The jobs a message edit touches. An edit in locale L re-renders L's pages that use a changed key;
 * an edit in the default locale also reaches other locales' pages that show that key as a fallback.
 * Keys under `runtime.` go to every page of the locale (handed to the browser, not recorded).
 */
export function jobsAffectedByMessages(
  jobs: readonly RenderedJob[],
  changes: readonly MessageChange[],
  messages: ReadonlyMap<string, Messages>,
  defaultLocale: string,
): RenderedJob[] {
  return jobs.filter((job) =>
    changes.some((change) => {
      if (change.locale !== job.locale && change.locale !== defaultLocale) return false;
      const own = messages.get(job.locale) ?? {};
      for (const key of change.keys) {
        // A default-locale edit matters elsewhere only where that locale falls back to it.
        if (change.locale !== job.locale && own[key]) continue;
        if (key.startsWith('runtime.') || !job.usedKeys || job.usedKeys.has(key)) return true;
      }
      return false;
    }),
  );
}
