/**
 * A site's config: `defineConfig({ url, locales })` is complete, every other field has a default
 * that keeps builds deterministic, and the locale table (its order, default, iso, names and
 * direction) is the site's own.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config.ts';
import { SitegenError } from '../../src/errors.ts';
import { tempDirs } from '../helpers/site.ts';

const tempDir = tempDirs('config');

/** A folder holding only these files. */
async function site(files: Record<string, string>): Promise<string> {
  const dir = await tempDir();
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

const config = (body: string) => `import { defineConfig } from 'sitegen';\nexport default defineConfig(${body});\n`;

describe('a config of url and locales only', () => {
  it('is complete: the locales in its order, the first the default, the name from package.json, no year', async () => {
    const root = await site({
      'sitegen.config.ts': config("{ url: 'https://acme.example', locales: ['en', 'pl', { code: 'pt-PT', name: 'Português (Portugal)' }, 'ar'] }"),
      'package.json': JSON.stringify({ name: '@acme/website' }),
    });
    const { config: c, warnings } = await resolveConfig(root);
    expect(warnings).toEqual([]);
    expect(c.locales).toEqual([
      { code: 'en', iso: 'en', file: 'en.json', name: 'English', dir: 'ltr' },
      { code: 'pl', iso: 'pl', file: 'pl.json', name: 'Polski', dir: 'ltr' },
      { code: 'pt-PT', iso: 'pt-PT', file: 'pt-PT.json', name: 'Português (Portugal)', dir: 'ltr' },
      { code: 'ar', iso: 'ar', file: 'ar.json', name: 'العربية', dir: 'rtl' },
    ]);
    expect(c.defaultLocale.code).toBe('en');
    expect(c.site).toMatchObject({ name: 'website', product: 'website', url: 'https://acme.example' });
    expect(c.site.year).toBeUndefined();
  });

  it('takes the site name from the url when there is no package.json', async () => {
    const root = await site({ 'sitegen.config.ts': config("{ url: 'https://www.acme.example/', locales: ['en'] }") });
    const { config: c } = await resolveConfig(root);
    expect(c.site.name).toBe('www.acme.example');
    expect(c.baseUrl).toBe('https://www.acme.example');
  });

  it('serves defaultLocale without a prefix when it says so', async () => {
    const root = await site({ 'sitegen.config.ts': config("{ url: 'https://acme.example', locales: ['en', 'pl'], defaultLocale: 'pl' }") });
    const { config: c } = await resolveConfig(root);
    expect(c.defaultLocale.code).toBe('pl');
    expect(c.locales.map((l) => l.code)).toEqual(['en', 'pl']);
  });
});

describe('config errors and warnings', () => {
  const failure = async (body: string) => resolveConfig(await site({ 'sitegen.config.ts': config(body) })).then(() => null, (e: SitegenError) => e);

  it('refuses a locale code that is not BCP 47, naming the file and the code', async () => {
    const err = await failure("{ url: 'https://acme.example', locales: ['en', 'pt_BR'] }");
    expect(err).toMatchObject({ code: 'BadLocaleCode' });
    expect(err!.message).toContain('sitegen.config.ts: the locale "pt_BR" in `locales` is not a valid BCP 47 language tag.');
  });

  it('refuses a defaultLocale that is not one of the locales', async () => {
    const err = await failure("{ url: 'https://acme.example', locales: ['en', 'pl'], defaultLocale: 'de' }");
    expect(err!.message).toBe('sitegen.config.ts: defaultLocale "de" is not one of the site\'s locales (en, pl). Add it to `locales` or choose one of them.');
  });

  it('warns about a field that is no setting, with the setting it likely misspells', async () => {
    const root = await site({ 'sitegen.config.ts': "export default { url: 'https://acme.example', locale: ['en', 'pl'], colour: 'red' };\n" });
    const { warnings } = await resolveConfig(root);
    const settings = 'url, locales, defaultLocale, name, product, year, assetsBase, socialImage, fonts, links, untranslated, client';
    expect(warnings).toEqual([
      `sitegen.config.ts: the field "locale" is not a sitegen setting and is ignored. Did you mean "locales"? The settings are: ${settings}.`,
      `sitegen.config.ts: the field "colour" is not a sitegen setting and is ignored. Check its spelling; the settings are: ${settings}.`,
    ]);
  });

  it('warns about a --locales code the site does not have, and builds the rest with the default', async () => {
    const root = await site({ 'sitegen.config.ts': config("{ url: 'https://acme.example', locales: ['en', 'pl', 'pt-PT'] }") });
    const { config: c, warnings } = await resolveConfig(root, { locales: ['pt-PT', 'fr'] });
    expect(c.locales.map((l) => l.code)).toEqual(['en', 'pt-PT']);
    expect(warnings).toEqual(['Locale "fr" is not a locale of this site and is ignored; the site\'s locales (`locales` in sitegen.config.ts) are: en, pl, pt-PT.']);
  });
});

describe('settings of the wrong kind are refused, naming the file, the setting and what it must be', () => {
  const failure = async (fields: string, overrides: { assetsBase?: string } = {}) =>
    resolveConfig(await site({ 'sitegen.config.ts': config(`{ url: 'https://acme.example', locales: ['en', 'de'], ${fields} }`) }), overrides).then(() => null, (e: SitegenError) => e);

  it.each([
    ['name: 0', "`name` in sitegen.config.ts is 0: it must be a text that is not empty, such as 'Example'."],
    ["product: ' '", "`product` in sitegen.config.ts is \" \": it must be a text that is not empty, such as 'Example App'."],
    ["year: '2026'", '`year` in sitegen.config.ts is "2026": it must be a whole number, such as 2026.'],
    ["fonts: { stylesheet: 'https://fonts.example/css', preconnect: 'https://fonts.example' }", '`fonts` in sitegen.config.ts is {"stylesheet":"https://fonts.example/css","preconnect":"https://fonts.example"}: it must be { stylesheet, preconnect }'],
    ["links: { appStore: 1 }", '`links` in sitegen.config.ts is {"appStore":1}: it must be an object of texts by name'],
    ["client: ['key']", '`client` in sitegen.config.ts is ["key"]: it must be an object of the values handed to the browser runtime'],
  ])('%s', async (fields, message) => {
    const err = await failure(fields);
    expect(err).toMatchObject({ code: 'ConfigFieldInvalid' });
    expect(err!.message.startsWith(message)).toBe(true);
  });

  it.each([
    ['0', 'The assets base 0 (from sitegen.config.ts) is not a text.'],
    ["'http://'", 'The assets base "http://" (from sitegen.config.ts) is a URL, but not an absolute http(s) one.'],
    ["'javascript:alert(1)'", 'The assets base "javascript:alert(1)" (from sitegen.config.ts) is a URL, but not an absolute http(s) one.'],
    ["'//cdn.example'", 'The assets base "//cdn.example" (from sitegen.config.ts) is a protocol-relative URL; write it with https:.'],
    ["'/'", 'The assets base "/" (from sitegen.config.ts) names no folder (the assets would mix with the pages).'],
    ["'/a b/'", 'The assets base "/a b/" (from sitegen.config.ts) has the folder name "a b", which is not URL-safe.'],
    ["'/static/../x'", 'The assets base "/static/../x" (from sitegen.config.ts) has the folder name "..", which is not URL-safe.'],
    // Taken before, it made the build write the assets and payloads two folders above the output.
    ["'../..'", 'The assets base "../.." (from sitegen.config.ts) has the folder name "..", which is not URL-safe.'],
    ["'/DE/assets'", 'The assets base "/DE/assets" (from sitegen.config.ts) starts with the folder of the locale de, whose pages live there.'],
  ])('assetsBase: %s', async (value, message) => {
    const err = await failure(`assetsBase: ${value}`);
    expect(err).toMatchObject({ code: 'AssetsBaseInvalid' });
    expect(err!.message).toBe(`${message} Give a path of URL-safe folder names ('/_static/') or an absolute http(s) URL ('https://cdn.example.com/site/').`);
  });

  it('names --assets-base when the value came from there', async () => {
    const err = await failure('', { assetsBase: '/de' });
    expect(err!.message).toMatch(/^The assets base "\/de" \(from --assets-base\) starts with the folder of the locale de/);
  });

  it('takes the assets bases that are right, normalized', async () => {
    const right = [['static', '/static/'], ['/a/b.c/', '/a/b.c/'], ['https://cdn.example/s', 'https://cdn.example/s/'], ['HTTPS://CDN.example/s', 'https://cdn.example/s/'], ['http:cdn.example', 'http://cdn.example/']];
    for (const [given, normalized] of right) {
      const root = await site({ 'sitegen.config.ts': config(`{ url: 'https://acme.example', locales: ['en', 'de'], assetsBase: ${JSON.stringify(given)} }`) });
      expect((await resolveConfig(root)).config.assetsBase).toBe(normalized);
    }
  });
});
