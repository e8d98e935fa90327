/**
 * Size budgets of the two Firebase pages and of their lazy chunks (the sign-in providers, the
 * e-mail link completion), gzipped, counting exactly what each page downloads for
 * its chunk beyond the core: the chunk file as the real build writes it (bundleRuntime) plus every
 * file it imports statically (a chunk esbuild splits out for code shared with other chunks), each
 * compressed on its own as it is served. And proof that the core itself carries none of their code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleRuntime, type RuntimeAssets } from '../../src/runtime-bundle.ts';
import { SITE_LOCALES as LOCALES } from '../helpers/real-site.ts';
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

const text = (file: string) => Buffer.from(byPath(file).contents).toString('utf8');

/** Gzipped bytes of a file and the files it imports statically (`without` those already loaded). */
function download(file: string, without = new Set<string>()): { bytes: number; files: string[] } {
  const files = [...withStaticImports(file)].filter((f) => !without.has(f));
  return { bytes: files.reduce((sum, f) => sum + gzipSync(byPath(f).contents, { level: 9 }).length, 0), files };
}

/** The built file of chunk `name`. */
function chunkFile(name: string): string {
  const chunk = assets.files.find((f) => new RegExp(`(^|/)${name}(\\.[\\w-]+)?\\.js$`).test(f.path));
  if (!chunk) throw new Error(`bundleRuntime wrote no file for the chunk ${name}`);
  return chunk.path;
}

/** Gzipped bytes the page downloads for chunk `name`, and the files they come from. */
const pageDownload = (name: string) => download(chunkFile(name));

/**
 * A lazy chunk (loaded by `import()` from chunk `from`), found by a string only its code holds:
 * what it adds to what the page has already loaded with `from`.
 */
function lazyDownload(from: string, marker: string): { bytes: number; files: string[] } {
  const loaded = withStaticImports(chunkFile(from));
  const dynamic = [...text(chunkFile(from)).matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => path.posix.join(path.posix.dirname(chunkFile(from)), m[1]!));
  const lazy = dynamic.filter((f) => [...withStaticImports(f)].some((g) => text(g).includes(marker)));
  if (lazy.length != 1) throw new Error(`expected one lazy chunk of ${from} with ${marker}, found ${lazy.join(', ') || 'none'}`);
  return download(lazy[0]!, loaded);
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

  it.each([
    ['Google', 'accounts.google.com/gsi/client'],
    ['Apple', 'appleid.cdn-apple.com'],
  ])('the %s sign-in is a lazy chunk of /applycode of at most 1.5 KB gzipped', (_, library) => {
    const { bytes, files } = lazyDownload('apply-code', library);
    expect(bytes, files.join(' + ')).toBeLessThanOrEqual(1.5 * 1024);
  });

  it('/applycode loads no provider library, nor its code, before a click', () => {
    const loaded = [...withStaticImports(chunkFile('apply-code'))].map(text).join('\n');
    for (const library of ['accounts.google.com', 'appleid.cdn-apple.com', 'google.accounts.id', 'AppleID']) expect(loaded).not.toContain(library);
  });

  it('the e-mail link completion is a lazy chunk of /auth_action of at most 1.5 KB gzipped', () => {
    const { bytes, files } = lazyDownload('auth-action', 'signInWithEmailLink');
    expect(bytes, files.join(' + ')).toBeLessThanOrEqual(1.5 * 1024);
    expect([...withStaticImports(chunkFile('auth-action'))].map(text).join('\n')).not.toContain('signInWithEmailLink');
  });

  it('the core runtime loaded by every page contains none of their code', () => {
    const core = [...withStaticImports(assets.entry)].map(text).join('\n');
    for (const host of ['identitytoolkit', 'securetoken', 'cloudfunctions', 'accounts.google.com', 'appleid.cdn-apple.com']) expect(core).not.toContain(host);
  });
});
