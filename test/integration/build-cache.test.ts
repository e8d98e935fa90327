/**
 * The persistent build cache: a cached build writes exactly what a cold build writes; after one
 * message edit in one locale only the pages that use it render again; a damaged or foreign entry
 * and a cache folder that cannot be written cost at most one warning line, never a wrong page.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readdir, readFile, rename, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { runCli } from '../../src/cli.ts';
import { pageFolder, readPageIndex, type PackLocation } from '../../src/cache/page-packs.ts';
import { toolVersion } from '../../src/cache/build-cache.ts';
import { editFile, expectSameTree, fixtureSites } from '../helpers/site.ts';

const basic = fixtureSites('basic');
const CACHE = '.cache-test';
const buildInto = (root: string, out: string, cacheDir: string | false = CACHE): Promise<BuildResult> =>
  build({ root, outDir: out, cacheDir, logger: createMemoryLogger(), workers: 0 });
const entries = async (root: string, kind: 'check' | 'esbuild') =>
  (await readdir(path.join(root, CACHE, kind))).filter((n) => n.endsWith('.json')).map((n) => path.join(root, CACHE, kind, n));
const cacheWarnings = (r: BuildResult) => r.warnings.filter((w) => w.includes('cache'));
/** This sitegen version's page folder (see cache/page-packs.ts, pageFolder). */
const packsFolder = (root: string) => pageFolder(path.join(root, CACHE), toolVersion());

/** Where the cache's index says each page entry is (see cache/page-packs.ts), in the order of their packs' bytes. */
function pageEntries(root: string): PackLocation[] {
  const index = readPageIndex(packsFolder(root));
  if (index === 'damaged') throw new Error('the page index is damaged');
  return [...index.values()].sort((a, b) => (a.pack === b.pack ? a.offset - b.offset : a.pack < b.pack ? -1 : 1));
}

/**
 * Replaces a page entry's bytes in its pack with `damage` of them, cut or padded with spaces to
 * the entry's length: the index still finds the entry where it was, the bytes there are wrong.
 */
async function damageEntry(root: string, at: PackLocation, damage: (bytes: Buffer) => Buffer): Promise<void> {
  const file = path.join(packsFolder(root), at.pack);
  const pack = await readFile(file);
  const damaged = Buffer.alloc(at.length, ' ');
  damage(Buffer.from(pack.subarray(at.offset, at.offset + at.length))).copy(damaged, 0, 0, at.length);
  damaged.copy(pack, at.offset);
  await writeFile(file, pack);
}

/** Damages a whole entry file (a check entry). */
async function damageFile(file: string, damage: (bytes: Buffer) => Buffer): Promise<void> {
  await writeFile(file, damage(await readFile(file)));
}

/** Each file of a folder, by name, with its bytes. */
async function folderBytes(folder: string): Promise<Record<string, Buffer>> {
  const names = await readdir(folder);
  return Object.fromEntries(await Promise.all(names.map(async (n) => [n, await readFile(path.join(folder, n))] as const)));
}

/** The bytes of every pack, and the bytes of the entries the index names. */
async function packBytes(root: string): Promise<{ packs: number; named: number }> {
  const names = (await readdir(packsFolder(root))).filter((n) => n.endsWith('.pack'));
  const sizes = await Promise.all(names.map((n) => stat(path.join(packsFolder(root), n)).then((s) => s.size)));
  return { packs: sizes.reduce((a, b) => a + b, 0), named: pageEntries(root).reduce((sum, at) => sum + at.length, 0) };
}

/**
 * Changes an entry's JSON: the whole text, or a page entry's first line (the documents' text
 * follows it as it is, see render/render-cache.ts).
 */
function rewriteHead(change: (entry: { key: string; value: Record<string, unknown> }) => unknown): (bytes: Buffer) => Buffer {
  return (bytes) => {
    const text = bytes.toString('utf8');
    const end = text.includes('\n') ? text.indexOf('\n') : text.length;
    return Buffer.from(JSON.stringify(change(JSON.parse(text.slice(0, end)))) + text.slice(end));
  };
}

/**
 * Breaks the first part after a page entry's first line (its message keys, as JSON) without
 * changing any length; a check entry (one JSON text) gets a byte changed likewise.
 */
function damagePart(bytes: Buffer): Buffer {
  const at = bytes.indexOf(0x0a);
  bytes[at < 0 ? 0 : at + 1] = 0x78; // 'x'
  return bytes;
}

