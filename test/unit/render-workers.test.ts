/**
 * Whether a build renders with worker threads: by how many React renders its pages amount to. A
 * page whose build cache entry exists costs a small part of a render, so a cached rebuild of a
 * large site stays on the main thread instead of starting a worker that loads React, the pages
 * and the messages again.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { defaultWorkers, workersBeforeBundle } from '../../src/render/pool.ts';
import { jobKey } from '../../src/render/render-cache.ts';
import { newBuildPacks, savePageIndex } from '../../src/cache/page-packs.ts';
import type { PageInfo, RenderContext, RenderJob } from '../../src/render/context.ts';

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function site(pages: number) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-workers-'));
  dirs.push(dir);
  await mkdir(path.join(dir, 'pages'), { recursive: true });
  const context = { write: true, cache: { dir, key: 'build-key', pages: path.join(dir, 'pages'), build: 'unused' } } as RenderContext;
  const jobs: RenderJob[] = [];
  for (let i = 0; i < pages; i++) {
    const page: PageInfo = { file: `/site/pages/p${i}.tsx`, key: `pages/p${i}.tsx`, path: `/p${i}`, base: `/p${i}`, layout: 'default', aliases: [], head: { title: 't', description: 'd' } };
    for (const locale of ['en', 'de']) jobs.push({ page, locale });
  }
  /** A build's end that stored an entry (of one byte each, in one pack) for the first `share` of the jobs. */
  const cache = async (share: number) => {
    const build = newBuildPacks();
    const pack = `${build}-1.pack`;
    const cached = jobs.slice(0, Math.round(jobs.length * share));
    await writeFile(path.join(dir, 'pages', pack), Buffer.alloc(cached.length));
    await savePageIndex(path.join(dir, 'pages'), build, cached.map((job, i) => ({ key: jobKey(context, job)!, pack, offset: i, length: 1 })));
  };
  return { context, jobs, cache };
}

describe('render worker threads by default', () => {
  it('a large build without cache entries renders with workers; the same build with every page cached does not', async () => {
    const { context, jobs, cache } = await site(600);
    expect(defaultWorkers({ jobs, context }, 2)).toBe(1);
    expect(defaultWorkers({ jobs, context }, 4)).toBe(3);
    await cache(1);
    // The next build: a render context of its own, which reads the cache's index afresh.
    expect(defaultWorkers({ jobs, context: { ...context } }, 2)).toBe(0);
  });

  it('pages left to render still count in full (after a template edit most entries are new)', async () => {
    const { context, jobs, cache } = await site(600);
    await cache(0.1);
    expect(defaultWorkers({ jobs, context }, 2)).toBe(1);
  });

  it('small builds and one core stay on the main thread; without a cache every page counts', async () => {
    const small = await site(100);
    expect(defaultWorkers(small, 2)).toBe(0);
    const large = await site(600);
    expect(defaultWorkers(large, 1)).toBe(0);
    expect(defaultWorkers({ jobs: large.jobs, context: { ...large.context, cache: null } }, 2)).toBe(1);
  });
});

describe('render workers started before the server module exists (while esbuild bundles it)', () => {
  it('as many as the render takes for a large build with no page in its cache; none when the cache has pages, as only the render can tell how many it spares', () => {
    expect(workersBeforeBundle(1200, false, undefined, 2)).toBe(1);
    expect(workersBeforeBundle(1200, false, undefined, 4)).toBe(3);
    expect(workersBeforeBundle(1200, true, undefined, 2)).toBe(0);
    expect(workersBeforeBundle(900, false, undefined, 2)).toBe(0);
    expect(workersBeforeBundle(1200, false, undefined, 1)).toBe(0);
  });

  it('a number of workers asked for is started, but no more than there are batches of jobs', () => {
    expect(workersBeforeBundle(1200, true, 2, 2)).toBe(2);
    expect(workersBeforeBundle(10, false, 2, 2)).toBe(2);
    expect(workersBeforeBundle(8, false, 2, 2)).toBe(1);
    expect(workersBeforeBundle(1200, false, 0, 2)).toBe(0);
  });
});
