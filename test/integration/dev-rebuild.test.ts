import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { access, mkdir, open, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { closeSync, openSync, renameSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dev, type DevServer } from '../../src/dev/dev.ts';
import type { RebuildReport } from '../../src/dev/rebuild-report.ts';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, fixtureSites } from '../helpers/site.ts';

/** Copies of test/fixtures/dev-site, removed after this file. */
const devSite = fixtureSites('dev-site');

let site: string;
let server: DevServer;
const logger = createMemoryLogger();

beforeAll(async () => {
  site = await devSite();
  server = await dev({ root: site, port: 0, logger });
});

afterAll(async () => {
  await server?.close();
});

/**
 * Every test starts from the fixture as it is: the files a test edits or creates (through `edit`
 * and `save`) are put back after it, and the dev server has rebuilt them, before the next one runs.
 */
const originals = new Map<string, string | null>();
const createdDirs: string[] = [];

afterEach(async () => {
  const changed = new Map<string, string | null>();
  for (const [rel, original] of originals) {
    if ((await readFile(path.join(site, rel), 'utf8').catch(() => null)) !== original) changed.set(rel, original);
  }
  const dirs = createdDirs.splice(0);
  originals.clear();
  if (changed.size === 0 && dirs.length === 0) return;
  const files = reportsCovering(server, [...changed.keys()]);
  for (const [rel, original] of changed) {
    if (original === null) await rm(path.join(site, rel), { force: true });
    else await writeFile(path.join(site, rel), original);
  }
  await files;
  if (dirs.length) {
    const folders = reportsCovering(server, dirs);
    for (const rel of dirs) await rm(path.join(site, rel), { recursive: true, force: true });
    await folders;
  }
  await server.idle();
  expect(server.reports.at(-1), 'the fixture, put back after the test, builds').toMatchObject({ status: 'ok' });
});

/** Notes a file's content before a test first changes it (null: it did not exist). */
async function remember(rel: string): Promise<void> {
  if (!originals.has(rel)) originals.set(rel, await readFile(path.join(site, rel), 'utf8').catch(() => null));
}

/** Edits a file of the site and resolves with the rebuild it causes. */
async function edit(rel: string, change: (text: string) => string): Promise<RebuildReport> {
  await remember(rel);
  const next = nextReportFor(server, rel);
  await editFile(site, rel, change);
  return next;
}

/** Writes a file of the site, making its folder if need be (removed again after the test). */
async function save(rel: string, text: string): Promise<void> {
  await remember(rel);
  let dir = path.dirname(rel);
  let missing: string | null = null;
  while (dir !== '.' && !(await access(path.join(site, dir)).then(() => true, () => false))) {
    missing = dir;
    dir = path.dirname(dir);
  }
  if (missing) createdDirs.push(missing);
  await mkdir(path.join(site, path.dirname(rel)), { recursive: true });
  await writeFile(path.join(site, rel), text);
}

/** The next finished rebuild that covers `rel` (a late rebuild of an earlier edit is skipped). */
async function nextReportFor(dev: DevServer, rel: string): Promise<RebuildReport> {
  for (;;) {
    const report = await dev.nextReport();
    if (report.changed.includes(rel)) return report;
  }
}

/** Writes a file that is no part of the fixture (a test removes it itself) and resolves with the rebuild it causes. */
async function writeAndRebuild(rel: string, text: string): Promise<RebuildReport> {
  const next = nextReportFor(server, rel);
  await writeFile(path.join(site, rel), text);
  return next;
}

/**
 * Runs `body` once pages/NAME.tsx is built: a page that lists content/NAME/ (made with a.md,
 * holding `first`; `list` is the call that lists it) and shows the files of it that `keep` (a
 * JavaScript filter of names) lets through, joined by ' + ', in `<h1 data-NAME>`. Removes both after, the page first (without it,
 * the folder's removal builds).
 */
async function withContentPage(name: string, first: string, keep: string, body: () => Promise<void>, list = 'readdirSync(dir)'): Promise<void> {
  const content = path.join(site, 'content', name);
  await mkdir(content, { recursive: true });
  await writeFile(path.join(content, 'a.md'), first);
  const source = `import { readdirSync, readFileSync } from 'node:fs';
export const head = { title: 'about.title', description: 'about.description' };
const dir = new URL('../content/${name}/', import.meta.url);
const items = ${list}.filter(${keep}).sort().map((name) => readFileSync(new URL(name, dir), 'utf8'));
export default function Listing() { return <h1 data-${name}>{items.join(' + ')}</h1>; }
`;
  try {
    const added = nextReportFor(server, `pages/${name}.tsx`);
    await save(`pages/${name}.tsx`, source);
    expect(await added).toMatchObject({ status: 'ok' });
    await body();
  } finally {
    const removed = nextReportFor(server, `pages/${name}.tsx`);
    await rm(path.join(site, `pages/${name}.tsx`), { force: true });
    await removed;
    await rm(path.join(site, 'content'), { recursive: true, force: true });
    await server.idle();
  }
}

/** The next rebuild that ends 'ok' (the superseded and failed ones before it are skipped). */
async function nextOk(dev: DevServer): Promise<void> {
  for (;;) if ((await dev.nextReport()).status === 'ok') return;
}

/** Resolves once finished rebuilds have covered every one of `rels`. */
async function reportsCovering(dev: DevServer, rels: string[]): Promise<void> {
  const left = new Set(rels);
  while (left.size) for (const rel of (await dev.nextReport()).changed) left.delete(rel);
}

