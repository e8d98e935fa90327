/**
 * Job results at 20 times the real site's size: equal used-key lists and passed values are kept
 * once, so the results a build keeps until the end do not grow with a copy per page.
 */
import { describe, expect, it } from 'vitest';
import { jsonBytes, jsonText, ListReceiver, ListSender, ResultCompactor, type NewLists } from '../../src/render/compact.ts';
import type { JobResult, RenderJob } from '../../src/render/context.ts';

const result = (locale: string, usedKeys: string[], passedValues: Record<string, string[]>): JobResult => ({
  file: '/site/pages/index.tsx', route: '/', locale, paths: [`/${locale}/`], bytes: 1, usedKeys, passedValues, fallbacks: [], links: [], alternates: 0, enhancers: [],
});

describe('ResultCompactor', () => {
  it('gives equal lists and values of two pages one shared, frozen copy, with the same contents', () => {
    const compactor = new ResultCompactor();
    // As a worker's results arrive: equal contents, separate copies.
    const a = compactor.compact(result('de', ['home.title', 'runtime.loading'], { 'home.title': ['name'] }));
    const b = compactor.compact(result('fr', ['home.title', 'runtime.loading'], { 'home.title': ['name'] }));
    expect(a.usedKeys).toEqual(['home.title', 'runtime.loading']);
    expect(a.passedValues).toEqual({ 'home.title': ['name'] });
    expect(b.usedKeys).toBe(a.usedKeys);
    expect(b.passedValues).toBe(a.passedValues);
    expect(Object.isFrozen(a.usedKeys) && Object.isFrozen(a.passedValues)).toBe(true);
    expect([a.locale, b.locale]).toEqual(['de', 'fr']);
  });

  it("gives the JSON of a shared list or record as JSON.stringify gives the page's own (a cache entry holds it)", () => {
    const compactor = new ResultCompactor();
    const keys = ['b', 'a', 'q"uote', 'ü'];
    // Integer-like keys come first in an object: the shared copy must keep the order the text has.
    const values = { b: [], '10': ['count'], a: ['x', 'y'] };
    const list = compactor.list([...keys]);
    const record = compactor.record({ ...values });
    expect(jsonText(list)).toBe(JSON.stringify(keys));
    expect(jsonText(record)).toBe(JSON.stringify(values));
    expect(JSON.stringify(record)).toBe(JSON.stringify(values));
    // A second page's equal lists are the same shared ones, with the same text.
    expect(compactor.list([...keys])).toBe(list);
    expect(jsonText(compactor.record({ ...values }))).toBe(JSON.stringify(values));
    // Any other value: its JSON.
    expect(jsonText([['k', 'en']])).toBe('[["k","en"]]');
  });

  it('keeps lists that differ apart, in their order', () => {
    const compactor = new ResultCompactor();
    const a = compactor.compact(result('de', ['a', 'b'], {}));
    const b = compactor.compact(result('de', ['b', 'a'], { a: [] }));
    const c = compactor.compact(result('de', ['a\0b'], {}));
    expect([a.usedKeys, b.usedKeys, c.usedKeys]).toEqual([['a', 'b'], ['b', 'a'], ['a\0b']]);
    expect(b.passedValues).toEqual({ a: [] });
  });

  it('gives a result from another thread the page file and locale of its job, and one shared copy of its cache status and pack name', () => {
    const compactor = new ResultCompactor();
    const page = { file: '/site/pages/index.tsx' } as RenderJob['page'];
    // As they arrive from a worker: every string a copy of its own.
    const copy = (s: string) => JSON.parse(JSON.stringify(s)) as string;
    const arrived = (locale: string, offset: number): JobResult => ({
      ...result(copy(locale), [], {}), file: copy(page.file), cache: 'rendered', stored: { key: `k${offset}`, pack: copy('1-ab-2.pack'), offset, length: 1 },
    });
    const a = compactor.compact(arrived('de', 0), { page, locale: 'de' });
    const b = compactor.compact(arrived('fr', 1), { page, locale: 'fr' });
    expect([a.file, a.locale, b.file, b.locale]).toEqual([page.file, 'de', page.file, 'fr']);
    expect([a.cache, b.cache]).toEqual(['rendered', 'rendered']);
    expect([a.stored, b.stored]).toEqual([{ key: 'k0', pack: '1-ab-2.pack', offset: 0, length: 1 }, { key: 'k1', pack: '1-ab-2.pack', offset: 1, length: 1 }]);
    expect(b.fallbacks).toBe(a.fallbacks);
    expect(a.fallbacks).toEqual([]);
  });

  it("takes a page's set of keys and its recorder's map of passed values as they are, and gives the shared list and record of equal ones", () => {
    const compactor = new ResultCompactor();
    const list = compactor.list(['home.title', 'runtime.loading']);
    expect(compactor.list(new Set(['home.title', 'runtime.loading']))).toBe(list);
    const record = compactor.record({ 'home.title': ['name'], 'home.intro': [] });
    const recorded = new Map<string, Set<string> | null>([['home.title', new Set(['name'])], ['home.intro', null]]);
    expect(compactor.record(recorded)).toBe(record);
    expect(compactor.record(new Map([['home.title', new Set(['name'])]]))).toEqual({ 'home.title': ['name'] });
    expect(compactor.record(new Map([['home.title', new Set(['name'])], ['home.intro', new Set(['n'])]]))).not.toBe(record);
    expect(jsonText(compactor.record(recorded))).toBe('{"home.title":["name"],"home.intro":[]}');
    expect(compactor.list(new Set())).toEqual([]);
  });

  it('keeps apart lists that differ in any string, also where a cheap look at their strings could not tell them apart', () => {
    const compactor = new ResultCompactor();
    // Same lengths, same middle and last characters.
    const a = compactor.list(['xa', 'kb']);
    const b = compactor.list(['ya', 'kb']);
    const c = compactor.list(new Set(['ya', 'kb']));
    expect([a, b]).toEqual([['xa', 'kb'], ['ya', 'kb']]);
    expect(c).toBe(b);
    const r = compactor.record({ k: ['xa'] });
    expect(compactor.record({ k: ['ya'] })).toEqual({ k: ['ya'] });
    expect(compactor.record(new Map([['k', new Set(['xa'])]]))).toBe(r);
    // A key's names end where the next key starts: these two differ.
    expect(compactor.record({ a: ['b'], c: [] })).not.toEqual(compactor.record({ a: [], b: [], c: [] }));
    expect(compactor.record({ a: [], b: [], c: [] })).toEqual({ a: [], b: [], c: [] });
  });

  it("gives a shared list's JSON as UTF-8 bytes, made once; any other value's every time", () => {
    const compactor = new ResultCompactor();
    const list = compactor.list(['ü', 'a']);
    expect(jsonBytes(list).toString('utf8')).toBe('["ü","a"]');
    expect(jsonBytes(list)).toBe(jsonBytes(list));
    const links = [{ href: '/x', hreflang: null }];
    expect(jsonBytes(links).toString('utf8')).toBe(JSON.stringify(links));
    expect(jsonBytes(links)).not.toBe(jsonBytes(links));
  });
});

