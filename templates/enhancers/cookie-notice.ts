/**
 * Cookie notice (markup contract in README.md): rendered `hidden` and fixed in place (no layout
 * shift); shown until accepted or dismissed, the choice remembered in localStorage.
 */
export const STORAGE_KEY = 'cookie-notice';

export default function cookieNotice(el: HTMLElement): void {
  let choice: string | null = null;
  try {
    choice = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked: show the notice; the choice then lasts for this page only.
  }
  if (choice == 'accepted' || choice == 'dismissed') return;
  const choose = (value: string) => () => {
    try {
      localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // see above
    }
    el.hidden = true;
  };
  el.querySelector('[data-cookie-accept]')?.addEventListener('click', choose('accepted'));
  el.querySelector('[data-cookie-dismiss]')?.addEventListener('click', choose('dismissed'));
  el.hidden = false;
}
