/**
 * While esbuild bundles, the build loads React DOM's server renderer ahead of the server bundle: it
 * must be the very file the bundle's renderer will load (from the site's own React when it has
 * one, as packageFor decides), so that the bundle finds it loaded instead of loading a second
 * copy. That is the legacy renderer alone (render/static-markup.ts): `react-dom/server` would also
 * load the streaming one, which sitegen does not use.
 */
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageFor, preloadReactServer } from '../../src/bundle-modules.ts';
import { loadStaticMarkup } from '../../src/render/static-markup.ts';
import { REPO } from '../helpers/site.ts';

const folder = packageFor('react-dom', REPO)!;
const cache = createRequire(import.meta.url).cache;
/** React DOM's server files in the module cache, by name (server.node.js requires both renderers). */
const rendererFile = (name: string) => path.join(path.dirname(createRequire(path.join(folder, 'package.json')).resolve('react-dom/package.json')), 'cjs', name);
const LEGACY = rendererFile('react-dom-server-legacy.node.production.js');
const STREAMING = rendererFile('react-dom-server.node.production.js');

describe('React DOM server renderer loaded ahead of the server bundle', () => {
  it("loads the legacy renderer's file, which the bundle's renderer takes renderToStaticMarkup from, and not the streaming renderer", () => {
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      delete cache[LEGACY];
      delete cache[STREAMING];
      preloadReactServer(REPO);
      expect(cache[LEGACY]?.loaded).toBe(true);
      expect(cache[STREAMING]).toBeUndefined();
      expect(loadStaticMarkup(createRequire(path.join(folder, 'package.json')))).toBe((cache[LEGACY]!.exports as { renderToStaticMarkup: unknown }).renderToStaticMarkup);
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it('a site where react-dom cannot be found is left to the bundle import, without an error', () => {
    expect(() => preloadReactServer('/')).not.toThrow();
  });

  it('a React DOM without the legacy renderer file is loaded through react-dom/server', () => {
    const calls: string[] = [];
    const fake = Object.assign(
      (id: string) => {
        calls.push(id);
        if (id === 'react-dom/server') return { renderToStaticMarkup: () => '<b></b>' };
        throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
      },
      { resolve: () => '/nowhere/react-dom/package.json' },
    ) as unknown as NodeJS.Require;
    expect(loadStaticMarkup(fake)({} as never)).toBe('<b></b>');
    expect(calls.at(-1)).toBe('react-dom/server');
  });
});
