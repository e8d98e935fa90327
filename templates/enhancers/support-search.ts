/**
 * Support-center search (markup contract in README.md): typing filters `[data-search-item]`
 * by every word typed (case- and accent-insensitive, over the text and `data-search-text`), hides
 * categories left empty and shows the count through `data-plural`. `?q=` pre-fills the box.
 */
import { fold, formatCount } from './lib/plural.ts';
import type { EnhancerContext } from 'sitegen';

export default function supportSearch(root: HTMLElement, ctx: EnhancerContext): void {
  const input = root.querySelector<HTMLInputElement>('[data-search-input]');
  const count = root.querySelector<HTMLElement>('[data-search-count]');
  if (!input) return;
  const items = [...root.querySelectorAll<HTMLElement>('[data-search-item]')].map((el) => ({
    el,
    text: fold(el.textContent + ' ' + (el.dataset.searchText ?? '')),
  }));
  const update = () => {
    const words = fold(input.value).split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { el, text } of items) {
      el.hidden = !words.every((w) => text.includes(w));
      if (!el.hidden) shown++;
    }
    for (const cat of root.querySelectorAll<HTMLElement>('[data-search-category]'))
      cat.hidden = !cat.querySelector('[data-search-item]:not([hidden])');
    if (count) {
      count.hidden = false;
      count.textContent = formatCount(root.dataset.plural, shown, ctx.iso);
    }
  };
  root.querySelector<HTMLElement>('[data-search-form]')?.removeAttribute('hidden');
  root.querySelector('form')?.addEventListener('submit', (e) => e.preventDefault());
  input.value ||= new URLSearchParams(location.search).get('q') ?? '';
  input.addEventListener('input', update);
  update();
}
