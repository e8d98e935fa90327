import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import type { Logger } from '../logger.ts';
import type { AllowedHosts } from './host-guard.ts';

export interface CommandContext {
  cwd: string;
  logger: Logger;
}

/** Adds `serve [dir]` and `dev` to the CLI. The actions resolve once the server has stopped (Ctrl-C). */
export function registerServeAndDev(program: Command, ctx: CommandContext): void {
  program
    .command('serve [dir]')
    .description('Serve a built site as a static host would (default: the output folder, dist/).')
    .option('--port <port>', 'port to listen on', parsePort, 4173)
    .option('--host <host>', 'address to listen on; 0.0.0.0 publishes it on the network', '127.0.0.1')
    .option('--allowed-hosts <names>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .option('--root <dir>', 'project root (where pages/, templates/ and locales/ are), whose config names the output folder and the assets base', '.')
    .action(async (dir: string | undefined, opts: { port: number; host: string; allowedHosts?: AllowedHosts; root: string }) => {
      // Loaded on use: registering the commands (every CLI start) stays cheap.
      const [{ resolveConfig }, { serve }] = await Promise.all([import('../config.ts'), import('./serve.ts')]);
      const { config } = await resolveConfig(path.resolve(ctx.cwd, opts.root));
      const root = dir ? path.resolve(ctx.cwd, dir) : config.outDir;
      const server = await serve({ root, port: opts.port, host: opts.host, allowedHosts: opts.allowedHosts, assetsPath: assetsPathOf(config.assetsBase), basePath: config.basePath, logger: ctx.logger });
      ctx.logger.info(`Serving ${path.relative(ctx.cwd, root) || '.'} at ${server.url}${config.basePath ? '/' : ''} (Ctrl-C to stop)`);
      await untilInterrupted();
      await server.close();
      ctx.logger.info('Server stopped.');
    });

  program
    .command('dev')
    .description('Build, serve and rebuild on every change, with live reload.')
    .option('--port <port>', 'port to listen on', parsePort, 3000)
    .option('--host <host>', 'address to listen on; 0.0.0.0 publishes it on the network', '127.0.0.1')
    .option('--allowed-hosts <names>', ALLOWED_HOSTS_HELP, parseAllowedHosts)
    .option('--open', 'open the site in the default browser')
    .option('--root <dir>', 'project root (where pages/, templates/ and locales/ are)', '.')
    .action(async (opts: { port: number; host: string; allowedHosts?: AllowedHosts; open?: boolean; root: string }) => {
      const { dev } = await import('./dev.ts');
      // The address as soon as the server listens: a page opened during the first build says
      // it is being built, and shows the site once it is.
      let opened: Promise<void> = Promise.resolve();
      const onListening = (url: string) => {
        ctx.logger.info(`Dev server at ${url} (Ctrl-C to stop); building the site…`);
        if (opts.open) opened = openBrowser(url, ctx.logger);
      };
      // Ctrl-C from the start: during the first build it stops dev once that build is done (a second one at once).
      const interrupted = untilInterrupted();
      const server = await dev({ root: path.resolve(ctx.cwd, opts.root), port: opts.port, host: opts.host, allowedHosts: opts.allowedHosts, logger: ctx.logger, onListening });
      await opened;
      await interrupted;
      await server.close();
      ctx.logger.info('Dev server stopped.');
    });
}

const ALLOWED_HOSTS_HELP =
  'more host names to answer besides localhost, 127.0.0.1, [::1] and --host (comma-separated; .example.com for a domain and its subdomains), or all';

/** `a.example, b.example` -> the names; `all` -> 'all' (no Host check). */
function parseAllowedHosts(value: string): AllowedHosts {
  const names = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (names.length === 1 && names[0]!.toLowerCase() === 'all') return 'all';
  const bad = names.find((n) => !/^\.?[a-z0-9]([a-z0-9.-]*[a-z0-9])?$|^\[[0-9a-f:.]+\]$/i.test(n) || n.toLowerCase() === 'all');
  if (names.length === 0 || bad !== undefined) {
    throw new InvalidArgumentError(`"${bad ?? value}" is not a host name; give names such as a.example,b.example (.example.com for a whole domain), or all.`);
  }
  return names;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError(`"${value}" is not a port; give a number from 0 to 65535.`);
  return port;
}

/** The site path of the assets base; a CDN URL's path, since its files are also in the output's _static/. */
function assetsPathOf(assetsBase: string): string {
  return /^https?:\/\//.test(assetsBase) ? '/_static/' : assetsBase;
}

/** Resolves on Ctrl-C or SIGTERM, so the caller can close its server and let Node end by itself. */
function untilInterrupted(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Starts the system's browser; node:child_process is loaded here, as it costs every CLI start a few ms. */
async function openBrowser(url: string, logger: Logger): Promise<void> {
  const { spawn } = await import('node:child_process');
  const [cmd, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
  child.on('error', () => logger.warn(`Could not open a browser (${cmd} is missing); open ${url} yourself.`));
  child.unref();
}
