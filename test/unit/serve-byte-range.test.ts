import { describe, expect, it } from 'vitest';
import { ifRangeAllows, parseRange } from '../../src/dev/byte-range.ts';

describe('parseRange', () => {
  it.each([
    ['bytes=0-499', { kind: 'partial', start: 0, end: 499 }],
    ['bytes=500-999', { kind: 'partial', start: 500, end: 999 }],
    ['bytes=990-', { kind: 'partial', start: 990, end: 999 }], // open: to the end
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }], // suffix: the last 100 bytes
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }], // a suffix longer than the file is all of it
    ['bytes=900-5000', { kind: 'partial', start: 900, end: 999 }], // the end is clamped
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['Bytes = 0-0', { kind: 'partial', start: 0, end: 0 }], // the unit is case-insensitive
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-2000', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    // Ignored: the whole file with 200.
    ['bytes=0-1,5-6', { kind: 'full' }], // several ranges (answered with the whole file)
    ['bytes=5-1', { kind: 'full' }], // last before first: invalid
    ['bytes=-', { kind: 'full' }],
    ['bytes=a-b', { kind: 'full' }],
    ['items=0-5', { kind: 'full' }],
    ['', { kind: 'full' }],
  ])('%s of 1000 bytes -> %o', (header, answer) => {
    expect(parseRange(header, 1000)).toEqual(answer);
  });

  it('finds nothing to send in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});

describe('ifRangeAllows', () => {
  const lastModified = 'Fri, 02 Jan 2026 03:04:05 GMT';
  const weak = { etag: 'W/"3e8-19b7c"', lastModified };

  it('allows a range without If-Range, or with the exact Last-Modified date', () => {
    expect(ifRangeAllows(undefined, weak)).toBe(true);
    expect(ifRangeAllows(lastModified, weak)).toBe(true);
    expect(ifRangeAllows('Friday, 02-Jan-26 03:04:05 GMT', weak)).toBe(true);
  });

  it('sends the whole file for another date or an unreadable one', () => {
    expect(ifRangeAllows('Thu, 01 Jan 2026 03:04:05 GMT', weak)).toBe(false);
    expect(ifRangeAllows('Sat, 03 Jan 2026 03:04:05 GMT', weak)).toBe(false); // later is not "unchanged" either
    expect(ifRangeAllows('yesterday', weak)).toBe(false);
  });

  it('needs a strong ETag match, which a weak ETag never is', () => {
    expect(ifRangeAllows('W/"3e8-19b7c"', weak)).toBe(false);
    expect(ifRangeAllows('"3e8-19b7c"', weak)).toBe(false);
    const strong = { etag: '"3e8-19b7c"', lastModified };
    expect(ifRangeAllows('"3e8-19b7c"', strong)).toBe(true);
    expect(ifRangeAllows('"other"', strong)).toBe(false);
  });
});
