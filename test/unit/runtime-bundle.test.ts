import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertNothingShared, bundleRuntime, chunkNames } from '../../src/runtime-bundle.ts';
import { SITE_LOCALES as LOCALES } from '../helpers/real-site.ts';
import { SitegenError } from '../../src/errors.ts';
import { REPO, fixtureSites } from '../helpers/site.ts';

/** Budget of issue 4: what every page loads first (entry and its static imports), gzipped bytes. */
const CORE_BUDGET = 2560;
/** The inline root redirect, in bytes. */
const REDIRECT_BUDGET = 600;

/** This site's build: the runtime with the site's own enhancers (templates/enhancers/). */
const options = { locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(REPO, 'templates/enhancers'), root: REPO };
const sites = fixtureSites('basic');
/** The runtime as the build makes it, bundled once for the tests that only read it. */
let assets: Awaited<ReturnType<typeof bundleRuntime>>;
beforeAll(async () => {
  assets = await bundleRuntime(options);
});

describe('bundleRuntime', () => {
  it('is deterministic: the same input gives the same bytes', async () => {
    const [a, b] = await Promise.all([bundleRuntime(options), bundleRuntime(options)]);
    expect(a.files.map((f) => f.path)).toEqual(b.files.map((f) => f.path));
    a.files.forEach((f, i) => expect(Buffer.from(f.contents).equals(Buffer.from(b.files[i]!.contents))).toBe(true));
    expect(a.redirectScript).toBe(b.redirectScript);
  });

  it('writes a content-hashed core and one chunk per page enhancement in a hashed folder, loaded relative to the core', async () => {
    expect(assets.entry).toMatch(/^assets\/runtime\.[A-Z0-9]+\.js$/);
    const folder = /^assets\/(chunks\.[A-Z0-9]{8})\/slider\.js$/.exec(assets.files.map((f) => f.path).find((p) => p.endsWith('/slider.js'))!)?.[1];
    expect(folder).toBeDefined();
    for (const name of ['slider', 'cookie-notice', 'mobile-menu', 'support-search', 'jobs-filter', 'language-switcher', 'apply-code', 'auth-action'])
      expect(assets.files.some((f) => f.path == `assets/${folder}/${name}.js`)).toBe(true);
    const core = Buffer.from(assets.files.find((f) => f.path == assets.entry)!.contents).toString();
    expect(core).toContain(`"./${folder}/"`);
    expect(core).toContain('"apply-code auth-action cookie-notice jobs-filter language-switcher mobile-menu slider support-search"');
    // The error view and the page swap are lazy parts of the core, beside it.
    expect(core).toMatch(/import\("\.\/error-view\.[A-Z0-9]+\.js"\)/);
    expect(core).toMatch(/import\("\.\/swap\.[A-Z0-9]+\.js"\)/);
  });

  it("bundles only the runtime's own enhancer (the language switcher) for a site without templates/enhancers/", async () => {
    const bare = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en' });
    const chunks = bare.files.filter((f) => /^assets\/chunks\.[A-Z0-9]{8}\/[^/]+\.js$/.test(f.path)).map((f) => f.path.split('/')[2]);
    expect(chunks).toEqual(['language-switcher.js']);
    const core = Buffer.from(bare.files.find((f) => f.path == bare.entry)!.contents).toString();
    expect(core).toContain('"language-switcher"');
    expect(chunkNames()).toEqual(['language-switcher']);
  });

  it("bundles a site's enhancer as a chunk of its file's name, with the helpers it imports from lib/", async () => {
    const root = await sites({
      'templates/enhancers/greet.ts': "import { shout } from './lib/shout.ts';\nexport default (el: HTMLElement) => { el.textContent = shout('hello from greet'); };\n",
      'templates/enhancers/lib/shout.ts': 'export const shout = (s: string) => s.toUpperCase();\n',
    });
    const site = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(root, 'templates/enhancers'), root });
    const greet = site.files.find((f) => /^assets\/chunks\.[A-Z0-9]{8}\/greet\.js$/.test(f.path));
    expect(Buffer.from(greet!.contents).toString()).toContain('hello from greet');
    // lib/ holds helpers, not enhancers.
    expect(site.files.some((f) => f.path.endsWith('/shout.js'))).toBe(false);
    expect(chunkNames(path.join(root, 'templates/enhancers'))).toEqual(['greet', 'language-switcher']);
    const core = Buffer.from(site.files.find((f) => f.path == site.entry)!.contents).toString();
    expect(core).toContain('"greet language-switcher"');
  });

  it("refuses a site's enhancer that takes the runtime's name, has a name data-enhance cannot hold, or is there twice", async () => {
    const refused = async (files: Record<string, string>) => {
      const root = await sites(files);
      return bundleRuntime({ locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(root, 'templates/enhancers'), root }).then(
        () => null,
        (err: SitegenError) => err,
      );
    };
    const taken = await refused({ 'templates/enhancers/language-switcher.ts': 'export default () => {};\n' });
    expect(taken).toMatchObject({ code: 'EnhancerNameTaken' });
    expect(taken!.message).toContain('templates/enhancers/language-switcher.ts: "language-switcher" is the name of an enhancer of sitegen\'s own runtime');
    const badName = await refused({ 'templates/enhancers/jobs filter.ts': 'export default () => {};\n' });
    expect(badName).toMatchObject({ code: 'EnhancerBadName' });
    expect(badName!.message).toContain('templates/enhancers/jobs filter.ts');
    const twice = await refused({ 'templates/enhancers/jobs.ts': 'export default () => {};\n', 'templates/enhancers/jobs.js': 'export default () => {};\n' });
    expect(twice!.message).toBe('templates/enhancers/jobs.js and templates/enhancers/jobs.ts are both the enhancer of one data-enhance name. Keep one of them.');
  });

  it("reports a syntax error in a site's enhancer as a user error pointing at the file, line and column", async () => {
    const root = await sites({ 'templates/enhancers/broken.ts': 'export default (el: HTMLElement) => {\n  el.hidden = ;\n};\n' });
    const err = await bundleRuntime({ locales: LOCALES, defaultLocale: 'en', enhancersDir: path.join(root, 'templates/enhancers'), root }).catch((e) => e);
    expect(err).toBeInstanceOf(SitegenError);
    expect(err.code).toBe('EnhancerBundleFailed');
    expect(err.location).toEqual({ file: path.join(root, 'templates/enhancers/broken.ts'), line: 2, column: 15 });
    expect(err.detail).toContain('broken.ts:2:14');
  });

  it('names the chunk folder by its contents: another default locale, compiled into a chunk, gives another folder', async () => {
    const folderOf = (a: Awaited<ReturnType<typeof bundleRuntime>>) => a.files.find((f) => f.path.endsWith('/slider.js'))!.path.split('/')[1];
    const [en, de] = await Promise.all([bundleRuntime(options), bundleRuntime({ ...options, defaultLocale: 'de' })]);
    expect(folderOf(en)).not.toBe(folderOf(de));
  });

  it(`keeps the inline redirect within ${REDIRECT_BUDGET} bytes for all 18 locales`, async () => {
    expect(assets.sizes.redirectBytes).toBeLessThanOrEqual(REDIRECT_BUDGET);
    expect(assets.redirectScript).not.toContain('<');
  });

  it('keeps the core runtime within 2.5 KB gzipped', async () => {
    expect(assets.sizes.coreGzip).toBeLessThanOrEqual(CORE_BUDGET);
  });

  it('src/runtime/README.md states these budgets and no measured size (which would go stale)', async () => {
    const readme = await readFile(new URL('../../src/runtime/README.md', import.meta.url), 'utf8');
    const size = readme.slice(readme.indexOf('## Size'), readme.indexOf('How it fits'));
    const figures = [...size.matchAll(/\d[\d,.]*\s*(?:KB|bytes)/g)].map((m) => m[0]);
    expect(figures.sort()).toEqual([`${(CORE_BUDGET / 1024).toFixed(1)} KB`, `${CORE_BUDGET.toLocaleString('en')} bytes`, `${REDIRECT_BUDGET} bytes`].sort());
  });

  it('carries no CSS in the core: the styles of what it creates are in runtime.css', async () => {
    const core = Buffer.from(assets.files.find((f) => f.path == assets.entry)!.contents).toString();
    expect(core).not.toContain('position:fixed');
    const css = await readFile(new URL('../../src/runtime/runtime.css', import.meta.url), 'utf8');
    for (const selector of ['#page-progress', "#page-progress[data-state='failed']", '#page-status', '.page-error']) expect(css).toContain(selector + ' {');
  });

  it('refuses a module bundled both into the core and into a page chunk, naming it and saying what to do', () => {
    const meta = (...inputs: string[]) => ({ inputs: Object.fromEntries(inputs.map((i) => [i, { bytes: 1, imports: [] }])), outputs: {} });
    expect(() => assertNothingShared(meta('chunks/slider.ts', 'types.ts'), meta('core.ts', 'types.ts'))).not.toThrow();
    expect(() => assertNothingShared(meta('chunks/slider.ts', 'page.ts'), meta('core.ts', 'page.ts'))).toThrow(
      /page\.ts is bundled both into the core and into a page chunk.*ChunkContext/,
    );
  });
});
