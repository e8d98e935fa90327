/**
 * The site-wide files (the runtime's assets, the stylesheet, the manifest, the sitemap, robots.txt)
 * and the static files need nothing the render makes: the render stage starts writing them, and
 * the write stage, after the last page, only waits for them and counts them.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { createStagingDir, discardStaging } from '../../src/output.ts';
import { newState, PIPELINE, writeStage } from '../../src/stages.ts';
import { fixtureSites } from '../helpers/site.ts';

const sites = fixtureSites('basic');

describe('the site-wide files of a build', () => {
  it('are being written once the render stage has run, and the write stage counts them', async () => {
    const root = await sites();
    const { config } = await resolveConfig(root, {});
    const state = newState(config, createMemoryLogger(), []);
    const staging = (state.staging = await createStagingDir(config.outDir));
    try {
      for (const [, stage] of PIPELINE.slice(0, PIPELINE.findIndex(([name]) => name === 'render') + 1)) await stage(state);
      expect(state.siteWrites).toBeInstanceOf(Promise);
      await state.siteWrites;
      // Before the write stage: the manifest, the sitemap, robots.txt and a static file are there.
      for (const rel of [`_static/${state.buildId}/manifest.json`, 'sitemap.xml', 'robots.txt', 'favicon.svg']) expect(existsSync(path.join(staging, rel)), rel).toBe(true);
      const pages = state.files;
      await writeStage(state);
      expect(state.siteWrites).toBeNull();
      // The stylesheet, the runtime's files, manifest, sitemap, robots.txt and the static files.
      expect(state.files - pages).toBe(1 + state.runtime!.files.length + 3 + state.staticFiles.length);
    } finally {
      await state.server?.dispose();
      await discardStaging(staging);
    }
  });
});
