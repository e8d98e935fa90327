/**
 * sitegen as another site uses it: the package is packed (npm pack, once per run), installed from
 * the tarball into an empty folder with React from npm's cache, `sitegen init` writes the starter,
 * Polish and European Portuguese are added by the config alone (with their message files), and the
 * site builds, passes `check --strict`, type-checks with `tsc --noEmit` (the package's own
 * declarations), and behaves in Chromium: each language's lang, dir, hreflang, the configured names
 * in the switcher, and the root redirect for pl-PL and pt-BR visitors.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { read, REPO } from '../helpers/site.ts';

const exec = promisify(execFile);
/** npm and npx, quietly, from npm's cache where it has the package (no network beyond the npm registry). */
const NPM_ENV = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1' };
const run = (cmd: string, args: string[], cwd: string) => exec(cmd, args, { cwd, env: NPM_ENV, maxBuffer: 16 * 1024 * 1024 });

/** What the package may hold: the generator only. */
const PACKAGE_PARTS = ['LICENSE', 'README.md', 'bin', 'lib', 'package.json', 'src', 'starter'];

const CONFIG = `import { defineConfig, type UserConfig } from 'sitegen';

const locales: UserConfig['locales'] = ['en', 'de', 'pl', { code: 'pt-PT', name: 'Português (Portugal)' }];

export default defineConfig({ url: 'https://acme.example', locales });
`;

const PL = {
  site: { name: 'Moja strona' },
  nav: { languages: 'Języki' },
  home: {
    title: 'Witamy',
    description: 'Nowa strona zbudowana z sitegen, w każdym języku, którym mówi.',
    intro: 'Ta strona jest pisana raz i publikowana w każdym języku witryny.',
    next: 'Zmień <code>pages/index.tsx</code> i <code>locales/en.json</code>, aby stała się twoja.',
  },
  notFound: { title: 'Nie znaleziono strony', description: 'Pod tym adresem nie ma żadnej strony.', home: 'Przejdź do strony głównej' },
  runtime: {
    offline: 'Jesteś offline',
    online: 'Znowu online',
    notFound: 'Nie znaleziono tej strony',
    errorTitle: 'Błąd {status}',
    errorPageFailed: 'Podczas wyświetlania strony błędu wystąpił błąd',
    backHome: 'Wróć do strony głównej',
    loading: 'Wczytywanie…',
  },
};

const PT_PT = {
  site: { name: 'O meu site' },
  nav: { languages: 'Idiomas' },
  home: {
    title: 'Bem-vindo',
    description: 'Um novo site criado com o sitegen, em todas as línguas que fala.',
    intro: 'Esta página é escrita uma vez e publicada em cada língua do site.',
    next: 'Edite <code>pages/index.tsx</code> e <code>locales/en.json</code> para o tornar seu.',
  },
  notFound: { title: 'Página não encontrada', description: 'Não existe nenhuma página neste endereço.', home: 'Ir para a página inicial' },
  runtime: {
    offline: 'Está sem ligação',
    online: 'Ligação restabelecida',
    notFound: 'Não foi possível encontrar esta página',
    errorTitle: 'Erro {status}',
    errorPageFailed: 'Ocorreu um erro ao mostrar a página de erro',
    backHome: 'Voltar à página inicial',
    loading: 'A carregar…',
  },
};

let tmp: string;
let tarball: string;
let site: string;

