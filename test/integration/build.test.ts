import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, readlink, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { ASSET_FILE_TYPES } from '../../src/bundle-esbuild.ts';
import { expectSameTree, FIXTURES, fixtureSites, listFiles, read, REPO } from '../helpers/site.ts';

const site = fixtureSites('basic');
const head = (html: string) => parseDocument(html);
const attrs = (html: string, selector: (el: { name: string; attribs: Record<string, string> }) => boolean) =>
  DomUtils.findAll((el) => selector(el as never), head(html).children).map((el) => el.attribs);

describe('sitegen build on the basic fixture (en, de, ar)', () => {
  let root: string;
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    root = await site();
    result = await build({ root, logger: createMemoryLogger() });
    out = path.join(root, 'dist');
  });

  it('writes every page, alias, 404, payload, manifest, sitemap and static file', async () => {
    const files = (await listFiles(out)).filter((f) => !f.startsWith('_static/assets/'));
    const id = result.buildId;
    expect(files).toEqual(
      [
        '404.html', 'about/index.html', 'ar/404.html', 'ar/about/index.html',
        'ar/community_privacy_policy/history.html', 'ar/community_privacy_policy/history/index.html', 'ar/index.html',
        'community_privacy_policy/history.html', 'community_privacy_policy/history/index.html',
        'de/404.html', 'de/about/index.html', 'de/community_privacy_policy/history.html',
        'de/community_privacy_policy/history/index.html', 'de/index.html', 'favicon.svg', 'index.html', 'robots.txt', 'sitemap.xml',
        ...['about', 'ar/about', 'ar/community_privacy_policy/history', 'ar', 'community_privacy_policy/history', 'de/about',
          'de/community_privacy_policy/history', 'de', ''].map((p) => `_static/${id}/${p ? p + '/' : ''}payload.json`),
        `_static/${id}/manifest.json`,
      ].sort(),
    );
    const assets = (await listFiles(out)).filter((f) => f.startsWith('_static/assets/'));
    expect(assets.some((f) => /^_static\/assets\/site\.[0-9a-f]{10}\.css$/.test(f))).toBe(true);
    expect(result.pages).toBe(9);
    expect(result.notFoundPages).toBe(3);
    expect(result.buildId).toMatch(/^[0-9a-f]{12}$/);
  });

  it('gives each page lang, dir, title, description, canonical, 3 alternates + x-default, og and twitter tags', async () => {
    const html = await read(out, 'de/about/index.html');
    expect(html).toContain('<html lang="de-DE" dir="ltr">');
    expect(html).toContain('<title>Über uns</title>');
    expect(attrs(html, (e) => e.name === 'meta' && e.attribs.name === 'description')[0]!.content).toBe('Wer wir sind');
    expect(attrs(html, (e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]!.href).toBe('https://fixture.example/de/about');
    expect(attrs(html, (e) => e.name === 'link' && e.attribs.rel === 'alternate').map((a) => `${a.hreflang} ${a.href}`)).toEqual([
      'en-US https://fixture.example/about',
      'ar https://fixture.example/ar/about',
      'de-DE https://fixture.example/de/about',
      'x-default https://fixture.example/about',
    ]);
    const og = Object.fromEntries(attrs(html, (e) => e.name === 'meta' && !!e.attribs.property && e.attribs.property !== 'og:locale:alternate').map((a) => [a.property, a.content]));
    expect(og).toMatchObject({
      'og:title': 'Über uns',
      'og:image': 'https://fixture.example/social.png',
      'og:locale': 'de_DE',
      'og:url': 'https://fixture.example/de/about',
    });
    expect(attrs(html, (e) => e.attribs.property === 'og:locale:alternate').map((a) => a.content)).toEqual(['en_US', 'ar']);
    expect(attrs(html, (e) => e.attribs.name === 'twitter:card')[0]!.content).toBe('summary_large_image');
    expect(await read(out, 'ar/index.html')).toContain('<html lang="ar" dir="rtl">');
  });

  it('renders messages with ICU plurals and allow-listed rich text, and {product} from the config', async () => {
    const html = await read(out, 'de/index.html');
    expect(html).toContain('<h1>Das ist Fixture App</h1>');
    expect(html).toContain('Wir haben <b>3 Funktionen</b> für dich.');
  });

  it('hands the runtime its data in the __sitegen script', async () => {
    const html = await read(out, 'de/about/index.html');
    const data = JSON.parse(/<script type="application\/json" id="__sitegen">(.*?)<\/script>/.exec(html)![1]!);
    expect(data).toEqual({
      buildId: result.buildId, assetsBase: '/_static/', locale: 'de', route: 'about___de', path: '/de/about',
      messages: { offline: 'Du bist offline' }, client: {},
    });
  });

  it('puts the inline root redirect in the head of / only, before any stylesheet and any other script', async () => {
    /** Scripts and stylesheets in document order, each with where it is and what it is. */
    const loaders = (html: string) =>
      DomUtils.findAll((el) => el.name === 'script' || (el.name === 'link' && el.attribs.rel === 'stylesheet'), head(html).children).map((el) => ({
        in: (el.parent as { name?: string }).name,
        what: el.name === 'link' ? 'stylesheet' : el.attribs.type ?? (el.attribs.src ? 'script src' : 'inline script'),
        redirect: el.name === 'script' && DomUtils.textContent(el).includes('i18n_redirected='),
      }));
    const home = loaders(await read(out, 'index.html'));
    expect(home[0]).toEqual({ in: 'head', what: 'inline script', redirect: true });
    expect(home.slice(1).map((l) => l.redirect)).not.toContain(true);
    expect(home.slice(1).map((l) => l.what)).toEqual(expect.arrayContaining(['stylesheet', 'application/json', 'module']));
    for (const file of ['de/index.html', 'about/index.html', '404.html']) expect(loaders(await read(out, file)).filter((l) => l.redirect), file).toEqual([]);
  });

  it('writes payloads with the main content and head, and a manifest with every route and alias', async () => {
    const payload = JSON.parse(await read(out, `_static/${result.buildId}/de/about/payload.json`));
    expect(payload).toMatchObject({ route: 'about___de', path: '/de/about', locale: 'de', title: 'Über uns', layout: 'other', lang: 'de-DE', dir: 'ltr' });
    expect(payload.html).toBe('<h1>Über uns</h1><a href="/de/community_privacy_policy/history.html">Versionen der Richtlinie</a>');
    expect(payload.head).toContainEqual({ tag: 'link', attrs: { rel: 'canonical', href: 'https://fixture.example/de/about' } });
    const manifest = JSON.parse(await read(out, `_static/${result.buildId}/manifest.json`));
    expect(manifest.buildId).toBe(result.buildId);
    expect(manifest.defaultLocale).toBe('en');
    expect(manifest.locales.map((l: { code: string }) => l.code)).toEqual(['en', 'ar', 'de']);
    expect(manifest.routes).toContainEqual({
      name: 'community_privacy_policy-history___ar', path: '/ar/community_privacy_policy/history', locale: 'ar', layout: 'default',
      aliases: ['/ar/community_privacy_policy/history.html'],
    });
    expect(manifest.routes.map((r: { name: string }) => r.name).sort()).toEqual(
      ['about', 'community_privacy_policy-history', 'index'].flatMap((b) => ['en', 'ar', 'de'].map((c) => `${b}___${c}`)).sort(),
    );
  });

  it('writes the .html alias as the same page whose language links keep the .html form, canonical and hreflang without it', async () => {
    const alias = await read(out, 'de/community_privacy_policy/history.html');
    const route = await read(out, 'de/community_privacy_policy/history/index.html');
    const languageLinks = (html: string) => attrs(html, (el) => el.name === 'a' && 'hreflang' in el.attribs).map((a) => a.href);
    expect(languageLinks(alias)).toEqual(['/community_privacy_policy/history.html', '/ar/community_privacy_policy/history.html', '/de/community_privacy_policy/history.html']);
    expect(languageLinks(route)).toEqual(['/community_privacy_policy/history', '/ar/community_privacy_policy/history', '/de/community_privacy_policy/history']);
    expect(alias).toContain('<link rel="canonical" href="https://fixture.example/de/community_privacy_policy/history">');
    expect(alias).toContain('<link rel="alternate" hreflang="ar" href="https://fixture.example/ar/community_privacy_policy/history">');
    expect(alias).toContain('"path":"/de/community_privacy_policy/history.html"');
    // Nothing else differs.
    expect(alias.replaceAll('/community_privacy_policy/history.html"', '/community_privacy_policy/history"')).toBe(route);
  });

  it('renders the not-found page with a context of its own: no nav link current, language links to each home', async () => {
    expect(attrs(await read(out, 'de/index.html'), (el) => el.name === 'a' && 'aria-current' in el.attribs).map((a) => a.href)).toEqual(['/de']);
    for (const file of ['404.html', 'ar/404.html', 'de/404.html']) {
      const html = await read(out, file);
      expect(attrs(html, (el) => el.name === 'a' && 'aria-current' in el.attribs), file).toEqual([]);
      expect(attrs(html, (el) => el.name === 'a' && 'hreflang' in el.attribs).map((a) => a.href), file).toEqual(['/', '/ar', '/de']);
    }
  });

  it('writes localized 404 pages that are not indexed', async () => {
    const de = await read(out, 'de/404.html');
    expect(de).toContain('Diese Seite wurde nicht gefunden');
    expect(de).toContain('<meta name="robots" content="noindex">');
    expect(await read(out, '404.html')).toContain('This page could not be found');
  });

  it('writes a sitemap with every page and its hreflang alternates, and robots.txt pointing to it', async () => {
    const sitemap = await read(out, 'sitemap.xml');
    expect(sitemap.match(/<loc>/g)).toHaveLength(9);
    expect(sitemap).toContain('<loc>https://fixture.example/ar/community_privacy_policy/history</loc>');
    expect(sitemap).toContain('<xhtml:link rel="alternate" hreflang="de-DE" href="https://fixture.example/de/about"/>');
    expect(await read(out, 'robots.txt')).toContain('Sitemap: https://fixture.example/sitemap.xml');
  });

  it('warns about the missing ar file and its en fallbacks, and leaves no temporary folder', async () => {
    expect(result.warnings[0]).toMatch(/locales\/ar\.json does not exist: every message of locale ar falls back to en/);
    expect(result.warnings.some((w) => /ar\.json: 12 message\(s\) missing, shown in en instead/.test(w))).toBe(true);
    expect((await readdir(root)).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('build options', () => {
  it('--locales builds a subset (en always), --base-url and a CDN --assets-base change the URLs', async () => {
    const root = await site();
    const result = await build({ root, outDir: 'public', locales: ['de', 'xx'], baseUrl: 'https://cdn-site.example/', assetsBase: 'https://cdn.example/s', logger: createMemoryLogger() });
    const out = path.join(root, 'public');
    expect(result.locales).toBe(2);
    expect(existsSync(path.join(out, 'ar'))).toBe(false);
    expect(result.warnings[0]).toBe('Locale "xx" is not a locale of this site and is ignored; the site\'s locales (`locales` in sitegen.config.ts) are: en, ar, de.');
    const html = await read(out, 'de/index.html');
    expect(html).toContain('<link rel="canonical" href="https://cdn-site.example/de">');
    expect(html).toMatch(/<link rel="stylesheet" href="https:\/\/cdn\.example\/s\/assets\/site\.[0-9a-f]{10}\.css">/);
    expect(html).toContain('"assetsBase":"https://cdn.example/s/"');
    expect(existsSync(path.join(out, `_static/${result.buildId}/manifest.json`))).toBe(true);
  });

  it('a page whose head says noindex is kept out of search engines: a robots noindex in every locale, no sitemap entry, its links still checked', async () => {
    const about = (noindex: string) => `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description', noindex: ${noindex} };
export default function About() {
  const { t, localePath } = useI18n();
  return <a href={localePath('/thanks')}>{t('about.title')}</a>;
}
`;
    const root = await site({ 'pages/thanks.tsx': about('true').replace("localePath('/thanks')", "localePath('/')"), 'pages/about.tsx': about('false') });
    await build({ root, outDir: 'out', logger: createMemoryLogger() });
    for (const file of ['thanks/index.html', 'de/thanks/index.html']) {
      const html = await read(path.join(root, 'out'), file);
      expect(html).toMatch(/<meta name="description" content="[^"]*">\n<meta name="robots" content="noindex">\n<link rel="canonical"/);
    }
    expect(await read(path.join(root, 'out'), 'de/about/index.html')).not.toContain('name="robots"');
    const sitemap = await read(path.join(root, 'out'), 'sitemap.xml');
    expect(sitemap).toContain('<loc>https://fixture.example/de/about</loc>');
    expect(sitemap).not.toContain('/thanks</loc>');
    // The runtime puts the payload's head in place of the page's: the robots tag comes and goes with it.
    const payload = JSON.parse(await read(path.join(root, 'out'), `_static/${(await readdir(path.join(root, 'out/_static'))).find((n) => /^[0-9a-f]{12}$/.test(n))}/de/thanks/payload.json`));
    expect(payload.head).toContainEqual({ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } });

    await writeFile(path.join(root, 'pages/thanks.tsx'), about("'yes'"));
    const err = await build({ root, outDir: 'out', logger: createMemoryLogger() }).catch((e: Error & { code?: string }) => e);
    expect(err).toMatchObject({ code: 'PageBadHead' });
    expect((err as Error).message).toBe("pages/thanks.tsx exports no valid head. Export `head = { title: 'key', description: 'key' }` with message keys (and `noindex: true` to keep it out of search engines).");
  });

  it('is deterministic: two builds of the same inputs are byte-identical', async () => {
    const root = await site();
    const a = await build({ root, outDir: 'a', logger: createMemoryLogger() });
    const b = await build({ root, outDir: 'b', logger: createMemoryLogger(), workers: 2 });
    expect(a.buildId).toBe(b.buildId);
    await expectSameTree(path.join(root, 'a'), path.join(root, 'b'));
  });

  // A render worker's young generation is small (render/pool.ts): a page whose render makes far more
  // than it, and whose markup is larger than it, still builds, in every locale, as on the main thread.
  it('builds a page larger than a render worker\'s young generation, with workers as on the main thread alone', async () => {
    const root = await site({
      'pages/big.tsx': "export { head, layout } from './about.tsx';\nexport default function Big() {\n  return <ol>{Array.from({ length: 250000 }, (_, i) => <li key={i} title={`item ${i}`}>{`row ${i} of the big page`}</li>)}</ol>;\n}\n",
    });
    const shared = await build({ root, outDir: 'shared', logger: createMemoryLogger(), workers: 1 });
    const alone = await build({ root, outDir: 'alone', logger: createMemoryLogger(), workers: 0 });
    expect(shared.buildId).toBe(alone.buildId);
    for (const locale of ['', 'ar/', 'de/']) {
      const html = await readFile(path.join(root, 'shared', `${locale}big/index.html`), 'utf8');
      expect(html.length).toBeGreaterThan(12 * 1024 * 1024);
      expect(html).toContain('<li title="item 249999">row 249999 of the big page</li></ol>');
    }
    await expectSameTree(path.join(root, 'shared'), path.join(root, 'alone'));
  });

  it('on the main thread alone, a site of more pages than one run hands on every page: the same files as with workers, and a broken link on a late page is reported', async () => {
    // 30 more pages in 3 locales: 102 jobs, past the 64 the main thread hands on at a time (render/pool.ts).
    const extra: Record<string, string> = {};
    for (let i = 0; i < 30; i++) extra[`pages/more/p${String(i).padStart(2, '0')}.tsx`] = "export { default, head, layout } from '../about.tsx';\n";
    const root = await site(extra);
    const alone = await build({ root, outDir: 'alone', logger: createMemoryLogger(), workers: 0 });
    const shared = await build({ root, outDir: 'shared', logger: createMemoryLogger(), workers: 2 });
    expect(alone.pages).toBe(33 * 3);
    expect(alone.buildId).toBe(shared.buildId);
    await expectSameTree(path.join(root, 'shared'), path.join(root, 'alone'));
    const broken = await site({ ...extra, 'pages/more/p29.tsx': "import { useI18n } from 'sitegen';\nexport { head, layout } from '../about.tsx';\nexport default function P() {\n  return <a href={useI18n().localePath('/nowhere')}>x</a>;\n}\n" });
    await expect(build({ root: broken, logger: createMemoryLogger(), workers: 0 })).rejects.toMatchObject({ detail: expect.stringMatching(/nowhere/) });
  });

  it('tells onPlan the pairs of the site and whether the cache holds pages, onRender how much it renders (a page from the cache a tenth, a shard its share), and a build of an unchanged output nothing', async () => {
    const root = await site();
    const told: [string, number][] = [];
    const cachedPages: boolean[] = [];
    const onPlan = (pairs: number, cached: boolean) => (told.push(['plan', pairs]), cachedPages.push(cached));
    const onRender = (pages: number) => told.push(['render', pages]);
    await build({ root, logger: createMemoryLogger(), cacheDir: '.cache-plan', onPlan, onRender });
    // 3 routes and the not-found page in en, de and ar.
    expect(told).toEqual([['plan', 12], ['render', 12]]);
    await build({ root, logger: createMemoryLogger(), cacheDir: '.cache-plan', onPlan, onRender });
    expect(told).toHaveLength(2);
    // Every page has a cache entry: de's about page, which reads the edited message, finds its own
    // out of date only when it reads it.
    const de = path.join(root, 'locales', 'de.json');
    await writeFile(de, (await readFile(de, 'utf8')).replace('"title": "Über uns"', '"title": "Über uns!"'));
    await build({ root, logger: createMemoryLogger(), cacheDir: '.cache-plan', onPlan, onRender });
    expect(told).toHaveLength(4);
    expect(told[2]).toEqual(['plan', 12]);
    expect(told[3]![0]).toBe('render');
    expect(told[3]![1]).toBeCloseTo(12 / 10);
    await build({ root, outDir: 'shard', logger: createMemoryLogger(), cacheDir: false, shard: { index: 1, count: 3 }, onPlan, onRender });
    expect(told.slice(4)).toEqual([['plan', 12], ['render', 4]]);
    // The first build found the cache empty, the edit's found the pages of the first; without a cache none.
    expect(cachedPages).toEqual([false, true, false]);
  });

  it("copies static files beside a page's document and into a locale's folder, where no file of the build is", async () => {
    const root = await site({ 'templates/static/about/team.txt': 'the team', 'templates/static/de/impressum.txt': 'Impressum', 'templates/static/de/about/team.txt': 'das Team' });
    await build({ root, logger: createMemoryLogger() });
    expect(await read(root, 'dist/about/team.txt')).toBe('the team');
    expect(await read(root, 'dist/de/impressum.txt')).toBe('Impressum');
    expect(await read(root, 'dist/de/about/team.txt')).toBe('das Team');
    expect(await read(root, 'dist/de/about/index.html')).toContain('<html lang="de-DE"');
  });

  it('writes an image a page or its CSS imports into the assets folder, content-hashed, and gives the import its URL there, also from a CDN', async () => {
    const svg = await readFile(path.join(FIXTURES, 'basic/templates/static/favicon.svg'));
    const page = `import { useI18n, type PageHead } from 'sitegen';
import './about.css';
import logo from './logo.svg';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
export default function About() {
  const { t } = useI18n();
  return <h1><img src={logo} alt="" />{t('about.title')}</h1>;
}
`;
    const changes = { 'pages/logo.svg': svg.toString(), 'pages/about.css': '.hero { background: url(./logo.svg); }\n', 'pages/about.tsx': page };
    const local = await site(changes);
    await build({ root: local, logger: createMemoryLogger() });
    const src = /<img src="([^"]+)"/.exec(await read(local, 'dist/de/about/index.html'))?.[1];
    expect(src).toMatch(/^\/_static\/assets\/logo-[A-Z0-9]+\.svg$/);
    expect(await readFile(path.join(local, 'dist', src!))).toEqual(svg);
    // React's preload of the image, which it puts at the start of the body, is kept there (a hint a body may hold).
    expect(await read(local, 'dist/de/about/index.html')).toMatch(new RegExp(`<body><link rel="preload" as="image" href="${src}"/><`));
    // The stylesheet is in the same folder: its url() names the file beside it.
    const css = (await readdir(path.join(local, 'dist/_static/assets'))).find((f) => f.endsWith('.css'))!;
    expect(await read(local, `dist/_static/assets/${css}`)).toContain(`url(./${path.basename(src!)})`);
    const cdn = await site(changes);
    await build({ root: cdn, assetsBase: 'https://cdn.example/s/', logger: createMemoryLogger() });
    expect(await read(cdn, 'dist/de/about/index.html')).toContain(`<img src="https://cdn.example/s/assets/${path.basename(src!)}"`);
    expect(existsSync(path.join(cdn, 'dist/_static/assets', path.basename(src!)))).toBe(true);
  });

  it('keeps in place the elements React renders where they are (an <svg>\'s <title>, a <link rel="stylesheet"> without precedence, a <script> without async)', async () => {
    const body = '<div><svg><title>Logo</title></svg><link rel="stylesheet" href="/x.css" /><script src="/x.js"></script>{t(\'about.title\')}</div>';
    const root = await site({ 'templates/static/x.css': 'p {}\n', 'templates/static/x.js': '\n', 'pages/about.tsx': `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\nexport default function About() {\n  const { t } = useI18n();\n  return ${body};\n}\n` });
    await build({ root, logger: createMemoryLogger() });
    expect(await read(root, 'dist/about/index.html')).toContain('<main id="main" tabindex="-1"><div><svg><title>Logo</title></svg><link rel="stylesheet" href="/x.css"/><script src="/x.js"></script>About us</div></main>');
  });

  it("renders a page whose only hoistable kind is an <svg>'s <title> once per document: only a body that starts with such an element is rendered again to see what React moved", async () => {
    const page = (body: string) =>
      `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
      `export default function About() {\n  const { t } = useI18n();\n  const g = globalThis as { aboutRenders?: number };\n  g.aboutRenders = (g.aboutRenders ?? 0) + 1;\n  return ${body};\n}\n`;
    const renders = async (body: string) => {
      const root = await site({ 'pages/about.tsx': page(body) });
      (globalThis as { aboutRenders?: number }).aboutRenders = 0;
      const result = await build({ root, logger: createMemoryLogger(), workers: 0, cacheDir: false });
      return [(globalThis as { aboutRenders?: number }).aboutRenders, result.locales] as const;
    };
    const [icon, locales] = await renders("<div><svg><title>Logo</title></svg>{t('about.title')}</div>");
    expect(icon).toBe(locales);
  });

  it('writes a font a stylesheet names and a video a page imports into the assets folder, as it does images', async () => {
    const font = Buffer.from('wOF2 not really a font');
    const video = Buffer.from('not really a video');
    const page = `import { useI18n, type PageHead } from 'sitegen';
import './about.css';
import clip from './clip.mp4';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<video src={clip} /></h1>;
}
`;
    const root = await site({ 'pages/about.tsx': page, 'pages/about.css': '@font-face { font-family: X; src: url(./x.woff2) format("woff2"); }\n', 'pages/x.woff2': font.toString(), 'pages/clip.mp4': video.toString() });
    await build({ root, logger: createMemoryLogger() });
    const src = /<video src="([^"]+)"/.exec(await read(root, 'dist/about/index.html'))?.[1];
    expect(src).toMatch(/^\/_static\/assets\/clip-[A-Z0-9]+\.mp4$/);
    expect(await readFile(path.join(root, 'dist', src!))).toEqual(video);
    const assets = await readdir(path.join(root, 'dist/_static/assets'));
    const woff2 = assets.find((f) => f.endsWith('.woff2'))!;
    expect(await readFile(path.join(root, 'dist/_static/assets', woff2))).toEqual(font);
    expect(await read(root, `dist/_static/assets/${assets.find((f) => f.endsWith('.css'))!}`)).toContain(`url(./${woff2})`);
  });

  it("gives each page, component and helper its own import.meta.url, dirname and filename, not the server bundle's in the cache", async () => {
    const page = `import { readFileSync } from 'node:fs';
import { useI18n, type PageHead } from 'sitegen';
import { intro, where } from '../lib/content.ts';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const note = readFileSync(new URL('./note.txt', import.meta.url), 'utf8').trim();
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{note}|{intro}|{where}|{import.meta.filename}</span></h1>;
}
`;
    const helper = `import { readFile } from 'node:fs/promises';
import path from 'node:path';
export const intro = (await readFile(path.join(import.meta.dirname, 'intro.md'), 'utf8')).trim();
export const where = import.meta.url.endsWith('/lib/content.ts') ? 'own url' : import.meta.url;
`;
    const root = await site({ 'pages/about.tsx': page, 'pages/note.txt': 'beside the page\n', 'lib/content.ts': helper, 'lib/intro.md': '# from lib\n' });
    await build({ root, logger: createMemoryLogger() });
    expect(await read(root, 'dist/de/about/index.html')).toContain(`<span>beside the page|# from lib|own url|${path.join(await realpath(root), 'pages/about.tsx')}</span>`);
  });

  it("bundles a CommonJS module that requires Node's own modules (as many packages do) and patches fs, its reads of files noted as an ES module's are", async () => {
    const legacy = `const os = require('node:os');
const path = require('path');
const fs = require('fs');
// As graceful-fs (under fs-extra) patches the fs it requires.
const close = fs.close;
fs.close = function (fd, cb) { return close.call(fs, fd, cb); };
module.exports = { lines: fs.readFileSync(path.join(__dirname, 'notes.txt'), 'utf8').split(os.EOL).filter(Boolean) };
`;
    const page = `import { useI18n, type PageHead } from 'sitegen';
import legacy from '../lib/legacy.cjs';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{legacy.lines.join('+')}</span></h1>;
}
`;
    const root = await site({ 'pages/about.tsx': page, 'lib/legacy.cjs': legacy, 'lib/notes.txt': 'a\nb\n' });
    const first = await build({ root, logger: createMemoryLogger() });
    expect(await read(root, 'dist/de/about/index.html')).toContain('<span>a+b</span>');
    await writeFile(path.join(root, 'lib/notes.txt'), 'a\nb\nc\n');
    const second = await build({ root, logger: createMemoryLogger() });
    expect(second.buildId).not.toBe(first.buildId);
    expect(await read(root, 'dist/de/about/index.html')).toContain('<span>a+b+c</span>');
  });

  it("the starter's assets.d.ts declares every kind of file an import makes a URL of", async () => {
    const declared = await readFile(path.join(REPO, 'starter/templates/assets.d.ts'), 'utf8');
    expect([...declared.matchAll(/declare module '\*\.(\w+)'/g)].map((m) => m[1])).toEqual(ASSET_FILE_TYPES);
  });

  it('writes into the folder a symlinked output folder points to, and keeps the link', async () => {
    // dist -> a folder elsewhere (a web server's, a volume's): the build replaces that folder, not the link.
    const root = await site();
    const served = await site();
    const target = path.join(served, 'www');
    await symlink(target, path.join(root, 'dist'));
    const first = await build({ root, logger: createMemoryLogger() });
    expect(first.outDir).toBe(target);
    expect((await lstat(path.join(root, 'dist'))).isSymbolicLink()).toBe(true);
    expect(await read(served, 'www/index.html')).toContain(first.buildId);
    // A rebuild after an edit swaps the new output in behind the same link, leaving nothing beside the folder.
    await writeFile(path.join(root, 'locales/en.json'), (await readFile(path.join(root, 'locales/en.json'), 'utf8')).replace('"title": "', '"title": "New '));
    const second = await build({ root, logger: createMemoryLogger() });
    expect(second.buildId).not.toBe(first.buildId);
    expect(await readlink(path.join(root, 'dist'))).toBe(target);
    expect(await read(root, 'dist/index.html')).toContain(second.buildId);
    expect((await readdir(served)).filter((name) => name.startsWith('.www.tmp-'))).toEqual([]);
  });

  it('copies a static 404.html where the site has no not-found page of its own (pages/404.tsx)', async () => {
    const root = await site({ 'pages/404.tsx': null, 'templates/static/404.html': '<h1>Gone</h1>' });
    await build({ root, logger: createMemoryLogger() });
    expect(await read(root, 'dist/404.html')).toBe('<h1>Gone</h1>');
  });

  it.each([
    ['', {}],
    // Files given their own import.meta and __dirname: the bundle holds their absolute paths.
    [
      ' (a page reading beside itself through import.meta, a CommonJS helper through __dirname)',
      {
        'pages/about.tsx': `import { readFileSync } from 'node:fs';
import { useI18n, type PageHead } from 'sitegen';
import notes from '../lib/notes.cjs';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const note = readFileSync(new URL('./note.txt', import.meta.url), 'utf8');
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{note}|{notes}</span></h1>;
}
`,
        'pages/note.txt': 'beside',
        'lib/notes.cjs': `module.exports = require('fs').readFileSync(require('path').join(__dirname, 'notes.txt'), 'utf8');\n`,
        'lib/notes.txt': 'in lib',
      },
    ],
  ])('does not depend on where the project lives: two checkouts give the same build id and bytes%s', async (_, changes: Record<string, string>) => {
    const [a, b] = [await site(changes), await site(changes)];
    const ra = await build({ root: a, logger: createMemoryLogger() });
    const rb = await build({ root: b, logger: createMemoryLogger() });
    expect(rb.buildId).toBe(ra.buildId);
    await expectSameTree(path.join(a, 'dist'), path.join(b, 'dist'));
    if (changes['pages/about.tsx']) expect(await read(a, 'dist/de/about/index.html')).toContain('<span>beside|in lib</span>');
  });
});
