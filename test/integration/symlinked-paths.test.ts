/**
 * Errors keep their source location when paths go through symlinks: sitegen installed with a
 * node_modules that is a symlink (pnpm, monorepos), and a project reached through a symlink.
 * Node names modules by their real path, so the location must be found comparing real paths.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCopy, notInstalled, REPO } from '../helpers/site.ts';

const run = promisify(execFile);

/** A page that throws in German, on line 6. */
const THROWING_PAGE = `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'about.title', description: 'about.description' };

export default function About() {
  const { t } = useI18n();
  if (t('about.title') === 'Über uns') throw new Error('no German today');
  return <h1>x</h1>;
}
`;

let tmp: string;
/** A copy of the sitegen package whose node_modules is a symlink to the repository's. */
let pkg: string;
let site: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-symlinks-'));
  pkg = path.join(tmp, 'sitegen');
  for (const part of ['bin', 'scripts', 'src', 'functions', 'package.json']) {
    if (existsSync(path.join(REPO, part))) await cp(path.join(REPO, part), path.join(pkg, part), { recursive: true, filter: notInstalled });
  }
  await symlink(path.join(REPO, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
  site = await fixtureCopy('basic', { 'pages/about.tsx': THROWING_PAGE });
});
afterAll(() => Promise.all([rm(tmp, { recursive: true, force: true }), rm(site, { recursive: true, force: true })]));

/** Runs the package copy's bin; resolves with its exit code and output. */
async function sitegen(args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [path.join(pkg, 'bin', 'sitegen'), ...args], { env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stderr };
  } catch (err) {
    const e = err as { code: number; stderr: string };
    return { code: e.code, stderr: e.stderr };
  }
}

describe('a page that throws is reported at its source line', () => {
  it('with sitegen installed behind a symlinked node_modules', async () => {
    const { code, stderr } = await sitegen(['build', '--root', site, '--locales', 'de']);
    expect(code).toBe(1);
    expect(stderr).toContain('pages/about.tsx threw while rendering in locale de: no German today');
    expect(stderr).toMatch(/^at pages\/about\.tsx:6:\d+$/m);
  });

  it('with the project reached through a symlink', async () => {
    const link = path.join(tmp, 'project-link');
    await symlink(site, link, 'dir');
    const { code, stderr } = await sitegen(['build', '--root', link, '--locales', 'de']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^at pages\/about\.tsx:6:\d+$/m);
  });
});
