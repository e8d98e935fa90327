import { describe, expect, it } from 'vitest';
import { parseRequestPath, firstSegment } from '../../src/dev/request-path.ts';

describe('parseRequestPath', () => {
  it('keeps ordinary paths and drops the query and hash', () => {
    expect(parseRequestPath('/de/jobs?x=1#top')).toEqual({ ok: true, pathname: '/de/jobs' });
    expect(parseRequestPath('/de/jobs/')).toEqual({ ok: true, pathname: '/de/jobs/' });
    expect(parseRequestPath('/')).toEqual({ ok: true, pathname: '/' });
  });

  it('decodes exactly once, so a double-encoded dot stays a literal name', () => {
    expect(parseRequestPath('/%252e%252e/secret')).toEqual({ ok: true, pathname: '/%2e%2e/secret' });
    expect(parseRequestPath('/caf%C3%A9')).toEqual({ ok: true, pathname: '/café' });
  });

  it.each([
    ['/../secret', '".." segment'],
    ['/%2e%2e/secret', '".." segment'],
    ['/de/..%2f..%2fsecret', '".." segment'],
    ['/..%5csecret', 'backslash'],
    ['/a\\b', 'backslash'],
    ['/a%00.html', 'NUL byte'],
    ['/%E0%A4%A', 'malformed percent-encoding'],
    ['*', 'not a path'],
  ])('refuses %s (%s)', (url, reason) => {
    const result = parseRequestPath(url);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toContain(reason);
  });

  it('turns absolute paths and absolute-form targets into paths under the root', () => {
    expect(parseRequestPath('//etc/passwd')).toEqual({ ok: true, pathname: '/etc/passwd' });
    expect(parseRequestPath('http://example.com/de?x')).toEqual({ ok: true, pathname: '/de' });
    expect(parseRequestPath('http://example.com')).toEqual({ ok: true, pathname: '/' });
  });
});

describe('firstSegment', () => {
  it('names the locale folder of a path', () => {
    expect(firstSegment('/de/jobs')).toBe('de');
    expect(firstSegment('/zh-CN')).toBe('zh-CN');
    expect(firstSegment('/')).toBeNull();
  });
});
