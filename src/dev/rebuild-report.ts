import type { DevProblem } from './overlay.ts';
import type { Outcome } from './session.ts';
import { compareText } from '../compare-text.ts';

/** One rebuild, as the dev server records it (tests read these; the terminal gets one line each). */
export interface RebuildReport {
  id: number;
  /** `failed`: an error is shown; `superseded`: a newer change took over before it finished. */
  status: 'ok' | 'failed' | 'superseded';
  kind: Outcome['kind'] | null;
  /** Changed files, relative to the project root, sorted. */
  changed: string[];
  /** `{ page: '/jobs' | '404', locale }`, sorted. */
  rendered: { page: string; locale: string }[];
  paths: string[];
  reloadAll: boolean;
  ms: number;
  problem: DevProblem | null;
}

export function sortRendered(list: { page: string; locale: string }[]): { page: string; locale: string }[] {
  return [...list].sort((a, b) => (a.page === b.page ? compareText(a.locale, b.locale) : compareText(a.page, b.page)));
}

/** `rebuilt 3 pages (/jobs de, / de, ...) in 42 ms after locales/de.json` */
export function describeReport(r: RebuildReport): string {
  const ms = `${Math.round(r.ms)} ms`;
  const after = r.changed.length ? ` after ${r.changed.slice(0, 3).join(', ')}${r.changed.length > 3 ? ', …' : ''}` : '';
  if (r.status === 'superseded') return `rebuild superseded by a newer change${after}`;
  if (r.status === 'failed') return `rebuild failed in ${ms}${after}`;
  if (r.kind === 'full') return `built all ${r.rendered.length} pages in ${ms}${after}`;
  if (r.rendered.length === 0) return `nothing to re-render${after} (${ms})`;
  const shown = r.rendered.slice(0, 6).map((j) => `${j.page} ${j.locale}`).join(', ');
  return `rebuilt ${r.rendered.length} page(s) (${shown}${r.rendered.length > 6 ? ', …' : ''}) in ${ms}${after}`;
}
