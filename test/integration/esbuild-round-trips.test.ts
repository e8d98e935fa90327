/**
 * esbuild asks the main thread, through a message each way, for every plugin callback whose filter
 * matches; while that thread is busy (the build's translation check runs there meanwhile) the
 * bundle waits. These tests count the callbacks of the server bundle and of the runtime's page
 * chunks: one per file asked about, not one per file of the site.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bundleServer } from '../../src/bundle.ts';
import { resolveConfig } from '../../src/config.ts';
import { discoverRoutes } from '../../src/routes.ts';
import { bundleRuntime } from '../../src/runtime-bundle.ts';
import { SITE_LOCALES as LOCALES } from '../helpers/real-site.ts';
import { fixtureSites } from '../helpers/site.ts';

/** Per plugin name, the paths its onResolve callbacks were called for (each call one round trip). */
const calls = new Map<string, string[]>();
/** Per plugin name, the paths it asked esbuild to resolve (build.resolve: one round trip more each). */
const asked = new Map<string, string[]>();
/** Each esbuild build, by the names of its plugins. */
const builds: string[][] = [];

// esbuild's API as the build loads it (src/esbuild-api.ts, which requires the package).
vi.mock('../../src/esbuild-api.ts', async (importOriginal) => {
  const real = await (await importOriginal<typeof import('../../src/esbuild-api.ts')>()).api();
  const counted = (plugin: esbuild.Plugin): esbuild.Plugin => ({
    name: plugin.name,
    setup: (build) =>
      plugin.setup({
        ...build,
        resolve: (specifier, options) => {
          asked.set(plugin.name, [...(asked.get(plugin.name) ?? []), specifier]);
          return build.resolve(specifier, options);
        },
        onResolve: (options, callback) =>
          build.onResolve(options, (args) => {
            calls.set(plugin.name, [...(calls.get(plugin.name) ?? []), args.path]);
            return callback(args);
          }),
      }),
  });
  const build = (options: esbuild.BuildOptions) => {
    builds.push((options.plugins ?? []).map((p) => p.name));
    return real.build({ ...options, plugins: options.plugins?.map(counted) });
  };
  const counting = { ...real, build };
  return { api: async () => counting };
});

const sites = fixtureSites('basic');
afterAll(() => vi.restoreAllMocks());

