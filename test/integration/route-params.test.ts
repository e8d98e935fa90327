import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { merge } from '../../src/merge.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import type { SitegenError } from '../../src/errors.ts';
import type { Manifest } from '../../src/manifest.ts';
import { applyChanges, editFile, expectSameTree, fixtureSites, read } from '../helpers/site.ts';

const site = fixtureSites('basic');

/** A page with a parameter, its paths from a data file beside it, and a head of its own per path. */
const POST_PAGE = `import type { PageHead, PageProps } from 'sitegen';
import { useI18n } from 'sitegen';
import posts from './posts.json';

export const paths = posts.map((post) => ({ slug: post.slug }));
export const head = ({ slug }: { slug: string }): PageHead => ({
  title: 'post.title',
  description: 'post.description',
  values: { title: posts.find((p) => p.slug === slug)!.title },
});

export default function Post({ params }: PageProps<'slug'>) {
  const { t, localePath } = useI18n();
  const post = posts.find((p) => p.slug === params.slug)!;
  return (
    <article>
      <h1>{post.title}</h1>
      <p className="slug">{params.slug}</p>
      <a href={localePath('/posts/' + post.next)}>{t('post.next')}</a>
    </article>
  );
}
`;

const POSTS = [
  { slug: 'hello-world', title: 'Hello, world', next: 'second' },
  { slug: 'second', title: 'The second post', next: 'hello-world' },
];

const MESSAGES: Record<string, Record<string, string>> = {
  en: { title: '{title} · Posts', description: 'A post of the fixture', next: 'Next post' },
  de: { title: '{title} · Beiträge', description: 'Ein Beitrag der Fixture', next: 'Nächster Beitrag' },
};

/** The basic fixture with pages/posts/[slug].tsx and its messages (ar, which has no file, shows en's). */
async function postsSite(posts: object[] = POSTS, page = POST_PAGE): Promise<string> {
  const root = await site({ 'pages/posts/[slug].tsx': page, 'pages/posts/posts.json': JSON.stringify(posts) });
  for (const [code, post] of Object.entries(MESSAGES)) {
    await editFile(root, `locales/${code}.json`, (text) => JSON.stringify({ ...JSON.parse(text), post }, null, 2));
  }
  return root;
}

const built = (root: string, outDir: string, options: { workers?: number; cacheDir?: string | false; shard?: { index: number; count: number } } = {}) =>
  build({ root, outDir, logger: createMemoryLogger(), cacheDir: false, ...options });

