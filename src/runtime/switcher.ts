/**
 * The language switcher (`[data-language-switcher]`): a disclosure of plain `<a hreflang>` links.
 * With script: the toggle opens and closes the list, arrow keys, Home and End move between the
 * links, Escape closes and returns focus to the toggle; choosing a language stores the cookie and
 * goes to the same page in it, query and hash kept.
 */
import { localeCookie } from './locale-match.ts';
import { page, DEFAULT_LOCALE, cleanPath } from './page.ts';
import { switchLocalePath } from './paths.ts';

const SWITCHERS = '[data-language-switcher]';
const LINKS = 'a[hreflang]';
/** Only a well-formed locale code may go into the cookie. */
const CODE = /^[a-z]{2}(-[A-Z]{2})?$/;
/** The link lists of every switcher on the page (a list may sit outside its nav). */
const lists: HTMLElement[] = [];

export function initSwitchers(): void {
  document.querySelectorAll<HTMLElement>(SWITCHERS).forEach(initSwitcher);
}

function initSwitcher(nav: HTMLElement): void {
  const toggle = nav.querySelector<HTMLElement>('[data-language-toggle]');
  const list = (toggle && document.getElementById(toggle.getAttribute('aria-controls')!)) || nav;
  lists.push(list);
  const links = () => [...list.querySelectorAll<HTMLAnchorElement>(LINKS)];
  const open = (yes: boolean) => {
    if (!toggle) return;
    toggle.setAttribute('aria-expanded', '' + yes);
    list.hidden = !yes;
  };
  open(false);

  toggle?.addEventListener('click', () => {
    const yes = toggle.getAttribute('aria-expanded') != 'true';
    open(yes);
    if (yes) (list.querySelector<HTMLElement>('[aria-current=true]') || links()[0])?.focus();
  });

  nav.addEventListener('keydown', (e) => {
    const items = links();
    const i = items.indexOf(document.activeElement as HTMLAnchorElement);
    const last = items.length - 1;
    const to = {
      ArrowDown: i < 0 ? 0 : i == last ? 0 : i + 1,
      ArrowUp: i <= 0 ? last : i - 1,
      Home: 0,
      End: last,
    }[e.key];
    if (e.key == 'Escape') {
      open(false);
      toggle?.focus();
    } else if (e.key == ' ' && i >= 0) items[i]!.click();
    else if (to == null || (i < 0 && e.target != toggle)) return;
    else {
      open(true);
      items[to]?.focus();
    }
    e.preventDefault();
  });

  // Close when focus or a click goes elsewhere.
  nav.addEventListener('focusout', (e) => {
    if (!nav.contains(e.relatedTarget as Node) && !list.contains(e.relatedTarget as Node)) open(false);
  });
  document.addEventListener('click', (e) => {
    if (!nav.contains(e.target as Node) && !list.contains(e.target as Node)) open(false);
  });

  list.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>(LINKS);
    if (!a || e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (CODE.test(a.hreflang)) document.cookie = localeCookie(a.hreflang);
    location.assign(a.pathname + location.search + location.hash);
  });
}

/** After a client navigation: point every language link at the new page in its language. */
export function updateSwitchers(): void {
  const path = cleanPath(location.pathname);
  for (const list of lists)
    for (const a of list.querySelectorAll<HTMLAnchorElement>(LINKS))
      if (CODE.test(a.hreflang)) a.href = switchLocalePath(path, page!.locale, a.hreflang, DEFAULT_LOCALE);
}
