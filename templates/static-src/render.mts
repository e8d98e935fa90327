/**
 * Regenerates the binary static files from their sources, in real Chromium:
 *   templates/static/social.png   the 894 x 651 social preview (from social-card.html)
 *   templates/static/favicon.ico  32 x 32 PNG-in-ICO (from favicon.svg)
 * Run: node --import tsx templates/static-src/render.mts
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { launchChromium } from '../../test/helpers/chromium.ts';
import config from '../../sitegen.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const staticDir = path.join(root, 'templates/static');

const en = JSON.parse(await readFile(path.join(root, 'locales/en.json'), 'utf8'));
const fill = (s: string) => s.replaceAll('{product}', config.product);
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The phone drawing is the site's own component, bundled like the build does (its CSS left out)
 * and rendered with a stand-in page context whose t() only knows the illustration's label.
 */
async function phoneSvg(): Promise<string> {
  const entry = `
    import { createElement } from 'react';
    import { renderToStaticMarkup } from 'react-dom/server';
    import { PageProvider } from 'sitegen';
    import { EditorIllustration } from './templates/components/EditorIllustration.tsx';
    export function render(label) {
      const value = { translator: { t: () => label }, locale: { code: 'en', iso: 'en-US' } };
      return renderToStaticMarkup(createElement(PageProvider, { value }, createElement(EditorIllustration)));
    }`;
  const out = await esbuild.build({
    stdin: { contents: entry, resolveDir: root, loader: 'tsx' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    jsx: 'automatic',
    packages: 'external',
    alias: { sitegen: path.join(root, 'src/page-api.ts') },
    loader: { '.css': 'empty' },
    logLevel: 'silent',
  });
  // Written inside the project so that its bare imports (react) resolve from node_modules.
  const file = path.join(root, 'node_modules/.cache/sitegen-static-src.mjs');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, out.outputFiles[0]!.text);
  const mod = await import(pathToFileURL(file).href);
  return mod.render(fill(en.home.illustration));
}

const favicon = await readFile(path.join(staticDir, 'favicon.svg'), 'utf8');
const html = (await readFile(path.join(here, 'social-card.html'), 'utf8'))
  .replace('{{logo}}', favicon.replace('<svg ', '<svg width="56" height="56" '))
  .replace('{{product}}', escape(config.product))
  .replace('{{tagline}}', escape(fill(en.home.tagline)))
  .replace('{{description}}', escape(fill(en.footer.tagline)))
  .replace('{{phone}}', await phoneSvg());

const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 894, height: 651 } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: path.join(staticDir, 'social.png'), clip: { x: 0, y: 0, width: 894, height: 651 } });

  await page.setViewportSize({ width: 32, height: 32 });
  await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${favicon.replace('<svg ', '<svg width="32" height="32" ')}`);
  const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: 32, height: 32 } });
  await writeFile(path.join(staticDir, 'favicon.ico'), ico(png, 32));
} finally {
  await browser.close();
}
console.log('wrote templates/static/social.png and templates/static/favicon.ico');

/** An ICO file holding one PNG image (supported by every browser since Windows Vista era). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image data
  return Buffer.concat([header, png]);
}
