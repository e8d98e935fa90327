/**
 * The build cache's page index is read once per render context on a thread: the build's own copy
 * of the render cache (which counts the entries to choose the render threads) and the server
 * module's copy (which renders on the main thread with the same context) share what it read.
 */
import { describe, expect, it, vi } from 'vitest';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hasEntry, jobKey } from '../../src/render/render-cache.ts';
import { newBuildPacks, savePageIndex } from '../../src/cache/page-packs.ts';
import type { RenderContext, RenderJob } from '../../src/render/context.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('page-index');

describe('the page index of a render context', () => {
  it('is read once for every copy of the render cache module on the thread', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'pages'), { recursive: true });
    const context = { write: true, cache: { dir, key: 'build-key', pages: path.join(dir, 'pages'), build: 'unused' } } as RenderContext;
    const job = { page: { file: '/site/pages/a.tsx', key: 'pages/a.tsx', path: '/a', base: 'a', layout: 'default', aliases: [], head: { title: 't', description: 'd' } }, locale: 'en' } as RenderJob;
    const key = jobKey(context, job)!;
    const build = newBuildPacks();
    await writeFile(path.join(dir, 'pages', `${build}-1.pack`), Buffer.alloc(1));
    await savePageIndex(path.join(dir, 'pages'), build, [{ key, pack: `${build}-1.pack`, offset: 0, length: 1 }]);
    expect(hasEntry(context, key)).toBe(true);
    // The index is gone: a copy of the module that read it again would find no entry.
    await rm(path.join(dir, 'pages', 'index'));
    vi.resetModules();
    const other = await import('../../src/render/render-cache.ts');
    expect(other.hasEntry).not.toBe(hasEntry);
    expect(other.hasEntry(context, key)).toBe(true);
    // Another context (the next build) reads it afresh.
    expect(other.hasEntry({ ...context }, key)).toBe(false);
  });
});
