#!/usr/bin/env node
/**
 * The bare floor of bench/build.ts, as a process of its own and in plain JavaScript (no
 * TypeScript loader at start, like the compiled CLI): load the config, bundle the pages and
 * layouts with esbuild, render every page in every locale with renderToStaticMarkup and write
 * its HTML. Nothing else: no payloads, head tags, manifest, sitemap, runtime, assets,
 * verification, translation check or cache. It uses sitegen's own translator and page context,
 * which the pages need to render at all.
 *
 *   node bench/floor.mjs <root> <outDir>
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import fg from 'fast-glob';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

process.env.NODE_ENV ??= 'production';
const REPO = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SRC = path.join(REPO, 'src');
const [root, outDir] = process.argv.slice(2).map((p) => path.resolve(p));

const pageFiles = (await fg('**/*.tsx', { cwd: path.join(root, 'pages'), absolute: true })).sort();
const layoutFiles = (await fg('*.tsx', { cwd: path.join(root, 'templates', 'layouts'), absolute: true })).sort();
const entry = [
  ...pageFiles.map((f, i) => `import * as p${i} from ${JSON.stringify(f)};`),
  ...layoutFiles.map((f, i) => `import * as l${i} from ${JSON.stringify(f)};`),
  `export const pages = [${pageFiles.map((_, i) => `p${i}`).join(', ')}];`,
  `export const layouts = {${layoutFiles.map((f, i) => `${JSON.stringify(path.basename(f, '.tsx'))}: l${i}`).join(', ')}};`,
  `export { PageProvider } from ${JSON.stringify(path.join(SRC, 'page-api.ts'))};`,
  `export { createTranslator } from ${JSON.stringify(path.join(SRC, 'i18n', 'translator.ts'))};`,
  `export { resolveConfig } from ${JSON.stringify(path.join(SRC, 'config.ts'))};`,
  `export { flatten } from ${JSON.stringify(path.join(SRC, 'i18n', 'messages.ts'))};`,
  `export { fallbackChain } from ${JSON.stringify(path.join(SRC, 'locales.ts'))};`,
].join('\n');
// Inside sitegen's folder, so that react and the other externals resolve to its copies.
const bundleDir = path.join(REPO, 'node_modules', '.cache', `floor-${process.pid}`);
await esbuild.build({
  stdin: { contents: entry, resolveDir: root, loader: 'js' },
  bundle: true, format: 'esm', platform: 'node', target: 'node20', jsx: 'automatic', outfile: path.join(bundleDir, 'floor.js'),
  external: ['react', 'react-dom', 'react/*', 'react-dom/*', 'intl-messageformat', '@formatjs/*', 'htmlparser2', 'esbuild'],
  alias: { sitegen: path.join(SRC, 'page-api.ts') },
  loader: { '.svg': 'text', '.png': 'file', '.jpg': 'file', '.webp': 'file' },
  logLevel: 'silent',
});
const mod = await import(pathToFileURL(path.join(bundleDir, 'floor.js')).href);
const { config } = await mod.resolveConfig(root, { outDir });
const { readFile } = await import('node:fs/promises');
const messages = new Map();
for (const locale of config.locales) {
  const text = await readFile(path.join(root, 'locales', `${locale.code}.json`), 'utf8').catch(() => '{}');
  messages.set(locale.code, mod.flatten(locale.code, JSON.parse(text)));
}

let pages = 0;
for (const locale of config.locales) {
  const fallbacks = mod.fallbackChain(locale.code, config.locales, config.defaultLocale.code)
    .map((code) => ({ locale: config.locales.find((l) => l.code === code), messages: messages.get(code) ?? {} }));
  const translator = mod.createTranslator({
    locale, messages: messages.get(locale.code), fallbacks, globals: { product: config.site.product },
    onMissing: () => null, onFormatError: (_key, cause) => cause,
  });
  const prefix = locale.code === config.defaultLocale.code ? '' : `/${locale.code}`;
  for (const [i, file] of pageFiles.entries()) {
    const rel = path.relative(path.join(root, 'pages'), file).replace(/\.tsx$/, '').split(path.sep).join('/');
    const notFound = rel === '404';
    const routePath = notFound ? '/404' : rel === 'index' ? '/' : '/' + rel.replace(/\/index$/, '');
    const page = mod.pages[i];
    const value = {
      translator, locale, locales: config.locales, defaultLocale: config.defaultLocale.code, path: routePath, documentPath: routePath, isNotFound: notFound,
      site: config.site, assetsBase: config.assetsBase,
    };
    const Layout = mod.layouts[page.layout ?? 'default'].default;
    const html = renderToStaticMarkup(createElement(mod.PageProvider, { value }, createElement(Layout, null, createElement(page.default))));
    const target = notFound ? `${prefix}/404.html` : `${prefix}${routePath === '/' ? '' : routePath}/index.html`;
    const out = path.join(outDir, target);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, '<!doctype html>' + html);
    pages++;
  }
}
await rm(bundleDir, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ pages }) + '\n');