describe('a page with a parameter (pages/posts/[slug].tsx) is written at each path it lists', () => {
  let root: string;
  let result: BuildResult;
  beforeAll(async () => {
    root = await postsSite();
    result = await built(root, 'dist');
  });

  it('one page per path and locale, with its params as props and the head its function gives', async () => {
    expect(result.pages).toBe(3 * 5);
    for (const [prefix, code] of [['', 'en'], ['de/', 'de'], ['ar/', 'ar']] as const) {
      const html = await read(root, `dist/${prefix}posts/second/index.html`);
      expect(html).toContain('<h1>The second post</h1>');
      expect(html).toContain('<p class="slug">second</p>');
      expect(html).toContain(`<title>${MESSAGES[code === 'ar' ? 'en' : code]!.title!.replace('{title}', 'The second post')}</title>`);
      expect(html).toContain(`href="/${prefix}posts/hello-world"`);
    }
    expect(await read(root, 'dist/de/posts/hello-world/index.html')).toContain('<title>Hello, world · Beiträge</title>');
    expect(existsSync(path.join(root, 'dist/posts/index.html'))).toBe(false);
  });

  it('each path is a route of its own in the manifest, the payloads, the hreflang links and the sitemap', async () => {
    const manifest = JSON.parse(await read(root, `dist/_static/${result.buildId}/manifest.json`)) as Manifest;
    const names = manifest.routes.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['posts-hello-world___en', 'posts-second___de', 'posts-second___ar']));
    expect(manifest.routes.find((r) => r.name === 'posts-second___de')!.path).toBe('/de/posts/second');
    const payload = JSON.parse(await read(root, `dist/_static/${result.buildId}/de/posts/hello-world/payload.json`)) as { route: string; title: string; html: string };
    expect(payload.route).toBe('posts-hello-world___de');
    expect(payload.title).toBe('Hello, world · Beiträge');
    expect(payload.html).toContain('<h1>Hello, world</h1>');
    const html = await read(root, 'dist/posts/hello-world/index.html');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/posts/hello-world"');
    expect(html).toContain('hreflang="de-DE" href="https://fixture.example/de/posts/hello-world"');
    const sitemap = await read(root, 'dist/sitemap.xml');
    for (const loc of ['/posts/hello-world', '/de/posts/second', '/ar/posts/second']) expect(sitemap).toContain(`<loc>https://fixture.example${loc}</loc>`);
  });

  it('render workers write the same bytes as the main thread alone', async () => {
    await built(root, 'workers', { workers: 2 });
    await expectSameTree(path.join(root, 'dist'), path.join(root, 'workers'));
  });

  it('a link to a path the page does not list is a broken link naming the page, its path and the locale', async () => {
    const broken = await postsSite([...POSTS, { slug: 'third', title: 'Third', next: 'fourth' }]);
    const err = await built(broken, 'dist').then(() => null, (e: SitegenError) => e);
    expect(err?.code).toBe('BrokenLinks');
    expect(err?.detail?.split('\n')).toEqual([
      'pages/posts/[slug].tsx (/posts/third) [en]: link to "/posts/fourth" leads to no page of this build',
      'pages/posts/[slug].tsx (/posts/third) [ar]: link to "/ar/posts/fourth" leads to no page of this build',
      'pages/posts/[slug].tsx (/posts/third) [de]: link to "/de/posts/fourth" leads to no page of this build',
    ]);
  });

  it('the shards of a build together hold the full build, byte for byte', async () => {
    for (const index of [1, 2, 3]) await built(root, `out-${index}`, { shard: { index, count: 3 } });
    await merge({ shards: ['out-1', 'out-2', 'out-3'], outDir: 'merged', cwd: root });
    await expectSameTree(path.join(root, 'dist'), path.join(root, 'merged'));
  });
});

/** A docs page for each Markdown file of a folder tree (content/docs/**), at its path in the tree. */
const DOC_PAGE = `import { readdirSync, readFileSync } from 'node:fs';
import { useI18n, type PageHead, type PageProps } from 'sitegen';

const folder = new URL('../../content/docs/', import.meta.url);
const files = (readdirSync(folder, { recursive: true }) as string[]).filter((f) => f.endsWith('.md')).sort();
const titles = new Map(files.map((f) => [f.replace(/\\.md$/, ''), readFileSync(new URL(f, folder), 'utf8').split('\\n')[0]!.slice(2)]));
export const paths = files.map((f) => ({ slug: f.replace(/\\.md$/, '').split('/') }));
export const head: PageHead = { title: 'about.title', description: 'about.description' };

export default function Doc({ params }: PageProps<'slug'>) {
  const { localePath } = useI18n();
  return (
    <article>
      <h1>{titles.get(params.slug)}</h1>
      <p className="slug">{params.slug}</p>
      <a href={localePath('/docs/guides/install')}>Install</a>
    </article>
  );
}
`;

