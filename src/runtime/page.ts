/**
 * The current page (the `__sitegen` JSON the build writes, kept up to date by client navigation)
 * and the few small helpers the core modules share.
 */
import type { PageData } from './types.ts';

const script = document.getElementById('__sitegen');

/** Undefined on a page without the data script: then the runtime does nothing. */
export const page: PageData | undefined = script ? JSON.parse(script.textContent!) : undefined;

export const DEFAULT_LOCALE = __DEFAULT_LOCALE__;

/**
 * Public path of a URL's path without the site's folder, a trailing slash or `index.html`:
 * `/de/jobs/` -> `/de/jobs`, `/index.html` -> `/`; `/docs/de/jobs` -> `/de/jobs` on a site served
 * from `/docs` (a path outside it stays as it is, and is no route).
 */
export const cleanPath = (p: string) => (__BASE__ && (p == __BASE__ || p.startsWith(__BASE__ + '/')) ? p.slice(__BASE__.length) : p).replace(/\/(index\.html)?$/, '') || '/';

/** Home of the page's locale: `/` or `/de` (`/docs/`, `/docs/de` on a site served from `/docs`). */
export const homePath = () => __BASE__ + (page!.locale == DEFAULT_LOCALE ? '/' : '/' + page!.locale);

/**
 * The link matching `selector` that a plain left click, hover, focus or touch (no modifier key, not
 * handled yet) is about: only such clicks may be taken over; anything else stays the browser's.
 */
export const plainLink = (e: Event & Partial<MouseEvent>, selector: string): HTMLAnchorElement | null | undefined =>
  e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey
    ? null
    : (e.target as Element).closest?.<HTMLAnchorElement>(selector);

/** A new element with the given properties, appended to `<body>`. */
export const addToBody = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]>) =>
  document.body.appendChild(Object.assign(document.createElement(tag), props));
