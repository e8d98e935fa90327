import { beforeEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BundleFolder, bundleServer, type ServerBundle } from '../../src/bundle.ts';
import { externalPackages } from '../../src/bundle-modules.ts';
import { resolveConfig, type ResolvedConfig } from '../../src/config.ts';
import { discoverRoutes, type RouteFile } from '../../src/routes.ts';
import { editFile, fixtureSites, listFiles as files } from '../helpers/site.ts';

const devSite = fixtureSites('dev-site');
const BADGE = 'templates/components/Badge.tsx';

let site: string;
let config: ResolvedConfig;
let routes: { routes: RouteFile[]; notFound: string | null };

const bundle = (folder?: BundleFolder): Promise<ServerBundle> => bundleServer(config, routes.routes, routes.notFound, folder);

beforeEach(async () => {
  site = await devSite();
  config = (await resolveConfig(site, {})).config;
  routes = await discoverRoutes(config);
});

describe('server bundles in a shared folder (dev)', () => {
  it('after a component edit, writes only the files that changed and keeps the others, renderer included', async () => {
    const folder = await BundleFolder.create(site);
    try {
      const first = await bundle(folder);
      const before = await files(folder.dir);
      const renderer = before.find((f) => /^renderer-\w+\.js$/.test(f))!;
      const rendererTime = (await stat(path.join(folder.dir, renderer))).mtimeMs;

      await editFile(site, BADGE, (text) => text.replace('data-badge>', 'data-badge="v2">'));
      const second = await bundle(folder);
      expect(second.modulePath).not.toBe(first.modulePath);
      const after = await files(folder.dir);
      // Same name, not written again: importing the new entry reuses the loaded renderer module.
      expect(after).toContain(renderer);
      expect((await stat(path.join(folder.dir, renderer))).mtimeMs).toBe(rendererTime);
      const added = after.filter((f) => !before.includes(f) && f.endsWith('.js'));
      expect(added.length).toBeGreaterThan(0);
      expect(added.length).toBeLessThan(before.filter((f) => f.endsWith('.js')).length / 2);

      // Letting go of the first bundle removes what only it used; the second still loads and renders.
      await first.dispose();
      const left = await files(folder.dir);
      expect(left).toContain(renderer);
      expect(left).toEqual(after.filter((f) => !before.includes(f) || left.includes(f)));
      expect(left.length).toBeLessThan(after.length);
      const mod = await import(pathToFileURL(second.modulePath).href);
      expect(Object.keys(mod.pages).sort()).toEqual(['pages/404.tsx', 'pages/about.tsx', 'pages/index.tsx', 'pages/jobs.tsx']);
      await second.dispose();
      expect(await files(folder.dir)).toEqual([]);
    } finally {
      await folder.dispose();
    }
    expect(existsSync(folder.dir)).toBe(false);
  });

  it('gives a bundle without a folder one of its own in the site\'s cache, removed with it', async () => {
    const own = await bundle();
    expect(existsSync(own.modulePath)).toBe(true);
    // The site's folder, never sitegen's install: a site copied to /tmp has no React of its own, and
    // the bundle still loads, through links to sitegen's copies.
    expect(own.dir.startsWith(path.join(await realpath(site), 'node_modules', '.cache', 'sitegen') + path.sep)).toBe(true);
    const mod = await import(pathToFileURL(own.modulePath).href);
    expect(typeof mod.renderJobs).toBe('function');
    await own.dispose();
    expect(existsSync(own.dir)).toBe(false);
  });

  it('leaves to Node only the packages the pages and the renderer share or keep loaded (React, the message formatter); htmlparser2\'s tokenizer is in the bundle', async () => {
    const own = await bundle();
    // Imported, htmlparser2 loaded its parser, DOM handler, utilities and serializer too (25 modules)
    // on every thread that imports the server module; the renderer uses its tokenizer alone.
    // React is required (bundle-esbuild.ts) and React DOM's server renderer loaded by its file's
    // path (render/static-markup.ts): no import of either is left, and the bundle's folder links
    // them all the same (the import below loads them).
    expect(externalPackages(own.metafile)).toEqual(['@formatjs/icu-messageformat-parser', 'intl-messageformat']);
    const mod = await import(pathToFileURL(own.modulePath).href);
    expect(typeof mod.renderJobs).toBe('function');
    await own.dispose();
  });

  it('importing the server module loads React\'s production files only, as a build does (NODE_ENV=production)', async () => {
    const own = await bundle();
    try {
      // Imported as an ES module, React's CommonJS main file had Node's export lexer read both of the
      // files it may require, its development build (~100 KB) included, on every thread.
      const script = `await import(${JSON.stringify(pathToFileURL(own.modulePath).href)}); const { createRequire } = await import('node:module'); console.log(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } });
      expect(run.stderr).toBe('');
      const loaded = (JSON.parse(run.stdout) as string[]).filter((f) => f.includes(`${path.sep}react`));
      expect(loaded.some((f) => f.endsWith('react.production.js'))).toBe(true);
      expect(loaded.filter((f) => f.includes('.development.'))).toEqual([]);
      // On the main thread React DOM's renderer is loaded at the first render, with the build cache's
      // code cache (render/code-cache.ts): a rebuild that renders no page never loads it.
      expect(loaded.filter((f) => f.includes('react-dom-server'))).toEqual([]);
    } finally {
      await own.dispose();
    }
  });

  it('the code behind the build id changes with a component, not with where the project lives', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'sitegen-bundle-elsewhere-'));
    await mkdir(path.join(other, 'deeper'));
    const moved = path.join(other, 'deeper', 'site');
    await cp(site, moved, { recursive: true });
    try {
      const a = await bundle();
      const movedConfig = (await resolveConfig(moved, {})).config;
      const movedRoutes = await discoverRoutes(movedConfig);
      const b = await bundleServer(movedConfig, movedRoutes.routes, movedRoutes.notFound);
      await editFile(site, BADGE, (text) => text.replace('data-badge>', 'data-badge="v2">'));
      const c = await bundle();
      expect(b.codePrint).toBe(a.codePrint);
      expect(c.codePrint).not.toBe(a.codePrint);
      await Promise.all([a, b, c].map((x) => x.dispose()));
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe('BundleFolder.create', () => {
  it('removes what processes that are gone left in the cache, and nothing of running ones', async () => {
    const probe = await BundleFolder.create(site);
    const cache = path.dirname(probe.dir);
    await probe.dispose();
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const leftovers = [path.join(cache, `${gone}-abcdef`), path.join(cache, `server-${gone}-1.mjs`)];
    await mkdir(leftovers[0]!, { recursive: true });
    await writeFile(leftovers[1]!, '');
    const running = path.join(cache, `${process.ppid}-keepme`);
    await mkdir(running, { recursive: true });
    try {
      const folder = await BundleFolder.create(site);
      for (const f of leftovers) expect(existsSync(f), f).toBe(false);
      expect(existsSync(running)).toBe(true);
      expect(path.basename(folder.dir)).toMatch(new RegExp(`^${process.pid}-`));
      await folder.dispose();
    } finally {
      await rm(running, { recursive: true, force: true });
    }
  });
});
