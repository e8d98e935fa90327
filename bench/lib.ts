/** What the benchmarks share: the repository, the median, and a copy of the real site. */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyRealSiteInto, REPO } from '../test/helpers/site.ts';

export { REPO };

/** The middle sample (the upper one of the two middles for an even count). */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The real site's sources (pages, templates, locales, config) in a new temporary folder. */
export async function copyRealSite(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await copyRealSiteInto(dir);
  return dir;
}
