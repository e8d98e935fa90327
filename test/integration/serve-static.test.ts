import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, writeFile, symlink, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { serve, type RunningServer } from '../../src/dev/serve.ts';
import { createMemoryLogger } from '../../src/logger.ts';

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

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'sitegen-serve-'));
  root = path.join(tmp, 'dist');
  const files: Record<string, string> = {
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

describe('serve: errors', () => {
  it('names the missing folder and says to build first', async () => {
    await expect(serve({ root: path.join(tmp, 'missing'), port: 0 })).rejects.toThrow(/There is no folder to serve at .*missing\. Run `sitegen build` first/);
  });

  it('says when the port is taken and how to pick another', async () => {
    await expect(serve({ root, port: server.port })).rejects.toThrow(`Port ${server.port} on 127.0.0.1 is already in use. Stop the other server or pass another one with --port.`);
  });
});
