import { describe, expect, it } from 'vitest';
import type { Metafile } from 'esbuild';
import { changedKeys, jobsAffectedByMessages } from '../../src/dev/message-diff.ts';
import { pageDependencies, pagesAffectedBy } from '../../src/dev/dependency-graph.ts';

describe('changedKeys', () => {
  it('lists added, removed and changed keys only', () => {
    expect([...changedKeys({ a: '1', b: '2', c: '3' }, { a: '1', b: 'two', d: '4' })].sort()).toEqual(['b', 'c', 'd']);
    expect(changedKeys({ a: '1' }, { a: '1' }).size).toBe(0);
  });
});

describe('jobsAffectedByMessages', () => {
  const jobs = [
    { file: 'index', locale: 'de', usedKeys: new Set(['home.title', 'nav.home']) },
    { file: 'jobs', locale: 'de', usedKeys: new Set(['jobs.title', 'nav.home']) },
    { file: 'index', locale: 'fr', usedKeys: new Set(['home.title', 'nav.home']) },
    { file: 'index', locale: 'en', usedKeys: new Set(['home.title', 'nav.home']) },
  ];
  const messages = new Map<string, Record<string, string>>([
    ['en', { 'home.title': 'Hi', 'nav.home': 'Home', 'jobs.title': 'Jobs' }],
    ['de', { 'home.title': 'Hallo', 'nav.home': 'Start', 'jobs.title': 'Stellen' }],
    ['fr', { 'nav.home': 'Accueil' }], // home.title falls back to en
  ]);
  const names = (list: { file: string; locale: string }[]) => list.map((j) => `${j.file} ${j.locale}`);

  it('re-renders only the pages of that locale that use a changed key', () => {
    expect(names(jobsAffectedByMessages(jobs, [{ locale: 'de', keys: new Set(['home.title']) }], messages, 'en'))).toEqual(['index de']);
    expect(names(jobsAffectedByMessages(jobs, [{ locale: 'de', keys: new Set(['nav.home']) }], messages, 'en'))).toEqual(['index de', 'jobs de']);
    expect(jobsAffectedByMessages(jobs, [{ locale: 'de', keys: new Set(['unused.key']) }], messages, 'en')).toEqual([]);
  });

  it('reaches other locales through an en edit only where they fall back to en', () => {
    expect(names(jobsAffectedByMessages(jobs, [{ locale: 'en', keys: new Set(['home.title']) }], messages, 'en'))).toEqual(['index fr', 'index en']);
  });

  it('re-renders every page of the locale for runtime messages and pages with unknown keys', () => {
    expect(names(jobsAffectedByMessages(jobs, [{ locale: 'de', keys: new Set(['runtime.offline']) }], messages, 'en'))).toEqual(['index de', 'jobs de']);
    const unknown = [{ file: 'about', locale: 'de', usedKeys: null }];
    expect(names(jobsAffectedByMessages(unknown, [{ locale: 'de', keys: new Set(['x']) }], messages, 'en'))).toEqual(['about de']);
  });
});

describe('pageDependencies', () => {
  const input = (imports: string[]) => ({ bytes: 1, imports: imports.map((path) => ({ path, kind: 'import-statement' as const })) });
  const metafile: Metafile = {
    inputs: {
      'pages/index.tsx': input(['templates/components/Badge.tsx']),
      'pages/jobs.tsx': input(['templates/components/Card.tsx']),
      'pages/about.tsx': input([]),
      'templates/components/Card.tsx': input(['templates/components/Badge.tsx']),
      'templates/components/Badge.tsx': input(['templates/components/Badge.css']),
      'templates/components/Badge.css': input([]),
      'templates/layouts/default.tsx': input(['templates/components/Header.tsx']),
      'templates/layouts/other.tsx': input([]),
      'templates/components/Header.tsx': input([]),
    },
    outputs: {},
  };
  const pages = [
    { file: '/s/pages/index.tsx', layout: 'default' },
    { file: '/s/pages/jobs.tsx', layout: 'default' },
    { file: '/s/pages/about.tsx', layout: 'other' },
  ];
  const layouts = new Map([
    ['default', '/s/templates/layouts/default.tsx'],
    ['other', '/s/templates/layouts/other.tsx'],
  ]);
  const deps = pageDependencies(metafile, '/s', pages, layouts);
  const affected = (file: string) => [...pagesAffectedBy(deps, ['/s/' + file])].sort();

  it('follows imports transitively', () => {
    expect(affected('templates/components/Badge.tsx')).toEqual(['/s/pages/index.tsx', '/s/pages/jobs.tsx']);
    expect(affected('templates/components/Badge.css')).toEqual(['/s/pages/index.tsx', '/s/pages/jobs.tsx']);
    expect(affected('templates/components/Card.tsx')).toEqual(['/s/pages/jobs.tsx']);
  });

  it('counts a layout and its components for the pages rendered in it', () => {
    expect(affected('templates/components/Header.tsx')).toEqual(['/s/pages/index.tsx', '/s/pages/jobs.tsx']);
    expect(affected('templates/layouts/other.tsx')).toEqual(['/s/pages/about.tsx']);
    expect(affected('pages/about.tsx')).toEqual(['/s/pages/about.tsx']);
  });
});
