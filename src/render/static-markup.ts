/**
 * React DOM's `renderToStaticMarkup`, loaded from its legacy server renderer alone.
 * `react-dom/server` (server.node.js) loads two renderers, the legacy one and the streaming one
 * (Fizz), and takes `renderToStaticMarkup` from the first: the second is compiled and run in every
 * render thread of every build for nothing. Loading it was 7 to 8 ms of CPU per thread, about as
 * much as the legacy renderer itself (5 to 6 ms; `require` of each file, 3 runs).
 *
 * The legacy renderer's file is the one server.node.js requires for the same NODE_ENV; a React DOM
 * laid out otherwise (another major version) is loaded through `react-dom/server` as before. Its
 * `require` is given by the caller: the server bundle's own (resolving as its imports do), or one
 * from React DOM's folder.
 */
import path from 'node:path';
import type { renderToStaticMarkup } from 'react-dom/server';
import { requireCached } from './code-cache.ts';

export type StaticMarkup = typeof renderToStaticMarkup;

/**
 * With `cacheDir` (the build cache's folder; the main thread of a build), the legacy renderer is run
 * with its V8 code cache kept there (code-cache.ts), and made the first time.
 */
export function loadStaticMarkup(require: NodeJS.Require, cacheDir: string | null = null): StaticMarkup {
  // Node's own env, not the one the bundle gives the site's code (render/read-files.ts): sitegen's choice is no input of the site.
  const mode = globalThis.process.env.NODE_ENV === 'production' ? 'production' : 'development';
  try {
    const folder = path.dirname(require.resolve('react-dom/package.json'));
    const file = path.join(folder, 'cjs', `react-dom-server-legacy.node.${mode}.js`);
    const legacy = (cacheDir === null ? require(file) : requireCached(file, cacheDir)) as { renderToStaticMarkup?: unknown };
    if (typeof legacy.renderToStaticMarkup === 'function') return legacy.renderToStaticMarkup as StaticMarkup;
  } catch {
    // not this layout: the package's own entry below
  }
  return (require('react-dom/server') as { renderToStaticMarkup: StaticMarkup }).renderToStaticMarkup;
}
