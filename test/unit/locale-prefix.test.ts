import { describe, expect, it } from 'vitest';
import { localePrefixOf } from '../../src/paths.ts';

const CODES = ['en', 'de', 'zh-CN'];

describe('localePrefixOf: the locale whose URL prefix a site path would be taken for', () => {
  it('a first segment that is a prefixed locale code, with or without more segments', () => {
    expect(localePrefixOf('/de/about', CODES, 'en')).toBe('de');
    expect(localePrefixOf('/de', CODES, 'en')).toBe('de');
    expect(localePrefixOf('/zh-CN/x.html', CODES, 'en')).toBe('zh-CN');
  });

  it('compares without case (dist/ZH-cn/ is dist/zh-CN/ on macOS and Windows)', () => {
    expect(localePrefixOf('/ZH-cn/about', CODES, 'en')).toBe('zh-CN');
    expect(localePrefixOf('/DE', CODES, 'en')).toBe('de');
  });

  it('the default locale has no prefix, so /en/about is an ordinary path', () => {
    expect(localePrefixOf('/en/about', CODES, 'en')).toBeNull();
    expect(localePrefixOf('/en/about', CODES, 'de')).toBe('en');
  });

  it('a segment that only starts like a code, a file beside the folder and the home are not prefixes', () => {
    expect(localePrefixOf('/deals', CODES, 'en')).toBeNull();
    expect(localePrefixOf('/zh/about', CODES, 'en')).toBeNull();
    expect(localePrefixOf('/de.html', CODES, 'en')).toBeNull();
    expect(localePrefixOf('/', CODES, 'en')).toBeNull();
  });
});
