import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { REPO } from './site.ts';
import { resolveLocales } from '../../src/locales.ts';
import site from '../../sitegen.config.ts';

/** The real site's locale table, as its sitegen.config.ts declares it (en first). */
export const SITE_LOCALES = resolveLocales(site.locales, 'sitegen.config.ts');

/** Builds the real site (all 18 locales, or `locales`) into a temporary folder; `dispose` removes it. */
export async function buildRealSite(locales?: string[]): Promise<{ out: string; result: BuildResult; dispose(): Promise<void> }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'sitegen-real-'));
  const out = path.join(parent, 'dist');
  const result = await build({ root: REPO, outDir: out, locales, logger: createMemoryLogger() });
  return { out, result, dispose: () => rm(parent, { recursive: true, force: true }) };
}

/** The 15 routes of the specification. */
export const ROUTES = [
  '/', '/applycode', '/auth_action', '/bsptransfernotice', '/community_privacy_policy',
  '/community_privacy_policy/history', '/community_privacy_policy/history.html', '/copyright_policy',
  '/getalightmotion', '/jobs', '/license', '/privacy_and_cookie_policy', '/promo', '/support-center', '/tos',
];
