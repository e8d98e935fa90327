/**
 * The GitHub Actions workflow in the README, played on a fixture site: its build command for
 * every matrix entry, its artifact upload and download (each artifact into a folder of its own
 * name), then its merge command. What it deploys must be the full build.
 */
import { describe, expect, it } from 'vitest';
import { cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { runCli } from '../../src/cli.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { expectSameTree, fixtureSites, REPO } from '../helpers/site.ts';

const site = fixtureSites('basic');

/** The first ```yaml block after the "#### GitHub Actions" heading. */
async function readmeWorkflow(): Promise<string> {
  const readme = await readFile(path.join(REPO, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('#### GitHub Actions'));
  return /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
}

function field(yaml: string, pattern: RegExp): string {
  const match = pattern.exec(yaml);
  expect(match, String(pattern)).not.toBeNull();
  return match![1]!.trim();
}

/** `sitegen ...` as the workflow runs it, with `${{ matrix.shard }}` filled in. */
async function sitegen(cwd: string, command: string, shard = ''): Promise<void> {
  const args = command.replaceAll('${{ matrix.shard }}', shard).split(/\s+/);
  const logger = createMemoryLogger();
  const code = await runCli(['node', 'sitegen', ...args], { cwd, logger });
  expect(code, logger.lines.map((l) => l.msg).join('\n')).toBe(0);
}

describe('the README’s GitHub Actions workflow', () => {
  it('builds one shard per matrix entry, uploads and downloads them, and merges them into the full build', async () => {
    const yaml = await readmeWorkflow();
    const matrix = field(yaml, /^\s+shard: \[([^\]]+)\]$/m).split(',').map((s) => s.trim());
    const buildCommand = field(yaml, /^\s+- run: npx sitegen (build .*)$/m);
    const artifactName = field(yaml, /upload-artifact@v\d+\n\s+with:\n\s+name: (.*)\n/);
    const artifactPath = field(yaml, /upload-artifact@v\d+\n\s+with:\n\s+name: .*\n\s+path: (.*)\n/);
    const downloadPattern = field(yaml, /download-artifact@v\d+\n\s+with:\n\s+pattern: (.*)\n/);
    const downloadPath = field(yaml, /download-artifact@v\d+\n\s+with:\n\s+pattern: .*\n\s+path: (.*)\n/);
    const mergeCommand = field(yaml, /^\s+- run: npx sitegen (merge .*)$/m);
    expect(matrix).toEqual(['1', '2', '3']);

    const root = await site();
    const full = await build({ root, outDir: 'full', logger: createMemoryLogger() });
    for (const shard of matrix) {
      // Each matrix job: its own checkout; its output becomes the artifact.
      await sitegen(root, buildCommand, shard);
      const name = artifactName.replaceAll('${{ matrix.shard }}', shard);
      const from = path.join(root, artifactPath.replaceAll('${{ matrix.shard }}', shard));
      await cp(from, path.join(root, downloadPath, name), { recursive: true });
    }
    // The shell expands the merge command's glob over the downloaded folders.
    const prefix = downloadPattern.replace(/\*$/, '');
    const folders = (await readdir(path.join(root, downloadPath))).filter((f) => f.startsWith(prefix)).sort();
    const glob = `${downloadPath}/${downloadPattern}`;
    expect(mergeCommand).toContain(glob);
    await sitegen(root, mergeCommand.replace(glob, folders.map((f) => `${downloadPath}/${f}`).join(' ')));
    await expectSameTree(full.outDir, path.join(root, field(yaml, /upload-pages-artifact@v\d+\n\s+with:\n\s+path: (.*)\n/)));
  });
});
