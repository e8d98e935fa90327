/**
 * `data-enhance="NAME"` loads the browser chunk NAME; a name no chunk has does nothing at all in
 * the browser (the runtime skips it). Pure: it takes the names the renderer collected and the
 * chunk names the runtime bundle was made with.
 */
import path from 'node:path';
import type { JobResult } from '../render/context.ts';
import { closestName } from '../text/closest.ts';

/**
 * One line per unknown name: the first page and locale that uses it (in build order), how many
 * more pages do, and the closest known name as a hint.
 */
export function unknownEnhancers(results: readonly JobResult[], known: readonly string[], root: string): string[] {
  const names = new Set(known);
  const found = new Map<string, { page: string; locale: string; pages: number }>();
  for (const result of results) {
    for (const name of result.enhancers) {
      if (names.has(name)) continue;
      const seen = found.get(name);
      if (seen) seen.pages++;
      else found.set(name, { page: path.relative(root, result.file).split(path.sep).join('/'), locale: result.locale, pages: 1 });
    }
  }
  return [...found].map(([name, { page, locale, pages }]) => {
    const closest = closestName(name, known);
    const more = pages > 1 ? ` (and ${pages - 1} more page(s))` : '';
    const hint = closest ? `did you mean "${closest}"?` : `known: ${known.join(', ')}`;
    return `${page} [${locale}]: data-enhance="${name}" names no enhancer${more}; ${hint}`;
  });
}
