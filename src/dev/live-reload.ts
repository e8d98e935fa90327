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

const MAIN_CLOSE = '</main>';

/** Where `#main`'s content is in a document (from its opening tag's end to `</main>`), or null. */
function mainContent(html: string): { start: number; end: number; open: number } | null {
  const open = MAIN_OPEN.exec(html);
  const end = html.lastIndexOf(MAIN_CLOSE);
  return open && end >= open.index + open[0].length ? { start: open.index + open[0].length, end, open: open.index } : null;
}

/**
 * A fingerprint of a document without the content of `#main`. Two versions of a page with the same
 * fingerprint differ only where the dev client can update them in place; any other change (head,
 * header, footer, the page data the runtime reads) needs a reload.
 */
export function shellFingerprint(html: string): string {
  const main = mainContent(html);
  const shell = main ? html.slice(0, main.start) + html.slice(main.end) : html;
  return createHash('sha1').update(shell).digest('base64url').slice(0, 16);
}

/** A page's new version as an update event carries it: its site path, shell fingerprint and `#main` element. */
export interface PageUpdate {
  path: string;
  shell: string;
  main: string;
}

/** The update of a document for the page at `sitePath`, or null when it has no `#main` (the client then reloads). */
export function pageUpdate(sitePath: string, html: string): PageUpdate | null {
  const main = mainContent(html);
  return main && { path: normalPath(sitePath), shell: shellFingerprint(html), main: html.slice(main.open, main.end + MAIN_CLOSE.length) };
}

/** A site path as the client compares them: `/de/index.html`, `/de/` and `/de` are all `/de`. */
export function normalPath(p: string): string {
  return p.replace(/\/index\.html$/, '').replace(/\/+$/, '') || '/';
}

/**
 * Adds the live-update client to HTML served by `sitegen dev`, with the document's shell fingerprint
 * and the site path of its file (which tells the client of a not-found page which file it shows),
 * and the folder the site is served from, which the client takes off its URL's path to compare it.
 */
export function injectClient(html: string, sitePath?: string, basePath = ''): string {
  const page = sitePath === undefined ? '' : ` data-page="${escapeHtml(sitePath)}"`;
  const base = basePath && ` data-base="${escapeHtml(basePath)}"`;
  const tag = `<script type="module" src="${CLIENT_PATH}" data-shell="${shellFingerprint(html)}"${page}${base}></script>`;
  const at = html.search(/<\/head>/i);
  return at >= 0 ? html.slice(0, at) + tag + html.slice(at) : tag + html;
}

/**
 * The browser side. Plain JS; the overlay's HTML comes escaped from the server (overlay.ts).
 * The stream's URL names the page on screen: an update event for it carries its new `#main`
 * (PageUpdate), shown without a request (the dev server may still be rendering other pages, and
 * would answer one only after them). Other pages the event names are fetched.
 * After an update it dispatches `sitegen:update` on document (detail: whether main's content was
 * replaced), so the runtime forgets payloads it fetched and enhances the new content.
 */
export const CLIENT_SCRIPT = `// sitegen dev: live updates and error overlay
const normal = (p) => p.replace(/\\/index\\.html$/, '').replace(/\\/+$/, '') || '/';
const shellOf = (doc) => doc.querySelector('script[data-shell]')?.dataset.shell;
// The file on screen: the one served for this URL (a not-found page is /de/404.html), until a client
// navigation moves to another URL.
const loadedAt = location.pathname;
const { page: served, base = '' } = document.querySelector('script[data-shell]')?.dataset ?? {};
// The site path of a URL path: without the folder the site is served from (/docs), if it has one.
const sitePath = (p) => (base && p.startsWith(base + '/') ? p.slice(base.length) : p);
const shown = () => normal(location.pathname === loadedAt && served ? served : sitePath(decodeURI(location.pathname)));
let overlay = null;
let updates = 0;

// Main's new content in place when the shell is unchanged, else a reload.
function swap(shell, nextMain) {
  const main = document.getElementById('main');
  if (!main || !nextMain || !shell || shell !== shellOf(document)) return location.reload();
  main.replaceChildren(...nextMain.childNodes);
  document.dispatchEvent(new CustomEvent('sitegen:update', { detail: true }));
}

// The page's new version, fetched.
async function update() {
  const n = ++updates;
  try {
    const res = await fetch(location.href, { cache: 'no-store' });
    const next = new DOMParser().parseFromString(await res.text(), 'text/html');
    if (n !== updates) return; // a newer update is on its way
    if (!res.ok && res.status !== 404) return location.reload();
    swap(shellOf(next), next.getElementById('main'));
  } catch {
    location.reload();
  }
}

function connect() {
  const source = new EventSource(${JSON.stringify(EVENTS_PATH)} + '?page=' + encodeURIComponent(shown()));
  source.addEventListener('reload', (event) => {
    const { all, paths, page } = JSON.parse(event.data);
    if (all) return location.reload();
    if (page && page.path === shown()) {
      ++updates; // a fetch still under way is older
      return swap(page.shell, new DOMParser().parseFromString(page.main, 'text/html').getElementById('main'));
    }
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
  return source;
}

let source = connect();
// After a client navigation the server is told the page now on screen (the old stream closes once
// the new one is open, so no event is missed between them).
document.addEventListener('sitegen:page', () => {
  const old = source;
  source = connect();
  source.addEventListener('open', () => old.close(), { once: true });
});
`;

export interface ReloadMessage {
  /** Every open page reloads (styles, the runtime or the config changed). */
  all: boolean;
  /** Public paths whose HTML changed. */
  paths: string[];
}

/** The open event streams with the page each shows, and the current problem so a page opened later still sees it. */
export class LiveReload {
  /** Each stream, and the page it said it shows (normalPath), if any. */
  private clients = new Map<ServerResponse, string | null>();
  private problemHtml: string | null = null;

  /** `read(sitePath)`: the HTML of the built page at one of a reload's paths (the dev server's files), or null. */
  constructor(private readonly read: (sitePath: string) => Promise<string | null> = async () => null) {}

  /** The pages open in browsers, as normalPath gives them. */
  get openPages(): Set<string> {
    return new Set([...this.clients.values()].filter((p) => p !== null));
  }

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
    const page = new URL(req.url ?? '/', 'http://dev').searchParams.get('page');
    this.clients.set(res, page?.startsWith('/') ? normalPath(page) : null);
    req.on('close', () => this.clients.delete(res));
  }

  /**
   * Tells every open page which paths changed; a page among them gets its new `#main` with the
   * event (PageUpdate). Only a file at one of the message's own paths is read, never one a
   * client names.
   */
  async reload(message: ReloadMessage): Promise<void> {
    const updates = new Map<string, Promise<PageUpdate | null>>();
    const updateOf = (page: string | null) => {
      const at = message.all || page === null ? undefined : message.paths.find((p) => normalPath(p) === page);
      if (at === undefined) return null;
      if (!updates.has(at)) updates.set(at, this.read(at).then((html) => (html === null ? null : pageUpdate(at, html))));
      return updates.get(at)!;
    };
    const messages = [...this.clients].map(async ([res, page]) => {
      const update = await updateOf(page);
      send(res, 'reload', update ? { ...message, page: update } : message);
    });
    await Promise.all(messages);
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
    for (const res of this.clients.keys()) res.end();
    this.clients.clear();
  }

  private broadcast(event: string, data: unknown): void {
    for (const res of this.clients.keys()) send(res, event, data);
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
