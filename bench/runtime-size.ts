/**
 * Sizes of the browser runtime: the core module gzipped (budget 2.5 KB: what every page loads
 * first), the inline root redirect in bytes (budget 600), and each lazy file gzipped (the core's
 * own lazy parts beside it, the page chunks in assets/chunks.HASH/). Printed, never asserted here.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleRuntime } from '../src/runtime-bundle.ts';
import { SITE_LOCALES } from '../test/helpers/real-site.ts';
import { REPO } from './lib.ts';

/** With this site's own enhancers (templates/enhancers/), as its build bundles them. */
const assets = await bundleRuntime({ locales: SITE_LOCALES, defaultLocale: SITE_LOCALES[0]!.code, enhancersDir: path.join(REPO, 'templates/enhancers'), root: REPO });
const kb = (n: number) => (n / 1024).toFixed(2) + ' KB';
console.log(`core runtime   ${kb(assets.sizes.coreGzip)} gzipped (budget 2.50 KB)${assets.sizes.coreGzip > 2560 ? '  OVER BUDGET' : ''}`);
console.log(`root redirect  ${assets.sizes.redirectBytes} bytes (budget 600)${assets.sizes.redirectBytes > 600 ? '  OVER BUDGET' : ''}`);
console.log('loaded on demand:');
for (const file of assets.files)
  if (file.path != assets.entry) console.log(`  ${file.path.padEnd(44)} ${kb(gzipSync(file.contents, { level: 9 }).length)} gzipped`);
