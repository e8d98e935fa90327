/**
 * One measurement in a fresh process (so that peak memory is its own):
 *   node --import tsx bench/build-one.ts build|floor <root> <outDir>
 * Prints one JSON line: { mode, pages, ms, maxRssMb, liveMb }.
 */
import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { build } from '../src/build.ts';
import { resolveConfig } from '../src/config.ts';
import { newState, loadMessagesStage, routesStage, bundleStage } from '../src/stages.ts';
import { createLogger } from '../src/logger.ts';
import { htmlFile, localizePath, notFoundFile } from '../src/paths.ts';

const [mode, root, outDir] = process.argv.slice(2) as ['build' | 'floor', string, string];

async function floor(): Promise<number> {
  // Prepare outside the timed part: messages, routes and the server bundle.
  const { config } = await resolveConfig(root, { outDir });
  const state = newState(config, createLogger({ level: 'silent' }), []);
  await loadMessagesStage(state);
  await routesStage(state);
  await bundleStage(state);
  const mod = await import(pathToFileURL(state.server!.modulePath).href);
  const start = performance.now();
  let pages = 0;
  // The floor: a plain loop rendering each page in its layout and writing it, nothing else.
  for (const locale of config.locales) {
    const translator = mod.createTranslator({
      locale, messages: state.messages.get(locale.code), fallbacks: locale.code === config.defaultLocale.code ? [] : [{ locale: config.defaultLocale, messages: state.messages.get(config.defaultLocale.code) }], globals: { product: config.site.product },
      onMissing: () => null, onFormatError: (_k: string, c: unknown) => c,
    });
    // The same documents the build renders: every page and the not-found page, in every locale.
    for (const page of [...state.pages, ...(state.notFound ? [state.notFound] : [])]) {
      const value = { translator, locale, locales: config.locales, defaultLocale: 'en', path: page.path ?? '/', site: config.site, assetsBase: config.assetsBase };
      const Page = mod.pages[page.key].default;
      const Layout = mod.layouts[page.layout].default;
      const html = renderToStaticMarkup(createElement(mod.PageProvider, { value }, createElement(Layout, null, createElement(Page))));
      const file = path.join(outDir, page.path === null ? notFoundFile(locale.code, 'en') : htmlFile(localizePath(page.path, locale.code, 'en')));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, '<!doctype html>' + html);
      pages++;
    }
  }
  const ms = performance.now() - start;
  await state.server!.dispose();
  return report(pages, ms);
}

async function full(): Promise<void> {
  const start = performance.now();
  const result = await build({ root, outDir });
  report(result.pages, performance.now() - start);
}

function report(pages: number, ms: number): number {
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  // What the run still holds once garbage is collected: flat if pages are not kept in memory.
  (globalThis as { gc?: () => void }).gc?.();
  const liveMb = process.memoryUsage().heapUsed / 1e6;
  process.stdout.write(JSON.stringify({ mode, pages, ms, maxRssMb, liveMb }) + '\n');
  return pages;
}

await rm(outDir, { recursive: true, force: true });
await (mode === 'floor' ? floor() : full());
await rm(outDir, { recursive: true, force: true });
