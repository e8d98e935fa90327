import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile, symlink, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';
import { seeded } from '../helpers/sequences.ts';

/** A raw request: node:http sends the path exactly as given (fetch would normalise `..`). */
function get(server: RunningServer, rawPath: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: rawPath, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const SECRET = 'TOP SECRET outside the root';
let tmp: string;
let root: string;
let server: RunningServer;
const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
/** 3000 bytes that differ at every offset, so a wrong slice shows. */
const VIDEO = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7 + (i >> 8)) & 0xff));
const CAPTIONS = 'WEBVTT\n\n' + '00:00.000 --> 00:01.000\nHallo\n\n'.repeat(40);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sitegen-serve-'));
  root = path.join(tmp, 'dist');
  const files: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><title>home en</title>',
    '404.html': '<!doctype html><title>404 en</title>',
    'jobs/index.html': '<!doctype html><title>jobs en</title>',
    'community_privacy_policy/history.html': '<!doctype html><title>history en</title>',
    'de/index.html': '<!doctype html><title>home de</title>',
    'de/404.html': '<!doctype html><title>404 de</title>',
    'de/jobs/index.html': '<!doctype html><title>jobs de</title>',
    'fr/index.html': '<!doctype html><title>home fr</title>', // fr has no 404.html of its own
    '_static/abc123/app.js': BIG_JS,
    '_static/abc123/style.css': 'body{color:red}',
    '_static/abc123/manifest.json': '{"buildId":"abc123"}\n',
    'social.png': '\x89PNG fake',
    'sitemap.xml': '<urlset/>',
    '.env': 'HIDDEN=1',
    '.git/config': '[core] HIDDEN=1',
    '.well-known/security.txt': 'Contact: mailto:security@example.com',
    'media/clip.mp4': VIDEO,
    'media/captions.vtt': CAPTIONS,
  };
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  }
  await writeFile(path.join(tmp, 'secret.txt'), SECRET);
  await mkdir(path.join(tmp, 'outside'));
  await writeFile(path.join(tmp, 'outside', 'index.html'), SECRET);
  await symlink(path.join(tmp, 'secret.txt'), path.join(root, 'leak.txt'));
  await symlink(path.join(tmp, 'outside'), path.join(root, 'leakdir'));
  await symlink(path.join(root, 'jobs'), path.join(root, 'careers')); // a link that stays inside is fine
  // A sibling whose name starts with the root's: `startsWith(realRoot)` without the separator lets it through.
  await mkdir(path.join(tmp, 'dist-private'));
  await writeFile(path.join(tmp, 'dist-private', 'secret.txt'), SECRET);
  await symlink(path.join(tmp, 'dist-private', 'secret.txt'), path.join(root, 'sibling.txt'));
  await symlink(path.join(tmp, 'dist-private'), path.join(root, 'siblingdir'));
  // Links inside the root to dotfiles: the file they lead to is what counts.
  await symlink('.env', path.join(root, 'public.txt'));
  await symlink('.git', path.join(root, 'gitdir'));
  const fixed = new Date('2026-01-02T03:04:05Z');
  await utimes(path.join(root, 'jobs/index.html'), fixed, fixed);
  server = await serve({ root, port: 0, logger: createMemoryLogger() });
});

afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('serve: pages', () => {
  it('listens on 127.0.0.1 and says so in its URL', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it.each([
    ['/', 'home en'],
    ['/de', 'home de'],
    ['/de/', 'home de'],
    ['/de/jobs', 'jobs de'],
    ['/de/jobs/', 'jobs de'],
    ['/jobs?utm=1', 'jobs en'],
    ['/community_privacy_policy/history.html', 'history en'],
    ['/careers', 'jobs en'],
  ])('%s answers 200 with its page, no redirect', async (url, title) => {
    const res = await get(server, url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toContain(`<title>${title}</title>`);
  });

  it.each([
    ['/_static/abc123/app.js', 'text/javascript; charset=utf-8'],
    ['/_static/abc123/style.css', 'text/css; charset=utf-8'],
    ['/_static/abc123/manifest.json', 'application/json; charset=utf-8'],
    ['/social.png', 'image/png'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
  ])('%s has content type %s', async (url, type) => {
    const res = await get(server, url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it('caches assets under the assets base forever and everything else never without asking', async () => {
    expect((await get(server, '/_static/abc123/style.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get(server, '/social.png')).headers['cache-control']).toBe('no-cache');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(server, '/de/jobs', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String('<!doctype html><title>jobs de</title>'.length));
    expect(head.body.length).toBe(0);
  });

  it('refuses other methods with 405 and says which are allowed', async () => {
    const res = await get(server, '/', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('serve: validators and compression', () => {
  it('sends ETag and Last-Modified and answers 304 to either', async () => {
    const first = await get(server, '/jobs');
    expect(first.headers['last-modified']).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const byEtag = await get(server, '/jobs', { headers: { 'If-None-Match': etag } });
    expect(byEtag.status).toBe(304);
    expect(byEtag.body.length).toBe(0);
    const byDate = await get(server, '/jobs', { headers: { 'If-Modified-Since': 'Fri, 02 Jan 2026 03:04:05 GMT' } });
    expect(byDate.status).toBe(304);
    const older = await get(server, '/jobs', { headers: { 'If-Modified-Since': 'Thu, 01 Jan 2026 00:00:00 GMT' } });
    expect(older.status).toBe(200);
    const otherTag = await get(server, '/jobs', { headers: { 'If-None-Match': '"nope"' } });
    expect(otherTag.status).toBe(200);
  });

  it('compresses with brotli or gzip as the client accepts, and not otherwise', async () => {
    const br = await get(server, '/_static/abc123/app.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    const gz = await get(server, '/_static/abc123/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const plain = await get(server, '/_static/abc123/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
  });
});

describe('serve: HTTP details', () => {
  it('sends Vary: Accept-Encoding on a 304 of a compressible file, as on its 200', async () => {
    const first = await get(server, '/_static/abc123/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    const again = await get(server, '/_static/abc123/app.js', { headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': first.headers.etag as string } });
    expect(again.status).toBe(304);
    expect(again.headers.vary).toBe('Accept-Encoding');
  });

  it.each(['2099', 'Jan 1 2100', '2100-01-01T00:00:00Z'])('ignores an If-Modified-Since that is not an HTTP date: %s', async (value) => {
    const res = await get(server, '/jobs', { headers: { 'If-Modified-Since': value } });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<title>jobs en</title>');
  });

  it('compresses with the coding the client prefers by its quality values', async () => {
    const gz = await get(server, '/_static/abc123/app.js', { headers: { 'Accept-Encoding': 'gzip;q=0.5, br;q=0.1' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const none = await get(server, '/_static/abc123/app.js', { headers: { 'Accept-Encoding': 'gzip;q=0, br;q=0' } });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body.toString()).toBe(BIG_JS);
  });

  it('serves subtitles as text/vtt, which <track> needs', async () => {
    const res = await get(server, '/media/captions.vtt');
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
  });
});

describe('serve: byte ranges', () => {
  const range = (value: string, headers: Record<string, string> = {}) => get(server, '/media/clip.mp4', { headers: { Range: value, ...headers } });

  it('says on a full answer that it takes ranges', async () => {
    const res = await get(server, '/media/clip.mp4');
    expect(res.status).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.body.equals(VIDEO)).toBe(true);
  });

  it.each([
    ['bytes=0-1', 0, 1], // Safari's first probe of a <video>
    ['bytes=100-1099', 100, 1099],
    ['bytes=2990-', 2990, 2999],
    ['bytes=-10', 2990, 2999],
    ['bytes=2500-9999', 2500, 2999],
  ])('answers %s with 206 and exactly bytes %i to %i', async (value, start, end) => {
    const res = await range(value);
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/3000`);
    expect(res.headers['content-length']).toBe(String(end - start + 1));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^W\/"/);
    expect(res.body.equals(VIDEO.subarray(start, end + 1))).toBe(true);
  });

  it('answers a range past the end with 416 and the size in Content-Range', async () => {
    const res = await range('bytes=3000-3100');
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */3000');
    expect(res.body.toString()).toBe('Range not satisfiable: the file has 3000 bytes.\n');
  });

  it('answers several ranges, or a malformed one, with the whole file', async () => {
    for (const value of ['bytes=0-1,10-11', 'bytes=9-1', 'pages=1-2']) {
      const res = await range(value);
      expect(res.status, value).toBe(200);
      expect(res.body.equals(VIDEO), value).toBe(true);
    }
  });

  it('answers HEAD with a range with the headers of the 206 and no body', async () => {
    const res = await get(server, '/media/clip.mp4', { method: 'HEAD', headers: { Range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/3000');
    expect(res.headers['content-length']).toBe('10');
    expect(res.body.length).toBe(0);
  });

  it('sends a range of a text file as it is, never compressed, and counts bytes of the file', async () => {
    const res = await get(server, '/_static/abc123/app.js', { headers: { Range: 'bytes=0-11', 'Accept-Encoding': 'br, gzip' } });
    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-range']).toBe(`bytes 0-11/${BIG_JS.length}`);
    expect(res.body.toString()).toBe(BIG_JS.slice(0, 12));
  });

  it('honours If-Range only while the file is unchanged: the same Last-Modified date, not a weak ETag', async () => {
    const full = await get(server, '/media/clip.mp4');
    const current = await range('bytes=0-9', { 'If-Range': full.headers['last-modified'] as string });
    expect(current.status).toBe(206);
    expect(current.body.equals(VIDEO.subarray(0, 10))).toBe(true);
    const changed = await range('bytes=0-9', { 'If-Range': 'Thu, 01 Jan 2015 00:00:00 GMT' });
    expect(changed.status).toBe(200);
    expect(changed.body.equals(VIDEO)).toBe(true);
    const byWeakTag = await range('bytes=0-9', { 'If-Range': full.headers.etag as string });
    expect(byWeakTag.status).toBe(200);
  });

  it('puts a fresh copy before a range: If-None-Match that matches is a 304', async () => {
    const full = await get(server, '/media/clip.mp4');
    const res = await range('bytes=0-9', { 'If-None-Match': full.headers.etag as string });
    expect(res.status).toBe(304);
  });

  it('never answers a range of a not-found page', async () => {
    const res = await get(server, '/de/nope', { headers: { Range: 'bytes=0-3' } });
    expect(res.status).toBe(404);
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.body.toString()).toContain('<title>404 de</title>');
  });
});

describe('serve: not found', () => {
  it.each([
    ['/nope', '404 en'],
    ['/de/nope', '404 de'],
    ['/de/jobs/nope/deeper', '404 de'],
    ['/fr/nope', '404 en'],
    ['/xx/nope', '404 en'],
    ['/.env', '404 en'],
    ['/.git/config', '404 en'],
    ['/public.txt', '404 en'],
    ['/gitdir/config', '404 en'],
  ])('%s answers 404 with %s', async (url, title) => {
    const res = await get(server, url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body.toString()).toContain(`<title>${title}</title>`);
  });
});

describe('serve: only files inside the root', () => {
  it.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/secret.txt',
    '/%252e%252e/secret.txt',
    '/..%2fsecret.txt',
    '/de/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/%5c..%5csecret.txt',
    '/secret.txt%00.html',
    '//' + 'tmp/secret.txt',
    '/leak.txt',
    '/leakdir',
    '/leakdir/index.html',
    '/sibling.txt',
    '/siblingdir/secret.txt',
  ])('%s never answers the file outside', async (url) => {
    const res = await get(server, url);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain(SECRET);
  });

  it('never answers a file outside, nor a dotfile, nor fails, for 600 paths made of traversal pieces (seeded)', async () => {
    // Pieces an attacker strings together: parent steps in every encoding, separators, NUL, names of links out and of dotfiles.
    const pieces = [
      '..', '.', '%2e%2e', '%2E%2e', '.%2e', '%2e.', '%252e%252e', '%c0%ae%c0%ae', '%uff0e%uff0e', '%EF%BC%8E%EF%BC%8E', '...',
      '/', '//', '%2f', '%2F', '%5c', '\\', '%00', '%', '%zz', ';', '?', '#',
      'leak.txt', 'leakdir', 'sibling.txt', 'siblingdir', 'secret.txt', 'outside', 'dist-private', 'dist', 'public.txt', 'gitdir',
      '.env', '.git', 'config', 'de', 'jobs', 'index.html', '.well-known', tmp.slice(1),
    ];
    const { next, pick, chance } = seeded(20261128);
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const parts = Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(pieces));
      const joiner = chance(0.5) ? '/' : '';
      const url = '/' + parts.join(joiner);
      const res = await get(server, url);
      seen.add(res.status);
      const body = res.body.toString();
      expect(res.status, url).toBeLessThan(500);
      expect(body, url).not.toContain(SECRET);
      expect(body, url).not.toContain('HIDDEN=1');
    }
    // The pieces reach the pages as well as the refusals: the paths are not all refused before the files are looked at.
    expect([...seen].sort()).toEqual(expect.arrayContaining([200, 400, 404]));
  });

  it('serves /.well-known, the one dot folder that belongs to a site', async () => {
    const res = await get(server, '/.well-known/security.txt');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('Contact:');
  });

  it('answers an absolute path of a real file with 404', async () => {
    const res = await get(server, path.join(tmp, 'secret.txt'));
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain(SECRET);
  });

  it('says why a request was refused', async () => {
    const res = await get(server, '/..%5csecret.txt');
    expect(res.status).toBe(400);
    expect(res.body.toString()).toBe('Bad request: the path contains a backslash.\n');
  });
});

describe('serve: only its own host names (DNS rebinding)', () => {
  const withHost = (host: string, target = server) => get(target, '/jobs', { headers: { Host: host } });

  it.each(['localhost', 'localhost:PORT', '127.0.0.1:PORT', '[::1]:PORT', 'LocalHost:8080'])('answers Host %s', async (host) => {
    const res = await withHost(host.replace('PORT', String(server.port)));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<title>jobs en</title>');
  });

  it.each(['evil.example', 'evil.example:PORT', 'localhost.evil.example:PORT', '127.0.0.1.evil.example:PORT', 'localhost.:PORT'])(
    'refuses Host %s with 403 and one line naming the flag that allows more',
    async (host) => {
      const res = await withHost(host.replace('PORT', String(server.port)));
      expect(res.status).toBe(403);
      const body = res.body.toString();
      expect(body).not.toContain('jobs en');
      expect(body.trimEnd().split('\n')).toHaveLength(1);
      expect(body).toContain('--allowed-hosts');
      expect(body).toContain('--allowed-hosts all');
    },
  );

  it('names the refused host in the flag to pass', async () => {
    const res = await withHost(`evil.example:${server.port}`);
    expect(res.body.toString()).toBe(
      'Blocked: this server answers only its own host names (localhost, 127.0.0.1, [::1], --host), not "evil.example"; to allow more, start it with --allowed-hosts evil.example (or --allowed-hosts all).\n',
    );
  });

  it('refuses every path, dotfile rules and 404 pages included, before looking at the files', async () => {
    for (const url of ['/', '/nope', '/_static/abc123/app.js']) {
      expect((await get(server, url, { headers: { Host: 'evil.example' } })).status, url).toBe(403);
    }
  });

  it('answers the names given with allowedHosts, or every name with all', async () => {
    const preview = await serve({ root, port: 0, allowedHosts: ['preview.example', '.team.example'], logger: createMemoryLogger() });
    const open = await serve({ root, port: 0, allowedHosts: 'all', logger: createMemoryLogger() });
    try {
      expect((await withHost('preview.example', preview)).status).toBe(200);
      expect((await withHost('a.team.example:8080', preview)).status).toBe(200);
      expect((await withHost(`localhost:${preview.port}`, preview)).status).toBe(200);
      expect((await withHost('evil.example', preview)).status).toBe(403);
      expect((await withHost('evil.example', open)).status).toBe(200);
    } finally {
      await preview.close();
      await open.close();
    }
  });
});

describe('serve: errors', () => {
  it('names the missing folder and says to build first', async () => {
    await expect(serve({ root: path.join(tmp, 'missing'), port: 0 })).rejects.toThrow(/There is no folder to serve at .*missing\. Run `sitegen build` first/);
  });

  it('says when the port is taken and how to pick another', async () => {
    await expect(serve({ root, port: server.port })).rejects.toThrow(`Port ${server.port} on 127.0.0.1 is already in use. Stop the other server or pass another one with --port.`);
  });
});
