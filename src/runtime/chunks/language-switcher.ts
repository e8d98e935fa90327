/**
 * Language switcher disclosure (`[data-language-switcher]`, loaded by the core for every
 * switcher): the toggle opens and closes the list, ArrowDown/ArrowUp/Home/End move between the
 * links, Space follows a link like Enter, Escape closes and returns focus to the toggle. After a
 * client navigation (`sitegen:page` event) every link points at the new page in its language.
 */
import { switchLocalePath } from '../paths.ts';
import type { ChunkContext } from '../types.ts';

/** A locale code (BCP 47): the switcher builds a path from the link's hreflang only when it is one. */
const CODE = /^[a-zA-Z]{2,8}(-[a-zA-Z0-9]{1,8})*$/;

export default function languageSwitcher(nav: HTMLElement, ctx: ChunkContext): void {
  const toggle = nav.querySelector<HTMLElement>('[data-language-toggle]');
  const list = (toggle && document.getElementById(toggle.getAttribute('aria-controls')!)) || nav;
  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('a[hreflang]')];
  const inside = (n: EventTarget | null) => nav.contains(n as Node) || list.contains(n as Node);
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
    const to = ({ ArrowDown: i < 0 || i == last ? 0 : i + 1, ArrowUp: i <= 0 ? last : i - 1, Home: 0, End: last } as Record<string, number>)[
      e.key
    ];
    if (e.key == 'Escape') {
      open(false);
      toggle?.focus();
    } else if (e.key == ' ' && i >= 0) items[i]!.click();
    else if (to != null && (i >= 0 || e.target == toggle)) {
      open(true);
      items[to]?.focus();
    } else return;
    e.preventDefault();
  });

  // Close when focus or a click goes elsewhere.
  nav.addEventListener('focusout', (e) => !inside(e.relatedTarget) && open(false));
  document.addEventListener('click', (e) => !inside(e.target) && open(false), { signal: ctx.signal });

  const update = () => {
    for (const a of links()) {
      if (!CODE.test(a.hreflang)) continue;
      const to = switchLocalePath(ctx.page.path, ctx.page.locale, a.hreflang, __DEFAULT_LOCALE__);
      // The page's path is the site's; its URL starts with the folder the site is served from.
      a.href = __BASE__ ? __BASE__ + to : to;
    }
  };
  document.addEventListener('sitegen:page', update, { signal: ctx.signal });
}
