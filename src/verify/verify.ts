import path from 'node:path';
import type { JobResult } from '../render/context.ts';

export interface VerifyInput {
  results: JobResult[];
  /** Every public path of the build per locale (pages and aliases). */
  pathsByLocale: Map<string, Set<string>>;
  /** Files copied from the static folder, as public paths (`/favicon.svg`). */
  staticPaths: Set<string>;
  /** A path assets base (`/_static/`); links below it are not pages. */
  assetsBase: string;
  /** Expected hreflang alternates per route page (locales + x-default). */
  expectedAlternates: number;
  root: string;
}

/**
 * Checks the rendered pages: every internal link resolves to a page of this build in the same
 * locale (a language-switcher link, marked with hreflang, may go to any locale), and every route
 * page carries all its alternates. Returns one line per problem.
 */
export function verifyPages(input: VerifyInput): string[] {
  const problems: string[] = [];
  const anyLocale = new Set<string>();
  for (const set of input.pathsByLocale.values()) for (const p of set) anyLocale.add(p);
  for (const result of input.results) {
    const page = path.relative(input.root, result.file);
    const own = input.pathsByLocale.get(result.locale) ?? new Set<string>();
    for (const { href, hreflang } of result.links) {
      const target = internalPath(href);
      if (target === null) continue;
      if (input.staticPaths.has(target) || target.startsWith(input.assetsBase)) continue;
      const ok = hreflang ? anyLocale.has(target) : own.has(target);
      if (!ok) {
        const where = anyLocale.has(target) ? ' (it exists in another locale: use localePath())' : '';
        problems.push(`${page} [${result.locale}]: link to "${href}" leads to no page of this build${where}`);
      }
    }
    if (result.paths.length > 0 && result.alternates !== input.expectedAlternates) {
      problems.push(`${page} [${result.locale}]: has ${result.alternates} hreflang alternates, expected ${input.expectedAlternates}`);
    }
  }
  return [...new Set(problems)];
}

/** The path of a same-site link, or null for external links, mailto:, tel:, pure anchors and the like. */
export function internalPath(href: string): string | null {
  if (!href || href.startsWith('#')) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return null;
  const clean = href.split(/[?#]/)[0]!;
  if (!clean.startsWith('/')) return null;
  return clean.length > 1 ? clean.replace(/\/+$/, '') : '/';
}
