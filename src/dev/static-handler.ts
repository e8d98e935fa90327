import { readFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import { parseRequestPath } from './request-path.ts';
import { insideBase } from '../paths.ts';
import type { FoundFile, StaticFiles } from './static-files.ts';
import { contentType, isCompressible } from './content-types.ts';
import { ifRangeAllows, parseRange, type RangeAnswer } from './byte-range.ts';
import { CompressionCache, isNotModified, makeEtag, MIN_COMPRESS_BYTES, pickEncoding } from './http-cache.ts';

export interface StaticHandlerOptions {
  files: StaticFiles;
  /** Site path of the static assets base, such as `/_static/`: answered with immutable caching. */
  assetsPath: string;
  logger: Logger;
  /** Whether files under the assets path may be cached forever (false in dev, where they change in place). */
  immutableAssets?: boolean;
  /**
   * The folder the site is served from (`/docs`), or `''` at the root (the default): a request
   * under it is answered from the site's files, the root and the folder without its slash are
   * sent to it, and anything else is not the site's. A function in dev, where the config may change it.
   */
  basePath?: () => string;
  /**
   * Rewrites HTML bodies before they are sent (the dev server injects its live-reload client), given
   * the site path of the file sent (`/de/404.html` for a locale's not-found page).
   * `version()` goes into the ETag so a rewrite that changes invalidates the browser's copy.
   */
  html?: { version(): string; transform(html: string, sitePath: string): string };
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const FULL: RangeAnswer = { kind: 'full' };

/** Answers GET and HEAD from a built site as a static host would. */
export function createStaticHandler(options: StaticHandlerOptions): RequestHandler {
  const { files, logger } = options;
  const assetsPath = options.assetsPath.endsWith('/') ? options.assetsPath : options.assetsPath + '/';
  const compressed = new CompressionCache();

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed: this server only answers GET and HEAD.\n');
      return;
    }
    const parsed = parseRequestPath(req.url);
    if (!parsed.ok) {
      logger.debug(`400 ${req.url}: ${parsed.reason}`);
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`Bad request: ${parsed.reason}.\n`);
      return;
    }
    const base = options.basePath?.() ?? '';
    // The folder itself (`/docs`) is sent on to `/docs/`, against which the home's relative URLs resolve.
    const pathname = !base ? parsed.pathname : parsed.pathname === base ? null : insideBase(parsed.pathname, base);
    if (pathname === null) return outsideBase(req, res, parsed.pathname, base);
    const found = await files.find(pathname);
    const immutable = options.immutableAssets !== false && pathname.startsWith(assetsPath);
    if (found) return send(req, res, found, 200, immutable ? IMMUTABLE : 'no-cache');

    const notFound = await files.findNotFoundPage(pathname);
    logger.debug(`404 ${pathname}`);
    if (notFound) return send(req, res, notFound, 404, 'no-cache');
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : 'This page could not be found.\n');
  };

  /** A request outside the site's folder: the root and the folder itself lead into it, the rest is not found. */
  function outsideBase(req: IncomingMessage, res: ServerResponse, pathname: string, base: string) {
    if (pathname === '/' || pathname === base) {
      res.writeHead(302, { Location: `${base}/`, 'Cache-Control': 'no-cache' });
      res.end();
      return;
    }
    logger.debug(`404 ${pathname}: outside the site's folder ${base}/`);
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : `This site is served from ${base}/ (the path of its url in sitegen.config.ts): nothing is here.\n`);
  }

  async function send(req: IncomingMessage, res: ServerResponse, found: FoundFile, status: number, cacheControl: string) {
    const type = contentType(found.file);
    const transform = type.startsWith('text/html') && options.html ? options.html : null;
    const etag = makeEtag(found.stats.size, found.stats.mtimeMs, transform ? transform.version() : '');
    const lastModified = found.stats.mtime.toUTCString();
    const headers: Record<string, string | number> = {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
    };
    // On every answer of a compressible file, the 304 included: a cache must key it by encoding.
    if (isCompressible(type)) headers.Vary = 'Accept-Encoding';
    // Validators and ranges only for real hits: a 404 page must not turn into a 304 or a 206 for another URL.
    if (status === 200) {
      headers.ETag = etag;
      headers['Last-Modified'] = lastModified;
      headers['Accept-Ranges'] = 'bytes';
      if (isNotModified(req.headers, etag, found.stats.mtimeMs)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }
    const body = transform ? Buffer.from(transform.transform(await readFile(found.file, 'utf8'), files.sitePath(found.file))) : null;
    const size = body ? body.length : found.stats.size;
    // A repeated If-Range is not a validator we can trust: send the whole file.
    const ifRange = req.headers['if-range'];
    const rangeAllowed = status === 200 && ifRangeAllows(Array.isArray(ifRange) ? '' : ifRange, { etag, lastModified });
    const range = rangeAllowed ? parseRange(req.headers.range, size) : FULL;

    if (range.kind === 'unsatisfiable') {
      res.writeHead(416, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Range': `bytes */${size}`, 'Cache-Control': cacheControl });
      res.end(req.method === 'HEAD' ? undefined : `Range not satisfiable: the file has ${size} bytes.\n`);
      return;
    }
    if (range.kind === 'partial') return sendPartial(req, res, { file: found.file, body, size, range, headers });

    let full: Buffer = body ?? (await readFile(found.file));
    const encoding = isCompressible(type) && full.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
    if (encoding) {
      full = await compressed.get(`${found.file}|${etag}`, full, encoding);
      headers['Content-Encoding'] = encoding;
    }
    headers['Content-Length'] = full.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : full);
  }
}

/**
 * A 206 of one range. Ranges count bytes of the file as it is, so a partial answer is never
 * compressed. A file on disk is streamed from the range's start (a player seeking in a large video
 * must not cost reading all of it); a rewritten HTML body is sliced.
 */
async function sendPartial(
  req: IncomingMessage,
  res: ServerResponse,
  part: { file: string; body: Buffer | null; size: number; range: { start: number; end: number }; headers: Record<string, string | number> },
): Promise<void> {
  const { start, end } = part.range;
  res.writeHead(206, { ...part.headers, 'Content-Range': `bytes ${start}-${end}/${part.size}`, 'Content-Length': end - start + 1 });
  if (req.method === 'HEAD') res.end();
  else if (part.body) res.end(part.body.subarray(start, end + 1));
  else {
    await pipeline(createReadStream(part.file, { start, end }), res).catch((err: NodeJS.ErrnoException) => {
      // Players abort range requests all the time when seeking: not an error of ours.
      if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err;
    });
  }
}
