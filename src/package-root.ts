/**
 * sitegen's own folders. The CLI runs compiled (bundled into `lib/`) and the tests run the
 * TypeScript in `src/`; both sit one level below the package, but a bundled module's
 * `import.meta.url` is the bundle's, so the package is found by walking up to its package.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`sitegen: no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

/** The folder of sitegen's package.json. */
export const PACKAGE_ROOT = findPackageRoot();
/** sitegen's TypeScript sources: the renderer and page API that esbuild bundles with the pages, the browser runtime. */
export const SRC_DIR = path.join(PACKAGE_ROOT, 'src');
