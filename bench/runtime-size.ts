/**
 * Sizes of the browser runtime: the core module gzipped (budget 2.5 KB), the inline root redirect
 * in bytes (budget 600), and each page chunk gzipped. Printed, never asserted here.
 */
import { gzipSync } from 'node:zlib';
import { bundleRuntime } from '../src/runtime/bundle.ts';
import { LOCALES, DEFAULT_LOCALE } from '../src/locales.ts';

const assets = await bundleRuntime({ locales: LOCALES, defaultLocale: DEFAULT_LOCALE });
const kb = (n: number) => (n / 1024).toFixed(2) + ' KB';
console.log(`core runtime   ${kb(assets.sizes.coreGzip)} gzipped (budget 2.50 KB)${assets.sizes.coreGzip > 2560 ? '  OVER BUDGET' : ''}`);
console.log(`root redirect  ${assets.sizes.redirectBytes} bytes (budget 600)${assets.sizes.redirectBytes > 600 ? '  OVER BUDGET' : ''}`);
for (const file of assets.files)
  if (file.path != assets.entry) console.log(`  ${file.path.padEnd(36)} ${kb(gzipSync(file.contents, { level: 9 }).length)} gzipped`);
