/**
 * A site served from a folder of its host (`url: 'https://fixture.example/docs'`, a GitHub Pages
 * project site): the output's files stay where they are, every URL the pages make starts with the
 * folder, the link check judges links by it, and `serve` answers from it.
 */
import { describe, expect, it } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { request } from 'node:http';
import { build } from '../../src/build.ts';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import type { SitegenError } from '../../src/errors.ts';
import { fixtureSites, listFiles, snapshotTree } from '../helpers/site.ts';

const site = fixtureSites('basic');
const DOCS = 'https://fixture.example/docs';

/** The basic fixture's about page, with more to link to and load. */
const ABOUT = (body: string) => `import { useI18n, type PageHead } from 'sitegen';
import logo from '../templates/logo.svg';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
export default function About() {
  const { t, localePath, basePath, assetsBase } = useI18n();
  return (
    <>
      <h1>{t('about.title')}</h1>
      <img src={logo} alt="" id="logo" />
      <img src={basePath + '/favicon.svg'} alt="" id="favicon" />
      <p id="assets">{assetsBase}</p>
      ${body}
    </>
  );
}
`;
/** A page whose social image is an image it imports. */
const NEWS = `import type { PageHead } from 'sitegen';
import photo from '../templates/photo.png';
export const head: PageHead = { title: 'about.title', description: 'about.description', image: photo };
export default function News() {
  return <h1>News</h1>;
}
`;
/** A PNG of 2 by 1 pixels (its header is all the size reader needs). */
const PHOTO = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.from([0, 0, 0, 2, 0, 0, 0, 1, 8, 6, 0, 0, 0]), Buffer.alloc(16)]);
const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>\n';

async function built(baseUrl: string, body = '', cacheDir: string | false = false) {
  const root = await site({ 'pages/about.tsx': ABOUT(body), 'templates/logo.svg': LOGO, 'pages/news.tsx': NEWS });
  await writeFile(path.join(root, 'templates/photo.png'), PHOTO);
  const outDir = path.join(root, 'dist');
  await build({ root, outDir, baseUrl, cacheDir, logger: createMemoryLogger() });
  return { root, outDir, html: (file: string) => readFile(path.join(outDir, file), 'utf8') };
}

async function failure(body: string): Promise<SitegenError> {
  return built(DOCS, body).then(
    () => { throw new Error('the build should have failed'); },
    (e: SitegenError) => e,
  );
}

const attr = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]);