describe('build cache', () => {
  it('a second build with nothing changed renders nothing, checks nothing again and writes the same bytes as the cold build', async () => {
    const root = await basic();
    const cold = await buildInto(root, 'cold');
    expect(cold.cache).toMatchObject({ reused: 0, damaged: 0 });
    expect(cold.cache!.rendered).toBeGreaterThan(0);
    const warm = await buildInto(root, 'warm');
    expect(warm.cache).toMatchObject({ reused: cold.cache!.rendered, rendered: 0, damaged: 0 });
    expect(warm.buildId).toBe(cold.buildId);
    // The check's parts: one for en (with the site-wide checks), one for ar (no file), one for de.
    expect(await entries(root, 'check')).toHaveLength(3);
    expect(warm.warnings).toEqual(cold.warnings);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'warm'));
  });

  it('after one message edit in one locale only the pages using it render again, and the output equals a cold build', async () => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const cached = await buildInto(root, 'cached');
    // Only the de home page uses home.intro.
    expect(cached.cache).toMatchObject({ rendered: 1, reused: first.cache!.rendered - 1 });
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect(await readFile(path.join(root, 'cached', 'de', 'index.html'), 'utf8')).toContain('für dich und alle.');
  });

  it('after one message edit, pages from the cache written over many rounds of writes equal a cold build (the room their entries are read into is reused only once their writes are done)', async () => {
    // 40 more routes in 3 locales: more pages than one run of the main thread renders, and more writes than it lets wait.
    const copies = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`pages/many/p${i}.tsx`, "export { default, head, layout } from '../about.tsx';\n"]));
    const root = await basic(copies);
    const first = await buildInto(root, 'first');
    expect(first.cache!.rendered).toBeGreaterThan(128);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ rendered: 1, reused: first.cache!.rendered - 1 });
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
  });

  it('a locale file whose text changes but not its messages (reformatted) renders no page again, and the output equals a cold build', async () => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    // The renderers are told of each file by a print of its text: a new text is checked key by key.
    await editFile(root, 'locales/de.json', (text) => JSON.stringify(JSON.parse(text), null, 4) + '\n');
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ rendered: 0, reused: first.cache!.rendered, damaged: 0 });
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
  });

  it('a build keeps each locale file\'s text in the cache, once, named by its print: a text kept already is not written again', async () => {
    const root = await basic();
    await buildInto(root, 'first');
    const folder = path.join(root, CACHE, 'messages');
    // en and de have files; ar has none.
    const kept = (await readdir(folder)).sort();
    expect(kept).toHaveLength(2);
    const texts = await Promise.all(kept.map((name) => readFile(path.join(folder, name), 'utf8')));
    const sources = await Promise.all(['en', 'de'].map((code) => readFile(path.join(root, 'locales', `${code}.json`), 'utf8')));
    expect(texts.sort()).toEqual(sources.sort());
    for (const name of kept) expect(name).toBe(createHash('sha1').update(await readFile(path.join(folder, name), 'utf8')).digest('hex'));
    const past = new Date('2020-01-01T00:00:00Z');
    for (const name of kept) await utimes(path.join(folder, name), past, past);
    await buildInto(root, 'second');
    for (const name of kept) expect((await stat(path.join(folder, name))).mtime).toEqual(past);
  });

  it('after an edit of a locale whose earlier text the cache no longer has (pruned) or has cut short, its pages render again, and the output equals a cold build', async () => {
    for (const lose of [(file: string) => rm(file), (file: string) => truncate(file, 10)]) {
      const root = await basic();
      const first = await buildInto(root, 'first');
      const deText = path.join(root, CACHE, 'messages', createHash('sha1').update(await readFile(path.join(root, 'locales', 'de.json'), 'utf8')).digest('hex'));
      await lose(deText);
      await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
      const cached = await buildInto(root, 'cached');
      // Not only the de home page (the one using the message edited): every de page the cache had
      // (each locale has the same pages).
      const dePages = first.cache!.rendered / first.locales;
      expect(cached.cache).toMatchObject({ rendered: dePages, reused: first.cache!.rendered - dePages, damaged: 0 });
      expect(dePages).toBeGreaterThan(1);
      await buildInto(root, 'cold', false);
      await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    }
  });

  it('two routes reading the same messages share their entries\' lists: after an edit of one of them both render again, and the output equals a cold build', async () => {
    const root = await basic();
    // A second route whose render reads exactly what the home page's does (one shared list of keys per locale).
    await writeFile(path.join(root, 'pages', 'copy.tsx'), await readFile(path.join(root, 'pages', 'index.tsx'), 'utf8'));
    const first = await buildInto(root, 'first');
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ rendered: 2, reused: first.cache!.rendered - 2, damaged: 0 });
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect(await readFile(path.join(root, 'cached', 'de', 'copy', 'index.html'), 'utf8')).toContain('für dich und alle.');
    // And nothing changed: every page from the cache, the same bytes.
    const warm = await buildInto(root, 'warm');
    expect(warm.cache).toMatchObject({ rendered: 0, damaged: 0 });
    await expectSameTree(path.join(root, 'cached'), path.join(root, 'warm'));
  });

  it('two routes whose lists are the same length but not the same keys keep their own: a build from the cache reports what a cold one does', async () => {
    const page = (key: string) =>
      `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
      `export default function Page() { const { t } = useI18n(); return <p>{t('${key}')}</p>; }\n`;
    const root = await basic({ 'pages/aa.tsx': page('same.aa'), 'pages/bb.tsx': page('same.bb') });
    await editFile(root, 'locales/en.json', (text) => text.replace('{', '{ "same": { "aa": "A", "bb": "B" },'));
    // de has only one of them: its other page shows en's, and the build says so.
    await editFile(root, 'locales/de.json', (text) => text.replace('{', '{ "same": { "aa": "A (de)" },'));
    const cold = await buildInto(root, 'cold', false);
    await buildInto(root, 'first');
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ rendered: 0, damaged: 0 });
    expect([...cached.usedKeys].sort()).toEqual([...cold.usedKeys].sort());
    expect(cached.usedKeys).toContain('same.bb');
    expect(cached.warnings).toEqual(cold.warnings);
    expect(cached.warnings.join('\n')).toContain('same.bb');
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
  });

  it("a page's links come back from its cache entry as its render found them: a build wholly from the cache reports the broken links a cold build reports", async () => {
    // A plain link, a language link and a relative one, on two routes (each judged on its own page or once per locale).
    const page = `import { useI18n, type PageHead } from 'sitegen';\nexport const head: PageHead = { title: 'about.title', description: 'about.description' };\n` +
      `export default function Page() { const { t } = useI18n(); return <p>{t('about.title')}<a href="/gone">x</a><a hreflang="fr" href="/fr/gone">fr</a><a href="gone-too">y</a></p>; }\n`;
    const root = await basic({ 'pages/aa.tsx': page, 'pages/bb.tsx': page });
    const failed = async (out: string, cacheDir: string | false = CACHE) => {
      let pairs = 0;
      let work = 0;
      const err = await build({ root, outDir: out, cacheDir, logger: createMemoryLogger(), workers: 0, onPlan: (n) => (pairs = n), onRender: (n) => (work = n) }).then(
        () => expect.fail('the build passed'),
        (e: { code?: string; detail?: string }) => e,
      );
      expect(err.code).toBe('BrokenLinks');
      return { lines: err.detail!.split('\n'), pairs, work };
    };
    const cold = await failed('cold', false);
    expect(cold.lines).toContain('pages/aa.tsx [de]: link to "/fr/gone" leads to no page of this build');
    expect(cold.lines).toContain('pages/bb.tsx [de]: link to "gone-too" (/de/gone-too) leads to no page of this build');
    // The failed build kept its pages' entries: the next one takes every page from the cache (a tenth of a render each).
    await failed('first');
    const cached = await failed('cached');
    expect(cached.work).toBeCloseTo(cached.pairs / 10);
    expect(cached.lines).toEqual(cold.lines);
  });

  it('a string added for the browser runtime in en is in every cached page of every locale, as in a cold build', async () => {
    const root = await basic();
    await buildInto(root, 'first');
    // No page reads runtime.online: only the documents carry it, in the runtime's strings.
    await editFile(root, 'locales/en.json', (text) => text.replace('"runtime": { "offline": "You are offline" }', '"runtime": { "offline": "You are offline", "online": "Back online" }'));
    const cached = await buildInto(root, 'cached');
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect(cached.cache!.reused).toBe(0);
    expect(await readFile(path.join(root, 'cached', 'de', 'index.html'), 'utf8')).toContain('"online":"Back online"');
  });

  it('files and folders the pages read as their modules load are inputs: a change renders the pages again under a new build id, as a cold build; none, the next build does nothing', async () => {
    const page = `import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const dir = path.join(import.meta.dirname, '../content');
const posts = await Promise.all(readdirSync(dir).sort().map((name) => readFile(path.join(dir, name), 'utf8')));
const note = readFileSync(new URL('./note.txt', import.meta.url), 'utf8');
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{posts.join('|')}/{note}</span></h1>;
}
`;
    const root = await basic({ 'pages/about.tsx': page, 'pages/note.txt': 'n1', 'content/a.md': 'A1' });
    const first = await buildInto(root, 'out');
    const unchanged = await buildInto(root, 'out');
    expect(unchanged.cache).toMatchObject({ rendered: 0 });
    expect(unchanged.buildId).toBe(first.buildId);
    const changes: [() => Promise<void>, string][] = [
      [() => writeFile(path.join(root, 'content/a.md'), 'A2'), 'A2/n1'],
      [() => writeFile(path.join(root, 'content/b.md'), 'B1'), 'A2|B1/n1'],
      [() => writeFile(path.join(root, 'pages/note.txt'), 'n2'), 'A2|B1/n2'],
    ];
    let id = first.buildId;
    for (const [change, shown] of changes) {
      await change();
      const cached = await buildInto(root, 'out');
      expect(cached.buildId).not.toBe(id);
      id = cached.buildId;
      // Every page: any of them may show what the modules read.
      expect(cached.cache).toMatchObject({ rendered: first.cache!.rendered, reused: 0 });
      expect(await readFile(path.join(root, 'out/de/about/index.html'), 'utf8')).toContain(`<span>${shown}</span>`);
      await buildInto(root, 'cold', false);
      await expectSameTree(path.join(root, 'cold'), path.join(root, 'out'));
    }
  });

  it('a recursive listing of a folder is an input down to its deepest folder: a file added below it, or a folder, renders the pages again', async () => {
    const page = (call: string) => `import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const dir = new URL('../content', import.meta.url);
const names = (${call}).map(String).sort();
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{names.join('|')}</span></h1>;
}
`;
    for (const call of ["readdirSync(dir, { recursive: true })", "await readdir(dir, { recursive: true, withFileTypes: true }).then((es) => es.map((e) => e.name))"]) {
      const root = await basic({ 'pages/about.tsx': page(call), 'content/guides/install.md': 'I' });
      await buildInto(root, 'out');
      const changes: [() => Promise<void>, string][] = [
        [() => writeFile(path.join(root, 'content/guides/deploy.md'), 'D'), 'guides|guides/deploy.md|guides/install.md'],
        [() => mkdir(path.join(root, 'content/guides/more')), 'guides|guides/deploy.md|guides/install.md|guides/more'],
        [() => writeFile(path.join(root, 'content/guides/more/faq.md'), 'F'), 'guides|guides/deploy.md|guides/install.md|guides/more|guides/more/faq.md'],
      ];
      for (const [change, shown] of changes) {
        await change();
        const cached = await buildInto(root, 'out');
        expect(cached.cache!.reused, call).toBe(0);
        const html = await readFile(path.join(root, 'out/de/about/index.html'), 'utf8');
        // withFileTypes gives the names alone.
        expect(html).toContain(`<span>${call.includes('withFileTypes') ? shown.split('|').map((n) => n.split('/').at(-1)).sort().join('|') : shown}</span>`);
      }
    }
  });

  it('a file that changes after a page read it, as the build runs, is printed as the page read it: the next build renders the pages again with what it holds now', async () => {
    // The page reads content/a.md; a module loaded after it writes the file anew (as an editor
    // saving while the build runs would), once.
    const page = `import { readFileSync } from 'node:fs';
