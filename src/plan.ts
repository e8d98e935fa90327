/**
 * The plan: which (page, locale) pairs this build renders. A full build renders all of them; a
 * shard its share (see shard.ts). Pages are named by their source file, so the plan is known as
 * soon as the routes are discovered, before anything is bundled.
 */
import { shareOf, type Shard } from './shard.ts';

export interface PlannedJob {
  /** Absolute path of the page module (a route or the not-found page). */
  file: string;
  locale: string;
}

export interface PlanInput {
  /** Page files in route order, the not-found page last. */
  files: readonly string[];
  /** Locale codes in the order of the locale table. */
  locales: readonly string[];
  shard: Shard | null;
}

/**
 * Every pair page by page (the order pages are rendered in), or a shard's share of them. The
 * share is cut from the pairs ordered locale by locale, so a shard holds whole locales where it
 * can; the pairs it gets are then listed in the same page-by-page order as a full build's.
 */
export function planJobs(input: PlanInput): PlannedJob[] {
  const all = input.files.flatMap((file) => input.locales.map((locale) => ({ file, locale })));
  if (!input.shard) return all;
  const byLocale = input.locales.flatMap((locale) => input.files.map((file) => jobKey(file, locale)));
  const mine = new Set(shareOf(byLocale, input.shard));
  return all.filter((job) => mine.has(jobKey(job.file, job.locale)));
}

/** The locales a plan renders, in the order given (the locale table's). */
export function planLocales(plan: readonly PlannedJob[], locales: readonly string[]): string[] {
  const used = new Set(plan.map((job) => job.locale));
  return locales.filter((code) => used.has(code));
}

function jobKey(file: string, locale: string): string {
  return `${locale}\0${file}`;
}
