import type { Messages } from '../i18n/translator.ts';
import { messagesNow, type LocaleMessages } from '../i18n/deferred-messages.ts';
import { fallbackChain } from '../locales.ts';

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
 * an edit in a locale others fall back to (the default locale; `pt` for `pt-PT`) also reaches
 * their pages that show that key from it. Keys under `runtime.` go to every page of the locale
 * (handed to the browser, not recorded).
 */
export function jobsAffectedByMessages<Job extends RenderedJob>(
  jobs: readonly Job[],
  changes: readonly MessageChange[],
  messages: ReadonlyMap<string, LocaleMessages>,
  defaultLocale: string,
  locales: readonly { code: string }[] = [],
): Job[] {
  const chains = new Map<string, string[]>();
  const messagesOf = (code: string) => {
    const loaded = messages.get(code);
    return loaded && messagesNow(loaded);
  };
  const chainOf = (code: string) => {
    let chain = chains.get(code);
    if (!chain) chains.set(code, (chain = [code, ...fallbackChain(code, locales, defaultLocale)]));
    return chain;
  };
  return jobs.filter((job) =>
    changes.some((change) => {
      const chain = chainOf(job.locale);
      const at = chain.indexOf(change.locale);
      if (at < 0) return false;
      for (const key of change.keys) {
        // An edit further down the chain matters only where no locale before it has the key.
        if (chain.slice(0, at).some((code) => messagesOf(code)?.[key])) continue;
        if (key.startsWith('runtime.') || !job.usedKeys || job.usedKeys.has(key)) return true;
      }
      return false;
    }),
  );
}
