import type { Logger } from '../logger.ts';
import type { StaticFiles } from './static-files.ts';
import type { HostPolicy } from './host-guard.ts';
import { createStaticHandler, type RequestHandler } from './static-handler.ts';
import { CLIENT_PATH, CLIENT_SCRIPT, EVENTS_PATH, injectClient, isAllowedEventRequest, type LiveReload } from './live-reload.ts';

export interface DevHandlerOptions {
  files: StaticFiles;
  assetsPath: string;
  live: LiveReload;
  logger: Logger;
  /** Changes with every rebuild: part of the HTML ETag, so reloads never get a stale 304. */
  version(): string;
  /** The folder the site is served from (`/docs`) or `''`, as the last build's config says. */
  basePath(): string;
  /** The port the server listens on, for the event stream's Host and Origin check. */
  port(): number;
  /** The host names it answers (host-guard.ts), for the same check. */
  hosts: HostPolicy;
  /**
   * Whether there is a build to serve: 'built' once a first build succeeded; before, 'building'
   * while the first build runs, 'failed' once it failed (its error is shown in the overlay).
   */
  buildState(): 'built' | 'building' | 'failed';
}

/** What a page asked for before there is a build shows (503), by the first build's state; the client reloads it once one is done. */
const waitingPage = (text: string) =>
  injectClient(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>sitegen dev</title></head><body><p>${text}</p></body></html>`);
const WAITING_PAGES = {
  building: waitingPage('The site is being built: this page reloads as soon as the build is done.'),
  failed: waitingPage('The site has not been built yet: the error is shown above and in the terminal. Save a fix and this page reloads.'),
};

/** The dev server: the static host, plus the live-reload client and event stream. */
export function createDevHandler(options: DevHandlerOptions): RequestHandler {
  const staticHandler = createStaticHandler({
    files: options.files,
    assetsPath: options.assetsPath,
    logger: options.logger,
    immutableAssets: false,
    basePath: options.basePath,
    html: { version: options.version, transform: (html, sitePath) => injectClient(html, sitePath, options.basePath()) },
  });
  return async (req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname === EVENTS_PATH) {
      if (!isAllowedEventRequest(req.headers, { port: options.port(), hosts: options.hosts })) {
        res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('Forbidden: the dev event stream only answers pages of this dev server (Host and Origin must be this address or localhost).\n');
        return;
      }
      options.live.handle(req, res);
      return;
    }
    if (pathname === CLIENT_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(CLIENT_SCRIPT);
      return;
    }
    const state = options.buildState();
    if (state !== 'built' && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : WAITING_PAGES[state]);
      return;
    }
    await staticHandler(req, res);
  };
}
