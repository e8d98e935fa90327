import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { errors } from '../errors.ts';
import { createLogger, type Logger } from '../logger.ts';
import { StaticFiles } from './static-files.ts';
import { createStaticHandler, type RequestHandler } from './static-handler.ts';
import { createHostPolicy, guardHost, isLoopback, type AllowedHosts } from './host-guard.ts';

export interface ServeOptions {
  /** The built site, such as dist/. */
  root: string;
  /** 0 picks a free port. Default 4173. */
  port?: number;
  /** Default 127.0.0.1: the preview is not published on the network unless asked. */
  host?: string;
  /** Site path of the static assets base; default `/_static/`. */
  assetsPath?: string;
  /** The folder the site is served from (`/docs`); default `''`, the root. */
  basePath?: string;
  /**
   * More host names to answer besides localhost, 127.0.0.1, [::1] and `host`, or 'all'
   * (host-guard.ts). Checked on loopback, or when given: published on the network, serve answers
   * any name, as a static host does.
   */
  allowedHosts?: AllowedHosts;
  logger?: Logger;
}

export interface RunningServer {
  /** Where the site is: `http://127.0.0.1:4173`, with the site's folder if it has one (`http://127.0.0.1:4173/docs`). */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a built site as a static host would (see static-handler.ts for the rules). */
export async function serve(options: ServeOptions): Promise<RunningServer> {
  const logger = options.logger ?? createLogger();
  const files = await StaticFiles.open(options.root).catch((cause) => {
    throw errors.serveRootMissing(path.resolve(options.root), cause);
  });
  const host = options.host ?? '127.0.0.1';
  const basePath = options.basePath ?? '';
  const handler = createStaticHandler({ files, assetsPath: options.assetsPath ?? '/_static/', basePath: () => basePath, logger });
  const guarded = isLoopback(host) || options.allowedHosts !== undefined;
  const hosts = createHostPolicy({ listenHost: host, allowedHosts: options.allowedHosts });
  const server = await listen(guarded ? guardHost(handler, hosts) : handler, { port: options.port ?? 4173, host, logger });
  return { ...server, url: server.url + basePath };
}

/** Starts an HTTP server for a handler; shared by `serve` and `dev`. */
/** What a failed listen means for the user: a port taken or not theirs to take, or an address this machine does not have. */
export function listenError(err: NodeJS.ErrnoException, port: number, host: string): Error {
  switch (err.code) {
    case 'EADDRINUSE':
      return errors.portInUse(port, host);
    case 'EACCES':
      return errors.portDenied(port, host);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return errors.hostUnavailable(host, err.code);
    default:
      return err;
  }
}

export async function listen(handler: RequestHandler, options: { port: number; host: string; logger: Logger }): Promise<RunningServer> {
  const server = createServer((req, res) => {
    handler(req, res).catch((err: unknown) => {
      options.logger.error(`${req.method} ${req.url} failed: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => reject(listenError(err, options.port, options.host));
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = portOf(server);
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive and event-stream connections would hold close() open forever.
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
  return address.port;
}
