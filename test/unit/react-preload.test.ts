/**
 * While esbuild bundles, the build loads react-dom/server ahead of the server bundle: it must be
 * the very file the bundle's import will load (from the site's own React when it has one, as
 * packageFor decides), so that the bundle finds it loaded instead of loading a second copy.
 */
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageFor, preloadReactServer } from '../../src/bundle-modules.ts';
import { REPO } from '../helpers/site.ts';

describe('react-dom/server loaded ahead of the server bundle', () => {
  it("loads the file the bundle's import of react-dom/server resolves to", () => {
    const folder = packageFor('react-dom', REPO)!;
    const file = createRequire(path.join(folder, 'package.json')).resolve('react-dom/server');
    const cache = createRequire(import.meta.url).cache;
    delete cache[file];
    preloadReactServer(REPO);
    expect(cache[file]?.loaded).toBe(true);
  });

  it('a site where react-dom cannot be found is left to the bundle import, without an error', () => {
    expect(() => preloadReactServer('/')).not.toThrow();
  });
});
