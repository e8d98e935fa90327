/**
 * A rebuild does not rewrite output that did not change: a file with the same bytes as the
 * previous output's file at the same place (for payloads: in the previous build id's folder) is
 * that very file, hard-linked, and still the bytes a cold build writes. A file edited by hand in
 * the output is replaced; a failed build leaves the previous output as it was; a file system
 * without hard links gets written files.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { linkSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, rename, rm, stat, symlink, truncate, unlink, writeFile, link as fsLink } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { pageFolder, readPageIndex } from '../../src/cache/page-packs.ts';
import { toolVersion } from '../../src/cache/build-cache.ts';
import { editFile, expectSameBytes, expectSameTree, fixtureSites, listFiles, snapshotTree } from '../helpers/site.ts';

const basic = fixtureSites('basic');
/** This sitegen version's page folder in the tests' cache (see cache/page-packs.ts, pageFolder). */
const packsFolder = (root: string) => pageFolder(path.join(root, '.cache-test'), toolVersion());
const buildInto = (root: string, out: string, cacheDir: string | false = '.cache-test'): Promise<BuildResult> =>
  build({ root, outDir: out, cacheDir, logger: createMemoryLogger(), workers: 0 });

/** Inode of every file of an output, by relative path with the build id's folder as `ID`. */
async function inodes(dir: string, buildId: string): Promise<Map<string, number>> {
  const files = await listFiles(dir);
  return new Map(await Promise.all(files.map(async (f) => [f.replace(buildId, 'ID'), (await stat(path.join(dir, f))).ino] as const)));
}

/** The build id of an output: its one folder in `_static/` besides `assets/`. */
async function buildIdOf(dist: string): Promise<string> {
  return (await readdir(path.join(dist, '_static'))).find((name) => name !== 'assets')!;
}

/**
 * Edits `dir/rel` by hand and puts its times back to the nanosecond, as `touch -r` keeps them
 * (Node's utimes takes them as a float), through the file `times` in `scratch`.
 */
async function editKeepingTimes(scratch: string, dir: string, rel: string, change: (text: string) => string): Promise<void> {
  const file = path.join(dir, rel);
  const times = path.join(scratch, 'times');
  await writeFile(times, '');
  execFileSync('touch', ['-r', file, times]);
  await editFile(dir, rel, change);
  execFileSync('touch', ['-r', times, file]);
}

/** Relative paths (build id as `ID`) whose inode is the same in both maps. */
function shared(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([f, ino]) => before.get(f) === ino).map(([f]) => f).sort();
}

/**
 * Breaks the list of links in the cache's entry of every page with a payload (not the not-found
 * pages, whose links are judged in every build), its length kept: the fifth part after an entry's
 * first line (render/render-cache.ts, encodeEntry), whose lengths that line gives. Returns how many.
 */
async function breakLinkLists(root: string): Promise<number> {
  const index = readPageIndex(packsFolder(root));
  if (index === 'damaged') throw new Error('the page index is damaged');
  let broken = 0;
  for (const at of index.values()) {
    const file = path.join(packsFolder(root), at.pack);
    const pack = await readFile(file);
    const entry = pack.subarray(at.offset, at.offset + at.length);
    const end = entry.indexOf(0x0a);
    const { value } = JSON.parse(entry.toString('utf8', 0, end)) as { value: { lists: number[]; payload: number | null } };
    if (value.payload === null) continue;
    entry[end + 1 + value.lists.slice(0, 4).reduce((a, b) => a + b, 0)] = 0x78; // 'x' for its '['
    await writeFile(file, pack);
    broken++;
  }
  return broken;
}

/**
 * Changes the payload of the cache's entry of every page with one (its last part, whose length the
 * entry's first line gives) to as many bytes of `x`. Returns their packs and places, each entry's
 * with the length of its payload.
 */
async function breakPayloads(root: string): Promise<{ pack: string; offset: number; length: number; payload: number }[]> {
  const index = readPageIndex(packsFolder(root));
  if (index === 'damaged') throw new Error('the page index is damaged');
  const broken = [];
  for (const at of index.values()) {
    const file = path.join(packsFolder(root), at.pack);
    const pack = await readFile(file);
    const entry = pack.subarray(at.offset, at.offset + at.length);
    const { value } = JSON.parse(entry.toString('utf8', 0, entry.indexOf(0x0a))) as { value: { payload: number | null } };
    if (value.payload === null) continue;
    entry.fill(0x78, at.length - value.payload);
    await writeFile(file, pack);
    broken.push({ ...at, payload: value.payload });
  }
  return broken;
}

