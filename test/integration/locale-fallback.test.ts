/**
 * Fallback chains: a message missing in pt-PT is shown from pt when the site has pt, then from the
 * default locale; the build's warnings say which, one line per locale it came from.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites } from '../helpers/site.ts';

const sites = fixtureSites('basic');

const CONFIG = `export default {
  url: 'https://fixture.example',
  name: 'Fixture',
  locales: ['en', { code: 'pt', iso: 'pt-BR' }, 'pt-PT'],
};
`;
const PT = { nav: { home: 'Início', about: 'Sobre' }, home: { title: 'Conheça {product}', description: 'A página inicial', intro: 'Temos <b>{count, plural, one {# recurso} other {# recursos}}</b>.' }, about: { title: 'Sobre nós', description: 'Quem somos', history: 'Histórico' }, history: { title: 'Histórico', description: 'Versões anteriores' }, notFound: { title: 'Página não encontrada' }, runtime: { offline: 'Sem ligação' } };
/** pt-PT translates the home page only; pt lacks about.description. */
const PT_PT = { nav: { home: 'Início', about: 'Sobre' }, home: { title: 'Apresentamos {product}', description: 'A página inicial', intro: 'Temos <b>{count, plural, one {# funcionalidade} other {# funcionalidades}}</b>.' } };

describe('fallback chains', () => {
  it('shows a message missing in pt-PT from pt, and one missing in both from en, and says which', async () => {
    const { about: ptAbout, ...ptWithoutAbout } = PT;
    const root = await sites({
      'sitegen.config.ts': CONFIG,
      'locales/pt.json': JSON.stringify({ ...ptWithoutAbout, about: { title: ptAbout.title, history: ptAbout.history } }),
      'locales/pt-PT.json': JSON.stringify(PT_PT),
      'locales/de.json': null,
      'locales/ar.json': null,
    });
    const outDir = path.join(root, 'dist');
    const result = await build({ root, outDir, logger: createMemoryLogger(), workers: 0 });

    const about = await readFile(path.join(outDir, 'pt-PT/about/index.html'), 'utf8');
    expect(about).toContain('<html lang="pt-PT" dir="ltr">');
    expect(about).toContain('<h1>Sobre nós</h1>');
    expect(about).toContain('<meta name="description" content="Who we are"');
    const home = await readFile(path.join(outDir, 'pt-PT/index.html'), 'utf8');
    expect(home).toContain('<h1>Apresentamos Fixture</h1>');

    const lines = result.warnings.filter((w) => w.startsWith('locales/pt'));
    expect(lines.find((w) => w.startsWith('locales/pt-PT.json') && w.includes('shown in pt instead'))).toMatch(/: \d+ message\(s\) missing, shown in pt instead: about\.history, about\.title, history\.description/);
    expect(lines.find((w) => w.startsWith('locales/pt-PT.json') && w.includes('shown in en instead'))).toBe('locales/pt-PT.json: 1 message(s) missing, shown in en instead: about.description');
    expect(lines.find((w) => w.startsWith('locales/pt.json'))).toBe('locales/pt.json: 1 message(s) missing, shown in en instead: about.description');

    // Built again from the build cache (no page rendered), the warnings are the same.
    const again = await build({ root, outDir, logger: createMemoryLogger(), workers: 0 });
    expect(again.cache).toMatchObject({ rendered: 0 });
    expect(again.warnings.filter((w) => w.startsWith('locales/pt'))).toEqual(lines);
  });
});
