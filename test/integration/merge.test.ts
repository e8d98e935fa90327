import { beforeAll, describe, expect, it } from 'vitest';
import { cp, lstat, mkdir, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { runCli } from '../../src/cli.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, expectSameTree, fixtureSites, listFiles, read } from '../helpers/site.ts';

const site = fixtureSites('basic');

/** `sitegen merge ...args` in `cwd` through the CLI: exit code and what it printed. */
async function mergeCli(cwd: string, ...args: string[]) {
  const logger = createMemoryLogger();
  const code = await runCli(['node', 'sitegen', 'merge', ...args], { cwd, logger });
  return { code, lines: logger.lines };
}

describe('sitegen merge', () => {
  let root: string;
  beforeAll(async () => {
    root = await site();
    await build({ root, outDir: 'full', logger: createMemoryLogger() });
    for (const index of [1, 2, 3]) await build({ root, outDir: `out-${index}`, shard: { index, count: 3 }, logger: createMemoryLogger() });
  });

  /** A copy of the three shards in a fresh folder, so that a test can spoil one. */
  async function shardCopies(name: string): Promise<string> {
    const dir = path.join(root, name);
    for (const k of [1, 2, 3]) await cp(path.join(root, `out-${k}`), path.join(dir, `out-${k}`), { recursive: true });
    return dir;
  }

  /** The home page of a previous deployment (a build's: it carries the runtime's data). */
  const PREVIOUS = '<p>previous deployment</p><script type="application/json" id="__sitegen">{}</script>\n';

  /** A target that already holds a previous deployment, to see that a refused merge leaves it alone. */
  async function previousTarget(dir: string): Promise<void> {
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist/index.html'), PREVIOUS);
  }

  async function expectTargetUntouched(dir: string): Promise<void> {
    expect(await readdir(path.join(dir, 'dist'))).toEqual(['index.html']);
    expect(await read(dir, 'dist/index.html')).toBe(PREVIOUS);
    // No staging folder is left beside it.
    expect((await readdir(dir)).filter((f) => f.startsWith('.'))).toEqual([]);
  }

  it('replaces the target with the union of the shards and prints one summary line', async () => {
    const dir = await shardCopies('ok');
    await previousTarget(dir);
    const { code, lines } = await mergeCli(dir, 'out-2', 'out-3', 'out-1', '--out', 'dist');
    expect(code).toBe(0);
    expect(lines).toEqual([{ level: 'info', msg: expect.stringMatching(/^merged 3 shard\(s\) → .*dist \(\d+ files, [\d.]+ KB, build [0-9a-f]{12}\)$/) }]);
    expect(await read(dir, 'dist/index.html')).not.toBe(PREVIOUS);
    await expectSameTree(path.join(root, 'full'), path.join(dir, 'dist'));
  });

  it('merges into the folder a symlinked target points to, and keeps the link', async () => {
    const dir = await shardCopies('linked-target');
    await mkdir(path.join(dir, 'www'));
    await symlink(path.join(dir, 'www'), path.join(dir, 'dist'));
    expect((await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist')).code).toBe(0);
    expect((await lstat(path.join(dir, 'dist'))).isSymbolicLink()).toBe(true);
    await expectSameTree(path.join(root, 'full'), path.join(dir, 'www'));
  });

  it('a second merge into the same target links its unchanged files instead of writing them again', async () => {
    const dir = await shardCopies('again');
    expect(await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist')).toMatchObject({ code: 0 });
    const files = await listFiles(path.join(dir, 'dist'));
    const inodes = async () => Promise.all(files.map(async (f) => (await stat(path.join(dir, 'dist', f))).ino));
    const before = await inodes();
    expect(await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist')).toMatchObject({ code: 0 });
    expect(await inodes()).toEqual(before);
    await expectSameTree(path.join(root, 'full'), path.join(dir, 'dist'));
  });

  it('refuses two shards that disagree on a file, naming the file and both shards, and writes nothing', async () => {
    const dir = await shardCopies('conflict');
    await editFile(dir, 'out-3/sitemap.xml', (text) => text.replace('https://fixture.example/about', 'https://fixture.example/elsewhere'));
    await previousTarget(dir);
    const { code, lines } = await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist');
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe('error');
    expect(lines[0]!.msg).toBe(
      'sitemap.xml differs between the shards out-1 and out-3; they were built from different sources or settings. Rebuild every shard from the same commit and options.',
    );
    await expectTargetUntouched(dir);
  });

  it('refuses shards built from different sources even when no file path is shared with different bytes', async () => {
    const dir = await shardCopies('builds');
    // Shard 3 from an edited message: another build id, so another manifest path, but the same sitemap and assets.
    const changed = await site();
    await editFile(changed, 'locales/de.json', (text) => text.replace('Wer wir sind', 'Wer wir heute sind'));
    await rm(path.join(dir, 'out-3'), { recursive: true });
    await build({ root: changed, outDir: path.join(dir, 'out-3'), shard: { index: 3, count: 3 }, logger: createMemoryLogger() });
    await previousTarget(dir);
    const { code, lines } = await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist');
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(
      /^The shards out-1 \(_static\/[0-9a-f]{12}\/manifest\.json\) and out-3 \(_static\/[0-9a-f]{12}\/manifest\.json\) come from different builds/,
    );
    await expectTargetUntouched(dir);
  });

  it('refuses an incomplete set of shards, naming a file that no shard wrote', async () => {
    const dir = await shardCopies('missing');
    await previousTarget(dir);
    const { code, lines } = await mergeCli(dir, 'out-1', 'out-3', '--out', 'dist');
    expect(code).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual([
      'No shard wrote ar/index.html, which the manifest lists: a shard is missing (2 given). Pass the output of every shard, 1/n to n/n.',
    ]);
    await expectTargetUntouched(dir);
  });

  it('names a missing payload or not-found page of an incomplete merge', async () => {
    const dir = await shardCopies('holes');
    const manifest = (await readdir(path.join(dir, 'out-3/_static'))).find((f) => /^[0-9a-f]{12}$/.test(f))!;
    await rm(path.join(dir, `out-3/_static/${manifest}/de/about/payload.json`));
    expect((await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist')).lines.map((l) => l.msg)).toEqual([
      `No shard wrote _static/${manifest}/de/about/payload.json, which the manifest lists: a shard is missing (3 given). Pass the output of every shard, 1/n to n/n.`,
    ]);
    await cp(path.join(root, `out-3/_static/${manifest}/de/about/payload.json`), path.join(dir, `out-3/_static/${manifest}/de/about/payload.json`));
    await rm(path.join(dir, 'out-3/de/404.html'));
    expect((await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist')).lines.map((l) => l.msg)).toEqual([
      'No shard wrote de/404.html, which the manifest lists: a shard is missing (3 given). Pass the output of every shard, 1/n to n/n.',
    ]);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
  });

  it('refuses a folder that does not exist or holds no build output', async () => {
    const dir = await shardCopies('strange');
    await mkdir(path.join(dir, 'empty'));
    expect((await mergeCli(dir, 'out-1', 'nothing', '--out', 'dist')).lines.map((l) => l.msg)).toEqual([
      'There is no shard folder at nothing. Pass the output folders of `sitegen build --shard k/n`.',
    ]);
    expect((await mergeCli(dir, 'out-1', 'empty', '--out', 'dist')).lines.map((l) => l.msg)).toEqual([
      'empty holds no sitegen manifest (<assets>/<buildId>/manifest.json), so it is no build output. Pass the output folders of `sitegen build --shard k/n`.',
    ]);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
  });

  it('refuses a shard that holds a symbolic link, instead of copying what it points to (a file or folder outside) into the site', async () => {
    const dir = await shardCopies('linked');
    await previousTarget(dir);
    const outside = path.join(dir, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'not for the site\n');
    for (const [rel, target] of [['out-2/secret.txt', path.join(outside, 'secret.txt')], ['out-2/_static/folder', outside]] as const) {
      await symlink(target, path.join(dir, rel));
      const { code, lines } = await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist');
      expect(code).toBe(1);
      const name = rel.slice('out-2/'.length);
      expect(lines.map((l) => l.msg)).toEqual([
        `out-2/${name} is a symbolic link: a shard that sitegen build wrote holds only files and folders, and the merge copies nothing from outside its shards. Build the shard again, or remove ${name} from it.`,
      ]);
      await expectTargetUntouched(dir);
      await rm(path.join(dir, rel));
    }
    expect((await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist')).code).toBe(0);
  });

  it('refuses a target that holds files no sitegen build wrote, and leaves them', async () => {
    const dir = await shardCopies('foreign');
    await mkdir(path.join(dir, 'dist'));
    await writeFile(path.join(dir, 'dist/notes.md'), 'mine\n');
    const { code, lines } = await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', 'dist');
    expect(code).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual([
      'The output folder dist holds files no sitegen build wrote (notes.md), and sitegen replaces an output folder as a whole, so it would delete them. Choose another folder, such as dist/, or empty this one first.',
    ]);
    expect(await readdir(path.join(dir, 'dist'))).toEqual(['notes.md']);
  });

  it('refuses a target that is a shard, lies inside one, or holds the current folder', async () => {
    const dir = await shardCopies('overlap');
    for (const out of ['out-1', 'out-1/dist', '.', '..']) {
      const { code, lines } = await mergeCli(dir, 'out-1', 'out-2', 'out-3', '--out', out);
      expect(code).toBe(1);
      expect(lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^The merge target .* overlaps .*\. Choose an output folder outside the shards/)]);
    }
    expect(await readdir(path.join(dir, 'out-1'))).not.toContain('dist');
  });
});
