/**
 * Inputs of the peers (bench/peers/README.md says what each one does and does not do), written
 * once per site before any measurement, beside the site's sources:
 *
 * - `eleventy/`: one `.11ty.tsx` template per page of the site, importing the site's own page and
 *   layouts; `_data/site.json` (locales and site values of the resolved config) and
 *   `_data/messages/` (the locale files as they are). `node_modules` and `tsconfig.json` beside
 *   the sources let tsx resolve the pages' React and `sitegen` to this folder's copies.
 * - `hugo/`: one content file per page and locale holding the inside of that page's `<main>` as
 *   the floor rendered it, the Go templates of bench/peers/hugo/layouts (the layouts' header,
 *   footer, language switcher and cookie notice), `data/messages/` (the locale files as they are),
 *   `data/site.json` and `data/nav.json` (the site's navigation, from its nav-links.ts).
 */
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveConfig } from '../../src/config.ts';
import { REPO } from '../lib.ts';

export const PEERS = path.join(REPO, 'bench', 'peers');

/** What both peers need from the site's config. */
interface SiteFacts {
  defaultLocale: string;
  locales: { code: string; iso: string; name: string; dir: string }[];
  info: Record<string, unknown>;
  assetsBase: string;
}

async function siteFacts(root: string): Promise<SiteFacts> {
  const { config } = await resolveConfig(root, {});
  return {
    defaultLocale: config.defaultLocale.code,
    locales: config.locales.map((l) => ({ code: l.code, iso: l.iso, name: l.name, dir: l.dir })),
    info: config.site as unknown as Record<string, unknown>,
    assetsBase: config.assetsBase,
  };
}

/** The site's pages, as paths relative to pages/ without `.tsx` (`jobs`, `s3/community_privacy_policy/history`). */
async function pageNames(root: string): Promise<string[]> {
  const files = await readdir(path.join(root, 'pages'), { recursive: true });
  return files.filter((f) => f.endsWith('.tsx')).map((f) => f.slice(0, -4).split(path.sep).join('/')).sort();
}

/** The route of a page file, as the floor and sitegen compute it. */
function routeOf(name: string): string {
  if (name === '404') return '/404';
  return name === 'index' ? '/' : '/' + name.replace(/\/index$/, '');
}

export async function prepareEleventy(root: string): Promise<string> {
  const facts = await siteFacts(root);
  const dir = path.join(root, 'eleventy');
  await mkdir(path.join(dir, '_data'), { recursive: true });
  await writeFile(path.join(dir, '_data', 'site.json'), JSON.stringify(facts));
  await cp(path.join(root, 'locales'), path.join(dir, '_data', 'messages'), { recursive: true });
  await symlink(path.join(PEERS, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const shim = path.join(PEERS, 'eleventy', 'sitegen.mjs');
  await writeFile(
    path.join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { jsx: 'react-jsx', module: 'ESNext', moduleResolution: 'Bundler', paths: { sitegen: [shim] } } }),
  );
  const layouts = (await readdir(path.join(root, 'templates', 'layouts'))).filter((f) => f.endsWith('.tsx')).sort();
  const helper = pathToFileURL(path.join(PEERS, 'eleventy', 'page.mjs')).href;
  for (const name of await pageNames(root)) {
    const file = path.join(dir, `${name}.11ty.tsx`);
    await mkdir(path.dirname(file), { recursive: true });
    const from = (target: string) => JSON.stringify(pathToFileURL(target).href);
    await writeFile(
      file,
      [
        `import * as page from ${from(path.join(root, 'pages', `${name}.tsx`))};`,
        ...layouts.map((f, i) => `import * as layout${i} from ${from(path.join(root, 'templates', 'layouts', f))};`),
        `import { pageTemplate } from ${JSON.stringify(helper)};`,
        `const layouts = { ${layouts.map((f, i) => `${JSON.stringify(f.slice(0, -4))}: layout${i}`).join(', ')} };`,
        `const template = pageTemplate(${JSON.stringify(routeOf(name))}, page, layouts[page.layout ?? 'default']);`,
        'export const data = template.data;',
        'export const render = template.render;',
        '',
      ].join('\n'),
    );
  }
  return dir;
}

