/**
 * esbuild's API, loaded on first use: a build whose bundles all come from the build cache starts
 * no esbuild at all. Required, not imported: esbuild's package is CommonJS, and an `import()` of
 * it has Node's cjs-module-lexer (JavaScript, run cold in each build) scan its ~100 KB main file
 * for the names it exports before the file runs: 20 to 47 ms of CPU in fresh processes, against 6
 * to 10 ms for `require` (direct timers, with Node's ES module loader already warm in both).
 */
import { createRequire } from 'node:module';
import type * as esbuild from 'esbuild';

const require = createRequire(import.meta.url);

export async function api(): Promise<typeof esbuild> {
  return require('esbuild') as typeof esbuild;
}
