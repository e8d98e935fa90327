/**
 * Mobile menu (markup contract in README.md): the toggle opens and closes `[data-menu]` with
 * aria-expanded and `data-open` on the root; Escape closes and returns focus to the toggle; a
 * click on a menu link or outside the menu, or a client navigation, closes it. The header's
 * enhancer, so it also keeps the current page's mark on the links of `[data-current-links]`.
 */
import type { EnhancerContext } from 'sitegen';
import { followCurrentLink } from './lib/current-link.ts';

export default function mobileMenu(root: HTMLElement, ctx: EnhancerContext): void {
  followCurrentLink(root.querySelectorAll<HTMLAnchorElement>('[data-current-links] a[href]'), ctx);
  const toggle = root.querySelector<HTMLElement>('[data-menu-toggle]');
  if (!toggle) return;
  const set = (open: boolean) => {
    toggle.setAttribute('aria-expanded', '' + open);
    root.dataset.open = '' + open;
  };
  set(false);
  toggle.hidden = false;
  toggle.addEventListener('click', () => set(root.dataset.open != 'true'));
  root.addEventListener('keydown', (e) => {
    if (e.key == 'Escape' && root.dataset.open == 'true') {
      set(false);
      toggle.focus();
    }
  });
  const opts = { signal: ctx.signal };
  document.addEventListener('click', (e) => {
    const t = e.target as Element;
    if (!root.contains(t) || t.closest?.('[data-menu] a')) set(false);
  }, opts);
  document.addEventListener('sitegen:page', () => set(false), opts);
}
