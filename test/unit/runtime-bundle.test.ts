import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertNothingShared, bundleRuntime } from '../../src/runtime/bundle.ts';
import { LOCALES } from '../../src/locales.ts';

const options = { locales: LOCALES, defaultLocale: 'en' };
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

  it('names the chunk folder by its contents: another default locale, compiled into a chunk, gives another folder', async () => {
    const folderOf = (a: Awaited<ReturnType<typeof bundleRuntime>>) => a.files.find((f) => f.path.endsWith('/slider.js'))!.path.split('/')[1];
    const [en, de] = await Promise.all([bundleRuntime(options), bundleRuntime({ ...options, defaultLocale: 'de' })]);
    expect(folderOf(en)).not.toBe(folderOf(de));
  });

  it('keeps the inline redirect within 600 bytes for all 18 locales', async () => {
    expect(assets.sizes.redirectBytes).toBeLessThanOrEqual(600);
    expect(assets.redirectScript).not.toContain('<');
  });

  // Budget of issue 4: what every page loads first (entry and its static imports), gzipped.
  it('keeps the core runtime within 2.5 KB gzipped', async () => {
    expect(assets.sizes.coreGzip).toBeLessThanOrEqual(2560);
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
