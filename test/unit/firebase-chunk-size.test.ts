/**
 * Size budgets of the two Firebase pages, gzipped, counting exactly what each page downloads for
 * its chunk beyond the core: the chunk file as the real build writes it (bundleRuntime) plus every
 * file it imports statically (a chunk esbuild splits out for code shared with other chunks), each
 * compressed on its own as it is served. And proof that the core itself carries none of their code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleRuntime, type RuntimeAssets } from '../../src/runtime/bundle.ts';
import { LOCALES } from '../../src/locales.ts';
import { REPO } from '../helpers/site.ts';

let assets: RuntimeAssets;
beforeAll(async () => {
  assets = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(REPO, 'templates/enhancers'), root: REPO });
});

/** A built file and, transitively, the files it imports statically (`import ... from "./x.js"`). */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = Buffer.from(byPath(file).contents).toString('utf8');
  for (const [, rel] of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    withStaticImports(path.posix.join(path.posix.dirname(file), rel!), seen);
  }
  return seen;
}

function byPath(file: string) {
  const found = assets.files.find((f) => f.path == file);
  if (!found) throw new Error(`bundleRuntime wrote no ${file} (files: ${assets.files.map((f) => f.path).join(', ')})`);
  return found;
}

/** Gzipped bytes the page downloads for chunk `name`, and the files they come from. */
function pageDownload(name: string): { bytes: number; files: string[] } {
  const chunk = assets.files.find((f) => new RegExp(`(^|/)${name}(\\.[\\w-]+)?\\.js$`).test(f.path));
  if (!chunk) throw new Error(`bundleRuntime wrote no file for the chunk ${name}`);
  const files = [...withStaticImports(chunk.path)];
  return { bytes: files.reduce((sum, f) => sum + gzipSync(byPath(f).contents, { level: 9 }).length, 0), files };
}

describe('Firebase chunk sizes', () => {
  it('/applycode loads at most 4 KB gzipped for its chunk (auth client, token manager, callable client)', () => {
    const { bytes, files } = pageDownload('apply-code');
    expect(bytes, files.join(' + ')).toBeLessThanOrEqual(4 * 1024);
  });

  it('/auth_action loads at most 1.5 KB gzipped for its chunk, shared chunks included', () => {
    const { bytes, files } = pageDownload('auth-action');
    expect(bytes, files.join(' + ')).toBeLessThanOrEqual(1.5 * 1024);
  });

  it('the core runtime loaded by every page contains none of their code', () => {
    const text = [...withStaticImports(assets.entry)].map((f) => Buffer.from(byPath(f).contents).toString('utf8')).join('\n');
    for (const host of ['identitytoolkit', 'securetoken', 'cloudfunctions']) expect(text).not.toContain(host);
  });
});
