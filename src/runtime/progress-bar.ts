/** The visible `#page-progress` bar (role progressbar), driven by the timing in progress.ts. */
import { createProgress, type Progress } from './progress.ts';

export function createProgressBar(label = 'Loading'): Progress {
  const bar = document.createElement('div');
  bar.id = 'page-progress';
  bar.setAttribute('role', 'progressbar');
  bar.setAttribute('aria-label', label);
  bar.hidden = true;
  document.body.append(bar);
  return createProgress((s) => {
    bar.hidden = !s.visible;
    bar.style.transform = `scaleX(${s.value / 100})`;
    bar.setAttribute('aria-valuenow', '' + Math.round(s.value));
    if (s.failed) bar.dataset.state = 'failed';
    else delete bar.dataset.state;
  });
}
