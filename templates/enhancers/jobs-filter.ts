/**
 * Jobs filter by team (markup contract in README.md): buttons `[data-filter-team]` (aria-pressed)
 * or a `<select data-filter-select>`; items `[data-team]` of other teams are hidden (`""` shows
 * all), groups `[data-filter-group]` left empty too, and `[data-filter-count]` shows the number
 * through `data-plural`.
 */
import { formatCount } from './lib/plural.ts';
import type { EnhancerContext } from 'sitegen';

export default function jobsFilter(root: HTMLElement, ctx: EnhancerContext): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-filter-team]')];
  const select = root.querySelector<HTMLSelectElement>('[data-filter-select]');
  const count = root.querySelector<HTMLElement>('[data-filter-count]');
  const apply = (team: string) => {
    let shown = 0;
    for (const item of root.querySelectorAll<HTMLElement>('[data-team]')) {
      item.hidden = team != '' && item.dataset.team != team;
      if (!item.hidden) shown++;
    }
    for (const group of root.querySelectorAll<HTMLElement>('[data-filter-group]'))
      group.hidden = !group.querySelector('[data-team]:not([hidden])');
    for (const b of buttons) b.setAttribute('aria-pressed', '' + (b.dataset.filterTeam == team));
    if (select) select.value = team;
    if (count) count.textContent = formatCount(root.dataset.plural, shown, ctx.iso);
  };
  for (const b of buttons) b.addEventListener('click', () => apply(b.dataset.filterTeam ?? ''));
  select?.addEventListener('change', () => apply(select.value));
  root.querySelector<HTMLElement>('[data-filter-controls]')?.removeAttribute('hidden');
  const initial = buttons.find((b) => b.getAttribute('aria-pressed') == 'true')?.dataset.filterTeam ?? select?.value ?? '';
  apply(initial);
}
