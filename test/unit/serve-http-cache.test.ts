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
    expect(isNotModified({ 'if-none-match': '"other"', 'if-modified-since': httpDate }, etag, mtime)).toBe(false);
  });

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
