/**
 * Client navigation: a plain click on a same-origin link to a pre-rendered route of the same
 * locale and layout loads the route's payload.json and swaps `#main` (transition `page`, out-in)
 * instead of a full page load. Everything else is left to the browser. Payloads are prefetched on
 * hover, focus and touchstart; back and forward restore content and scroll position. Putting a
 * payload on screen (transition, head, content) is the lazy chunk lazy/swap.ts, fetched with it.
 */
import { page, cleanPath, plainLink } from './page.ts';
import { httpError, recover } from './recover.ts';
import { enhance } from './enhance.ts';
import type { Progress } from './progress.ts';
import type { Manifest, Payload } from './types.ts';

const swapper = () => import('./lazy/swap.ts');

const cache = new Map<string, Promise<any>>();

/** A JSON file under `{assetsBase}{buildId}`, fetched once (a failure is forgotten, to retry). */
function get(path: string): Promise<any> {
  let p = cache.get(path);
  if (!p) {
    p = fetch(page!.assetsBase + page!.buildId + path, { signal: AbortSignal.timeout(120_000) }).then((res) => {
      if (!res.ok) throw httpError(res.status, res.statusText || path);
      return res.json();
    });
    cache.set(path, p);
    p.catch(() => cache.delete(path));
  }
  return p;
}

/**
 * The payload of a URL, or null when client navigation cannot show it: not a pre-rendered route
 * (logged), or another locale or layout (header and footer differ: that is a full load).
 */
async function payloadOf(url: URL, warn?: boolean): Promise<Payload | null> {
  const m: Manifest = await get('/manifest.json');
  const path = cleanPath(url.pathname);
  const route = m.routes.find((r) => r.path == path || r.aliases?.includes(path));
  const here = m.routes.find((r) => r.name == page!.route);
  if (!route && warn) console.warn(`Route ${path} is not pre-rendered`);
  return route && route.locale == page!.locale && route.layout == here?.layout
    ? get((route.path == '/' ? '' : route.path) + '/payload.json')
    : null;
}

/**
 * The URL of the link a plain click, hover, focus or touch is about, if client navigation may take
 * it: same origin and tab, no download, not the content already on screen. (Clicks on language
 * links never get here: switcher.ts, whose listener comes first, has taken them.)
 */
function linkOf(e: Event): URL | void {
  const a = plainLink(e, 'a[href]');
  if (a && (!a.target || a.target == '_self') && !a.hasAttribute('download') && a.origin == location.origin) {
    const url = new URL(a.href);
    if (url.pathname + url.search != shown) return url;
  }
}

/** Path and query of the content on screen (the hash alone never changes content). */
let shown = location.pathname + location.search;

/**
 * Scrolls to the element a hash names: percent-decoded (`#caf%C3%A9` is the id `café`), or as it
 * is when it does not decode (`#100%` is the id `100%`: decoding must not throw after a swap).
 */
function scrollToHash(hash: string) {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {}
  const target = id && document.getElementById(id);
  target && target.scrollIntoView();
  return target;
}

export function initNavigation(progress: Progress): void {
  const main = document.getElementById('main');
  let contents = new AbortController();
  const navigate = (href: string) => void go(new URL(href, location.href), true);
  // Main's content goes away on navigation (its signal aborts then); header and footer stay.
  if (main) enhance(main, contents.signal, navigate);
  enhance(document, new AbortController().signal, navigate);
  if (!main) return;

  // Scroll positions per history entry (its state's `k`), so back and forward restore them.
  const scrolls = new Map<unknown, number>();
  let key: unknown = history.state?.k ?? Math.random();
  history.replaceState({ k: key }, '');
  history.scrollRestoration = 'manual';
  let seq = 0;

  /** Main's content was replaced: the old content's chunk listeners go, the new content is enhanced. */
  function renew() {
    contents.abort();
    contents = new AbortController();
    enhance(main!, contents.signal, navigate);
  }

  // The site was rebuilt under the open page (`sitegen dev`): payloads fetched so far are stale, and
  // when `detail` is true the dev client has put new content into main.
  document.addEventListener('sitegen:update', (e) => {
    cache.clear();
    (e as CustomEvent).detail && renew();
  });

  async function go(url: URL, push: boolean, y?: number) {
    const n = ++seq;
    shown = url.pathname + url.search;
    progress.start();
    const remember = () => {
      if (!push) return;
      scrolls.set(key, scrollY);
      history.pushState({ k: (key = Math.random()) }, '', url.href);
    };
    try {
      const [p, swap] = await Promise.all([payloadOf(url, true), swapper()]);
      if (n != seq) return;
      if (!p) return push ? location.assign(url.href) : location.replace(url.href);
      remember();
      await swap.default(main!, p);
      // The locale stays: payloadOf only answers for routes of this page's locale.
      Object.assign(page!, { route: p.route, path: cleanPath(location.pathname) });
      renew();
      document.dispatchEvent(new Event('sitegen:page'));
      progress.finish();
      if (y != null) scrollTo(0, y);
      else if (!scrollToHash(url.hash)) scrollTo(0, 0);
    } catch (e) {
      if (n != seq) return;
      progress.fail();
      remember();
      recover(e, url.href);
    }
  }

  addEventListener('popstate', (e) => {
    scrolls.set(key, scrollY);
    key = e.state?.k;
    const y = scrolls.get(key);
    if (location.pathname + location.search != shown) void go(new URL(location.href), false, y);
    else if (y != null) scrollTo(0, y);
    else scrollToHash(location.hash);
  });

  addEventListener('click', (e) => {
    const url = linkOf(e);
    if (!url) return;
    e.preventDefault();
    void go(url, true);
  });

  // Prefetch on intent: the payload is usually there by the time the click lands. (Browsers make
  // touchstart listeners on window passive by themselves.)
  for (const type of ['mouseover', 'focusin', 'touchstart'])
    addEventListener(type, (e) => {
      const url = linkOf(e);
      if (url) Promise.all([payloadOf(url), swapper()]).catch(() => {});
    });
}
