/**
 * Determinism across processes, days and places: the real site built by two separate `sitegen
 * build` processes, in different folders, from different working directories, in different time
 * zones and locales, one of them 400 days in the future (Debian's faketime, worker threads
 * included), gives the same bytes; and the sitemap holds exactly the pages and alternates, with
 * nothing from the clock.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { ensureFaketime, FAKETIME_PATH } from '../helpers/faketime.ts';
import { ROUTES } from '../helpers/real-site.ts';
import { copyRealSiteInto, expectSameTree, read, REPO } from '../helpers/site.ts';

const run = promisify(execFile);
const BIN = path.join(REPO, 'bin', 'sitegen');

let tmp: string;
/** Two copies of the real site, at different depths. */
let here: string;
let there: string;

beforeAll(async () => {
  ensureFaketime();
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-determinism-'));
  here = path.join(tmp, 'site');
  there = path.join(tmp, 'elsewhere', 'deeper', 'checkout');
  await mkdir(there, { recursive: true });
  await Promise.all([copyRealSiteInto(here), copyRealSiteInto(there)]);
  // Built one after the other: the first also compiles the CLI if src/ changed, on the real clock.
  const base = { ...process.env, NO_COLOR: '1', LC_ALL: '', LANGUAGE: '' };
  await run(process.execPath, [BIN, 'build'], { cwd: here, env: { ...base, TZ: 'UTC', LANG: 'C.UTF-8' } });
  await run(FAKETIME_PATH, ['-f', '+400d', process.execPath, BIN, 'build', '--root', there], {
    cwd: os.tmpdir(),
    env: { ...base, TZ: 'Pacific/Kiritimati', LANG: 'ar_EG.UTF-8', LC_ALL: 'ar_EG.UTF-8' },
  });
}, 300_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('two builds in separate processes, places, zones and days', () => {
  it('faketime really moves the clock of the process and of its worker threads', async () => {
    const script = `const { Worker } = require('node:worker_threads');
      console.log(new Date().getFullYear());
      new Worker('console.log(new Date().getFullYear())', { eval: true });`;
    const { stdout } = await run(FAKETIME_PATH, ['-f', '+400d', process.execPath, '-e', script]);
    const year = new Date(Date.now() + 400 * 86_400_000).getFullYear();
    expect(stdout.trim().split('\n').map(Number)).toEqual([year, year]);
  });

  it('write the same files with the same bytes', async () => {
    await expectSameTree(path.join(here, 'dist'), path.join(there, 'dist'));
  });

  it('write exactly this sitemap: every page in every locale with its alternates, and nothing from the clock', async () => {
    const { config } = await resolveConfig(REPO);
    const url = (route: string, code: string) => {
      const prefix = code === config.defaultLocale.code ? '' : '/' + code;
      return config.baseUrl + (route === '/' ? prefix || '/' : prefix + route);
    };
    const routes = ROUTES.filter((r) => !r.endsWith('.html')).sort();
    const expected = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ...routes.flatMap((route) =>
        config.locales.flatMap((page) => [
          '  <url>',
          `    <loc>${url(route, page.code)}</loc>`,
          ...config.locales.map((l) => `    <xhtml:link rel="alternate" hreflang="${l.iso}" href="${url(route, l.code)}"/>`),
          `    <xhtml:link rel="alternate" hreflang="x-default" href="${url(route, config.defaultLocale.code)}"/>`,
          '  </url>',
        ]),
      ),
      '</urlset>',
      '',
    ].join('\n');
    expect(config.locales).toHaveLength(18);
    expect(await read(path.join(here, 'dist'), 'sitemap.xml')).toBe(expected);
  });
});
