/**
 * The part of the language switcher that must work from the first moment: choosing a language
 * (`[data-language-switcher] a[hreflang]`) stores the cookie and goes to the same page in that
 * language, query and hash kept. Opening, closing, keyboard and keeping the links current after
 * client navigation live in the `language-switcher` chunk.
 */
import { localeCookie } from './locale-match.ts';
import { plainLink } from './page.ts';

/** Only a well-formed locale code may go into the cookie. */
export const CODE = /^[a-z]{2}(-[A-Z]{2})?$/;

export function initSwitcherLinks(): void {
  addEventListener('click', (e) => {
    const a = plainLink(e, '[data-language-switcher] a[hreflang]');
    if (!a) return;
    e.preventDefault();
    if (CODE.test(a.hreflang)) document.cookie = localeCookie(a.hreflang);
    location.assign(a.pathname + location.search + location.hash);
  });
}
