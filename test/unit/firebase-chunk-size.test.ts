/**
 * Size budgets of the two Firebase page chunks, gzipped, counting everything the page loads for
 * them beyond the core runtime (each chunk bundled with all it imports, minified as the build
 * does), and proof that the core itself carries none of their code.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { REPO } from '../helpers/site.ts';
import { bundleRuntime } from '../../src/runtime/bundle.ts';
import { LOCALES } from '../../src/locales.ts';

async function gzippedChunk(name: string): Promise<number> {
  const out = await esbuild.build({
    entryPoints: [path.join(REPO, 'src/runtime/chunks', name + '.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
    define: { __DEFAULT_LOCALE__: '"en"' },
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

describe('Firebase chunk sizes', () => {
  it('the apply-code chunk (auth client, token manager, callable client) is at most 4 KB gzipped', async () => {
    expect(await gzippedChunk('apply-code')).toBeLessThanOrEqual(4 * 1024);
  });

  it('the auth-action chunk is at most 1.5 KB gzipped', async () => {
    expect(await gzippedChunk('auth-action')).toBeLessThanOrEqual(1.5 * 1024);
  });

  it('the core runtime loaded by every page contains none of their code', async () => {
    const assets = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en' });
    const core = assets.files.find((f) => f.path === assets.entry)!;
    const text = Buffer.from(core.contents).toString('utf8');
    expect(text).not.toContain('identitytoolkit');
    expect(text).not.toContain('securetoken');
    expect(text).not.toContain('cloudfunctions');
  });
});
