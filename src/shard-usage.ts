/**
 * What a shard needs to know of the pages it does not render: the values they pass.
 *
 * The build allows a translation an argument en lacks when some page passes a value for it
 * (`t('profile.following', { counter, count })` lets fr write `{count, plural, ...}`). A full
 * build learns those values from all its pages. A shard that renders every page in at least one
 * of its locales (any shard when n is at most the number of locales) learns the same. A shard that
 * renders only part of a locale does not: the key may be used only by a page another shard
 * renders. Before such a shard fails for an argument its own pages do not pass, it renders the
 * pages it has not seen, in the default locale and in memory (nothing is written, errors are left
 * to the shard that owns them), and decides with every page's values, exactly as the full build
 * does. A key no page uses at all then fails every shard that checks the locale, as it fails the
 * full build. This costs renders only in that rare case, never in the common one. (The values are
 * taken to be the same in every locale, as the code is: a page passing a value in one locale only
 * would be judged by its default-locale render.)
 */
import { renderAll } from './render/pool.ts';
import type { JobResult, PageInfo, RenderContext } from './render/context.ts';
import type { PlannedJob } from './plan.ts';

export interface UnseenPagesOptions {
  modulePath: string;
  root: string;
  /** The shard's render context; its default locale's messages are always there (the fallback). */
  context: RenderContext;
  /** Every page of the site: routes and the not-found page. */
  pages: readonly PageInfo[];
  /** The (page, locale) pairs the shard rendered. */
  plan: readonly PlannedJob[];
  workers?: number;
}

/** The pages of the site the plan renders in no locale. */
export function unseenPages(pages: readonly PageInfo[], plan: readonly PlannedJob[]): PageInfo[] {
  const seen = new Set(plan.map((job) => job.file));
  return pages.filter((page) => !seen.has(page.file));
}

/**
 * Renders the pages the plan leaves out once each, in the default locale, without writing them:
 * only their recorded usage (keys and passed values) is of use. Empty when the plan has every page.
 */
export async function renderUnseenPages(options: UnseenPagesOptions): Promise<JobResult[]> {
  const missing = unseenPages(options.pages, options.plan);
  if (missing.length === 0) return [];
  const locale = options.context.defaultLocale;
  return renderAll({
    modulePath: options.modulePath,
    root: options.root,
    workers: options.workers,
    jobs: missing.map((page) => ({ page, locale })),
    context: { ...options.context, write: false, cache: null },
  });
}

/**
 * Adds the value names each result's calls passed to `into` (key -> names). Results share their
 * records (compact.ts, and the render cache's parsed lists): one already added adds nothing again.
 */
export function addPassedValues(into: Map<string, Set<string>>, results: readonly JobResult[]): void {
  const added = new Set<object>();
  for (const result of results) {
    if (added.has(result.passedValues)) continue;
    added.add(result.passedValues);
    for (const key in result.passedValues) {
      let names = into.get(key);
      if (!names) into.set(key, (names = new Set()));
      for (const name of result.passedValues[key]!) names.add(name);
    }
  }
}
