/**
 * `aria-current="page"` on the navigation link to the page on screen, following client navigation.
 *
 * The server marks the link (Header.tsx), but a client navigation swaps only `#main`: without this
 * the mark would stay on the link of the page the visitor came from. After each navigation
 * (`sitegen:page`, when `ctx.page.path` is the new page's) the link whose path is the page's own
 * gets the mark and every other loses it. A link with a fragment (`/#features`) leads to a part of
 * a page and is never marked, as on the server. Run once at start too, in case a navigation came
 * before this chunk loaded.
 */
import type { EnhancerContext } from 'sitegen';

/** `/de/jobs/` and `/de/jobs` are one page; `/` stays `/`. */
const trimSlash = (p: string) => p.replace(/\/$/, '') || '/';

export function followCurrentLink(links: ArrayLike<HTMLAnchorElement>, ctx: EnhancerContext): void {
  const mark = () => {
    const here = trimSlash(ctx.page.path);
    for (const a of Array.from(links)) {
      if (!a.hash && a.origin == location.origin && trimSlash(a.pathname) == here) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
  };
  mark();
  document.addEventListener('sitegen:page', mark, { signal: ctx.signal });
}