import { useI18n, type PageHead } from 'sitegen';
import '../templates/components/save.ts';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const text = readFileSync(new URL('../content/a.md', import.meta.url), 'utf8');
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{text}</span></h1>;
}
`;
    const save = `import { readFileSync, writeFileSync } from 'node:fs';
const file = new URL('../../content/a.md', import.meta.url);
queueMicrotask(() => readFileSync(file, 'utf8') === 'A1' && writeFileSync(file, 'A2'));
`;
    const root = await basic({ 'pages/about.tsx': page, 'templates/components/save.ts': save, 'content/a.md': 'A1' });
    const shown = async () => /<span>(.*?)<\/span>/.exec(await readFile(path.join(root, 'out/de/about/index.html'), 'utf8'))?.[1];
    await buildInto(root, 'out');
    expect(await shown()).toBe('A1');
    expect(await readFile(path.join(root, 'content/a.md'), 'utf8')).toBe('A2');
    const next = await buildInto(root, 'out');
    expect(next.cache).toMatchObject({ reused: 0 });
    expect(await shown()).toBe('A2');
    expect((await buildInto(root, 'out')).cache).toMatchObject({ rendered: 0 });
  });

  it('data read in any encoding and through any reading call: with nothing changed the next build renders nothing, after a change every page', async () => {
    // Text of bytes that are not UTF-8, read as UTF-8 and as Latin-1, a callback readFile and a Buffer.
    const page = `import fs, { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const at = (name: string) => new URL('../content/' + name, import.meta.url);
const texts = [
  readFileSync(at('latin1.txt'), 'utf8').length,
  readFileSync(at('latin1.txt'), { encoding: 'latin1' }),
  await promisify(fs.readFile)(at('b.txt'), 'utf8'),
  readFileSync(at('c.bin')).length,
];
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{texts.join('/')}</span></h1>;
}
`;
    const root = await basic({ 'pages/about.tsx': page, 'content/b.txt': 'B1', 'content/c.bin': 'C1' });
    await writeFile(path.join(root, 'content/latin1.txt'), Buffer.from('caf\xe9', 'latin1'));
    const shown = async () => /<span>(.*?)<\/span>/.exec(await readFile(path.join(root, 'out/de/about/index.html'), 'utf8'))?.[1];
    const first = await buildInto(root, 'out');
    expect(await shown()).toBe('4/café/B1/2');
    expect((await buildInto(root, 'out')).cache).toMatchObject({ rendered: 0 });
    for (const [file, bytes, now] of [['latin1.txt', 'caf\xe8', '4/cafè/B1/2'], ['b.txt', 'B2', '4/cafè/B2/2'], ['c.bin', 'C22', '4/cafè/B2/3']]) {
      await writeFile(path.join(root, 'content', file!), Buffer.from(bytes!, 'latin1'));
      expect((await buildInto(root, 'out')).cache).toMatchObject({ rendered: first.cache!.rendered, reused: 0 });
      expect(await shown()).toBe(now);
      expect((await buildInto(root, 'out')).cache).toMatchObject({ rendered: 0 });
    }
  });

  it('what the pages fetch as their modules load is an input: the same answers reuse every page, another answer renders them again under a new build id, as a cold build', async () => {
    // A headless CMS: a GET of a post and a GraphQL-like POST, whose answers the test changes.
    const answers = { post: 'first post', query: 'first query' };
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(req.method === 'POST' ? { data: `${answers.query} for ${JSON.parse(body).query}` } : { title: answers.post }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const cms = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const post = await (await fetch('${cms}/post/1')).json();
const query = await (await globalThis.fetch('${cms}/graphql', { method: 'POST', body: JSON.stringify({ query: 'posts' }) })).json();
export default function About() {
  const { t } = useI18n();
  return <h1>{t('about.title')}<span>{post.title}|{query.data}</span></h1>;
}
`;
    try {
      const root = await basic({ 'pages/about.tsx': page });
      const shown = async () => /<span>(.*?)<\/span>/.exec(await readFile(path.join(root, 'out/de/about/index.html'), 'utf8'))?.[1];
      const first = await buildInto(root, 'out');
      expect(await shown()).toBe('first post|first query for posts');
      // Nothing changed: the modules load to ask again, and every page comes from the cache.
      const same = await buildInto(root, 'out');
      expect(same.buildId).toBe(first.buildId);
      expect(same.cache).toMatchObject({ rendered: 0 });
      let id = first.buildId;
      for (const [change, now] of [[() => (answers.post = 'second post'), 'second post|first query for posts'], [() => (answers.query = 'second query'), 'second post|second query for posts']] as const) {
        change();
        const cached = await buildInto(root, 'out');
        expect(cached.buildId).not.toBe(id);
        id = cached.buildId;
        expect(cached.cache).toMatchObject({ rendered: first.cache!.rendered, reused: 0 });
        expect(await shown()).toBe(now);
        await buildInto(root, 'cold', false);
        await expectSameTree(path.join(root, 'cold'), path.join(root, 'out'));
      }
    } finally {
      server.close();
    }
  });

  it('environment variables the pages read as their modules load are inputs: another value renders the pages again under a new build id, as a cold build', async () => {
    const page = `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
const tag = process.env.SITEGEN_TEST_TAG ?? 'untagged';
export default function About() {
  const { t } = useI18n();
  return <h1 data-tag={tag}>{t('about.title')}{process.env.NODE_ENV === 'production' ? '' : '.'}</h1>;
}
`;
    const root = await basic({ 'pages/about.tsx': page });
    const builds: BuildResult[] = [];
    try {
      for (const tag of [undefined, undefined, 'a', 'b']) {
        if (tag === undefined) delete process.env.SITEGEN_TEST_TAG;
        else process.env.SITEGEN_TEST_TAG = tag;
        const cached = await buildInto(root, 'out');
        const same = builds.at(-1) && builds.at(-1)!.buildId === cached.buildId;
        expect(cached.cache).toMatchObject(same ? { rendered: 0 } : { rendered: builds[0]?.cache!.rendered ?? cached.cache!.rendered, reused: 0 });
        builds.push(cached);
        expect(await readFile(path.join(root, 'out/de/about/index.html'), 'utf8')).toContain(`<h1 data-tag="${tag ?? 'untagged'}">`);
        await buildInto(root, 'cold', false);
        await expectSameTree(path.join(root, 'cold'), path.join(root, 'out'));
      }
    } finally {
      delete process.env.SITEGEN_TEST_TAG;
    }
    // The same value, the same build id; another, another one.
    expect(new Set(builds.map((b) => b.buildId)).size).toBe(3);
    expect(builds[1]!.buildId).toBe(builds[0]!.buildId);
  });

  it('an edit of a page renders every page again (the bundle is part of every key)', async () => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    await editFile(root, 'pages/about.tsx', (text) => text.replace('<h1>', '<h1 className="edited">'));
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ reused: 0, rendered: first.cache!.rendered });
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
  });

  it.each([0, 1])('after a page edit, the pages of locales whose files the cache keeps (parsed on first use) show their own texts (%i worker threads)', async (workers) => {
    const root = await basic();
    const logger = createMemoryLogger();
    const first = await build({ root, outDir: 'first', cacheDir: CACHE, logger, workers });
    await editFile(root, 'pages/about.tsx', (text) => text.replace('<h1>', '<h1 className="edited">'));
    // Every page renders again, from messages whose parsing waited for it (i18n/deferred-messages.ts).
    const cached = await build({ root, outDir: 'cached', cacheDir: CACHE, logger, workers });
    expect(cached.cache).toMatchObject({ reused: 0, rendered: first.cache!.rendered });
    expect(cached.warnings).toEqual(first.warnings);
    const about = await readFile(path.join(root, 'cached', 'de', 'about', 'index.html'), 'utf8');
    expect(about).toContain('<h1 class="edited">Über uns</h1>');
    expect(about).toContain('>Versionen der Richtlinie</a>');
    expect(await readFile(path.join(root, 'cached', 'de', 'index.html'), 'utf8')).toContain('Die Startseite');
  });

  it.each([
    ['truncated', (bytes: Buffer) => bytes.subarray(0, 40)],
    ['not JSON', () => Buffer.from('garbage\u0000')],
    ['written for another key (another sitegen version)', rewriteHead((entry) => ({ ...entry, key: 'another-version-' + entry.key }))],
    ['of the wrong shape', rewriteHead((entry) => ({ key: entry.key, value: { ...entry.value, docs: 'not a list', findings: 'not a list' } }))],
    ['with a part after its first line that is not what it says (a list that is not JSON)', damagePart],
    [
      'with another number of documents than the page has paths',
      rewriteHead((entry) => (Array.isArray(entry.value.docs) ? { ...entry, value: { ...entry.value, docs: [...entry.value.docs, [0, 0]] } } : { ...entry, key: 'another-' + entry.key })),
    ],
  ])('an entry %s is ignored with one warning line, and the pages are right', async (_what, damage) => {
    const root = await basic();
    await buildInto(root, 'first');
    for (const at of pageEntries(root).slice(0, 2)) await damageEntry(root, at, damage);
    // And the check's three parts (en, ar, de).
    for (const file of await entries(root, 'check')) await damageFile(file, damage);
    const cached = await buildInto(root, 'cached');
    expect(cached.cache!.damaged).toBe(5);
    expect(cacheWarnings(cached)).toHaveLength(1);
    expect(cacheWarnings(cached)[0]).toMatch(/^build cache: 5 damaged entries in .* ignored and made again\.$/);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    // The damaged entries were written again: the next build reuses every page.
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
  });

  it('a pack cut short: the entries past the cut render again with one warning line, and the pages are right', async () => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    const [last, beforeLast] = pageEntries(root).reverse();
    expect(last!.pack).toBe(beforeLast!.pack);
    // Cut inside the entry before the last one: that one is cut short, the last one is not there at all.
    await truncate(path.join(packsFolder(root), beforeLast!.pack), beforeLast!.offset + 40);
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ damaged: 2, rendered: 0, reused: first.cache!.rendered - 2 });
    expect(cacheWarnings(cached)).toEqual([expect.stringMatching(/^build cache: 2 damaged entries in .* ignored and made again\.$/)]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
  });

  it.each([
    ['cut short', (file: string) => readFile(file).then((b) => writeFile(file, b.subarray(0, b.length - 30)))],
    ['with a byte changed', (file: string) => readFile(file).then((b) => writeFile(file, damagePart(b)))],
    ['not an index at all', (file: string) => writeFile(file, 'garbage\n')],
  ])('an index %s is ignored with one warning line: every page renders again, right, and is reused by the next build', async (_what, damage) => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    await damage(path.join(packsFolder(root), 'index'));
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ damaged: 1, reused: 0, rendered: first.cache!.rendered });
    expect(cacheWarnings(cached)).toEqual([expect.stringMatching(/^build cache: 1 damaged entry in .* ignored and made again\.$/)]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
  });

  it('a cold build writes its page entries into one pack, not a file per page', async () => {
    const root = await basic();
    const cold = await buildInto(root, 'cold');
    expect(cold.cache!.rendered).toBeGreaterThan(10);
    expect((await readdir(packsFolder(root))).sort()).toEqual([expect.stringMatching(/\.pack$/), 'index']);
    expect(pageEntries(root)).toHaveLength(cold.cache!.rendered);
  });

  it('pages rendered by worker threads are kept too, each thread in a pack of its own, and the next build reuses them all', async () => {
    const root = await basic();
    const cold = await build({ root, outDir: 'cold', cacheDir: CACHE, logger: createMemoryLogger(), workers: 1 });
    expect(new Set(pageEntries(root).map((at) => at.pack)).size).toBe(2);
    const warm = await buildInto(root, 'warm');
    expect(warm.cache).toMatchObject({ reused: cold.cache!.rendered, rendered: 0, damaged: 0 });
    await buildInto(root, 'uncached', false);
    await expectSameTree(path.join(root, 'uncached'), path.join(root, 'cold'));
    await expectSameTree(path.join(root, 'uncached'), path.join(root, 'warm'));
  });

  it('packs no index names are removed at the end of a build, and edit after edit the packs hold at most twice the bytes the index names', async () => {
    const root = await basic();
    await buildInto(root, 'first');
    // What a build killed mid-way leaves: a pack of a process that is gone.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    await writeFile(path.join(packsFolder(root), `${gone}-0123abcd-1.pack`), 'half an entry');
    // Each a message of many pages or of one, in one locale: every edit leaves some of the packs' entries unnamed.
    const edits: [string, RegExp, (i: number) => string][] = [
      ['locales/en.json', /"home": "[^"]*"/, (i) => `"home": "Home ${i}"`],
      ['locales/de.json', /für dich[^.]*\./, (i) => `für dich ${i}.`],
      ['locales/de.json', /"home": "[^"]*"/, (i) => `"home": "Startseite ${i}"`],
      ['locales/en.json', /"about": "[^"]*"/, (i) => `"about": "About ${i}"`],
      ['locales/de.json', /für dich[^.]*\./, (i) => `für dich ${i}.`],
      ['locales/en.json', /"home": "[^"]*"/, (i) => `"home": "Home ${i}"`],
    ];
    for (const [i, [file, pattern, text]] of edits.entries()) {
      await editFile(root, file, (t) => {
        expect(t).toMatch(pattern);
        return t.replace(pattern, text(i));
      });
      const cached = await buildInto(root, `edit-${i}`);
      expect(cached.cache!.rendered).toBeGreaterThan(0);
      const names = await readdir(packsFolder(root));
      // By the pack's own pid, not a substring: pids wrap (pid_max 32768 on this machine), so the pid
      // of the process gone can be part of the live build's (2529 in 32529).
      expect(names.filter((n) => n.startsWith(`${gone}-`))).toEqual([]);
      const { packs, named } = await packBytes(root);
      expect(packs).toBeLessThanOrEqual(2 * named);
    }
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, `edit-${edits.length - 1}`));
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
  });

  it("another sitegen version's page folder is never read, and its index and packs are kept by this version's builds", async () => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    // This version's entries become another version's: its folder under another version print.
    const other = path.join(root, CACHE, 'pages', '0123456789abcdef');
    await rename(packsFolder(root), other);
    const before = await folderBytes(other);
    expect(Object.keys(before).sort()).toEqual([expect.stringMatching(/\.pack$/), 'index']);
    const second = await buildInto(root, 'second');
    expect(second.cache).toMatchObject({ reused: 0, rendered: first.cache!.rendered, damaged: 0 });
    expect(cacheWarnings(second)).toEqual([]);
    // An edit (its build compacts and removes this version's packs no index names), and a build that reuses every page.
    await editFile(root, 'locales/en.json', (t) => t.replace(/"home": "[^"]*"/, '"home": "Home edited"'));
    expect((await buildInto(root, 'edited')).cache!.rendered).toBeGreaterThan(0);
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
    expect(await folderBytes(other)).toEqual(before);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'again'));
  });

  it('the index and packs of a sitegen before version folders (pages/index) are not read, and give no warning', async () => {
    const root = await basic();
    const first = await buildInto(root, 'first');
    // The layout before: the index and the packs in pages/ itself.
    for (const name of await readdir(packsFolder(root))) await rename(path.join(packsFolder(root), name), path.join(root, CACHE, 'pages', name));
    const cached = await buildInto(root, 'cached');
    expect(cached.cache).toMatchObject({ reused: 0, rendered: first.cache!.rendered, damaged: 0 });
    expect(cached.warnings).toEqual(first.warnings);
    // Left to the weekly pruning (an older sitegen used beside this one still reads them).
    expect(await readdir(path.join(root, CACHE, 'pages'))).toContain('index');
    await expectSameTree(path.join(root, 'first'), path.join(root, 'cached'));
  });

  it('two builds sharing a cache folder at once both write the pages of a cold build, and the next build reuses every page', async () => {
    const root = await basic();
    const [a, b] = await Promise.all([buildInto(root, 'a'), buildInto(root, 'b')]);
    expect(a.cache!.damaged + b.cache!.damaged).toBe(0);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'a'));
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'b'));
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const [c, d] = await Promise.all([buildInto(root, 'c'), buildInto(root, 'd')]);
    expect(c.cache!.damaged + d.cache!.damaged).toBe(0);
    await buildInto(root, 'cold-edited', false);
    await expectSameTree(path.join(root, 'cold-edited'), path.join(root, 'c'));
    await expectSameTree(path.join(root, 'cold-edited'), path.join(root, 'd'));
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
  });

  it('a cache folder that cannot be written gives one warning and a correct build', async () => {
    const root = await basic();
    await writeFile(path.join(root, 'not-a-folder'), '');
    const result = await buildInto(root, 'out', 'not-a-folder/cache');
    expect(result.cache).toBeNull();
    expect(cacheWarnings(result)).toEqual([expect.stringMatching(/^build cache off: cannot write to .*not-a-folder\/cache \(ENOTDIR\); the build runs without it\.$/)]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'out'));
  });

  it('sitegen build --no-cache neither reads nor writes the cache; --cache-dir chooses its folder', async () => {
    const root = await basic();
    const logger = createMemoryLogger();
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--no-cache', '--workers', '0'], { cwd: root, logger })).toBe(0);
    // Only the server bundles' temporary folder (removed after the build) is in the site's cache.
    expect(await readdir(path.join(root, 'node_modules', '.cache', 'sitegen'))).toEqual(['bundles']);
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--cache-dir', 'my-cache', '--workers', '0'], { cwd: root, logger })).toBe(0);
    expect((await readdir(path.join(root, 'my-cache', 'pages'))).length).toBeGreaterThan(0);
    expect(await runCli(['node', 'sitegen', 'build', '--root', root, '--workers', '0'], { cwd: root, logger })).toBe(0);
    expect((await readdir(path.join(root, 'node_modules', '.cache', 'sitegen', 'pages'))).length).toBeGreaterThan(0);
  });
});

