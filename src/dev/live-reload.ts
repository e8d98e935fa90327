import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../html/escape.ts';
import { parseHostHeader, unbracket, type HostPolicy } from './host-guard.ts';

/**
 * Live updates over Server-Sent Events. The dev server injects one small script into the HTML it
 * serves (never into the build's files); the script listens on EVENTS_PATH and, when a rebuild
 * touched its page, puts the new version on screen: in place when only the content of `#main`
 * changed, else by reloading. It also shows the error overlay the server sends.
 */
export const EVENTS_PATH = '/__sitegen/events';
export const CLIENT_PATH = '/__sitegen/client.js';

/** The opening tag of the content element the runtime swaps (`<main id="main">` in every layout). */
const MAIN_OPEN = /<main\b[^>]*?\sid=(?:"main"|'main'|main(?=[\s>]))[^>]*>/i;

/**
 * A fingerprint of a document without the content of `#main`. Two versions of a page with the same
 * fingerprint differ only where the dev client can update them in place; any other change (head,
 * header, footer, the page data the runtime reads) needs a reload.
 */
export function shellFingerprint(html: string): string {
  const open = MAIN_OPEN.exec(html);
  const close = html.lastIndexOf('</main>');
  const shell = open && close >= open.index + open[0].length ? html.slice(0, open.index + open[0].length) + html.slice(close) : html;
  return createHash('sha1').update(shell).digest('base64url').slice(0, 16);
}

/**
 * Adds the live-update client to HTML served by `sitegen dev`, with the document's shell fingerprint
 * and the site path of its file (which tells the client of a not-found page which file it shows).
 */
export function injectClient(html: string, sitePath?: string): string {
  const page = sitePath === undefined ? '' : ` data-page="${escapeHtml(sitePath)}"`;
  const tag = `<script type="module" src="${CLIENT_PATH}" data-shell="${shellFingerprint(html)}"${page}></script>`;
  const at = html.search(/<\/head>/i);
  return at >= 0 ? html.slice(0, at) + tag + html.slice(at) : tag + html;
}

/**
 * The browser side. Plain JS; the overlay's HTML comes escaped from the server (overlay.ts).
 * After an update it dispatches `sitegen:update` on document (detail: whether main's content was
 * replaced), so the runtime forgets payloads it fetched and enhances the new content.
 */
export const CLIENT_SCRIPT = `// sitegen dev: live updates and error overlay
const normal = (p) => p.replace(/\\/index\\.html$/, '').replace(/\\/+$/, '') || '/';
const shellOf = (doc) => doc.querySelector('script[data-shell]')?.dataset.shell;
// The file on screen: the one served for this URL (a not-found page is /de/404.html), until a client
// navigation moves to another URL.
const loadedAt = location.pathname;
const served = document.querySelector('script[data-shell]')?.dataset.page;
const shown = () => normal(location.pathname === loadedAt && served ? served : decodeURI(location.pathname));
const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
let overlay = null;
let updates = 0;

// The page's new version, in place when its shell is unchanged, else by a reload.
async function update() {
  const n = ++updates;
  try {
    const res = await fetch(location.href, { cache: 'no-store' });
    const next = new DOMParser().parseFromString(await res.text(), 'text/html');
    if (n !== updates) return; // a newer update is on its way
    const main = document.getElementById('main');
    const nextMain = next.getElementById('main');
    if ((!res.ok && res.status !== 404) || !main || !nextMain || !shellOf(next) || shellOf(next) !== shellOf(document)) return location.reload();
    main.replaceChildren(...nextMain.childNodes);
    document.dispatchEvent(new CustomEvent('sitegen:update', { detail: true }));
  } catch {
    location.reload();
  }
}

source.addEventListener('reload', (event) => {
  const { all, paths } = JSON.parse(event.data);
  if (all) return location.reload();
  if (paths.map(normal).includes(shown())) return update();
  document.dispatchEvent(new CustomEvent('sitegen:update', { detail: false }));
});
source.addEventListener('problem', (event) => {
  if (!overlay) {
    overlay = document.createElement('sitegen-error-overlay');
    overlay.attachShadow({ mode: 'open' });
    document.documentElement.append(overlay);
  }
  overlay.shadowRoot.innerHTML = JSON.parse(event.data).html;
});
source.addEventListener('clear', () => {
  overlay?.remove();
  overlay = null;
});
`;

export interface ReloadMessage {
  /** Every open page reloads (styles, the runtime or the config changed). */
  all: boolean;
  /** Public paths whose HTML changed. */
  paths: string[];
}

/** The open event streams, and the current problem so a page opened later still sees it. */
export class LiveReload {
  private clients = new Set<ServerResponse>();
  private problemHtml: string | null = null;

  get connections(): number {
    return this.clients.size;
  }

  handle(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    // One write, so a page that connects during a broken build gets the problem with the greeting.
    res.write('retry: 500\n\n' + (this.problemHtml === null ? '' : event('problem', { html: this.problemHtml })));
    this.clients.add(res);
    req.on('close', () => this.clients.delete(res));
  }

  reload(message: ReloadMessage): void {
    this.broadcast('reload', message);
  }

  showProblem(html: string): void {
    this.problemHtml = html;
    this.broadcast('problem', { html });
  }

  clearProblem(): void {
    if (this.problemHtml === null) return;
    this.problemHtml = null;
    this.broadcast('clear', {});
  }

  closeAll(): void {
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private broadcast(event: string, data: unknown): void {
    for (const res of this.clients) send(res, event, data);
  }
}

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

function send(res: ServerResponse, name: string, data: unknown): void {
  res.write(event(name, data));
}

/**
 * Whether a request for the event stream comes from a page of this dev server. The Host check
 * stops DNS rebinding (a foreign name resolving to 127.0.0.1); the Origin and Sec-Fetch-Site
 * checks stop other sites from reading the stream. `hosts` is the server's own (host-guard.ts).
 */
export function isAllowedEventRequest(headers: IncomingMessage['headers'], listen: { port: number; hosts: HostPolicy }): boolean {
  const host = parseHostHeader(headers.host);
  if (!host || host.port !== listen.port || !listen.hosts.allowsHostname(host.hostname)) return false;
  const origin = headers.origin;
  if (origin !== undefined) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // includes the opaque origin "null"
    }
    if (url.protocol !== 'http:' || Number(url.port || 80) !== listen.port) return false;
    if (!listen.hosts.allowsHostname(unbracket(url.hostname))) return false;
  }
  const site = headers['sec-fetch-site'];
  return site === undefined || site === 'same-origin' || site === 'none';
}
