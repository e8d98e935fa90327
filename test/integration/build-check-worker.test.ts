/**
 * The compiled CLI runs a build's translation check while esbuild bundles, applied after the
 * render: its errors still fail the build, name the file, the line and the key, and come before
 * any page's error; an argument unknown to en that a page passes still builds. (Builds called
 * from the TypeScript sources: build-errors.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO, applyChanges, expectSameBytes, fixtureSites, read, snapshotTree } from '../helpers/site.ts';

const site = fixtureSites('basic');

/** `sitegen build` through bin/ (lib/, plain JavaScript), with or without the build cache: exit code and stderr. */
function cliBuild(root: string, cache = false): Promise<{ code: number | null; stderr: string }> {
  const args = [path.join(REPO, 'bin/sitegen'), 'build', '--root', root, ...(cache ? [] : ['--no-cache'])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stderr })));
}

/** Builds the intact site, breaks it, builds again: the second build's result; dist/ must be untouched. */
async function rebuildWith(changes: Record<string, string | null>): Promise<{ code: number | null; stderr: string; root: string }> {
  const root = await site();
  expect((await cliBuild(root)).code).toBe(0);
  const before = await snapshotTree(path.join(root, 'dist'));
  await applyChanges(root, changes);
  const run = await cliBuild(root);
  if (run.code !== 0) expectSameBytes(before, await snapshotTree(path.join(root, 'dist')));
  return { ...run, root };
}

const DE = (home: string) => JSON.stringify({ nav: { home } }, null, 2);
const ABOUT = (body: string) => `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };
export default function About() {
  const { t } = useI18n();
  ${body}
}
`;

describe('the translation check beside the bundle stage (compiled CLI)', () => {
  it('a check error fails the build with the file, line, locale and key, and leaves dist/ as it was', async () => {
    const { code, stderr } = await rebuildWith({ 'locales/de.json': DE('Start {count, plural, one {x}}') });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error 1 translation error\(s\) would break pages/);
    expect(stderr).toMatch(/\nlocales\/de\.json:3:\d+ de nav\.home syntax: Invalid ICU MessageFormat/);
  });

  it('a check error comes before the error of a page that throws in the same build', async () => {
    const { code, stderr } = await rebuildWith({
      'locales/de.json': DE('Start {name}'),
      'pages/about.tsx': ABOUT(`if (t('about.title')) throw new Error('no page today');\n  return <h1>x</h1>;`),
    });
    expect(code).toBe(1);
    expect(stderr).toMatch(/\nlocales\/de\.json:3:\d+ de nav\.home argument-unknown: The argument \{name\} is not in en/);
    expect(stderr).not.toContain('no page today');
  });

  it('with the build cache, an edit of de alone (checked on the main thread) fails the build exactly as without the cache', async () => {
    const root = await site();
    expect((await cliBuild(root, true)).code).toBe(0);
    await applyChanges(root, { 'locales/de.json': DE('Start {count, plural, one {x}}') });
    const cached = await cliBuild(root, true);
    expect(cached.code).toBe(1);
    expect(cached.stderr).toMatch(/\nlocales\/de\.json:3:\d+ de nav\.home syntax: Invalid ICU MessageFormat/);
    expect(cached.stderr).toBe((await cliBuild(root)).stderr);
  });

  it('an argument en lacks that the page passes is decided after the render: the build succeeds', async () => {
    const { code, stderr, root } = await rebuildWith({
      'locales/de.json': JSON.stringify({ about: { history: 'Verlauf von {who}' } }, null, 2),
      'pages/about.tsx': ABOUT(`return <h1>{t('about.history', { who: 'uns' })}</h1>;`),
    });
    expect(stderr).not.toMatch(/^error/m);
    expect(code).toBe(0);
    expect(await read(root, 'dist/de/about/index.html')).toContain('<h1>Verlauf von uns</h1>');
  });
});