describe('build cache: esbuild results', () => {
  /** A cold build, a warm one (esbuild's results from the cache), an edit, then a cached build against a cold one. */
  async function editAfterWarm(root: string, edit: () => Promise<void>): Promise<string> {
    await buildInto(root, 'first');
    expect(await entries(root, 'esbuild')).toHaveLength(3);
    const warm = await buildInto(root, 'warm');
    expect(warm.cache).toMatchObject({ rendered: 0, damaged: 0 });
    await expectSameTree(path.join(root, 'first'), path.join(root, 'warm'));
    await edit();
    await buildInto(root, 'cached');
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    return path.join(root, 'cached');
  }
  const withNote = { 'templates/components/note.tsx': 'export const Note = () => <p className="note">first note</p>;\n' };
  const usingNote = (text: string) => `import { Note } from '../templates/components/note';\n${text.replace('</h1>', '</h1><Note />')}`;

  it('an edit of a component file after a warm build is in the next cached build', async () => {
    const root = await basic(withNote);
    await editFile(root, 'pages/about.tsx', usingNote);
    const out = await editAfterWarm(root, () => editFile(root, 'templates/components/note.tsx', (t) => t.replace('first note', 'second note')));
    expect(await readFile(path.join(out, 'about', 'index.html'), 'utf8')).toContain('<p class="note">second note</p>');
  });

  it('an edit of a template\'s CSS after a warm build is in the next cached build', async () => {
    const root = await basic();
    const out = await editAfterWarm(root, () => editFile(root, 'templates/layouts/default.css', (t) => `${t}\n.added-rule { color: rebeccapurple }\n`));
    const assets = await readdir(path.join(out, '_static', 'assets'));
    const css = assets.find((n) => n.endsWith('.css'))!;
    expect(await readFile(path.join(out, '_static', 'assets', css), 'utf8')).toContain('.added-rule{color:#639}');
  });

  it('a new file that an import now resolves to (note.tsx beside note.ts) is in the next cached build', async () => {
    const root = await basic({ 'templates/components/note.ts': "export const Note = () => 'from ts';\n" });
    await editFile(root, 'pages/about.tsx', usingNote);
    const out = await editAfterWarm(root, () => writeFile(path.join(root, 'templates/components/note.tsx'), "export const Note = () => 'from tsx';\n"));
    expect(await readFile(path.join(out, 'about', 'index.html'), 'utf8')).toContain('from tsx');
  });

  it('an edit of a helper the config imports after a warm build is in the next cached build', async () => {
    const root = await basic({ 'site-name.ts': "export const name = 'First Name';\n" });
    await editFile(root, 'sitegen.config.ts', (t) => `import { name } from './site-name';\n${t.replace("name: 'Fixture'", 'name')}`);
    const out = await editAfterWarm(root, () => editFile(root, 'site-name.ts', (t) => t.replace('First Name', 'Second Name')));
    expect(await readFile(path.join(out, 'about', 'index.html'), 'utf8')).toContain('Second Name');
  });

  it('a kept server bundle whose code print is not a SHA-256 is ignored with one warning line and made again', async () => {
    const root = await basic();
    await buildInto(root, 'first');
    // The build id hashes the print kept with the bundle: a wrong one would give every page another id.
    let found = 0;
    for (const file of await entries(root, 'esbuild')) {
      const entry = JSON.parse(await readFile(file, 'utf8'));
      if (typeof entry.value.value.codePrint !== 'string') continue;
      found++;
      await writeFile(file, JSON.stringify({ key: entry.key, value: { ...entry.value, value: { ...entry.value.value, codePrint: 'not a print' } } }));
    }
    expect(found).toBe(1);
    const cached = await buildInto(root, 'cached');
    expect(cached.cache!.damaged).toBe(1);
    expect(cacheWarnings(cached)).toEqual([expect.stringMatching(/^build cache: 1 damaged entry in .* ignored and made again\.$/)]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect(cached.buildId).toBe((await buildInto(root, 'again')).buildId);
  });

  it("a server bundle whose bytes beside its entry are cut short, changed or gone is ignored with one warning line and made again", async () => {
    const root = await basic();
    await buildInto(root, 'first');
    // The bundle's files are kept beside its entry (cache/bundle-cache.ts), the runtime's and the config's in theirs.
    const bins = (await readdir(path.join(root, CACHE, 'esbuild'))).filter((n) => n.endsWith('.bin'));
    expect(bins).toHaveLength(1);
    const bin = path.join(root, CACHE, 'esbuild', bins[0]!);
    const good = await readFile(bin);
    const changed = Buffer.from(good);
    for (let at = 1000; at < 1010; at++) changed.writeUInt8(changed.readUInt8(at) ^ 0x5a, at);
    const damages = [() => truncate(bin, 100), () => writeFile(bin, changed), () => rm(bin)];
    for (const [i, damage] of damages.entries()) {
      await damage();
      // Into a new folder each time: a build into an output that is already what it would write reads no entry.
      const cached = await buildInto(root, `cached-${i}`);
      expect(cached.cache!.damaged).toBe(1);
      expect(cacheWarnings(cached)).toEqual([expect.stringMatching(/^build cache: 1 damaged entry in .* ignored and made again\.$/)]);
      await expectSameTree(path.join(root, 'first'), path.join(root, `cached-${i}`));
      expect((await readFile(bin)).equals(good)).toBe(true);
    }
  });

  it('a damaged esbuild entry is ignored with one warning line and made again', async () => {
    const root = await basic();
    await buildInto(root, 'first');
    // The server bundle, the runtime and the config's bundle: one truncated, two of the wrong shape.
    const [first, ...others] = await entries(root, 'esbuild');
    expect(others).toHaveLength(2);
    await truncate(first!, 100);
    for (const file of others) {
      const entry = JSON.parse(await readFile(file, 'utf8'));
      await writeFile(file, JSON.stringify({ key: entry.key, value: { ...entry.value, value: { files: 'not a list', code: 1 } } }));
    }
    const cached = await buildInto(root, 'cached');
    expect(cached.cache!.damaged).toBe(3);
    expect(cacheWarnings(cached)).toEqual([expect.stringMatching(/^build cache: 3 damaged entries in .* ignored and made again\.$/)]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'cached'));
    expect((await buildInto(root, 'again')).cache).toMatchObject({ rendered: 0, damaged: 0 });
  });
});