describe('ListSender and ListReceiver', () => {
  it("send a worker's shared lists once, then by number, and give the main thread its shared equals with every page's contents", () => {
    // The worker's side: its results hold the lists its own compactor shares.
    const own = new ResultCompactor();
    const pages = ['de', 'fr', 'es'].map((locale) => own.compact(result(locale, ['home.title', 'runtime.loading'], { 'home.title': ['name'] })));
    const sender = new ListSender();
    const main = new ResultCompactor();
    const receiver = new ListReceiver(main);
    // Two messages, copied as between threads.
    const message = (results: JobResult[]) => {
      const lists: NewLists = [];
      const sent = results.map((r) => sender.send(r, lists));
      const copy = structuredClone({ sent, lists });
      const numbered = copy.sent.map((r) => typeof r.usedKeys === 'number');
      return { copy, numbered, received: receiver.receive(copy.sent, copy.lists) };
    };
    const first = message(pages.slice(0, 2));
    const second = message(pages.slice(2));
    // Three lists (keys, enhancers, passed values), in the first message only; the second names them.
    expect(first.copy.lists).toHaveLength(3);
    expect(second.copy.lists).toEqual([]);
    expect(first.numbered).toEqual([true, true]);
    expect(second.numbered).toEqual([true]);
    const all = [...first.received, ...second.received];
    for (const r of all) {
      expect(r.usedKeys).toEqual(['home.title', 'runtime.loading']);
      expect(r.passedValues).toEqual({ 'home.title': ['name'] });
      expect(r.enhancers).toEqual([]);
      expect(r.usedKeys).toBe(all[0]!.usedKeys);
      expect(r.passedValues).toBe(all[0]!.passedValues);
    }
    // The main thread's own pages with equal lists share them too.
    expect(main.compact(result('en', ['home.title', 'runtime.loading'], {})).usedKeys).toBe(all[0]!.usedKeys);
    expect(all.map((r) => r.locale)).toEqual(['de', 'fr', 'es']);
  });

  it("sends a page's own list (not shared) as it is", () => {
    const sender = new ListSender();
    const lists: NewLists = [];
    const sent = sender.send(result('de', ['a'], {}), lists);
    expect(sent.usedKeys).toEqual(['a']);
    expect(lists.filter(([, l]) => Array.isArray(l) && l.length > 0)).toEqual([]);
  });
});