describe('a page that takes the rest of the path (pages/docs/[...slug].tsx) is written at each path it lists, one folder or more', () => {
  it('one page per path and locale, its params the path inside the tree; routes, sitemap and links as for any page', async () => {
    const root = await site({
      'pages/docs/[...slug].tsx': DOC_PAGE,
      'content/docs/intro.md': '# Introduction\n',
      'content/docs/guides/install.md': '# Installing\n',
      'content/docs/guides/deploy/github-pages.md': '# On GitHub Pages\n',
    });
    const result = await built(root, 'dist');
    // The fixture's three pages and three docs, in three locales.
    expect(result.pages).toBe(6 * 3);
    const html = await read(root, 'dist/de/docs/guides/deploy/github-pages/index.html');
    expect(html).toContain('<h1>On GitHub Pages</h1>');
    expect(html).toContain('<p class="slug">guides/deploy/github-pages</p>');
    expect(html).toContain('<a href="/de/docs/guides/install">');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example/de/docs/guides/deploy/github-pages"');
    expect(await read(root, 'dist/docs/intro/index.html')).toContain('<h1>Introduction</h1>');
    const manifest = JSON.parse(await read(root, `dist/_static/${result.buildId}/manifest.json`)) as Manifest;
    expect(manifest.routes.find((r) => r.name === 'docs-guides-install___ar')!.path).toBe('/ar/docs/guides/install');
    expect(await read(root, 'dist/sitemap.xml')).toContain('<loc>https://fixture.example/docs/guides/deploy/github-pages</loc>');

    // Another file in the tree is another page: with the cache, as without it.
    const cache = path.join(root, '.cache');
    await built(root, 'cached', { cacheDir: cache });
    await applyChanges(root, { 'content/docs/guides/upgrade.md': '# Upgrading\n' });
    expect((await built(root, 'cached', { cacheDir: cache })).pages).toBe(7 * 3);
    expect(await read(root, 'cached/de/docs/guides/upgrade/index.html')).toContain('<h1>Upgrading</h1>');
  });
});

describe('a page with a parameter and the build cache', () => {
  it('a cached build is the cold build byte for byte; a path taken off the list is gone from the output, one added is there', async () => {
    const root = await postsSite();
    const cache = path.join(root, '.cache');
    await built(root, 'dist', { cacheDir: cache });
    const warm = await built(root, 'dist', { cacheDir: cache });
    await built(root, 'cold', {});
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
    expect(warm.pages).toBe(15);

    await applyChanges(root, {
      'pages/posts/posts.json': JSON.stringify([{ slug: 'hello-world', title: 'Hello, world', next: 'third' }, { slug: 'third', title: 'Third', next: 'hello-world' }]),
    });
    const edited = await built(root, 'dist', { cacheDir: cache });
    expect(edited.pages).toBe(15);
    expect(existsSync(path.join(root, 'dist/de/posts/second'))).toBe(false);
    expect(await read(root, 'dist/de/posts/third/index.html')).toContain('<title>Third · Beiträge</title>');
    await built(root, 'cold-2', {});
    await expectSameTree(path.join(root, 'cold-2'), path.join(root, 'dist'));
  });

  it('paths from an async source, through a top-level await, and a page of two parameters', async () => {
    const page = `import type { PageHead, PageProps } from 'sitegen';
import { readFile } from 'node:fs/promises';
const tags: { year: string; month: number }[] = JSON.parse(await readFile(new URL('../months.json', import.meta.url), 'utf8'));
export const paths = tags;
export const head: PageHead = { title: 'about.title', description: 'about.description' };
export default function Month({ params }: PageProps<'year' | 'month'>) {
  return <h1>{params.year}-{params.month}</h1>;
}
`;
    const root = await site({ 'pages/archive/[year]/[month].tsx': page, 'pages/archive/months.json': JSON.stringify([{ year: '2025', month: 12 }, { year: '2026', month: 1 }]) });
    const cache = path.join(root, '.cache');
    await built(root, 'dist', { cacheDir: cache });
    expect(await read(root, 'dist/de/archive/2026/1/index.html')).toContain('<h1>2026-1</h1>');
    expect(await read(root, 'dist/archive/2025/12/index.html')).toContain('<h1>2025-12</h1>');
    // The file the module read is an input: a month added renders its pages.
    await applyChanges(root, { 'pages/archive/months.json': JSON.stringify([{ year: '2025', month: 12 }, { year: '2026', month: 1 }, { year: '2026', month: 2 }]) });
    await built(root, 'dist', { cacheDir: cache });
    expect(await readFile(path.join(root, 'dist/ar/archive/2026/2/index.html'), 'utf8')).toContain('<h1>2026-2</h1>');
  });
});
