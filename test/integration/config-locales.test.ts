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

  it('warns about a --locales code the site does not have, and builds the rest with the default', async () => {
    const root = await site({ 'sitegen.config.ts': config("{ url: 'https://acme.example', locales: ['en', 'pl', 'pt-PT'] }") });
    const { config: c, warnings } = await resolveConfig(root, { locales: ['pt-PT', 'fr'] });
    expect(c.locales.map((l) => l.code)).toEqual(['en', 'pt-PT']);
    expect(warnings).toEqual(['Locale "fr" is not a locale of this site and is ignored; the site\'s locales (`locales` in sitegen.config.ts) are: en, pl, pt-PT.']);
  });
});
