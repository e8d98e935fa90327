/**
 * The part of the language switcher that must work from the first moment: choosing a language
 * (`[data-language-switcher] a[hreflang]`) stores the cookie and goes to the same page in that
 * language, query and hash kept. Opening, closing, keyboard and keeping the links current after
 * client navigation live in the `language-switcher` chunk.
 */
import { localeCookie } from './locale-match.ts';

/** Only a well-formed locale code may go into the cookie. */
export const CODE = /^[a-z]{2}(-[A-Z]{2})?$/;

export function initSwitcherLinks(): void {
  addEventListener('click', (e) => {
    const a = (e.target as Element).closest?.<HTMLAnchorElement>('[data-language-switcher] a[hreflang]');
    if (!a || e.defaultPrevented || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (CODE.test(a.hreflang)) document.cookie = localeCookie(a.hreflang);
    location.assign(a.pathname + location.search + location.hash);
  });
}