/** Every `.html` file under dir, relative, with `/` separators. */
export async function htmlFiles(dir: string): Promise<string[]> {
  const files = await readdir(dir, { recursive: true });
  return files.filter((f) => f.endsWith('.html')).map((f) => f.split(path.sep).join('/')).sort();
}

/** The layout a rendered page used, told by the classes of its `<main>` (templates/layouts/). */
function layoutOf(mainTag: string): string {
  if (mainTag.includes('auth-card')) return 'auth';
  if (mainTag.includes('main--other')) return 'other';
  return 'default';
}

/**
 * The Hugo site for the pages the floor wrote into `floorOut`: per page, front matter (its URL,
 * locale, route, layout and the logos' gradient ids, which React's useId gives) and the inside of
 * its `<main>`; everything around `<main>` is Hugo's templates' work.
 */
export async function prepareHugo(root: string, floorOut: string): Promise<string> {
  const facts = await siteFacts(root);
  const dir = path.join(root, 'hugo');
  await cp(path.join(PEERS, 'hugo'), dir, { recursive: true });
  await cp(path.join(root, 'locales'), path.join(dir, 'data', 'messages'), { recursive: true });
  const nav = await import(pathToFileURL(path.join(root, 'templates', 'components', 'nav-links.ts')).href);
  await writeFile(
    path.join(dir, 'data', 'nav.json'),
    JSON.stringify({ header: nav.HEADER_LINKS, footer: nav.FOOTER_GROUPS, legal: nav.LEGAL_LINKS, social: nav.SOCIAL_LINKS }),
  );
  await writeFile(
    path.join(dir, 'data', 'site.json'),
    JSON.stringify({ defaultLocale: facts.defaultLocale, locales: facts.locales, product: facts.info.product, year: String(facts.info.year), links: facts.info.links }),
  );
  for (const rel of await htmlFiles(floorOut)) await writeHugoContent(dir, facts, floorOut, rel);
  return dir;
}

/**
 * Rewrites the content files of the pages the floor wrote anew into `floorOut` (for a rebuild
 * after an edit: Hugo's content is the floor's `<main>`, so an edited message reaches Hugo there).
 */
export async function updateHugoContent(root: string, hugoDir: string, floorOut: string, pages: string[]): Promise<void> {
  const facts = await siteFacts(root);
  for (const rel of pages) await writeHugoContent(hugoDir, facts, floorOut, rel);
}

/** One page's content file: front matter (see prepareHugo) and the inside of its `<main>`. */
async function writeHugoContent(dir: string, facts: SiteFacts, floorOut: string, rel: string): Promise<void> {
  const html = await readFile(path.join(floorOut, rel), 'utf8');
  const parts = rel.split('/');
  const locale = parts[0] !== facts.defaultLocale && facts.locales.some((l) => l.code === parts[0]) ? parts.shift()! : facts.defaultLocale;
  const notFound = parts.join('/') === '404.html';
  const route = notFound ? '/404' : '/' + parts.slice(0, -1).join('/');
  const open = html.indexOf('<main ');
  const inner = html.indexOf('>', open) + 1;
  const close = html.lastIndexOf('</main>');
  const ids = (chunk: string) => [...chunk.matchAll(/<linearGradient id="([^"]+)"/g)].map((m) => m[1]);
  const front = {
    url: '/' + rel.replace(/index\.html$/, ''),
    layout: layoutOf(html.slice(open, inner)),
    locale,
    route,
    notfound: notFound,
    headerlogo: ids(html.slice(0, open))[0] ?? '',
    footerlogo: ids(html.slice(close))[0] ?? '',
  };
  const file = path.join(dir, 'content', locale, `${notFound ? '404' : route === '/' ? 'home' : route.slice(1)}.html`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(front, null, 1)}\n${html.slice(inner, close)}`);
}
