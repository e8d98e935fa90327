/**
 * Where each file of the output comes from, checked once the pages are described and before any
 * is rendered. Two sources that write the same file made the output depend on which write landed
 * last (a robots.txt in templates/static/ was silently replaced by the build's own), and one that
 * needs a folder where another writes a file failed the build half-way with a bare EISDIR
 * (`pages/sitemap.xml.tsx`). Paths compare without case: on macOS and Windows `Jobs/` is `jobs/`,
 * and a site must build the same on every machine.
 *
 * A page writes the same files in every locale, under the locale's folder (which no route may
 * take, routes.ts). They are claimed at en's place, and in a locale's folder only when the static
 * folder has files there too: a few map entries per route, not one per route and locale.
 */
import path from 'node:path';
import { errors, type OutputClaim } from './errors.ts';
import { projectPath } from './file-paths.ts';
import { htmlFile } from './paths.ts';
import type { PageInfo } from './render/context.ts';

/** What writes a file (or a folder) of the output: how to name it, and what to do about it (null: the build's own). */
export interface Claimant {
  what: string;
  fix: string | null;
}

export interface OutputSources {
  root: string;
  staticDir: string;
  pages: readonly PageInfo[];
  notFound: PageInfo | null;
  /** Files of the static folder, relative to it. */
  staticFiles: readonly string[];
  /** The assets folder in the output (paths.ts, assetsDir). */
  assetsDir: string;
  /** The locale codes other than the default one: each has a folder of its own. */
  localeFolders: readonly string[];
}

interface Claim extends OutputClaim {
  by: Claimant;
  /** A folder no one else may write into (the assets folder). */
  own?: boolean;
}

/** Throws OutputPathTaken for the first file of the output that two sources write, or that one writes where another needs a folder. */
export function checkOutputPaths(sources: OutputSources): void {
  const files = new Map<string, Claim>();
  const folders = new Map<string, Claim>();
  /** `rel` a folder of `by`, which writes the file `within` in it (for the message, when the folder is another's own). */
  const folder = (rel: string, by: Claimant, within = rel, own = false) => {
    const key = rel.toLowerCase();
    const there = folders.get(key);
    if (there?.own && there.by !== by) throw errors.outputPathTaken(there, { rel: within, by }, 'inside');
    if (!there) folders.set(key, { rel, by, own });
  };
  const file = (rel: string, by: Claimant) => {
    const key = rel.toLowerCase();
    const there = files.get(key);
    if (there) throw errors.outputPathTaken(there, { rel, by }, 'same');
    files.set(key, { rel, by });
    for (let at = rel.lastIndexOf('/'); at > 0; at = rel.lastIndexOf('/', at - 1)) folder(rel.slice(0, at), by, rel);
  };
  const build = (what: string): Claimant => ({ what, fix: null });

  const { root, pages, notFound } = sources;
  const assets = { what: `the assets folder ${sources.assetsDir}/`, fix: 'choose another assetsBase in sitegen.config.ts' };
  const parts = sources.assetsDir.split('/');
  for (let n = 1; n <= parts.length; n++) folder(parts.slice(0, n).join('/'), assets, undefined, n === parts.length);
  for (const code of sources.localeFolders) folder(code, build(`the pages in ${code}`));
  file('sitemap.xml', build('the sitemap the build makes'));
  file('robots.txt', build('the robots.txt the build makes'));

  const statics = sources.staticFiles.map((rel) => rel.split(path.sep).join('/'));
  const locales = new Map(sources.localeFolders.map((code) => [code.toLowerCase(), code]));
  const withStatics = new Set(statics.flatMap((rel) => locales.get(rel.slice(0, Math.max(0, rel.indexOf('/'))).toLowerCase()) ?? []));
  // Without pages/404.tsx no not-found page is written: a static 404.html may stand in for it.
  const notFoundPage = notFound && build(`${notFound.key} (the not-found page)`);
  const claimants = pages.map((page) => ({
    page: { what: `${page.key} (the page ${page.path})`, fix: `rename ${page.key}` },
    aliases: page.aliases.map((alias) => ({ what: `the alias ${alias} of ${page.key}`, fix: `change the alias ${alias} of ${page.key}` })),
  }));
  for (const prefix of ['', ...[...withStatics].map((code) => `${code}/`)]) {
    if (notFoundPage) file(`${prefix}404.html`, notFoundPage);
    pages.forEach((page, i) => {
      file(prefix + htmlFile(page.path!), claimants[i]!.page);
      page.aliases.forEach((alias, j) => file(prefix + htmlFile(alias), claimants[i]!.aliases[j]!));
    });
  }
  for (const rel of statics) {
    const name = projectPath(root, path.join(sources.staticDir, rel));
    file(rel, { what: name, fix: `rename or remove ${name}` });
  }
  for (const [key, claim] of files) {
    const there = folders.get(key);
    if (there) throw errors.outputPathTaken(there, claim, 'folder');
  }
}
