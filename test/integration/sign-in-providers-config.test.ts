/**
 * /applycode offers Google and Apple only when sitegen.config.ts has their public client values:
 * the real site, built in English from a copy whose config leaves one provider or both out.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { copyRealSiteInto, REPO } from '../helpers/site.ts';

const GOOGLE_LINE = /^\s*google: \{ clientId: [^\n]*\n/m;
const APPLE_LINE = /^\s*apple: \{ clientId: [^\n]*\n/m;

let root = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-providers-'));
  await copyRealSiteInto(root);
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The /applycode page in English, built with the config's provider lines that `drop` names taken out. */
async function applycodePage(drop: RegExp[]): Promise<string> {
  let config = await readFile(path.join(REPO, 'sitegen.config.ts'), 'utf8');
  for (const line of drop) {
    expect(config).toMatch(line); // the real config still has the line this test removes
    config = config.replace(line, '');
  }
  await writeFile(path.join(root, 'sitegen.config.ts'), config);
  const out = path.join(root, `dist-${drop.length}`);
  await build({ root, outDir: out, locales: ['en'], cacheDir: false, logger: createMemoryLogger() });
  return readFile(path.join(out, 'applycode/index.html'), 'utf8');
}

/** The actions of the buttons in the sign-in providers' fieldset, in order. */
function offered(html: string): string[] {
  const fieldset = /<fieldset class="[^"]*\bsign-in-providers\b[^"]*"[^>]*>([\s\S]*?)<\/fieldset>/.exec(html);
  expect(fieldset, 'the sign-in providers fieldset').not.toBeNull();
  return [...fieldset![1]!.matchAll(/<button[^>]*data-action="([^"]+)"/g)].map((m) => m[1]!);
}

describe('sign-in providers on /applycode', () => {
  it('offers Google, Apple and the e-mail link when both are configured', async () => {
    expect(offered(await applycodePage([]))).toEqual(['google', 'apple', 'show-link']);
  });

  it('leaves out the Apple button without client.apple, and both without either', async () => {
    expect(offered(await applycodePage([APPLE_LINE]))).toEqual(['google', 'show-link']);
    const html = await applycodePage([GOOGLE_LINE, APPLE_LINE]);
    expect(offered(html)).toEqual(['show-link']);
    expect(html).not.toContain('data-google-button');
  });
});
