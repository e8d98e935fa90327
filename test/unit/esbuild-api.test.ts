/**
 * esbuild's API is loaded with `require`, not `import()`: esbuild's package is CommonJS, and an
 * import of it first has Node's cjs-module-lexer scan its main file for the names it exports (a
 * cost in every cold build). Required, the API is the package's own `module.exports`; imported, it
 * would be an ES module namespace made from it.
 */
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { api } from '../../src/esbuild-api.ts';

describe("esbuild's API", () => {
  it("is the package's CommonJS exports, required, not a namespace of an import()", async () => {
    const required = createRequire(import.meta.url)('esbuild') as object;
    const loaded = await api();
    expect(loaded).toBe(required);
    expect(typeof loaded.build).toBe('function');
  });
});
