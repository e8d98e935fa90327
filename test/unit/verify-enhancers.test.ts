import { describe, expect, it } from 'vitest';
import type { JobResult } from '../../src/render/context.ts';
import { closestName, editDistance } from '../../src/text/closest.ts';
import { unknownEnhancers } from '../../src/verify/enhancers.ts';

const KNOWN = ['apply-code', 'jobs-filter', 'language-switcher', 'mobile-menu', 'slider', 'support-search'];

const result = (file: string, locale: string, enhancers: string[]): JobResult => ({
  file: `/site/${file}`, route: null, locale, enhancers, paths: [], bytes: 0, usedKeys: [], passedValues: {}, fallbacks: [], links: [], alternates: 0,
});

describe('closestName', () => {
  it('suggests the known name a few edits away, and nothing for an unrelated name', () => {
    expect(editDistance('slidr', 'slider')).toBe(1);
    expect(closestName('slidr', KNOWN)).toBe('slider');
    expect(closestName('Jobs-Filter', KNOWN)).toBe('jobs-filter');
    expect(closestName('jobsfilter', KNOWN)).toBe('jobs-filter');
    expect(closestName('mobile-nav', KNOWN)).toBeNull();
    expect(closestName('carousel', KNOWN)).toBeNull();
  });
});

describe('unknownEnhancers', () => {
  it('names page, locale and name once per name, with the closest known name or the list', () => {
    const results = [
      result('pages/index.tsx', 'en', ['slider', 'slidr']),
      result('pages/index.tsx', 'de', ['slider', 'slidr']),
      result('pages/jobs.tsx', 'en', ['jobs-filter', 'carousel']),
    ];
    expect(unknownEnhancers(results, KNOWN, '/site')).toEqual([
      'pages/index.tsx [en]: data-enhance="slidr" names no enhancer (and 1 more page(s)); did you mean "slider"?',
      'pages/jobs.tsx [en]: data-enhance="carousel" names no enhancer; known: apply-code, jobs-filter, language-switcher, mobile-menu, slider, support-search',
    ]);
    expect(unknownEnhancers([result('pages/index.tsx', 'en', KNOWN)], KNOWN, '/site')).toEqual([]);
  });
});
