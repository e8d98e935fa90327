/**
 * The real site: every route in every locale is written, localized, and has one h1 and no form
 * with an empty action; no visible text of a non-en page is left in English (beyond names on the
 * allow-list).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { SITE_LOCALES as LOCALES } from '../helpers/real-site.ts';
import { htmlFile, localizePath, notFoundFile } from '../../src/paths.ts';
import { read } from '../helpers/site.ts';
import { buildRealSite, ROUTES } from '../helpers/real-site.ts';
import config from '../../sitegen.config.ts';
import en from '../../locales/en.json';

let site: Awaited<ReturnType<typeof buildRealSite>>;
beforeAll(async () => {
  site = await buildRealSite();
}, 300_000);
afterAll(() => site?.dispose());

const flat = (o: object, prefix = ''): [string, string][] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flat(v, prefix + k + '.')));
const EN = new Map(flat(en));

/** Names that are the same in every language, and the en text of allow-listed messages. */
const NAMES = new Set<string>([
  ...(config.untranslated ?? []).map((key) => EN.get(key)!.replace(/\{product\}/g, config.product)),
  config.product, config.name, 'App Store', 'Google Play', 'Facebook', 'Instagram', 'Twitter', 'YouTube', 'iOS', 'Android',
  ...LOCALES.map((l) => l.name),
  ...Object.values(config.links ?? {}),
]);

/** Texts people see or hear read out: alternatives, labels, titles and placeholders count too. */
const TEXT_ATTRIBUTES = ['alt', 'aria-label', 'title', 'placeholder', 'aria-roledescription'];

/** Visible text nodes and text attributes: everything outside script, style, template and the head. */
function visibleTexts(html: string): string[] {
  const doc = parseDocument(html);
  const body = DomUtils.findOne((el) => el.name === 'body', doc.children)!;
  const out: string[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        const text = node.data.replace(/\s+/g, ' ').trim();
        if (/\p{L}{2,}/u.test(text)) out.push(text);
      } else if ('children' in node && !['script', 'style', 'template'].includes((node as Element).name)) {
        for (const name of TEXT_ATTRIBUTES) {
          const value = (node as Element).attribs[name]?.trim();
          if (value && /\p{L}{2,}/u.test(value)) out.push(value);
        }
        walk(node.children);
      }
    }
  };
  walk(body.children);
  return out;
}

/** The `action` attributes of a page's forms that are empty: invalid HTML (a form without one posts to its own URL). */
function emptyFormActions(html: string): string[] {
  return DomUtils.findAll((el) => el.name === 'form' && el.attribs.action !== undefined && el.attribs.action.trim() === '', parseDocument(html).children)
    .map((el) => `<form ${Object.entries(el.attribs).map(([k, v]) => `${k}="${v}"`).join(' ')}>`);
}

function h1s(html: string): string[] {
  return DomUtils.findAll((el) => el.name === 'h1', parseDocument(html).children).map((el) => DomUtils.textContent(el).trim());
}

describe('every route x locale of the real site', () => {
  it('writes all 15 routes in 18 locales and the 18 not-found pages', () => {
    expect(site.result.locales).toBe(18);
    expect(site.result.pages).toBe(14 * 18); // the .html alias is the 15th route, written with its page
    for (const locale of LOCALES) {
      for (const route of ROUTES) expect(existsSync(path.join(site.out, htmlFile(localizePath(route, locale.code, 'en')))), `${route} ${locale.code}`).toBe(true);
      expect(existsSync(path.join(site.out, notFoundFile(locale.code, 'en')))).toBe(true);
    }
  });

  for (const locale of LOCALES) {
    it(`${locale.code}: localized title, lang and dir, exactly one h1, no English left`, async () => {
      for (const route of [...ROUTES, '/404']) {
        const file = route === '/404' ? notFoundFile(locale.code, 'en') : htmlFile(localizePath(route, locale.code, 'en'));
        const enFile = route === '/404' ? '404.html' : htmlFile(route);
        const html = await read(site.out, file);
        expect(html, file).toContain(`<html lang="${locale.iso}" dir="${locale.dir}">`);
        const heads = h1s(html);
        expect(heads, `${file}: one h1`).toHaveLength(1);
        expect(heads[0]!.length, `${file}: h1 text`).toBeGreaterThan(0);
        expect(emptyFormActions(html), `${file}: forms with an empty action`).toEqual([]);
        if (locale.code === 'en') continue;
        const en = await read(site.out, enFile);
        const title = /<title>(.*?)<\/title>/.exec(html)![1];
        expect(title, `${file}: title translated`).not.toBe(/<title>(.*?)<\/title>/.exec(en)![1]);
        expect(heads[0], `${file}: h1 translated`).not.toBe(h1s(en)[0]);
        const english = new Set(visibleTexts(en));
        const left = visibleTexts(html).filter((t) => english.has(t) && !NAMES.has(t));
        expect([...new Set(left)], `${file}: visible text identical to en`).toEqual([]);
      }
    });
  }

  const anchors = (html: string, attribute: string) =>
    DomUtils.findAll((el) => el.name === 'a' && attribute in el.attribs, parseDocument(html).children).map((el) => el.attribs);

  it('language links keep the .html form of the alias, and lead to each home from the not-found page', async () => {
    const homes = LOCALES.map((l) => localizePath('/', l.code, 'en'));
    const aliases = LOCALES.map((l) => localizePath('/community_privacy_policy/history.html', l.code, 'en'));
    for (const locale of LOCALES) {
      const alias = await read(site.out, htmlFile(localizePath('/community_privacy_policy/history.html', locale.code, 'en')));
      expect(new Set(anchors(alias, 'hreflang').map((a) => a.href)), locale.code).toEqual(new Set(aliases));
      expect(alias, locale.code).toContain(`<link rel="canonical" href="${config.url}${localizePath('/community_privacy_policy/history', locale.code, 'en')}">`);
      const notFound = await read(site.out, notFoundFile(locale.code, 'en'));
      expect(new Set(anchors(notFound, 'hreflang').map((a) => a.href)), locale.code).toEqual(new Set(homes));
      expect(anchors(notFound, 'aria-current').filter((a) => !a.hreflang), `${locale.code}: no nav link is current`).toEqual([]);
    }
  });

  it('the not-found page says so in en', async () => {
    expect(await read(site.out, '404.html')).toContain('This page could not be found');
  });
});
