/**
 * The browser runtime's assets (runtime-bundle.ts: three esbuild builds and a CSS minify), kept in
 * the build cache while the files they were made from are unchanged (see bundle-cache.ts). The key
 * holds the options and the list of enhancers, so that a new enhancer file, which no earlier build
 * read, makes the assets again.
 */
import { findEnhancers } from '../enhancers.ts';
import { PACKAGE_ROOT } from '../package-root.ts';
import { bundleRuntime, type BundleRuntimeOptions, type RuntimeAssets } from '../runtime-bundle.ts';
import type { CacheLocation } from './build-cache.ts';
import { cachedRun, type Inputs } from './bundle-cache.ts';

export function cachedRuntime(
  cache: CacheLocation | null,
  options: BundleRuntimeOptions,
  root: string,
  onDamaged: () => void,
  onInputs?: (inputs: Inputs) => void,
): Promise<RuntimeAssets> {
  const enhancers = findEnhancers(options.enhancersDir, options.root);
  return cachedRun(cache, 'runtime', [JSON.stringify(options), JSON.stringify(enhancers)], {
    make: async () => {
      const assets = await bundleRuntime(options);
      return { value: assets, inputs: assets.inputs };
    },
    encode: (assets) => ({ ...assets, files: assets.files.map((f) => ({ path: f.path, contents: Buffer.from(f.contents).toString('base64') })) }),
    decode: (json) => decodeAssets(json),
    roots: [root, PACKAGE_ROOT],
    onDamaged,
    onInputs,
  });
}

function decodeAssets(json: unknown): RuntimeAssets | null {
  const j = json as Omit<RuntimeAssets, 'files'> & { files: { path: string; contents: string }[] };
  const strings = (xs: unknown) => Array.isArray(xs) && xs.every((x) => typeof x === 'string');
  const ok =
    !!j && Array.isArray(j.files) && j.files.every((f) => f && typeof f.path === 'string' && typeof f.contents === 'string') &&
    typeof j.entry === 'string' && typeof j.redirectScript === 'string' && typeof j.css === 'string' && strings(j.chunks) && strings(j.inputs) &&
    !!j.sizes && typeof j.sizes.coreGzip === 'number' && typeof j.sizes.redirectBytes === 'number';
  if (!ok) return null;
  return { ...j, files: j.files.map((f) => ({ path: f.path, contents: new Uint8Array(Buffer.from(f.contents, 'base64')) })) };
}
