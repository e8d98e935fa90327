/**
 * Client navigation: a plain click on a same-origin link to a pre-rendered route of the same
 * locale and layout loads the route's payload.json and swaps `#main` (transition `page`, out-in),
 * instead of a full page load. Everything else is left to the browser.
 */
import { page, cleanPath } from './page.ts';
import { HttpError, recover } from './recover.ts';
import { applyHead } from './head.ts';
import { updateSwitchers } from './switcher.ts';
import { enhance } from './enhance.ts';
import type { Progress } from './progress.ts';
import type { Manifest, ManifestRoute, Payload } from './types.ts';

const TIMEOUT_MS = 120_000;

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(page!.assetsBase + page!.buildId + path, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new HttpError(res.status, res.statusText || path);
  return res.json();
}

let manifest: Promise<Manifest> | undefined;
const getManifest = () =>
  (manifest ??= getJson<Manifest>('/manifest.json').catch((e) => {
    manifest = undefined;
    throw e;
  }));

const payloads = new Map<string, Promise<Payload>>();
function getPayload(route: ManifestRoute): Promise<Payload> {
  const path = (route.path == '/' ? '' : route.path) + '/payload.json';
  let p = payloads.get(path);
  if (!p) {
    payloads.set(path, (p = getJson<Payload>(path)));
    p.catch(() => payloads.delete(path));
  }
  return p;
}

const findRoute = (m: Manifest, pathname: string) => {
  const path = cleanPath(pathname);
  return m.routes.find((r) => r.path == path || r.aliases?.includes(path));
};

/** The link a click or hover is about, if client navigation may handle it. */
function linkOf(e: Event): URL | undefined {
  const a = (e.target as Element).closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || (a.target && a.target != '_self') || a.hasAttribute('download') || a.origin != location.origin) return;
  if (a.closest('[data-language-switcher]')) return;
  return new URL(a.href);
}

/** Whether the main content is ready: the element we swap and the content of what it shows. */
const shown = () => location.pathname + location.search;

/** Plays the `page-*-active` class on main and resolves when its animations end. */
function transition(main: HTMLElement, name: string): Promise<unknown> {
  main.classList.add(name);
  return Promise.all(main.getAnimations().map((a) => a.finished))
    .catch(() => {})
    .then(() => main.classList.remove(name));
}

export function initNavigation(progress: Progress): void {
  const main = document.getElementById('main');
  if (!main) return;
  let contents = new AbortController();
  let seq = 0;
  // Scroll positions per history entry, so back and forward restore them.
  const scrolls = new Map<unknown, number>();
  let key: unknown = history.state?.k ?? Math.random();
  history.replaceState({ ...history.state, k: key }, '');
  history.scrollRestoration = 'manual';

  const navigate = (href: string) => void go(new URL(href, location.href), true);
  enhance(document, contents.signal, navigate);

  async function swap(p: Payload) {
    const motion = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (motion) await transition(main!, 'page-leave-active');
    contents.abort();
    contents = new AbortController();
    applyHead(p);
    main!.innerHTML = p.html;
    Object.assign(page!, { route: p.route, path: cleanPath(location.pathname), locale: p.locale });
    updateSwitchers();
    enhance(main!, contents.signal, navigate);
    main!.focus({ preventScroll: true });
    if (motion) void transition(main!, 'page-enter-active');
  }

  async function go(url: URL, push: boolean, y?: number) {
    const n = ++seq;
    progress.start();
    const leave = () => (push ? location.assign(url.href) : location.replace(url.href));
    try {
      const m = await getManifest();
      const route = findRoute(m, url.pathname);
      const here = m.routes.find((r) => r.name == page!.route);
      if (!route) console.warn(`Route ${url.pathname} is not pre-rendered`);
      // Header and footer belong to a locale and a layout: changing either is a full load.
      if (!route || route.locale != page!.locale || route.layout != here?.layout) return leave();
      const p = await getPayload(route);
      if (n != seq) return;
      if (push) {
        scrolls.set(key, scrollY);
        history.pushState({ k: (key = Math.random()) }, '', url.href);
      }
      await swap(p);
      progress.finish();
      const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
      if (y != null) scrollTo(0, y);
      else if (target) target.scrollIntoView();
      else scrollTo(0, 0);
    } catch (e) {
      if (n != seq) return;
      progress.fail();
      if (push) history.pushState({ k: (key = Math.random()) }, '', url.href);
      recover(e, url.href);
    }
  }

  let current = shown();
  addEventListener('popstate', (e) => {
    scrolls.set(key, scrollY);
    key = e.state?.k;
    const y = scrolls.get(key);
    if (shown() == current) {
      // Only the hash changed: no new content, just the scroll position.
      const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (y != null) scrollTo(0, y);
      else target?.scrollIntoView();
    } else void go(new URL(location.href), false, y);
    current = shown();
  });

  addEventListener('click', (e) => {
    const url = linkOf(e);
    if (!url || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    // Same page, other hash (or none): the browser scrolls by itself.
    if (url.pathname + url.search == shown()) return;
    e.preventDefault();
    void go(url, true);
    current = url.pathname + url.search;
  });

  // Prefetch on intent: the payload is usually there by the time the click lands.
  const prefetch = (e: Event) => {
    const url = linkOf(e);
    if (url && url.pathname + url.search != shown())
      getManifest()
        .then((m) => {
          const route = findRoute(m, url.pathname);
          if (route && route.locale == page!.locale) return getPayload(route);
        })
        .catch(() => {});
  };
  for (const type of ['mouseover', 'focusin', 'touchstart']) addEventListener(type, prefetch, { passive: true });
}
