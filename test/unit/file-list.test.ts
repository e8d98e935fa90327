/**
 * A build lists its pages, layouts and static files without fast-glob (file-list.ts): what it
 * finds must be exactly what fast-glob's patterns found, on a tree with every kind of name those
 * patterns treat apart.
 */
import { describe, expect, it } from 'vitest';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { listFiles } from '../../src/file-list.ts';
import { discoverRoutes } from '../../src/routes.ts';
import { listStatic } from '../../src/output.ts';
import { tempDirs } from '../helpers/site.ts';

const tempRoot = tempDirs('file-list');

/** A tree of pages as a site might hold them, and what a build must leave out. */
async function tree(): Promise<string> {
  // The pages in a folder of the temporary one, beside the folder a link leads to: both removed with it.
  const dir = await tempRoot();
  const root = path.join(dir, 'pages');
  const shared = path.join(dir, 'shared');
  const files = [
    'index.tsx', 'jobs.jsx', 'legacy.js', 'plain.ts', 'types.d.ts', 'jobs.test.tsx', 'test.tsx', 'notes.md', 'README',
    '_draft.tsx', '_parts/header.tsx', 'about/_hidden.tsx', 'about/index.tsx', 'about/team/index.tsx',
    '.hidden.tsx', '.cache/page.tsx', 'deep/a/b/c.tsx', 'Mixed.TSX', 'x.test.js', 'y.spec.tsx',
  ];
  for (const rel of files) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), 'export default () => null;\n');
  }
  await mkdir(path.join(root, 'empty'));
  // Symbolic links: to a folder (followed), to a file (a file), and one that leads nowhere (no file).
  await mkdir(path.join(shared, 'nested'), { recursive: true });
  await writeFile(path.join(shared, 'nested', 'page.tsx'), '');
  await symlink(shared, path.join(root, 'linked'), 'dir');
  await symlink(path.join(root, 'index.tsx'), path.join(root, 'alias.tsx'));
  await symlink(path.join(root, 'gone.tsx'), path.join(root, 'broken.tsx'));
  return root;
}

const sorted = (xs: string[]) => [...xs].sort();

describe('listFiles finds what fast-glob found', () => {
  it('for the pages: **/*.{tsx,jsx,ts,js} without _-prefixed names, .d.ts files and tests', async () => {
    const root = await tree();
    const globbed = await fg('**/*.{tsx,jsx,ts,js}', { cwd: root, ignore: ['**/_*', '**/*.d.ts', '**/*.test.*'] });
    const { routes, notFound } = await discoverRoutes({ root, pagesDir: root, locales: [{ code: 'en' }, { code: 'de' }], defaultLocale: { code: 'en' } } as never);
    expect(notFound).toBeNull();
    expect(sorted(routes.map((r) => path.relative(root, r.file)))).toEqual(sorted(globbed));
    expect(globbed).toContain('linked/nested/page.tsx');
  });

  it('for the layouts: *.{tsx,jsx} in the folder itself', async () => {
    const root = await tree();
    const globbed = await fg('*.{tsx,jsx}', { cwd: root });
    expect(sorted(await listFiles(root, { recursive: false, keep: (rel) => /\.(tsx|jsx)$/.test(rel) }))).toEqual(sorted(globbed));
  });

  it('for the static files: every file, names starting with a dot left out', async () => {
    const root = await tree();
    expect(await listStatic(root)).toEqual(sorted(await fg('**/*', { cwd: root, onlyFiles: true, dot: false })));
  });

  it('finds nothing in a folder that does not exist', async () => {
    expect(await listFiles(path.join(await tempRoot(), 'none'), { recursive: true })).toEqual([]);
  });
});