describe('a site served from a folder', () => {
  it('writes the same files, and every URL of its pages starts with the folder', async () => {
    const [docs, plain] = await Promise.all([built(DOCS + '/'), built('https://fixture.example')]);
    // But for the build id and the runtime's files, whose code differs (the folder is in it).
    const named = async (dir: string) => (await listFiles(dir)).map((f) => f.replace(/^_static\/[0-9a-f]{12}\//, '_static/ID/').replace(/\b(chunks|runtime)\.[A-Z0-9]{8}\b/, '$1.HASH')).sort();
    expect(await named(docs.outDir)).toEqual(await named(plain.outDir));

    const de = await docs.html('de/about/index.html');
    expect(attr(de, /<a [^>]*href="([^"]*)"/g)).toEqual(['/docs/de', '/docs/de/about', '/docs/about', '/docs/ar/about', '/docs/de/about']);
    expect(attr(de, /<link rel="(?:canonical|alternate)"[^>]* href="([^"]*)"/g)).toEqual([
      'https://fixture.example/docs/de/about',
      'https://fixture.example/docs/about',
      'https://fixture.example/docs/ar/about',
      'https://fixture.example/docs/de/about',
      'https://fixture.example/docs/about',
    ]);
    expect(de).toMatch(/<link rel="stylesheet" href="\/docs\/_static\/assets\/site\.[0-9a-f]{10}\.css">/);
    expect(de).toContain('<link rel="icon" href="/docs/favicon.svg" type="image/svg+xml">');
    expect(de).toMatch(/<script type="module" src="\/docs\/_static\/assets\/runtime\.[A-Z0-9]+\.js">/);
    expect(de).toContain('<meta property="og:image" content="https://fixture.example/docs/social.png">');
    // A page's own image, imported: its URL once, with the folder once.
    expect(await docs.html('de/news/index.html')).toMatch(/<meta property="og:image" content="https:\/\/fixture\.example\/docs\/_static\/assets\/photo-[A-Z0-9]+\.png">\n<meta property="og:image:width" content="2">/);
    expect(de).toMatch(/<img src="\/docs\/_static\/assets\/logo-[A-Z0-9]+\.svg" alt="" id="logo"\/>/);
    expect(de).toContain('<img src="/docs/favicon.svg" alt="" id="favicon"/>');
    expect(de).toContain('<p id="assets">/docs/_static/</p>');
    // The runtime's page data: the assets' URL with the folder, the page's path without it (the manifest's).
    expect(de).toMatch(/"assetsBase":"\/docs\/_static\/","locale":"de","route":"about___de","path":"\/de\/about"/);
    expect(await plain.html('de/about/index.html')).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');

    expect(await docs.html('robots.txt')).toContain('Sitemap: https://fixture.example/docs/sitemap.xml\n');
    expect(await docs.html('sitemap.xml')).toContain('<loc>https://fixture.example/docs/de/about</loc>');
    const runtime = (await listFiles(docs.outDir)).find((f) => /^_static\/assets\/runtime\./.test(f))!;
    expect(await docs.html(runtime)).toContain('"/docs"');
    const plainRuntime = (await listFiles(plain.outDir)).find((f) => /^_static\/assets\/runtime\./.test(f))!;
    expect(await plain.html(plainRuntime)).not.toContain('/docs');
  });

  it('a build with another folder, from the same cache, makes no page or runtime of the old one', async () => {
    const root = await site({ 'pages/about.tsx': ABOUT(''), 'templates/logo.svg': LOGO });
    const cacheDir = path.join(root, '.cache');
    const outDir = path.join(root, 'dist');
    await build({ root, outDir, baseUrl: DOCS, cacheDir, logger: createMemoryLogger() });
    await build({ root, outDir, baseUrl: 'https://fixture.example/handbook', cacheDir, logger: createMemoryLogger() });
    const texts = [...(await snapshotTree(outDir)).entries()].filter(([f]) => /\.(html|js|json|xml|txt)$/.test(f));
    expect(texts.filter(([, bytes]) => bytes.includes('/docs')).map(([f]) => f)).toEqual([]);
    expect(await readFile(path.join(outDir, 'de/index.html'), 'utf8')).toContain('<a href="/handbook/de/about"');
  });

  it('a link or a file from the root of the host, or one that climbs out of the folder, is reported', async () => {
    const err = await failure(`<a href="/about">about</a><a href="../de">de</a><img src="/favicon.svg" alt="" />`);
    expect(err.code).toBe('BrokenLinks');
    expect(err.detail!.split('\n')).toEqual([
      'pages/about.tsx [en]: link to "/about" leads outside the site, which is served from /docs/: start it with basePath (localePath() does for a page)',
      'pages/about.tsx [en]: link to "../de" (/de) leads outside the site: it climbs above the folder the site is served from, /docs/ (make it with localePath(), or start it with basePath)',
      'pages/about.tsx: <img src="/favicon.svg"> loads a file outside the site, which is served from /docs/: start it with basePath (localePath() does for a page)',
      'pages/about.tsx [ar]: link to "/about" leads outside the site, which is served from /docs/: start it with basePath (localePath() does for a page)',
      // From /docs/ar/about it is /docs/de, a page of another locale.
      'pages/about.tsx [ar]: link to "../de" (/docs/de) leads to no page of this build (it exists in another locale: use localePath())',
      'pages/about.tsx [de]: link to "/about" leads outside the site, which is served from /docs/: start it with basePath (localePath() does for a page)',
    ]);
  });

  it('a link to another site on the same host, written as a URL, is its own business; one inside the folder is checked', async () => {
    await built(DOCS, `<a href="https://fixture.example/blog/">blog</a><a href="//fixture.example/">host</a>`);
    const err = await failure(`<a href="https://fixture.example/docs/nope">nope</a>`);
    expect(err.detail).toContain('pages/about.tsx [en]: link to "https://fixture.example/docs/nope" (/docs/nope) leads to no page of this build');
  });

  it('a folder name that is not URL-safe stops the build', async () => {
    const root = await site();
    const err = await build({ root, baseUrl: 'https://fixture.example/my%20docs/', logger: createMemoryLogger() }).catch((e: SitegenError) => e);
    expect(err).toMatchObject({ code: 'BasePathInvalid' });
    expect((err as SitegenError).message).toBe(
      'The base URL "https://fixture.example/my%20docs/" (from --base-url or sitegen.config.ts) has the folder name "my%20docs", which is not URL-safe. ' +
        'The site is served from that folder, so every link of every page starts with it: name the folder with letters, digits, "-", "_", "." and "~" only.',
    );
  });
});

/** A raw request to the server. */
function get(server: RunningServer, rawPath: string, method = 'GET') {
  return new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: rawPath, method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serve, for a site served from a folder', () => {
  it('answers from the folder, leads the root and the bare folder into it, and nothing else', async () => {
    const { outDir } = await built(DOCS);
    const server = await serve({ root: outDir, port: 0, basePath: '/docs', logger: createMemoryLogger() });
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/docs`);
      expect(await get(server, '/')).toMatchObject({ status: 302, location: '/docs/' });
      expect(await get(server, '/docs?x=1')).toMatchObject({ status: 302, location: '/docs/' });
      expect((await get(server, '/docs/')).body).toContain('<html lang="en-US"');
      expect((await get(server, '/docs/de/about')).body).toContain('<html lang="de-DE"');
      const missing = await get(server, '/docs/de/nope');
      expect(missing.status).toBe(404);
      expect(missing.body).toContain('<html lang="de-DE"');
      expect(await get(server, '/about')).toMatchObject({ status: 404, body: "This site is served from /docs/ (the path of its url in sitegen.config.ts): nothing is here.\n" });
      expect(await get(server, '/docsx/de')).toMatchObject({ status: 404 });
      expect(await get(server, '/about', 'HEAD')).toMatchObject({ status: 404, body: '' });
    } finally {
      await server.close();
    }
  });
});