/** An open event stream; `next(name)` resolves with the data of the next event of that name. */
async function stream(query: string, on: DevServer = server) {
  const queue: { name: string; data: any }[] = [];
  /** Every event the stream received, in order (`next` takes from `queue` only). */
  const received: { name: string; data: any }[] = [];
  let wake = () => {};
  const req = request({ host: '127.0.0.1', port: on.port, path: `/__sitegen/events${query}`, headers: { Host: `127.0.0.1:${on.port}` } });
  await new Promise<void>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1];
          if (name) {
            const event = { name, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) };
            queue.push(event);
            received.push(event);
          }
        }
        wake();
      });
      resolve();
    });
    req.on('error', reject);
    req.end();
  });
  const next = async (name: string) => {
    for (;;) {
      const i = queue.findIndex((e) => e.name === name);
      if (i >= 0) return queue.splice(i, 1)[0]!.data;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  return { next, received, close: () => req.destroy() };
}

const page = async (p: string) => {
  const res = await fetch(server.url + p);
  return { status: res.status, html: await res.text() };
};

const jobs = (r: RebuildReport) => r.rendered.map((j) => `${j.page} ${j.locale}`);

describe('sitegen dev: first build', () => {
  it('builds every page and locale, and serves them with the live-reload client', async () => {
    expect(server.reports[0]).toMatchObject({ status: 'ok', kind: 'full' });
    expect(jobs(server.reports[0]!)).toEqual(['/ de', '/ en', '/ fr', '/about de', '/about en', '/about fr', '/jobs de', '/jobs en', '/jobs fr', '404 de', '404 en', '404 fr']);
    const home = await page('/de');
    expect(home.status).toBe(200);
    expect(home.html).toContain('<p data-greeting="true">Hallo</p>');
    expect(home.html).toMatch(/<script type="module" src="\/__sitegen\/client\.js" data-shell="[\w-]{16}" data-page="\/de\/index\.html"><\/script>/);
    expect(logger.lines.some((l) => l.msg.startsWith('built all 12 pages in'))).toBe(true);
  });

  it('writes to its own folder, never into dist/, and never puts the client into the files', async () => {
    expect(server.outDir).toBe(path.join(site, '.sitegen-cache', 'dev'));
    const onDisk = await readFile(path.join(server.outDir, 'de', 'index.html'), 'utf8');
    expect(onDisk).not.toContain('__sitegen/client.js');
  });
});

describe('sitegen dev: byte ranges', () => {
  it('counts a range of a page in the HTML it sends, the live-reload client included', async () => {
    const full = await (await fetch(server.url + '/de')).text();
    const tail = await fetch(server.url + '/de', { headers: { Range: 'bytes=-40' } });
    expect(tail.status).toBe(206);
    const size = Buffer.byteLength(full);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 40}-${size - 1}/${size}`);
    expect(await tail.text()).toBe(Buffer.from(full).subarray(size - 40).toString());
  });
});

describe('sitegen dev: incremental rebuilds', () => {
  it('re-renders only the de pages that use a changed de message', async () => {
    const report = await edit('locales/de.json', (s) => s.replace('"greeting": "Hallo"', '"greeting": "Servus"'));
    expect(report).toMatchObject({ status: 'ok', kind: 'incremental', paths: ['/de'], reloadAll: false });
    expect(jobs(report)).toEqual(['/ de']);
    expect((await page('/de')).html).toContain('<p data-greeting="true">Servus</p>');
    expect(logger.lines.some((l) => /^rebuilt 1 page\(s\) \(\/ de\) in \d+ ms after locales\/de\.json$/.test(l.msg))).toBe(true);
  });

  it('re-renders a message of the layout on every page of that locale only, the 404 page included', async () => {
    const report = await edit('locales/fr.json', (s) => s.replace('"about": "À propos"', '"about": "Qui sommes-nous"'));
    expect(jobs(report)).toEqual(['/ fr', '/about fr', '/jobs fr', '404 fr']);
    // What open pages are told: the routes, and the not-found page as its file.
    expect(report.paths).toEqual(['/fr', '/fr/404.html', '/fr/about', '/fr/jobs']);
  });

  it('reaches other locales through an en edit only where they fall back to it', async () => {
    await edit('locales/fr.json', (s) => s.replace(', "greeting": "Bonjour"', ''));
    const report = await edit('locales/en.json', (s) => s.replace('"greeting": "Hello"', '"greeting": "Hi there"'));
    expect(jobs(report)).toEqual(['/ en', '/ fr']);
    expect((await page('/fr')).html).toContain('<p data-greeting="true">Hi there</p>');
  });

  it('re-renders the pages importing an edited component, in every locale, and no others', async () => {
    const report = await edit('templates/components/Badge.tsx', (s) => s.replace('<strong className="badge" data-badge>', '<strong className="badge" data-badge="v2">'));
    expect(report).toMatchObject({ status: 'ok', kind: 'incremental' });
    expect(jobs(report)).toEqual(['/ de', '/ en', '/ fr', '/jobs de', '/jobs en', '/jobs fr']);
    expect((await page('/fr/jobs')).html).toContain('data-badge="v2"');
  });

  it('re-renders every page with the new stylesheet after a CSS edit, tells open pages to reload, and no longer serves the stylesheet it replaced', async () => {
    const before = /<link rel="stylesheet" href="([^"]+\.css)"/.exec((await page('/fr/about')).html)?.[1];
    expect(before).toBeDefined();
    const report = await edit('templates/components/Badge.css', (s) => s + '\n.badge-edited { color: teal; }\n');
    expect(report).toMatchObject({ status: 'ok', kind: 'incremental', reloadAll: true });
    expect(report.rendered).toHaveLength(12);
    const href = /<link rel="stylesheet" href="([^"]+\.css)"/.exec((await page('/fr/about')).html)?.[1];
    expect(href).toBeDefined();
    const css = await fetch(server.url + href);
    expect(css.status).toBe(200);
    expect(await css.text()).toContain('.badge-edited{color:teal}');
    expect(href).not.toBe(before);
    expect((await fetch(server.url + before)).status).toBe(404);
    const stylesheets = (await readdir(path.join(server.outDir, '_static', 'assets'))).filter((f) => f.endsWith('.css'));
    expect(stylesheets).toEqual([path.basename(href!)]);
  });

  it('serves an image a component comes to import, at the URL the import gives', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle cx="4" cy="4" r="4"/></svg>';
    await save('templates/components/dot.svg', svg);
    const report = await edit('templates/components/Badge.tsx', (s) =>
      s.replace("import './Badge.css';", "import './Badge.css';\nimport dot from './dot.svg';").replace('data-badge>', 'data-badge><img src={dot} alt="" />'),
    );
    expect(report).toMatchObject({ status: 'ok' });
    const src = /<img src="([^"]+)"/.exec((await page('/fr/jobs')).html)?.[1];
    expect(src).toMatch(/^\/_static\/assets\/dot-[A-Z0-9]+\.svg$/);
    const image = await fetch(server.url + src);
    expect(image.status).toBe(200);
    expect(await image.text()).toBe(svg);
    // Another image there: the one it replaces is gone, as from a fresh start.
    await edit('templates/components/dot.svg', (s) => s.replace('r="4"', 'r="3"'));
    const next = /<img src="([^"]+)"/.exec((await page('/fr/jobs')).html)?.[1];
    expect(next).not.toBe(src);
    expect((await fetch(server.url + next)).status).toBe(200);
    expect((await fetch(server.url + src)).status).toBe(404);
  });

  it('rebuilds everything after a config edit', async () => {
    const report = await edit('sitegen.config.ts', (s) => s.replace("name: 'Dev fixture'", "name: 'Dev fixture renamed'"));
    expect(report).toMatchObject({ status: 'ok', kind: 'full', reloadAll: true });
    expect(report.rendered).toHaveLength(12);
    expect((await page('/jobs')).html).toContain('content="Dev fixture renamed"');
  });

  it("rebuilds everything when a site's enhancer changes, and serves its new chunk", async () => {
    const rel = 'templates/enhancers/shout.ts';
    const added = nextReportFor(server, rel);
    await save(rel, "export default (el: HTMLElement) => { el.textContent = 'first shout'; };\n");
    expect(await added).toMatchObject({ status: 'ok', kind: 'full', reloadAll: true });
    const report = await edit(rel, (s) => s.replace('first shout', 'second shout'));
    expect(report).toMatchObject({ status: 'ok', kind: 'full', reloadAll: true });
    const assets = path.join(server.outDir, '_static', 'assets');
    const folder = (await readdir(assets)).find((d) => d.startsWith('chunks.'))!;
    const chunk = await fetch(`${server.url}/_static/assets/${folder}/shout.js`);
    expect(chunk.status).toBe(200);
    expect(await chunk.text()).toContain('second shout');
  });

  it('rebuilds everything, its modules loaded afresh, when a file or folder the pages read as they loaded changes, also outside the folders it watches', () =>
    withContentPage('news', 'first news', '() => true', async () => {
      expect((await page('/news')).html).toContain('<h1 data-news="true">first news</h1>');
      expect(await writeAndRebuild('content/news/a.md', 'edited news')).toMatchObject({ status: 'ok', kind: 'full' });
      expect((await page('/de/news')).html).toContain('<h1 data-news="true">edited news</h1>');
      expect(await writeAndRebuild('content/news/b.md', 'more news')).toMatchObject({ status: 'ok', kind: 'full' });
      expect((await page('/news')).html).toContain('<h1 data-news="true">edited news + more news</h1>');
    }));

  it('leaves alone a change in a listed folder to a file the pages did not read, as long as its names are the same', () =>
    withContentPage('notes', 'first note', "(name) => name.endsWith('.md')", async () => {
      // A file the module read (and, once the rebuild it makes is done, the folder is watched).
      expect(await writeAndRebuild('content/notes/a.md', 'edited note')).toMatchObject({ status: 'ok', kind: 'full' });
      expect((await page('/notes')).html).toContain('<h1 data-notes="true">edited note</h1>');
      // A new name in the folder: the listing the module got changed.
      expect(await writeAndRebuild('content/notes/todo.txt', 'draft')).toMatchObject({ status: 'ok', kind: 'full' });
      // Its content, which no module read: nothing to do.
      expect(await writeAndRebuild('content/notes/todo.txt', 'draft, longer')).toMatchObject({ status: 'ok', kind: 'none', rendered: [] });
      // A hidden file is not among the names the build keys a folder by. (An editor's swap file,
      // `.a.md.swp`, chokidar leaves out itself.)
      expect(await writeAndRebuild('content/notes/.draft', 'hidden')).toMatchObject({ status: 'ok', kind: 'none' });
    }));

  it('rebuilds for a file added to a folder below one the pages list recursively', async () => {
    await mkdir(path.join(site, 'content/guides/deep'), { recursive: true });
    await writeFile(path.join(site, 'content/guides/deep/b.md'), 'deep guide');
    await withContentPage('guides', 'first guide', "(name) => name.endsWith('.md')", async () => {
      expect((await page('/guides')).html).toContain('<h1 data-guides="true">first guide + deep guide</h1>');
      expect(await writeAndRebuild('content/guides/deep/c.md', 'deeper guide')).toMatchObject({ status: 'ok', kind: 'full' });
      expect((await page('/de/guides')).html).toContain('<h1 data-guides="true">first guide + deep guide + deeper guide</h1>');
    }, 'readdirSync(dir, { recursive: true }).map(String)');
  });

  it('rebuilds for a file written into a folder the pages came to read at once after the rebuild that found it, before the watcher looked at the folder', () =>
    withContentPage('drafts', 'first draft', '() => true', async () => {
      // Its event may come (the watcher had looked already) or not (the folder is found changed
      // once the watcher looks at it): either way a rebuild.
      const rebuilt = (async () => {
        for (;;) {
          const report = await server.nextReport();
          if (report.changed.some((f) => f === 'content/drafts' || f === 'content/drafts/b.md')) return report;
        }
      })();
      await writeFile(path.join(site, 'content/drafts/b.md'), 'second draft');
      expect(await rebuilt).toMatchObject({ status: 'ok', kind: 'full' });
      expect((await page('/drafts')).html).toContain('<h1 data-drafts="true">first draft + second draft</h1>');
    }));

  it("gives a component and a page edited during the session to name import.meta their own, not the bundle's, and keeps it on later edits", async () => {
    const own = (file: string) => `data-where={import.meta.url.endsWith('${file}') ? 'own' : import.meta.url}`;
    const badge = await edit('templates/components/Badge.tsx', (s) => s.replace('data-badge>', `data-badge ${own('/templates/components/Badge.tsx')}>`));
    expect(badge).toMatchObject({ status: 'ok' });
    expect((await page('/de')).html).toContain('data-where="own"');
    const about = await edit('pages/about.tsx', (s) => s.replace(/<h1([ >])/, `<h1 data-dir={import.meta.dirname.endsWith('pages') ? 'own' : 'bundle'}$1`));
    expect(about).toMatchObject({ status: 'ok' });
    expect((await page('/about')).html).toContain('data-dir="own"');
    const again = await edit('templates/components/Badge.tsx', (s) => s.replace('data-badge ', 'data-badge data-again '));
    expect(again).toMatchObject({ status: 'ok' });
    expect((await page('/jobs')).html).toMatch(/data-again="true" data-where="own"/);
  });

  it('rebuilds everything when a page is added, and serves it', async () => {
    const next = nextReportFor(server, 'pages/press.tsx');
    await save('pages/press.tsx', "import { useI18n } from 'sitegen';\nexport const head = { title: 'about.title', description: 'about.description' };\nexport default function Press() { return <h1 data-press>{useI18n().t('about.title')}</h1>; }\n");
    const report = await next;
    expect(report).toMatchObject({ status: 'ok', kind: 'full' });
    expect((await page('/de/press')).html).toContain('<h1 data-press="true">Über uns</h1>');
  });

  it('serves every path a page with a parameter lists; a path added to its list is served after a full rebuild, an edit of the page renders all its paths and no other page', async () => {
    // The folder first, and its files once dev has seen it: chokidar may give no event for a file
    // written into a folder it has not looked at yet (here only a test's speed does that).
    const folder = nextReportFor(server, 'pages/notes');
    await mkdir(path.join(site, 'pages/notes'));
    createdDirs.push('pages/notes');
    await folder;
    const first = nextReportFor(server, 'pages/notes/[slug].tsx');
    await save('pages/notes/notes.json', JSON.stringify(['alpha', 'beta']));
    await save(
      'pages/notes/[slug].tsx',
      "import type { PageProps } from 'sitegen';\nimport notes from './notes.json';\nexport const paths = notes;\nexport const head = { title: 'about.title', description: 'about.description' };\n" +
        'export default function Note({ params }: PageProps) { return <h1 data-note>{params.slug}</h1>; }\n',
    );
    expect(await first).toMatchObject({ status: 'ok', kind: 'full' });
    expect((await page('/de/notes/beta')).html).toContain('<h1 data-note="true">beta</h1>');
    const added = await edit('pages/notes/notes.json', () => JSON.stringify(['alpha', 'beta', 'gamma']));
    expect(added).toMatchObject({ status: 'ok', kind: 'full' });
    expect((await page('/notes/gamma')).html).toContain('<h1 data-note="true">gamma</h1>');
    const edited = await edit('pages/notes/[slug].tsx', (s) => s.replace('<h1 data-note>', '<h1 data-note="v2">'));
    expect(edited).toMatchObject({ status: 'ok', kind: 'incremental' });
    expect(new Set(edited.rendered!.map((r) => r.page))).toEqual(new Set(['/notes/alpha', '/notes/beta', '/notes/gamma']));
    expect((await page('/fr/notes/alpha')).html).toContain('<h1 data-note="v2">alpha</h1>');
  });
});

describe('sitegen dev: errors never stop it', () => {
  it('reports a syntax error in a page with file, line and column, keeps serving, and recovers', async () => {
    const broken = await edit('pages/jobs.tsx', (s) => s.replace('<h1>{t(\'jobs.title\')}</h1>', '<h1>{t(\'jobs.title\')}</h2>'));
    expect(broken.status).toBe('failed');
    expect(broken.problem).toMatchObject({ file: 'pages/jobs.tsx', line: 10, code: 'BundleFailed' });
    expect(broken.problem!.column).toBeGreaterThan(0);
    expect(logger.lines.some((l) => l.level === 'error' && l.msg.includes('pages/jobs.tsx:10:'))).toBe(true);
    expect((await page('/jobs')).status).toBe(200);

    const fixed = await edit('pages/jobs.tsx', (s) => s.replace('</h2>', '</h1>').replace('<h1>', '<h1 data-fixed>'));
    expect(fixed).toMatchObject({ status: 'ok', problem: null });
    expect(jobs(fixed)).toEqual(['/jobs de', '/jobs en', '/jobs fr']);
    expect((await page('/de/jobs')).html).toContain('<h1 data-fixed="true">Stellen</h1>');
  });

  it('reports broken JSON in a locale file with its location, and recovers', async () => {
    const broken = await edit('locales/de.json', (s) => s.replace('"jobs": {', '"jobs": {,'));
    expect(broken.status).toBe('failed');
    expect(broken.problem).toMatchObject({ file: 'locales/de.json', code: 'LocaleJsonInvalid' });
    expect(broken.problem!.line).toBeGreaterThan(1);
    const fixed = await edit('locales/de.json', (s) => s.replace('"jobs": {,', '"jobs": {').replace('"title": "Stellen"', '"title": "Karriere"'));
    expect(fixed.status).toBe('ok');
    expect((await page('/de/jobs')).html).toContain('Karriere');
  });

  it('reports a locale file that cannot be read (a folder in its place), naming the file, and recovers', async () => {
    await remember('locales/de.json');
    const file = path.join(site, 'locales/de.json');
    const text = await readFile(file, 'utf8');
    const next = async (status: RebuildReport['status']) => {
      for (;;) {
        const report = await server.nextReport();
        if (report.status === status && report.changed.includes('locales/de.json')) return report;
      }
    };
    const failed = next('failed');
    await rm(file);
    await mkdir(file);
    const broken = await failed;
    expect(broken.problem).toMatchObject({ code: 'LocaleFileUnreadable' });
    expect(broken.problem!.message).toMatch(/^locales\/de\.json cannot be read \(EISDIR: /);
    const fixed = next('ok');
    await rm(file, { recursive: true });
    await writeFile(file, text.replace('"greeting": "Hallo"', '"greeting": "Servus"'));
    await fixed;
    // The folder's removal may be a rebuild of its own, ok as well (a missing locale file is a
    // warning): the page then shows en's messages until the rebuild of the file written.
    await expect.poll(async () => (await page('/de')).html, { timeout: 20_000, interval: 20 }).toContain('<p data-greeting="true">Servus</p>');
  });

  it('points the overlay at a message in single quotes, where V8 gives no position, and recovers', async () => {
    const broken = await edit('locales/de.json', (s) => s.replace('"Wer wir sind"', `'Wer wir sind'`));
    expect(broken.status).toBe('failed');
    const source = await readFile(path.join(site, 'locales/de.json'), 'utf8');
    const line = source.split('\n').findIndex((l) => l.includes(`'Wer wir sind'`));
    expect(broken.problem).toMatchObject({ file: 'locales/de.json', code: 'LocaleJsonInvalid', line: line + 1, column: source.split('\n')[line]!.indexOf(`'`) + 1 });
    expect(broken.problem!.message).toContain('not single quotes');
    const fixed = await edit('locales/de.json', (s) => s.replace(`'Wer wir sind'`, '"Wer wir sind"'));
    expect(fixed.status).toBe('ok');
  });

  it('reports a translation error in the edited locale file, naming the file and key, and recovers', async () => {
    const broken = await edit('locales/de.json', (s) => s.replace('"label": "Neu"', '"label": "Neu für {user}"'));
    expect(broken.status).toBe('failed');
    expect(broken.problem).toMatchObject({ code: 'TranslationErrors' });
    expect(broken.problem!.detail).toMatch(/locales\/de\.json.*badge\.label/);
    const fixed = await edit('locales/de.json', (s) => s.replace('"label": "Neu für {user}"', '"label": "Neu"'));
    expect(fixed.status).toBe('ok');
  });

  it('checks en against the values the pages pass after an en edit: a new argument no page passes is en\'s error, not the translations\'', async () => {
    const broken = await edit('locales/en.json', (s) => s.replace('"label": "New"', '"label": "New for {user}"'));
    expect(broken.status).toBe('failed');
    expect(broken.problem!.detail).toMatch(/^locales\/en\.json:\d+:\d+ en badge\.label argument-unpassed: The argument \{user\} is in the message, but no page passes a value for it/);
    expect(broken.problem!.detail).not.toMatch(/locales\/(de|fr)\.json/);
    const fixed = await edit('locales/en.json', (s) => s.replace('"label": "New for {user}"', '"label": "New"'));
    expect(fixed.status).toBe('ok');
  });

  it('reports a page that throws while rendering, naming the page and locale', async () => {
    const broken = await edit('pages/about.tsx', (s) => s.replace("return <h1>", "if (useI18n().locale.code === 'fr') throw new Error('no fr yet');\n  return <h1>"));
    expect(broken.status).toBe('failed');
    expect(broken.problem!.message).toContain('pages/about.tsx threw while rendering in locale fr: no fr yet');
    // The line of the throw, through the source map of the bundle file the page is in.
    expect(broken.problem).toMatchObject({ file: 'pages/about.tsx', line: 7 });
    const fixed = await edit('pages/about.tsx', (s) => s.replace(/if \(useI18n\(\).*\n {2}/, ''));
    expect(fixed.status).toBe('ok');
  });

  it('coalesces 10 rapid saves into at most 2 rebuilds and shows the last one', async () => {
    const rel = 'locales/de.json';
    await remember(rel);
    const file = path.join(site, rel);
    const original = await readFile(file, 'utf8');
    const before = server.reports.length;
    // Synchronous writes, so that the 10 saves are rapid however loaded the machine is: no watcher
    // event is even handled until the last one is written.
    for (let i = 1; i <= 10; i++) writeFileSync(file, original.replace(/"greeting": "[^"]*"/, `"greeting": "Version ${i}"`));
    await expect.poll(async () => (await page('/de')).html, { timeout: 20_000, interval: 20 }).toContain('Version 10<');
    await server.idle();
    const burst = server.reports.slice(before);
    // Rebuilds that ran to the end (ok or failed); a superseded one was stopped by a newer save.
    // (One that caught a save half-written may fail on the way; the next one replaces it.)
    const completed = burst.filter((r) => r.status !== 'superseded');
    expect(completed.length, burst.map((r) => r.status).join(', ')).toBeLessThanOrEqual(2);
    expect(burst.every((r) => r.changed.join() === rel)).toBe(true);
    expect(burst.at(-1)).toMatchObject({ status: 'ok', problem: null });
    expect((await page('/de')).html).toContain('<p data-greeting="true">Version 10</p>');
    expect(await readFile(path.join(server.outDir, 'de', 'index.html'), 'utf8')).toContain('Version 10<');
  });
});

describe('sitegen dev: a file being written', () => {
  it('is not rendered from its first write when the save has two: the rebuild writes only once the file is at rest', async () => {
    const other = await devSite();
    // At rest after 2 s without a write: far longer than the pause between the two writes below.
    const slow = await dev({ root: other, port: 0, settleMs: 2000, logger: createMemoryLogger() });
    const jobsPage = await stream('?page=/jobs', slow);
    try {
      const file = path.join(other, 'templates/components/Badge.tsx');
      const first = `import './Badge.css';\nconst text = { value: 'half' };\nexport default function Badge() { return <strong data-badge>{text.value}</strong>; }\n`;
      const done = nextOk(slow);
      const handle = await open(file, 'w');
      await handle.write(first);
      // The first write alone is a module that renders: a rebuild has started from it and bundled it
      // by now (without the wait for rest, it would render and send the half version).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await handle.write("text.value = 'whole';\n");
      await handle.close();
      await done;
      const shown = await jobsPage.next('reload');
      expect(shown.page.main).toContain('<strong data-badge="true">whole</strong>');
      expect((await fetch(slow.url + '/jobs').then((r) => r.text())).includes('>half<')).toBe(false);
      expect(slow.reports.filter((r) => r.status === 'ok')).toHaveLength(2); // the first build, and this one
    } finally {
      jobsPage.close();
      await slow.close();
    }
  });
});

/**
 * A copy of the dev site with a note beside its locale files. A locale file read whole is at rest at
 * once (the tests below the next two); saved together with a file the rebuild does not read whole
 * (the note: saveWithNote), the edit waits for the rest time.
 */
async function devSiteWithNote(): Promise<string> {
  const other = await devSite();
  await writeFile(path.join(other, 'locales/notes.txt'), 'A note.\n');
  return other;
}

function saveWithNote(site: string, deJson: string): void {
  writeFileSync(path.join(site, 'locales/notes.txt'), 'A note saved with de.json.\n');
  writeFileSync(path.join(site, 'locales/de.json'), deJson);
}

describe('sitegen dev: a locale file being written', () => {
  it('renders the open page of a locale edit while the file settles, but writes and shows it only once the file is at rest', async () => {
    const other = await devSiteWithNote();
    // At rest after 2 s without a write: the page is rendered long before.
    const slow = await dev({ root: other, port: 0, settleMs: 2000, logger: createMemoryLogger() });
    const dePage = await stream('?page=/de', slow);
    const written = () => readFile(path.join(slow.outDir, 'de', 'index.html'), 'utf8');
    try {
      const done = slow.nextReport();
      saveWithNote(other, (await readFile(path.join(other, 'locales/de.json'), 'utf8')).replace('"greeting": "Hallo"', '"greeting": "Grüezi"'));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await written()).toContain('Hallo');
      expect((await done).status).toBe('ok');
      expect(await written()).toContain('Grüezi');
      expect((await dePage.next('reload')).page.main).toContain('Grüezi');
    } finally {
      dePage.close();
      await slow.close();
    }
  });

  it('never writes nor shows the open page rendered ahead from an edit that a newer edit supersedes before the file is at rest', async () => {
    const other = await devSiteWithNote();
    const slow = await dev({ root: other, port: 0, settleMs: 1000, logger: createMemoryLogger() });
    const dePage = await stream('?page=/de', slow);
    const file = path.join(other, 'locales/de.json');
    const written = () => readFile(path.join(slow.outDir, 'de', 'index.html'), 'utf8');
    try {
      const text = await readFile(file, 'utf8');
      const done = nextOk(slow);
      saveWithNote(other, text.replace('"greeting": "Hallo"', '"greeting": "Servus"'));
      // The first edit's open page is rendered by now, waiting for the files to be at rest.
      await new Promise((resolve) => setTimeout(resolve, 400));
      saveWithNote(other, text.replace('"greeting": "Hallo"', '"greeting": "Grüezi"'));
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await written()).toContain('Hallo');
      await done;
      // The first edit's rebuild (and any of a write seen half-done) superseded, the second's ok.
      const statuses = slow.reports.slice(1).map((r) => r.status);
      expect([statuses.includes('superseded'), statuses.filter((s) => s !== 'superseded')]).toEqual([true, ['ok']]);
      const shown = (await dePage.next('reload')).page.main;
      expect(shown).toContain('Grüezi');
      expect(await written()).toContain('Grüezi');
      expect((await readdir(path.join(slow.outDir, 'de'), { recursive: true })).join('\n')).not.toMatch(/tmp|\.sitegen/);
    } finally {
      dePage.close();
      await slow.close();
    }
  });

  it('is shown once whole, without the rest time, and never from a part of the save', async () => {
    const other = await devSite();
    // A rest time of a minute: the page is shown in time only because the file was read whole.
    const slow = await dev({ root: other, port: 0, settleMs: 60_000, logger: createMemoryLogger() });
    const dePage = await stream('?page=/de', slow);
    const written = () => readFile(path.join(slow.outDir, 'de', 'index.html'), 'utf8');
    try {
      const file = path.join(other, 'locales/de.json');
      const text = (await readFile(file, 'utf8')).replace('"greeting": "Hallo"', '"greeting": "Grüezi"');
      const done = nextOk(slow);
      const handle = await open(file, 'w');
      // The save in two writes: all but the closing brace first, which is no JSON object yet.
      const end = text.lastIndexOf('}');
      await handle.write(text.slice(0, end));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await written()).toContain('Hallo');
      await handle.write(text.slice(end));
      await handle.close();
      await done;
      expect((await dePage.next('reload')).page.main).toContain('Grüezi');
      expect(await written()).toContain('Grüezi');
      // The first write's rebuild failed to parse it, and was superseded unseen: no overlay was sent.
      expect(dePage.received.map((e) => e.name)).not.toContain('problem');
      expect(slow.reports.map((r) => r.status).filter((s) => s !== 'superseded')).toEqual(['ok', 'ok']);
    } finally {
      dePage.close();
      await slow.close();
    }
  });

  it('does not show the error of its first write when the rest of the save comes within ten times the rest time', async () => {
    const other = await devSite();
    // Writes 300 ms apart: further apart than settleMs, well within the 1 s a failure waits.
    const slow = await dev({ root: other, port: 0, settleMs: 100, logger: createMemoryLogger() });
    try {
      const file = path.join(other, 'locales/de.json');
      const text = (await readFile(file, 'utf8')).replace('"greeting": "Hallo"', '"greeting": "Grüezi"');
      const done = nextOk(slow);
      const handle = await open(file, 'w');
      await handle.write(text.slice(0, 40));
      await new Promise((resolve) => setTimeout(resolve, 300));
      await handle.write(text.slice(40));
      await handle.close();
      await done;
      expect(slow.reports.map((r) => r.status).filter((s) => s !== 'superseded')).toEqual(['ok', 'ok']);
      expect(await fetch(slow.url + '/de').then((r) => r.text())).toContain('Grüezi');
    } finally {
      await slow.close();
    }
  });
});

