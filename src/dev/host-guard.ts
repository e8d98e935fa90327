import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from './static-handler.ts';

/**
 * Which Host names a local server answers, against DNS rebinding: a page on `evil.example` whose
 * name is made to resolve to 127.0.0.1 can fetch from our port as its own origin, and read the
 * preview (unpublished pages included). Its requests still say `Host: evil.example`, so we answer
 * only our own names, like Vite's `server.allowedHosts`.
 */
export type AllowedHosts = readonly string[] | 'all';

export interface HostPolicy {
  /** Whether a request for this host name (no port, IPv6 without brackets) is answered. */
  allowsHostname(hostname: string): boolean;
}

const OWN_NAMES = ['localhost', '127.0.0.1', '::1'];

/**
 * Our names: localhost, 127.0.0.1, [::1], the address given with --host, and what --allowed-hosts
 * adds (`a.example`, or `.example.com` for that domain and its subdomains). Any IP literal passes
 * too: a rebinding attack needs a DNS name, and a LAN address is how `--host 0.0.0.0` is reached.
 * Names that merely start like ours (`localhost.evil.example`) do not.
 */
export function createHostPolicy(options: { listenHost: string; allowedHosts?: AllowedHosts }): HostPolicy {
  if (options.allowedHosts === 'all') return { allowsHostname: () => true };
  const exact = new Set([...OWN_NAMES, unbracket(options.listenHost)].map((h) => h.toLowerCase()));
  const domains: string[] = [];
  for (const entry of options.allowedHosts ?? []) {
    const name = entry.trim().toLowerCase();
    if (name.startsWith('.')) domains.push(name);
    else if (name) exact.add(unbracket(name));
  }
  return {
    allowsHostname(hostname) {
      const name = hostname.toLowerCase();
      return exact.has(name) || isIP(name) !== 0 || domains.some((d) => name === d.slice(1) || name.endsWith(d));
    },
  };
}

/** Whether a server listening there is reachable only from this machine. */
export function isLoopback(listenHost: string): boolean {
  const host = unbracket(listenHost).toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host) || /^::ffff:127\./.test(host);
}

/** `localhost:3000` -> { hostname: 'localhost', port: 3000 }; `[::1]:3000` -> { hostname: '::1', … }. */
export function parseHostHeader(value: string | undefined): { hostname: string; port: number } | null {
  if (!value) return null;
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(value.trim());
  if (!match) return null;
  return { hostname: unbracket(match[1]!), port: Number(match[2] ?? 80) };
}

/** Answers requests for a host name the policy does not allow with 403 and a line naming the flag. */
export function guardHost(handler: RequestHandler, policy: HostPolicy): RequestHandler {
  return async (req, res) => {
    const host = parseHostHeader(req.headers.host);
    if (host && policy.allowsHostname(host.hostname)) return handler(req, res);
    refuse(req, res, host?.hostname ?? null);
  };
}

function refuse(req: IncomingMessage, res: ServerResponse, hostname: string | null): void {
  // Only a plain name is repeated back: the message is for the person who typed it.
  const shown = hostname && /^[a-z0-9.-]{1,253}$/i.test(hostname) ? hostname : null;
  const allow = shown ? `--allowed-hosts ${shown}` : '--allowed-hosts a.example,b.example';
  res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
  res.end(
    req.method === 'HEAD'
      ? undefined
      : `Blocked: this server answers only its own host names (localhost, 127.0.0.1, [::1], --host), not ${shown ? `"${shown}"` : 'this Host'}; to allow more, start it with ${allow} (or --allowed-hosts all).\n`,
  );
}

/** `[::1]` -> `::1`: a host name as written in a URL or Host header, without IPv6's brackets. */
export function unbracket(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}
