/**
 * The page enhancers a build bundles: the runtime's own (`src/runtime/chunks/`, what every site
 * needs, such as the language switcher) and the site's (`templates/enhancers/NAME.ts`, found like
 * pages are). Each is loaded in the browser for `data-enhance="NAME"`. Helpers an enhancer
 * imports live in sub-folders (`templates/enhancers/lib/`), which are not enhancers themselves.
 */
import path from 'node:path';
import { existsSync, readdirSync } from 'node:fs';
import { projectPath } from './file-paths.ts';
import { errors } from './errors.ts';
import { SRC_DIR } from './package-root.ts';
import { compareText } from './compare-text.ts';

export interface Enhancer {
  /** The `data-enhance` name: the file name without its extension. */
  name: string;
  /** Absolute path of its module. */
  file: string;
}

/** The runtime's own enhancers. */
export const RUNTIME_ENHANCERS_DIR = path.join(SRC_DIR, 'runtime', 'chunks');

const MODULE = /\.(ts|js|mjs)$/;
const NAME = /^[A-Za-z0-9_-]+$/;

/** Enhancer modules directly in `dir` (none when it does not exist), sorted by name. */
function modulesIn(dir: string): Enhancer[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && MODULE.test(e.name) && !/\.(test|d)\.[mc]?[jt]s$/.test(e.name))
    .map((e) => ({ name: e.name.replace(MODULE, ''), file: path.join(dir, e.name) }))
    .sort((a, b) => compareText(a.name, b.name));
}

/**
 * Every enhancer of a build, sorted by name (output is deterministic): the runtime's and those of
 * the site's `siteDir` (usually `templates/enhancers`). `root` only shortens file names in errors.
 */
export function findEnhancers(siteDir?: string | null, root = process.cwd()): Enhancer[] {
  const own = modulesIn(RUNTIME_ENHANCERS_DIR);
  const site = siteDir ? modulesIn(siteDir) : [];
  const taken = new Set(own.map((e) => e.name));
  const rel = (file: string) => projectPath(root, file);
  const seen = new Map<string, string>();
  for (const e of site) {
    if (!NAME.test(e.name)) throw errors.enhancerBadName(rel(e.file));
    if (taken.has(e.name)) throw errors.enhancerNameTaken(rel(e.file), e.name);
    // Two files with one name (jobs.ts and jobs.js) would fight over one chunk.
    const other = seen.get(e.name);
    if (other) throw errors.enhancerDuplicate(rel(other), rel(e.file));
    seen.set(e.name, e.file);
  }
  return [...own, ...site].sort((a, b) => compareText(a.name, b.name));
}