const LINK_SEAM = Symbol.for('sitegen.test.link');
afterEach(() => {
  delete (globalThis as Record<symbol, unknown>)[LINK_SEAM];
});

describe('rebuilds link unchanged output instead of writing it', () => {
  it('with nothing changed, the output is byte-identical and every file is the same inode as before', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const before = await inodes(path.join(root, 'dist'), first.buildId);
    const bytes = await snapshotTree(path.join(root, 'dist'));
    const second = await buildInto(root, 'dist');
    expect(second.buildId).toBe(first.buildId);
    expectSameBytes(bytes, await snapshotTree(path.join(root, 'dist')));
    expect(shared(before, await inodes(path.join(root, 'dist'), second.buildId))).toEqual([...before.keys()].sort());
    // The old output's removal dropped its links: each file has one again.
    for (const f of await listFiles(path.join(root, 'dist'))) expect((await stat(path.join(root, 'dist', f))).nlink, f).toBe(1);
  });

  it('without the build cache too (--no-cache is about the cache, not the output)', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist', false);
    const before = await inodes(path.join(root, 'dist'), first.buildId);
    await buildInto(root, 'dist', false);
    expect(shared(before, await inodes(path.join(root, 'dist'), first.buildId))).toHaveLength(before.size);
  });

  it('after a one-message edit, the changed pages are new, the unchanged payloads and files are linked from the previous build id, and the output equals a cold build', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const before = await inodes(path.join(root, 'dist'), first.buildId);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    expect(edited.buildId).not.toBe(first.buildId);
    const after = await inodes(path.join(root, 'dist'), edited.buildId);
    expect(await readFile(path.join(root, 'dist', 'de', 'index.html'), 'utf8')).toContain('für dich und alle.');
    // Every page names the build id: written. Of the rest only the edited page's payload and the
    // manifest (which names the build id) differ.
    const linked = shared(before, after);
    const expected = [...after.keys()].filter((f) => !f.endsWith('.html') && f !== '_static/ID/de/payload.json' && f !== '_static/ID/manifest.json');
    expect(linked).toEqual(expected.sort());
    expect(linked).toContain('_static/ID/payload.json');
    expect(linked).toContain('favicon.svg');
    expect(linked.some((f) => f.startsWith('_static/assets/'))).toBe(true);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
  });

  it('a file edited by hand in the output is replaced by the right bytes, also at the same size', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const dist = path.join(root, 'dist');
    const bytes = await snapshotTree(dist);
    const payload = path.join(dist, '_static', first.buildId, 'de', 'about', 'payload.json');
    await editFile(dist, 'de/about/index.html', (text) => text.replace('Über uns', 'Ueber uns'));
    await editFile(dist, path.relative(dist, payload), (text) => text.replace('Über uns', 'Uber uns'.padEnd('Über uns'.length + 1, 's')));
    expect((await readFile(payload)).byteLength).toBe(bytes.get(path.relative(dist, payload))!.byteLength);
    await writeFile(path.join(dist, 'favicon.svg'), 'not the icon');
    // A symbolic link with the right target bytes is not a file of the output: replaced too.
    await unlink(path.join(dist, 'robots.txt'));
    await writeFile(path.join(root, 'robots-elsewhere.txt'), bytes.get('robots.txt')!);
    await symlink(path.join(root, 'robots-elsewhere.txt'), path.join(dist, 'robots.txt'));
    await buildInto(root, 'dist');
    expectSameBytes(bytes, await snapshotTree(dist));
    expect((await lstat(path.join(dist, 'robots.txt'))).isFile()).toBe(true);
    expect(await readFile(path.join(root, 'robots-elsewhere.txt'))).toEqual(bytes.get('robots.txt'));
  });

  it('a payload from the cache that the output record knows is linked without being read: the previous output\'s payloads keep their access time', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const dist = path.join(root, 'dist');
    const payloads = (await listFiles(dist)).filter((f) => f.endsWith('payload.json'));
    // Each was made, or linked, after it was last read: a read now would set its access time (relatime).
    const accessed = new Map(await Promise.all(payloads.map(async (f) => [f.replace(first.buildId, 'ID'), (await stat(path.join(dist, f))).atimeMs] as const)));
    const before = await inodes(dist, first.buildId);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    const linked = shared(before, await inodes(dist, edited.buildId));
    const kept = [...accessed.keys()].filter((f) => linked.includes(f));
    expect(kept.length).toBe(payloads.length - 1);
    for (const f of kept) expect((await stat(path.join(dist, f.replace('ID', edited.buildId)))).atimeMs, f).toBe(accessed.get(f));
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('the sitemap, which the output record knows, is linked after a message edit without being made or read: it keeps its access time', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const sitemap = path.join(root, 'dist', 'sitemap.xml');
    // Made after it was last read: a read now would set its access time (relatime).
    const before = await stat(sitemap);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    await buildInto(root, 'dist');
    const after = await stat(sitemap);
    expect([after.ino, after.atimeMs]).toEqual([before.ino, before.atimeMs]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
  });

  it('a sitemap the output record knows is made again when its base URL, a locale or the routes change: each rebuild writes what a cold build does', async () => {
    const root = await basic();
    const sitemapAfter = async (change: () => Promise<void>, baseUrl?: string) => {
      await change();
      await build({ root, outDir: 'dist', cacheDir: '.cache-test', logger: createMemoryLogger(), workers: 0, baseUrl });
      await build({ root, outDir: 'cold', cacheDir: false, logger: createMemoryLogger(), workers: 0, baseUrl });
      const [rebuilt, cold] = await Promise.all(['dist', 'cold'].map((out) => readFile(path.join(root, out, 'sitemap.xml'), 'utf8')));
      expect(rebuilt).toBe(cold);
      await rm(path.join(root, 'cold'), { recursive: true });
      return rebuilt;
    };
    await buildInto(root, 'dist');
    const austrian = () => editFile(root, 'sitegen.config.ts', (text) => text.replace("iso: 'de-DE'", "iso: 'de-AT'"));
    expect(await sitemapAfter(austrian)).toContain('hreflang="de-AT"');
    const page = () => writeFile(path.join(root, 'pages', 'team.tsx'), "export const head = { title: 'about.title', description: 'about.description' };\nexport default function Team() {\n  return <h1>Team</h1>;\n}\n");
    expect(await sitemapAfter(page)).toContain('<loc>https://fixture.example/de/team</loc>');
    expect(await sitemapAfter(async () => {}, 'https://other.example')).toContain('<loc>https://other.example/de/team</loc>');
  });

  it('a sitemap edited by hand, its size and modification time put back, is replaced by the right bytes after a message edit', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const sitemap = path.join(root, 'dist', 'sitemap.xml');
    const bytes = await readFile(sitemap);
    await editKeepingTimes(root, path.join(root, 'dist'), 'sitemap.xml', (text) => text.replace('<loc>', '<lco>'));
    expect((await stat(sitemap)).size).toBe(bytes.length);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    await buildInto(root, 'dist');
    expect(await readFile(sitemap)).toEqual(bytes);
  });

  it('a payload edited by hand, its size and modification time put back, is replaced by the right bytes (its change time tells)', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const dist = path.join(root, 'dist');
    const bytes = await snapshotTree(dist);
    const rel = path.join('_static', first.buildId, 'about', 'payload.json');
    const { mtimeMs, size } = await stat(path.join(dist, rel));
    await editKeepingTimes(root, dist, rel, (text) => text.replace('About', 'Abuot'));
    const edited = await stat(path.join(dist, rel));
    expect([edited.size, edited.mtimeMs]).toEqual([size, mtimeMs]);
    expect((await readFile(path.join(dist, rel))).equals(bytes.get(rel)!)).toBe(false);
    // A message edit elsewhere: the page is taken from the cache, its payload from the same entry as the record's.
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const second = await buildInto(root, 'dist');
    expect(await readFile(path.join(dist, rel.replace(first.buildId, second.buildId)))).toEqual(bytes.get(rel));
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('a page from the cache whose link now leads nowhere (its static file removed) fails the rebuild, as it fails a cold build', async () => {
    const root = await basic({ 'templates/static/terms.txt': 'terms\n' });
    await editFile(root, 'pages/about.tsx', (text) => text.replace('</h1>', '</h1>\n      <a href="/terms.txt">terms</a>'));
    await buildInto(root, 'dist');
    await rm(path.join(root, 'templates', 'static', 'terms.txt'));
    // The pages are the same (their entries are used), the files their links may lead to are not.
    const cached = await buildInto(root, 'dist').catch((err: { detail?: string }) => err.detail);
    expect(cached).toContain('pages/about.tsx [de]: link to "/terms.txt" leads to no page of this build');
    expect(await buildInto(root, 'cold', false).catch((err: { detail?: string }) => err.detail)).toBe(cached);
  });

  it("a page from the cache whose links the last build judged is not read for them: a damaged list of links in its entry goes unnoticed there, and renders the page where they are judged", async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const broken = await breakLinkLists(root);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    // The edited page renders; every other one comes from its entry, the broken list unread.
    expect(edited.cache).toMatchObject({ rendered: 1, damaged: 0 });
    expect(broken).toBeGreaterThan(1);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
    // Into another folder no page's links were judged before: each page still reading a broken list renders again.
    const other = await buildInto(root, 'other');
    expect(other.cache).toMatchObject({ damaged: broken - 1, reused: edited.cache!.reused + 1 - (broken - 1) });
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'other'));
  });

  it('a build that fails after rendering leaves the previous output byte for byte, its files unshared', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const dist = path.join(root, 'dist');
    const bytes = await snapshotTree(dist);
    const before = await inodes(dist, first.buildId);
    // A broken link fails the verification, after every page was rendered (and linked into staging).
    await editFile(root, 'pages/about.tsx', (text) => text.replace("localePath('/community_privacy_policy/history.html')", "localePath('/nowhere')"));
    await expect(buildInto(root, 'dist')).rejects.toThrow(/nowhere/);
    expectSameBytes(bytes, await snapshotTree(dist));
    expect(shared(before, await inodes(dist, first.buildId))).toHaveLength(before.size);
    for (const f of before.keys()) expect((await stat(path.join(dist, f.replace('ID', first.buildId)))).nlink, f).toBe(1);
  });

  it('when a link cannot be made (another device, no hard links), the files are written: same bytes, new inodes', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const bytes = await snapshotTree(path.join(root, 'dist'));
    const before = await inodes(path.join(root, 'dist'), first.buildId);
    let tried = 0;
    (globalThis as Record<symbol, unknown>)[LINK_SEAM] = () => {
      tried++;
      throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
    };
    // Without the cache, which would find the output already made (output-record.ts) and link nothing.
    await buildInto(root, 'dist', false);
    expect(tried).toBe(before.size);
    expectSameBytes(bytes, await snapshotTree(path.join(root, 'dist')));
    expect(shared(before, await inodes(path.join(root, 'dist'), first.buildId))).toEqual([]);
  });

  it('a payload from the cache that the output record knows is taken from the previous output, not read from the cache: also copied from there where no link can be made', async () => {
    const root = await basic();
    const first = await buildInto(root, 'dist');
    const dist = path.join(root, 'dist');
    const bytes = await snapshotTree(dist);
    // Bytes the cache's entries would give the payloads, had they been read.
    expect((await breakPayloads(root)).length).toBeGreaterThan(1);
    (globalThis as Record<symbol, unknown>)[LINK_SEAM] = () => {
      throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
    };
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    expect(edited.cache).toMatchObject({ rendered: 1, damaged: 0 });
    const payloads = [...bytes.keys()].filter((f) => f.endsWith('payload.json') && f !== path.join('_static', first.buildId, 'de', 'payload.json'));
    for (const f of payloads) expect((await readFile(path.join(dist, f.replace(first.buildId, edited.buildId)))).equals(bytes.get(f)!), f).toBe(true);
    delete (globalThis as Record<symbol, unknown>)[LINK_SEAM];
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('a pack cut short inside a payload the previous output holds (so not read): that entry is found cut short all the same, its page renders again, and the output equals a cold build', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const index = readPageIndex(packsFolder(root));
    if (index === 'damaged') throw new Error('the page index is damaged');
    // An entry with a payload, its pack cut a byte before the entry's end: inside its payload.
    const entries = [...index.values()].sort((a, b) => a.offset - b.offset);
    let last: (typeof entries)[number] | undefined;
    for (const at of entries) {
      const pack = await readFile(path.join(packsFolder(root), at.pack));
      const { value } = JSON.parse(pack.toString('utf8', at.offset, pack.indexOf(0x0a, at.offset))) as { value: { payload: number | null } };
      if ((value.payload ?? 0) > 1) last ??= at;
    }
    const file = path.join(packsFolder(root), last!.pack);
    await truncate(file, last!.offset + last!.length - 1);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    // That entry and those after it in its pack.
    expect(edited.cache!.damaged).toBe(entries.filter((at) => at.pack === last!.pack && at.offset >= last!.offset).length);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), path.join(root, 'dist'));
  });

  it('a file linked elsewhere by the user keeps its bytes when the output changes', async () => {
    const root = await basic();
    await buildInto(root, 'dist');
    const kept = path.join(root, 'kept-robots.txt');
    await fsLink(path.join(root, 'dist', 'robots.txt'), kept);
    const robots = await readFile(kept, 'utf8');
    await editFile(root, 'sitegen.config.ts', (text) => text.replace('https://fixture.example', 'https://other.example'));
    await buildInto(root, 'dist');
    expect(await readFile(path.join(root, 'dist', 'robots.txt'), 'utf8')).toContain('other.example');
    expect(await readFile(kept, 'utf8')).toBe(robots);
  });
});

