import { describe, expect, it } from 'vitest';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { CompressionCache, isNotModified, makeEtag, pickEncoding } from '../../src/dev/http-cache.ts';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
  });

  it("honours quality values: the client's preferred coding wins, brotli on a tie", () => {
    expect(pickEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip');
    expect(pickEncoding('br;q=0.1, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('gzip;q=0.8, br;q=0.8')).toBe('br');
    expect(pickEncoding('gzip ; q = 0.9 , br;q=1.0')).toBe('br');
    expect(pickEncoding('br;q=0.2, *;q=0.5')).toBe('gzip'); // * stands for gzip, which is not named
  });

  it('treats q=0 as not acceptable, for a named coding and for *', () => {
    expect(pickEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(pickEncoding('gzip;q=0.000')).toBeNull();
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
  });

  it('ignores an element whose q is not a quality value', () => {
    expect(pickEncoding('br;q=high, gzip;q=0.3')).toBe('gzip');
    expect(pickEncoding('br;q=2, gzip;q=0.3')).toBe('gzip');
  });
});

describe('isNotModified', () => {
  const mtime = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
  const etag = makeEtag(1234, mtime);

  it('matches If-None-Match, weak or strong, in a list or as *', () => {
    expect(isNotModified({ 'if-none-match': etag }, etag, mtime)).toBe(true);
    expect(isNotModified({ 'if-none-match': `"x", ${etag.replace('W/', '')}` }, etag, mtime)).toBe(true);
    expect(isNotModified({ 'if-none-match': '*' }, etag, mtime)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"other"' }, etag, mtime)).toBe(false);
  });

  it('compares If-Modified-Since at whole seconds, and lets If-None-Match win', () => {
    const httpDate = new Date(mtime).toUTCString();
    expect(isNotModified({ 'if-modified-since': httpDate }, etag, mtime)).toBe(true);
    expect(isNotModified({ 'if-modified-since': new Date(mtime - 1000).toUTCString() }, etag, mtime)).toBe(false);
    expect(isNotModified({ 'if-modified-since': 'not a date' }, etag, mtime)).toBe(false);
    // The older forms every recipient must read (RFC 9110 §5.6.7).
    expect(isNotModified({ 'if-modified-since': 'Friday, 02-Jan-26 03:04:05 GMT' }, etag, mtime)).toBe(true);
    expect(isNotModified({ 'if-modified-since': 'Fri Jan  2 03:04:05 2026' }, etag, mtime)).toBe(true);
    expect(isNotModified({ 'if-none-match': '"other"', 'if-modified-since': httpDate }, etag, mtime)).toBe(false);
  });

  it.each(['2030', '3000', 'Jan 1 2100', '2100-01-01T00:00:00Z', 'Fri, 02 Jan 2126 03:04:05 PST', 'Fri, 31 Feb 2126 03:04:05 GMT'])(
    'ignores an If-Modified-Since that is not an HTTP date (%s), though Date.parse reads it as a later date',
    (value) => {
      expect(Date.parse(value.replace('31 Feb', '28 Feb'))).toBeGreaterThan(mtime);
      expect(isNotModified({ 'if-modified-since': value }, etag, mtime)).toBe(false);
    },
  );

  it('changes the ETag with the salt the dev server adds', () => {
    expect(makeEtag(1, mtime, 'v2')).not.toBe(makeEtag(1, mtime, 'v1'));
  });
});

describe('CompressionCache', () => {
  it('compresses once per key and encoding and gives bodies that decompress to the original', async () => {
    const cache = new CompressionCache();
    const body = Buffer.from('hello world '.repeat(100));
    const br = await cache.get('k', body, 'br');
    expect(await cache.get('k', body, 'br')).toBe(br);
    expect(brotliDecompressSync(br).toString()).toBe(body.toString());
    expect(gunzipSync(await cache.get('k', body, 'gzip')).toString()).toBe(body.toString());
  });

  it('evicts the oldest bodies past its size limit and keeps the newest', async () => {
    const body = Buffer.from('a'.repeat(1000));
    const size = (await new CompressionCache().get('x', body, 'gzip')).length;
    const cache = new CompressionCache(size + 1); // room for one body, not two
    const a = await cache.get('a', body, 'gzip');
    const b = await cache.get('b', body, 'gzip');
    expect(await cache.get('b', body, 'gzip')).toBe(b);
    expect(await cache.get('a', body, 'gzip')).not.toBe(a);
  });
});