describe('sitegen dev: a locale file saved in parts, at the default rest time', () => {
  /** Waits `ms` on a timer (the pause of an editor between the writes of one save). */
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * Runs `save` against a dev server of its own at the default rest time, with an event stream open
   * on /de; `text` is its locales/de.json (`file`) with the greeting "Grüezi" instead of "Hallo".
   */
  async function savedWhileOpen(save: (on: { slow: DevServer; dePage: Awaited<ReturnType<typeof stream>>; file: string; text: string }) => Promise<void>) {
    const other = await devSite();
    const slow = await dev({ root: other, port: 0, logger: createMemoryLogger() });
    const dePage = await stream('?page=/de', slow);
    const file = path.join(other, 'locales/de.json');
    try {
      await save({ slow, dePage, file, text: (await readFile(file, 'utf8')).replace('"greeting": "Hallo"', '"greeting": "Grüezi"') });
    } finally {
      dePage.close();
      await slow.close();
    }
  }

  it('shows neither an error nor a part of the file when its writes are further apart than the rest time', () =>
    savedWhileOpen(async ({ slow, dePage, file, text }) => {
      const done = nextOk(slow);
      // Truncated, then four writes 30 ms apart: three times the 10 ms rest time, each a JSON that
      // does not parse; a third of the 100 ms a failure waits before it is shown. Written at once
      // (writeSync), so that a loaded machine can only make a pause longer on both sides alike.
      const fd = openSync(file, 'w');
      for (let at = 0; at < text.length; at += Math.ceil(text.length / 4)) {
        await pause(30);
        writeSync(fd, text.slice(at, at + Math.ceil(text.length / 4)));
      }
      closeSync(fd);
      await done;
      expect((await dePage.next('reload')).page.main).toContain('Grüezi');
      // Rebuilds read the parts (and were superseded); none failed, and the browser saw no problem.
      const statuses = slow.reports.slice(1).map((r) => r.status);
      expect(statuses).toContain('superseded');
      expect(statuses.filter((s) => s !== 'superseded')).toEqual(['ok']);
      expect(dePage.received.map((e) => e.name)).not.toContain('problem');
      expect(await fetch(slow.url + '/de').then((r) => r.text())).toContain('<p data-greeting="true">Grüezi</p>');
    }));

  it("never shows the default locale's text while an editor replaces the file (moved away, then written anew)", () =>
    savedWhileOpen(async ({ slow, dePage, file, text }) => {
      // As an editor that keeps a backup: the old file moved away, the new one written 30 ms later
      // (three times the rest time; a third of what a rebuild waits while a file is gone).
      renameSync(file, file + '~');
      await pause(30);
      writeFileSync(file, text);
      const pagesSent = () => dePage.received.flatMap((e) => (e.name === 'reload' && e.data.page ? [e.data.page.main as string] : []));
      await expect.poll(() => pagesSent().some((main) => main.includes('Grüezi'))).toBe(true);
      await slow.idle();
      expect(pagesSent()).toEqual([expect.stringContaining('<p data-greeting="true">Grüezi</p>')]);
      expect(await fetch(slow.url + '/de').then((r) => r.text())).toContain('<p data-greeting="true">Grüezi</p>');
      expect(await readFile(path.join(slow.outDir, 'de', 'index.html'), 'utf8')).not.toContain('Hello');
    }));
});

