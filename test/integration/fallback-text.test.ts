/**
 * The en fallback as visitors read it: a message missing from a locale file, left empty in it, or
 * a locale without a file at all shows the en text on the built page, never the key and never
 * nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { build, type BuildResult } from '../../src/build.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { fixtureSites, read } from '../helpers/site.ts';

const sites = fixtureSites('basic');

/** de without about.description and with an empty about.title; ar has no file (the fixture's). */
const DE = {
  nav: { home: 'Startseite', about: 'Über uns' },
  home: { title: 'Das ist {product}', description: 'Die Startseite', intro: 'Wir haben <b>{count, plural, one {# Funktion} other {# Funktionen}}</b> für dich.' },
  about: { title: '', history: 'Versionen der Richtlinie' },
  history: { title: 'Versionen der Richtlinie', description: 'Frühere Fassungen' },
  notFound: { title: 'Diese Seite wurde nicht gefunden' },
  runtime: { offline: 'Du bist offline' },
};

let out: string;
let result: BuildResult;
beforeAll(async () => {
  const root = await sites({ 'locales/de.json': JSON.stringify(DE, null, 2) });
  out = path.join(root, 'dist');
  result = await build({ root, logger: createMemoryLogger(), workers: 0 });
});

/** What a visitor reads of a page: its title, description, h1 and link texts. */
async function texts(file: string) {
  const doc = parseDocument(await read(out, file));
  const text = (name: string) => DomUtils.textContent(DomUtils.findOne((e) => e.name === name, doc.children)!).trim();
  const description = DomUtils.findOne((e) => e.name === 'meta' && e.attribs.name === 'description', doc.children)!.attribs.content;
  const links = DomUtils.findAll((e) => e.name === 'a' && !e.attribs.hreflang, doc.children).map((a) => DomUtils.textContent(a).trim());
  return { title: text('title'), description, h1: text('h1'), links };
}

describe('en fallback in the build output', () => {
  it('a message left empty shows the en text', async () => {
    const page = await texts('de/about/index.html');
    expect(page.h1).toBe('About us');
    expect(page.title).toBe('About us');
  });

  it('a message missing from the file shows the en text, beside the translated ones', async () => {
    const page = await texts('de/about/index.html');
    expect(page.description).toBe('Who we are');
    expect(page.links).toEqual(['Versionen der Richtlinie']);
  });

  it('a locale without a file shows every text in en', async () => {
    expect(await texts('ar/about/index.html')).toEqual({ title: 'About us', description: 'Who we are', h1: 'About us', links: ['Policy history'] });
    expect(await read(out, 'ar/about/index.html')).toContain('<html lang="ar" dir="rtl">');
  });

  it('says which messages fell back', () => {
    expect(result.warnings).toContain('locales/de.json: 2 message(s) missing, shown in en instead: about.description, about.title');
  });
});
