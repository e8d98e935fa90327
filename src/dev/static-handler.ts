import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../logger.ts';
import { parseRequestPath } from './request-path.ts';
import type { FoundFile, StaticFiles } from './static-files.ts';
import { contentType, isCompressible } from './content-types.ts';
import { CompressionCache, isNotModified, makeEtag, MIN_COMPRESS_BYTES, pickEncoding } from './http-cache.ts';

export interface StaticHandlerOptions {
  files: StaticFiles;
  /** Site path of the static assets base, such as `/_static/`: answered with immutable caching. */
  assetsPath: string;
  logger: Logger;
  /** Whether files under the assets path may be cached forever (false in dev, where they change in place). */
  immutableAssets?: boolean;
  /**
   * Rewrites HTML bodies before they are sent (the dev server injects its live-reload client), given
   * the site path of the file sent (`/de/404.html` for a locale's not-found page).
   * `version()` goes into the ETag so a rewrite that changes invalidates the browser's copy.
   */
  html?: { version(): string; transform(html: string, sitePath: string): string };
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

const IMMUTABLE = 'public, max-age=31536000, immutable';

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
    const { pathname } = parsed;
    const found = await files.find(pathname);
    const immutable = options.immutableAssets !== false && pathname.startsWith(assetsPath);
    if (found) return send(req, res, found, 200, immutable ? IMMUTABLE : 'no-cache');

    const notFound = await files.findNotFoundPage(pathname);
    logger.debug(`404 ${pathname}`);
    if (notFound) return send(req, res, notFound, 404, 'no-cache');
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : 'This page could not be found.\n');
  };

  async function send(req: IncomingMessage, res: ServerResponse, found: FoundFile, status: number, cacheControl: string) {
    const type = contentType(found.file);
    const isHtml = type.startsWith('text/html');
    const salt = isHtml && options.html ? options.html.version() : '';
    const etag = makeEtag(found.stats.size, found.stats.mtimeMs, salt);
    const headers: Record<string, string | number> = {
      'Content-Type': type,
      'Cache-Control': cacheControl,
      'X-Content-Type-Options': 'nosniff',
    };
    // Validators only for real hits: a 404 page must not turn into a 304 for another URL.
    if (status === 200) {
      headers.ETag = etag;
      headers['Last-Modified'] = found.stats.mtime.toUTCString();
      if (isNotModified(req.headers, etag, found.stats.mtimeMs)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
    }

    let body: Buffer = await readFile(found.file);
    if (isHtml && options.html) body = Buffer.from(options.html.transform(body.toString('utf8'), files.sitePath(found.file)));
    if (isCompressible(type)) {
      headers.Vary = 'Accept-Encoding';
      const encoding = body.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
      if (encoding) {
        body = await compressed.get(`${found.file}|${etag}`, body, encoding);
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
