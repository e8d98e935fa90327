/**
 * A dev session's server bundles are made in one esbuild context (KeptContext, bundle-esbuild.ts),
 * which parses again only the files that changed; a new request (another entry) gets a new one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as esbuild from 'esbuild';
import { KeptContext } from '../../src/bundle-esbuild.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sitegen-kept-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('KeptContext', () => {
  it('rebuilds in the same context while the key is the same, with the files as they are now, and makes a new one for a new key', async () => {
    const file = path.join(dir, 'page.ts');
    let contexts = 0;
    const options = (entry: string) => ({
      entryPoints: [entry],
      bundle: true,
      write: false as const,
      metafile: true as const,
      outdir: path.join(dir, 'out'),
      logLevel: 'silent' as const,
      // A plugin's setup runs once per context.
      plugins: [{ name: 'count', setup: () => void contexts++ }] satisfies esbuild.Plugin[],
    });
    const text = (r: esbuild.BuildResult<{ write: false; metafile: true }>) => r.outputFiles.map((f) => f.text).join('');
    const kept = new KeptContext();
    try {
      writeFileSync(file, 'console.log("first");\n');
      expect(text(await kept.rebuild('a', options(file)))).toContain('"first"');
      writeFileSync(file, 'console.log("second");\n');
      expect(text(await kept.rebuild('a', options(file)))).toContain('"second"');
      expect(contexts).toBe(1);
      // A syntax error fails the rebuild; the context stays and builds the fixed file.
      writeFileSync(file, 'console.log("third";\n');
      await expect(kept.rebuild('a', options(file))).rejects.toMatchObject({ errors: [expect.objectContaining({ text: expect.stringContaining('Expected') })] });
      writeFileSync(file, 'console.log("fixed");\n');
      expect(text(await kept.rebuild('a', options(file)))).toContain('"fixed"');
      expect(contexts).toBe(1);
      const other = path.join(dir, 'other.ts');
      writeFileSync(other, 'console.log("other");\n');
      expect(text(await kept.rebuild('b', options(other)))).toContain('"other"');
      expect(contexts).toBe(2);
    } finally {
      await kept.dispose();
    }
  });

  it('minifies the same CSS once, and CSS that changed again', async () => {
    const kept = new KeptContext();
    const minified: string[] = [];
    const minify = async (text: string) => (minified.push(text), text.replace(/\s+/g, ''));
    expect(await kept.minifiedCss('a { color: red }', minify)).toBe('a{color:red}');
    expect(await kept.minifiedCss('a { color: red }', minify)).toBe('a{color:red}');
    expect(await kept.minifiedCss('a { color: teal }', minify)).toBe('a{color:teal}');
    expect(minified).toEqual(['a { color: red }', 'a { color: teal }']);
  });
});