describe('sitegen dev: only its own host names (DNS rebinding)', () => {
  function withHost(target: DevServer, host: string, url = '/de'): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: target.port, path: url, headers: { Host: host.replace('PORT', String(target.port)) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it.each(['localhost:PORT', '127.0.0.1:PORT', '[::1]:PORT'])('answers pages for Host %s', async (host) => {
    const res = await withHost(server, host);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<p data-greeting="true">');
  });

  it.each(['evil.example', 'evil.example:PORT', 'localhost.evil.example:PORT', '127.0.0.1.evil.example:PORT'])(
    'refuses pages, assets and the client for Host %s with 403 naming --allowed-hosts',
    async (host) => {
      for (const url of ['/de', '/nope', '/__sitegen/client.js']) {
        const res = await withHost(server, host, url);
        expect(res.status, url).toBe(403);
        expect(res.body, url).toMatch(/^Blocked: .*--allowed-hosts [^\n]*\n$/);
      }
    },
  );

  it('answers the names given with allowedHosts, pages and event stream alike', async () => {
    const other = await dev({ root: await devSite(), port: 0, allowedHosts: ['preview.example'], logger: createMemoryLogger() });
    try {
      expect((await withHost(other, 'preview.example:PORT')).status).toBe(200);
      expect((await withHost(other, 'evil.example:PORT')).status).toBe(403);
      const events = await new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: other.port, path: '/__sitegen/events', headers: { Host: `preview.example:${other.port}` } }, (res) => {
          resolve(res.statusCode!);
          req.destroy();
        });
        req.on('error', reject);
        req.end();
      });
      expect(events).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('sitegen dev: event stream', () => {
  function events(headers: Record<string, string>): Promise<{ status: number; first: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/__sitegen/events', headers }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ status: res.statusCode!, first: chunk.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('answers pages of the dev server', async () => {
    const res = await events({ Host: `localhost:${server.port}` });
    expect(res.status).toBe(200);
    expect(res.first).toContain('retry:');
  });

  it.each([
    ['a foreign Host (DNS rebinding)', { Host: `evil.example:${'PORT'}` }],
    ['another site as Origin', { Origin: 'https://evil.example' }],
    ['a cross-site fetch', { 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses %s with 403', async (_name, extra) => {
    const headers: Record<string, string> = { Host: `127.0.0.1:${server.port}` };
    for (const [k, v] of Object.entries(extra)) headers[k] = v.replace('PORT', String(server.port));
    const res = await events(headers);
    expect(res.status).toBe(403);
    expect(res.first).toMatch(/^(Forbidden|Blocked): /); // the host guard answers a foreign Host before the stream's own check
  });

  it("renders the page a stream says it shows first, and sends it that page's new main and shell before the other pages are done", async () => {
    const about = await stream('?page=' + encodeURIComponent('/fr/about'));
    const other = await stream('?page=/de');
    try {
      const report = edit('locales/fr.json', (s) => s.replace('"about": "À propos"', '"about": "Qui sommes-nous"'));
      const first = await about.next('reload');
      expect(first).toMatchObject({ all: false, paths: ['/fr/about'], page: { path: '/fr/about' } });
      expect(first.page.main).toMatch(/^<main id="main"[^>]*>.*<\/main>$/s);
      // The shell of the page as the dev server now serves it, which the client compares with its own.
      const served = (await page('/fr/about')).html;
      expect(first.page.shell).toBe(/data-shell="([^"]+)"/.exec(served)![1]);
      expect(served).toContain(first.page.main);
      expect(await about.next('reload')).toEqual({ all: false, paths: ['/fr', '/fr/404.html', '/fr/jobs'] });
      expect((await report).paths).toEqual(['/fr', '/fr/404.html', '/fr/about', '/fr/jobs']);
      // A page that is not among the paths gets them, and no page.
      expect(await other.next('reload')).toEqual({ all: false, paths: ['/fr/about'] });
      expect(await other.next('reload')).toEqual({ all: false, paths: ['/fr', '/fr/404.html', '/fr/jobs'] });
    } finally {
      about.close();
      other.close();
    }
  });

  it('sends a page only the file at one of the paths it names, whatever the stream says it shows', async () => {
    const outside = await stream('?page=' + encodeURIComponent('/../../locales/fr.json'));
    try {
      await edit('locales/fr.json', (s) => s.replace('"greeting": "Bonjour"', '"greeting": "Salut"'));
      expect(await outside.next('reload')).toEqual({ all: false, paths: ['/fr'] });
    } finally {
      outside.close();
    }
  });

  it('sends the current problem to a page that connects while a build is broken', async () => {
    const broken = await edit('locales/fr.json', (s) => s.replace('{', '{{'));
    expect(broken.status).toBe('failed');
    const res = await events({ Host: `127.0.0.1:${server.port}` });
    expect(res.first).toContain('event: problem');
    expect(res.first).toContain('locales/fr.json:');
    await edit('locales/fr.json', (s) => s.replace('{{', '{'));
  });
});

describe('sitegen dev: a page asked for before the first build is done', () => {
  it('says the site is being built (not that a build failed), and shows the page once it is', async () => {
    // A page that takes its time to load (its data, say): the first build waits for it.
    const other = await devSite({
      'pages/slow.tsx':
        "await new Promise((resolve) => setTimeout(resolve, 1500));\nexport const head = { title: 'about.title', description: 'about.description' };\nexport default function Slow() { return <p>slow page</p>; }\n",
    });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const starting = dev({ root: other, port, logger: createMemoryLogger() });
    try {
      let waiting: Response | null = null;
      for (let i = 0; i < 200 && !waiting; i++) waiting = await fetch(`http://127.0.0.1:${port}/slow`).catch(() => new Promise<null>((r) => setTimeout(() => r(null), 10)));
      expect(waiting!.status).toBe(503);
      const text = await waiting!.text();
      expect(text).toContain('The site is being built: this page reloads as soon as the build is done.');
      expect(text).toContain('/__sitegen/client.js');
      const running = await starting;
      expect(running.reports[0]).toMatchObject({ status: 'ok' });
      expect(await (await fetch(`http://127.0.0.1:${port}/slow`)).text()).toContain('<p>slow page</p>');
    } finally {
      await (await starting).close();
    }
  });
});

describe('sitegen dev: a first build that fails', () => {
  it('keeps running, answers with a page that shows the problem, and builds once fixed', async () => {
    const other = await devSite();
    const de = path.join(other, 'locales/de.json');
    const good = await readFile(de, 'utf8');
    await writeFile(de, good.replace('{', '{ oops'));
    const broken = await dev({ root: other, port: 0, logger: createMemoryLogger() });
    try {
      expect(broken.reports[0]).toMatchObject({ status: 'failed', problem: { file: 'locales/de.json', line: 1 } });
      const res = await fetch(broken.url + '/de');
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(text).toContain('/__sitegen/client.js');
      expect(text).toContain('The site has not been built yet: the error is shown above and in the terminal.');
      const next = broken.nextReport();
      await writeFile(de, good);
      expect(await next).toMatchObject({ status: 'ok', kind: 'full' });
      expect((await fetch(broken.url + '/de')).status).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

describe('sitegen build never contains the dev client', () => {
  it('writes pages without the live-reload script', async () => {
    const result = await build({ root: site, outDir: 'dist', logger: createMemoryLogger() });
    const html = await readFile(path.join(result.outDir, 'de', 'index.html'), 'utf8');
    expect(html).toContain('<html lang="de-DE"');
    expect(html).not.toContain('__sitegen/client.js');
    expect(html).not.toContain('/__sitegen/events');
  });
});