/** Packs a copy of the package (its prepare compiles lib/ and the declarations there, leaving the repository's lib/ alone). */
async function pack(): Promise<string> {
  const pkg = path.join(tmp, 'sitegen');
  for (const part of ['bin', 'scripts', 'src', 'starter', 'package.json', 'README.md', 'LICENSE', 'tsconfig.json', 'tsconfig.types.json']) {
    await cp(path.join(REPO, part), path.join(pkg, part), { recursive: true });
  }
  await symlink(path.join(REPO, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
  const { stdout } = await run('npm', ['pack', '--pack-destination', tmp], pkg);
  return path.join(tmp, stdout.trim().split('\n').pop()!);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-package-'));
  tarball = await pack();
  site = path.join(tmp, 'acme');
  await mkdir(site);
  await writeFile(path.join(site, 'package.json'), JSON.stringify({ name: 'acme', version: '1.0.0', private: true }, null, 2));
  await run('npm', ['install', tarball], site);
  await run('npx', ['sitegen', 'init', '.'], site);
  await run('npm', ['install'], site);
}, 300_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the packed package', () => {
  it('holds the generator only: bin, compiled lib/ with declarations, the sources the build bundles, the starter', async () => {
    const { stdout } = await exec('tar', ['tzf', tarball]);
    const files = stdout.trim().split('\n').map((f) => f.replace(/^package\//, ''));
    expect([...new Set(files.map((f) => f.split('/')[0]))].sort()).toEqual(PACKAGE_PARTS);
    for (const f of ['bin/sitegen', 'lib/cli.cjs', 'lib/page-api.js', 'lib/types/page-api.d.ts', 'src/render/server.tsx', 'src/runtime/core.ts', 'starter/gitignore', 'starter/templates/static/social.png']) {
      expect(files).toContain(f);
    }
    const installed = JSON.parse(await read(site, 'node_modules/sitegen/package.json'));
    expect(installed.peerDependencies).toEqual({ react: '^19.0.0', 'react-dom': '^19.0.0' });
    expect(Object.keys(installed.dependencies)).not.toContain('react');
  });
});

describe('sitegen init into a folder of its own', () => {
  it('names sitegen in the new package.json as the project it runs from does, so that npm install there installs it and the site builds', async () => {
    const blog = path.join(tmp, 'blog');
    try {
      const { stderr } = await run('npx', ['sitegen', 'init', blog], site);
      expect(stderr).not.toContain('does not name sitegen');
      const pkg = JSON.parse(await read(blog, 'package.json'));
      expect(pkg.dependencies.sitegen).toBe(`file:${path.relative(blog, tarball)}`);
      await run('npm', ['install'], blog);
      await run('npm', ['run', 'build'], blog);
      expect(await read(blog, 'dist/de/index.html')).toContain('<h1>Willkommen</h1>');
    } finally {
      await rm(blog, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('a site made with sitegen init, with pl and pt-PT added by config', () => {
  let browser: Browser;
  let server: RunningServer;
  let sitegenFiles: string[];

  beforeAll(async () => {
    await writeFile(path.join(site, 'sitegen.config.ts'), CONFIG);
    await writeFile(path.join(site, 'locales', 'pl.json'), JSON.stringify(PL, null, 2) + '\n');
    await writeFile(path.join(site, 'locales', 'pt-PT.json'), JSON.stringify(PT_PT, null, 2) + '\n');
    sitegenFiles = (await readdir(path.join(site, 'node_modules', 'sitegen'), { recursive: true })).sort();
    await run('npx', ['sitegen', 'build'], site);
    [browser, server] = await Promise.all([launchChromium(), serve({ root: path.join(site, 'dist'), port: 0, logger: createMemoryLogger() })]);
  }, 180_000);
  afterAll(() => Promise.all([browser?.close(), server?.close()]));

  it('builds into the site\'s folder only: nothing is written inside the installed package', async () => {
    expect((await readdir(path.join(site, 'node_modules', 'sitegen'), { recursive: true })).sort()).toEqual(sitegenFiles);
    expect(await readdir(path.join(site, 'node_modules', '.cache', 'sitegen'))).toContain('pages');
  });

  it('passes sitegen check --strict', async () => {
    const { stdout } = await run('npx', ['sitegen', 'check', '--strict'], site);
    expect(stdout).toContain('All 4 locale(s) complete and correct.');
  });

  it('type-checks with tsc --noEmit against the package\'s declarations, which are not `any`', async () => {
    // Any layout name the site has a file for (the generator knows none of its own).
    const typed = path.join(site, 'pages', 'typed.tsx');
    // And an imported image is its URL (the starter's templates/assets.d.ts).
    // And Node's own modules and env, which a page reads its data with (the starter installs their types).
    await writeFile(
      typed,
      `import type { LayoutName } from 'sitegen';\nimport { readFileSync } from 'node:fs';\nimport logo from '../templates/static/favicon.svg';\nexport const layout: LayoutName = 'landing';\nexport const src: string = logo;\n` +
        `export const text: string = readFileSync(new URL('../package.json', import.meta.url), 'utf8') + (process.env.SITE_TAG ?? '');\n` +
        // A page with parameters: its params and a head with values.
        `import type { PageHead, PageProps } from 'sitegen';\nexport const head = ({ slug }: PageProps<'slug'>['params']): PageHead => ({ title: 'a', description: 'b', values: { slug, n: 1 } });\n` +
        `export function Post({ params }: PageProps<'slug'>) { const slug: string = params.slug; return slug; }\n`,
    );
    await run('npx', ['tsc', '--noEmit'], site).finally(() => rm(typed));
    await writeFile(path.join(site, 'pages', 'wrong.tsx'), `import { useI18n } from 'sitegen';\nexport default function Wrong() {\n  const n: number = useI18n().locale.code;\n  return <p>{n}</p>;\n}\n`);
    try {
      const failed = await run('npx', ['tsc', '--noEmit'], site).then(() => null, (err: { stdout: string }) => err);
      expect(failed?.stdout).toContain("pages/wrong.tsx(3,9): error TS2322: Type 'string' is not assignable to type 'number'.");
    } finally {
      await rm(path.join(site, 'pages', 'wrong.tsx'));
    }
  });

  it.each([
    ['/', 'en', 'My site'],
    ['/pl', 'pl', 'Moja strona'],
    ['/pt-PT', 'pt-PT', 'O meu site'],
  ])('%s is in %s: lang, dir, hreflang alternates and the configured names in the switcher', async (pathname, lang, name) => {
    const context = await browser.newContext();
    await context.addCookies([{ name: 'i18n_redirected', value: lang, url: server.url }]);
    const page = await context.newPage();
    await page.goto(new URL(pathname, server.url).href);
    const seen = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      dir: document.documentElement.dir,
      brand: document.querySelector('.brand')?.textContent,
      alternates: [...document.querySelectorAll('link[rel=alternate]')].map((l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}`),
      switcher: [...document.querySelectorAll('[data-language-switcher] a')].map((a) => `${a.getAttribute('hreflang')} ${a.textContent} ${a.getAttribute('href')}`),
    }));
    await context.close();
    expect(seen).toEqual({
      lang,
      dir: 'ltr',
      brand: name,
      alternates: ['en /', 'de /de', 'pl /pl', 'pt-PT /pt-PT', 'x-default /'],
      switcher: ['en English /', 'de Deutsch /de', 'pl Polski /pl', 'pt-PT Português (Portugal) /pt-PT'],
    });
  });

  it.each([
    [['pl-PL'], '/pl'],
    [['pt-BR', 'en'], '/pt-PT'],
  ])('a visitor whose browser prefers %j is sent from / to %s', async (languages, expected) => {
    const context = await browser.newContext();
    await context.addInitScript((langs) => Object.defineProperty(Navigator.prototype, 'languages', { get: () => langs }), languages);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForLoadState('load');
    const landed = new URL(page.url()).pathname;
    const title = await page.title();
    await context.close();
    expect(landed).toBe(expected);
    expect(title).toBe(expected === '/pl' ? 'Witamy' : 'Bem-vindo');
  });
});