describe('round trips from esbuild to the main thread', () => {
  it("the server bundle resolves the pages' JSX runtime without asking: only a file's own import of React's runtime is", async () => {
    const root = await sites({
      // A component whose JSX was compiled before (a package's, say) imports React's runtime itself.
      'templates/components/Compiled.ts': "import { jsx } from 'react/jsx-runtime';\nexport const Compiled = () => jsx('a', { href: '/about', children: 'About' });\n",
      'pages/compiled.tsx': "import { Compiled } from '../templates/components/Compiled.ts';\nexport const head = { title: 'common.title', description: 'common.title' };\nexport default function Page() { return <main><Compiled /></main>; }\n",
    });
    const { config } = await resolveConfig(root, {});
    const { routes, notFound } = await discoverRoutes(config);
    calls.clear();
    const server = await bundleServer(config, routes, notFound);
    try {
      // The runtime's own import (left to Node) and the compiled component's (to sitegen's runtime);
      // the JSX of the site's .tsx files (pages, layouts, the 404 page) asked nothing.
      expect(calls.get('sitegen-jsx-runtime')).toEqual(['react/jsx-runtime', 'react/jsx-runtime']);
      expect(Object.keys(server.metafile.inputs).filter((f) => f.endsWith('render/jsx-runtime.ts'))).toHaveLength(1);
    } finally {
      await server.dispose();
    }
  });

  it('bundles once a page whose packages spell __dirname or import.meta only in strings, and again, with their own values, one whose code names them', async () => {
    const page = (pkg: string) =>
      `import value from '${pkg}';\nexport const head = { title: 'common.title', description: 'common.title' };\nexport default function Page() { return <main><p>{value}</p></main>; }\n`;
    const bundled = async (pkg: string) => {
      const root = await sites({
        // A grammar, as shiki's are: the names inside a regular expression's string, in no code.
        'node_modules/grammar/package.json': '{ "name": "grammar", "type": "module", "main": "index.js" }\n',
        'node_modules/grammar/index.js': 'export default "\\\\b(__dirname|__filename|import\\\\.meta)\\\\b"; // __dirname\n',
        'node_modules/place/package.json': '{ "name": "place", "main": "index.js" }\n',
        'node_modules/place/index.js': "module.exports = require('path').basename(__dirname);\n",
        'pages/uses.tsx': page(pkg),
      });
      const { config } = await resolveConfig(root, {});
      const { routes, notFound } = await discoverRoutes(config);
      builds.length = 0;
      const server = await bundleServer(config, routes, notFound);
      const code = await readFile(server.modulePath, 'utf8');
      await server.dispose();
      return { runs: builds.map((plugins) => plugins.includes('sitegen-import-meta')), code };
    };
    const grammar = await bundled('grammar');
    expect(grammar.runs).toEqual([false]);
    expect(grammar.code).toContain('(__dirname|__filename|import\\\\.meta)');
    // The package's own folder, found after the first run: the bundle is made again with it.
    const place = await bundled('place');
    expect(place.runs).toEqual([false, true]);
    expect(place.code).toMatch(/var __dirname = "[^"]*node_modules\/place"/);
  });

  it("the page chunks ask once per import of a site's file, and never for the runtime's own imports", async () => {
    const root = await sites({
      'templates/enhancers/greet.ts': "import { shout } from './lib/shout.ts';\nexport default (el: HTMLElement) => { el.textContent = shout('hello'); };\n",
      'templates/enhancers/lib/shout.ts': 'export const shout = (s: string) => s.toUpperCase();\n',
    });
    calls.clear();
    asked.clear();
    const assets = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(root, 'templates/enhancers'), root });
    // greet's entry and its import of lib/shout.ts; not the language switcher's entry or imports,
    // which are sitegen's. Both name their file exactly: esbuild is not asked to find them.
    expect(calls.get('sitegen-site-namespace')).toEqual([path.join(root, 'templates/enhancers/greet.ts'), './lib/shout.ts']);
    expect(asked.get('sitegen-site-namespace')).toBeUndefined();
    const greet = assets.files.find((f) => /^assets\/chunks\.[A-Z0-9]{8}\/greet\.js$/.test(f.path))!;
    expect(Buffer.from(greet.contents).toString()).toContain('toUpperCase');
  });

  it('esbuild is asked to find a site file named without its extension, and each file of a package that sets sideEffects, whose bare imports it drops', async () => {
    const files = {
      'templates/enhancers/greet.ts': "import { shout } from './lib/shout';\nimport './lib/mark.ts';\nexport default (el: HTMLElement) => { el.textContent = shout('hello'); };\n",
      'templates/enhancers/lib/shout.ts': 'export const shout = (s: string) => s.toUpperCase();\n',
      'templates/enhancers/lib/mark.ts': 'globalThis.marked = true;\n',
    };
    let root = '';
    const chunks = async (extra: Record<string, string>) => {
      root = await sites({ ...files, ...extra });
      calls.clear();
      asked.clear();
      const assets = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(root, 'templates/enhancers'), root });
      return assets.files.filter((f) => f.path.includes('/chunks.')).map((f) => [f.path, Buffer.from(f.contents).toString()]);
    };
    const plain = await chunks({});
    expect(asked.get('sitegen-site-namespace')).toEqual(['./lib/shout']);
    expect(plain.find(([name]) => name!.endsWith('/greet.js'))![1]).toContain('marked');
    // A package that says its files have no side effects: esbuild decides, and drops the bare import.
    const pure = await chunks({ 'templates/enhancers/package.json': '{ "sideEffects": false }\n' });
    expect(asked.get('sitegen-site-namespace')).toEqual([path.join(root, 'templates/enhancers/greet.ts'), './lib/shout', './lib/mark.ts']);
    expect(pure.find(([name]) => name!.endsWith('/greet.js'))![1]).not.toContain('marked');
  });
});