/** The basic site built, then built again after a message edit: the first output is the cache's spare now. */
async function withSpare(): Promise<{ root: string; dist: string }> {
  const root = await basic();
  await buildInto(root, 'dist');
  await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
  await buildInto(root, 'dist');
  return { root, dist: path.join(root, 'dist') };
}

describe('a rebuild stages into the output the last rebuild replaced', () => {
  it('its pages are written over in place, what the site no longer has is gone, links in it are not followed, and the output equals a cold build', async () => {
    const root = await basic();
    const dist = path.join(root, 'dist');
    const first = await buildInto(root, 'dist');
    // Written over in place: the same file, made when the first build made it.
    const fileOf = async (rel: string) => {
      const stats = await stat(path.join(dist, rel));
      return { ino: stats.ino, born: stats.birthtimeMs };
    };
    const firstPage = await fileOf('de/index.html');
    // Symbolic links put into the output by hand: at a path the build writes, and as a folder of its own.
    const outside = path.join(root, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'robots.txt'), 'outside\n');
    await unlink(path.join(dist, 'robots.txt'));
    await symlink(path.join(outside, 'robots.txt'), path.join(dist, 'robots.txt'));
    await symlink(outside, path.join(dist, 'de', 'linked'));
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const second = await buildInto(root, 'dist');
    // The first output, replaced, is kept in the cache: the next build stages into it.
    expect(await readdir(path.join(root, '.cache-test', 'spare'))).toHaveLength(1);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich und alle.', 'für alle.'));
    await rm(path.join(root, 'templates', 'static', 'favicon.svg'));
    const third = await buildInto(root, 'dist');
    expect(new Set([first.buildId, second.buildId, third.buildId]).size).toBe(3);
    expect(await fileOf('de/index.html')).toEqual(firstPage);
    expect(await readFile(path.join(dist, 'de', 'index.html'), 'utf8')).toContain('für alle.');
    expect(await readdir(outside)).toEqual(['robots.txt']);
    expect(await readFile(path.join(outside, 'robots.txt'), 'utf8')).toBe('outside\n');
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  // The older output has the folders of the pages it had; the staging folder gets those of pages
  // added since before the render (output.ts, keepOnly), and the renderers make none.
  it('pages added since the older output are written in folders of their own, and the output equals a cold build', async () => {
    const { root, dist } = await withSpare();
    await writeFile(path.join(root, 'pages', 'team.tsx'), await readFile(path.join(root, 'pages', 'about.tsx'), 'utf8'));
    await mkdir(path.join(root, 'pages', 'careers'));
    await writeFile(path.join(root, 'pages', 'careers', 'open.tsx'), await readFile(path.join(root, 'pages', 'about.tsx'), 'utf8'));
    const third = await buildInto(root, 'dist');
    for (const rel of ['team/index.html', 'de/team/index.html', 'de/careers/open/index.html', `_static/${third.buildId}/de/careers/open/payload.json`]) {
      expect((await stat(path.join(dist, rel))).isFile()).toBe(true);
    }
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  // A payload the last two builds took from the same cache entry is one file, linked from build to
  // build: the older output holds it already, and the build keeps it there without linking it again.
  it('payloads the older output holds already are kept as they are, not linked again', async () => {
    const { root, dist } = await withSpare();
    const before = await inodes(dist, await buildIdOf(dist));
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich und alle.', 'für alle.'));
    const linked: string[] = [];
    (globalThis as Record<symbol, unknown>)[LINK_SEAM] = (from: string, to: string) => {
      linked.push(to);
      linkSync(from, to);
    };
    const third = await buildInto(root, 'dist');
    const kept = shared(before, await inodes(dist, third.buildId)).filter((rel) => rel.endsWith('payload.json'));
    expect(kept.length).toBeGreaterThan(0);
    expect(linked.filter((to) => to.endsWith('payload.json'))).toEqual([]);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  // The older output shares the payload files of the output it was replaced by (both hold the same
  // inode): the build keeps the one in the staging folder when the record knows it, and then does not
  // look at the previous output's file at all (render/server.tsx, keptPayload).
  it('a payload replaced by hand in the output by a new file: the older output still holds the recorded one, which the output keeps', async () => {
    const { root, dist } = await withSpare();
    const id = await buildIdOf(dist);
    const rel = path.join('_static', id, 'de', 'about', 'payload.json');
    const recorded = await stat(path.join(dist, rel));
    // Linked, not moved, by the last build (its locale's folder had an edited page): the older output holds it too.
    expect(recorded.nlink).toBe(2);
    const bytes = await readFile(path.join(dist, rel));
    // Its folder moved aside whole (an unlink would change the shared file's link count, hence its
    // change time, and the record would know it no more), and a new file of other bytes put there.
    await rename(path.join(dist, '_static', id, 'de', 'about'), path.join(dist, '_static', id, 'de', 'about.old'));
    await mkdir(path.join(dist, '_static', id, 'de', 'about'));
    await writeFile(path.join(dist, rel), bytes.toString('utf8').replace('Wer wir', 'Wir wer'));
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich und alle.', 'für alle.'));
    const third = await buildInto(root, 'dist');
    const now = path.join(dist, rel.replace(id, third.buildId));
    expect(await readFile(now)).toEqual(bytes);
    expect((await stat(now)).ino).toBe(recorded.ino);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('a payload edited by hand in the output, which the older output shares, its size and modification time put back, is replaced by the right bytes', async () => {
    const { root, dist } = await withSpare();
    const id = await buildIdOf(dist);
    const rel = path.join('_static', id, 'de', 'about', 'payload.json');
    const bytes = await readFile(path.join(dist, rel));
    expect((await stat(path.join(dist, rel))).nlink).toBe(2);
    await editKeepingTimes(root, dist, rel, (text) => text.replace('Wer wir', 'Wir wer'));
    expect((await stat(path.join(dist, rel))).size).toBe(bytes.length);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich und alle.', 'für alle.'));
    const third = await buildInto(root, 'dist');
    expect(await readFile(path.join(dist, rel.replace(id, third.buildId)))).toEqual(bytes);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  // The swap removes the output it replaced when the cache cannot keep it (output.ts, keptAsSpare).
  // Files the new output shares with it by a hard link then have one link fewer, and a new change
  // time: the output record, taken from them as the build found them, no longer holds.
  it('where the cache cannot keep the output a rebuild replaced (a file where its spares go), that output is removed, and each later output equals a cold build', async () => {
    const root = await basic();
    const dist = path.join(root, 'dist');
    await buildInto(root, 'dist');
    await writeFile(path.join(root, '.cache-test', 'spare'), 'not a folder\n');
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    // Nothing left beside the output: no staging folder, no replaced output.
    expect((await readdir(root)).filter((name) => name.includes('dist'))).toEqual(['dist']);
    expect(await readFile(path.join(root, '.cache-test', 'spare'), 'utf8')).toBe('not a folder\n');
    // The payloads linked from the output it replaced are the new output's alone now.
    const linked = await stat(path.join(dist, '_static', edited.buildId, 'de', 'about', 'payload.json'));
    expect(linked.nlink).toBe(1);
    const again = await buildInto(root, 'dist');
    expect(again.buildId).toBe(edited.buildId);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich und alle.', 'für alle.'));
    await buildInto(root, 'dist');
    await rm(path.join(root, 'cold'), { recursive: true });
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('a build that fails leaves the previous output byte for byte, and the next one is right', async () => {
    const { root, dist } = await withSpare();
    const bytes = await snapshotTree(dist);
    await editFile(root, 'pages/about.tsx', (text) => text.replace("localePath('/community_privacy_policy/history.html')", "localePath('/nowhere')"));
    await expect(buildInto(root, 'dist')).rejects.toThrow(/nowhere/);
    expectSameBytes(bytes, await snapshotTree(dist));
    await editFile(root, 'pages/about.tsx', (text) => text.replace("localePath('/nowhere')", "localePath('/community_privacy_policy/history.html')"));
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich und alle.', 'für alle.'));
    await buildInto(root, 'dist');
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });
});

/** The inode, change time and link count of a file. */
async function identity(file: string): Promise<{ ino: number; ctimeMs: number; nlink: number }> {
  const { ino, ctimeMs, nlink } = await stat(file);
  return { ino, ctimeMs, nlink };
}

// A payload folder (`_static/<id>/<name>/`) whose payloads a rebuild takes all from the output
// moves from there into the new output at the swap (handover.ts): its files are neither linked
// nor written, so they keep their inode and their change time (a link would set it).
describe('payload folders move from the output into the new one', () => {
  it('after a one-message edit, the folders of the pages it did not change move whole: each payload the same file, not even linked; the output equals a cold build', async () => {
    const root = await basic();
    const dist = path.join(root, 'dist');
    const first = await buildInto(root, 'dist');
    const about = path.join('about', 'payload.json');
    const history = path.join('community_privacy_policy', 'history', 'payload.json');
    const deAbout = path.join('de', 'about', 'payload.json');
    const at = (id: string, rel: string) => path.join(dist, '_static', id, rel);
    const before = { about: await identity(at(first.buildId, about)), history: await identity(at(first.buildId, history)), deAbout: await identity(at(first.buildId, deAbout)) };
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    expect(await identity(at(edited.buildId, about))).toEqual(before.about);
    expect(await identity(at(edited.buildId, history))).toEqual(before.history);
    // The edited locale's folder holds a new payload: its others are linked, as before.
    const linked = await identity(at(edited.buildId, deAbout));
    expect(linked.ino).toBe(before.deAbout.ino);
    expect(linked.ctimeMs).toBeGreaterThan(before.deAbout.ctimeMs);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('a file put by hand into a payload folder of the output is not carried over: that folder is made again', async () => {
    const root = await basic();
    const dist = path.join(root, 'dist');
    const first = await buildInto(root, 'dist');
    await writeFile(path.join(dist, '_static', first.buildId, 'community_privacy_policy', 'history', 'stray.json'), '{}');
    await editFile(root, 'locales/de.json', (text) => text.replace('für dich.', 'für dich und alle.'));
    const edited = await buildInto(root, 'dist');
    expect(await readdir(path.join(dist, '_static', edited.buildId, 'community_privacy_policy', 'history'))).toEqual(['payload.json']);
    await buildInto(root, 'cold', false);
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('a folder holding payloads the build does not write is not moved: a shard built where the whole site was equals a cold build of that shard', async () => {
    const root = await basic();
    const dist = path.join(root, 'dist');
    const whole = await buildInto(root, 'dist');
    const shard = { index: 1, count: 2 };
    const part = await build({ root, outDir: 'dist', cacheDir: '.cache-test', logger: createMemoryLogger(), workers: 0, shard });
    // The same build id: each payload the shard writes is the whole build's, in the same folder.
    expect(part.buildId).toBe(whole.buildId);
    await build({ root, outDir: 'cold', cacheDir: false, logger: createMemoryLogger(), workers: 0, shard });
    await expectSameTree(path.join(root, 'cold'), dist);
  });

  it('edits after a move stage into the older output, which lacks the folders moved: each output equals a cold build, and a build with nothing changed after them is a no-op', async () => {
    const root = await basic();
    const dist = path.join(root, 'dist');
    await buildInto(root, 'dist');
    for (const text of ['für dich und alle.', 'für alle.', 'für dich.']) {
      await editFile(root, 'locales/de.json', (t) => t.replace(/für [^"]*\./, text));
      await buildInto(root, 'dist');
      await rm(path.join(root, 'cold'), { recursive: true, force: true });
      await buildInto(root, 'cold', false);
      await expectSameTree(path.join(root, 'cold'), dist);
    }
    const again = await buildInto(root, 'dist');
    expect(again.stages.some((s) => s.name === 'render')).toBe(false);
  });
});
