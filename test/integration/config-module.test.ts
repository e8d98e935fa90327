/**
 * sitegen.config.ts is a real ES module: it imports packages from the project, its helpers have
 * their own import.meta.url, top-level await works; `sitegen dev` rebuilds when a helper the config
 * imports is edited.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { symlink } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../src/dev/dev.ts';
import type { RebuildReport } from '../../src/dev/rebuild-report.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { editFile, fixtureSites, read, REPO } from '../helpers/site.ts';

const site = fixtureSites('basic');
const run = promisify(execFile);

/** A config that needs a real module: a package import, a helper reading a file beside it, top-level await. */
const FILES = {
  'sitegen.config.ts': `import { version } from 'react';
import { links } from './config/links.ts';
import { brand } from './config/brand.ts';

const year = await Promise.resolve(2026);
export default {
  name: brand + ' React ' + version.split('.')[0],
  product: 'Fixture App',
  url: 'https://fixture.example',
  year,
  locales: ['en', 'de'],
  links,
};
`,
  'config/links.ts': `import { readFileSync } from 'node:fs';
/** Read beside this file, wherever the project is. */
export const links: Record<string, string> = JSON.parse(readFileSync(new URL('./links.json', import.meta.url), 'utf8'));
export const here = import.meta.dirname;
`,
  'config/links.json': '{ "appStore": "https://apps.example/fixture" }\n',
  'config/brand.ts': "export const brand = 'Acme';\n",
  'pages/index.tsx': `import { useI18n, type PageHead } from 'sitegen';
export const head: PageHead = { title: 'home.title', description: 'home.description' };
export default function Home() {
  const { t, site } = useI18n();
  return <h1>{t('home.title')} <a href={site.links.appStore} data-store>{site.name}</a></h1>;
}
`,
};

/** A copy of the basic fixture with the files above and the project's packages (node_modules). */
async function projectSite(): Promise<string> {
  const root = await site(FILES);
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return root;
}

const REACT_MAJOR = (await import('react')).version.split('.')[0];

describe('sitegen.config.ts as a real module', () => {
  it('imports a package and a helper that reads a file through import.meta.url', async () => {
    const root = await projectSite();
    expect(await sitegenBuild(root)).toEqual({ code: 0, stderr: '' });
    const html = await read(path.join(root, 'dist'), 'index.html');
    expect(html).toContain(`<a href="https://apps.example/fixture" data-store="true">Acme React ${REACT_MAJOR}</a>`);
    // The bundled config is imported from beside the config and removed again.
    expect(readdirSync(root).filter((f) => f.endsWith('.mjs'))).toEqual([]);
  });

  it('names a package the project lacks, and a syntax error in a helper at its line and column', async () => {
    const root = await site(FILES);
    const missing = await sitegenBuild(root);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      `sitegen.config.ts could not be loaded: Cannot find package 'react' imported from sitegen.config.ts. Install the package in the project (npm install), or fix the import.`,
    );
    await editFile(root, 'config/brand.ts', () => "export const brand = 'Acme';\nconst broken = ;\n");
    const syntax = await sitegenBuild(root);
    expect(syntax.stderr).toContain(
      'sitegen.config.ts could not be loaded: config/brand.ts:2:16: Unexpected ";". Fix the error in the config or in the files it imports.',
    );
  });
});

/** `sitegen build --root root` in a process of its own (under vitest, import() resolves packages its own way). */
async function sitegenBuild(root: string): Promise<{ code: number; stderr: string }> {
  try {
    await run(process.execPath, [path.join(REPO, 'bin/sitegen'), 'build', '--root', root], { env: { ...process.env, NO_COLOR: '1' } });
    return { code: 0, stderr: '' };
  } catch (err) {
    return err as { code: number; stderr: string };
  }
}

describe('sitegen dev and the config', () => {
  let server: DevServer | undefined;
  afterAll(() => server?.close());

  /** Resolves with the next rebuild whose changes include `rel`. */
  async function nextReportFor(rel: string): Promise<RebuildReport> {
    for (;;) {
      const report = await server!.nextReport();
      if (report.changed.includes(rel)) return report;
    }
  }

  it('rebuilds everything when a helper the config imports is edited, and after one that was broken is fixed', async () => {
    const root = await projectSite();
    server = await dev({ root, port: 0, logger: createMemoryLogger() });
    const home = async () => (await fetch(server!.url + '/')).text();
    expect(await home()).toContain(`>Acme React ${REACT_MAJOR}</a>`);

    let next = nextReportFor('config/brand.ts');
    await editFile(root, 'config/brand.ts', () => "export const brand = 'Globex';\n");
    expect(await next).toMatchObject({ status: 'ok', kind: 'full' });
    expect(await home()).toContain(`>Globex React ${REACT_MAJOR}</a>`);

    next = nextReportFor('config/brand.ts');
    await editFile(root, 'config/brand.ts', () => 'export const brand = ;\n');
    expect(await next).toMatchObject({ status: 'failed', problem: { code: 'ConfigInvalid' } });

    next = nextReportFor('config/brand.ts');
    await editFile(root, 'config/brand.ts', () => "export const brand = 'Initech';\n");
    expect(await next).toMatchObject({ status: 'ok', kind: 'full' });
    expect(await home()).toContain(`>Initech React ${REACT_MAJOR}</a>`);
  });
});
