/** The visible `#page-progress` bar (role progressbar), driven by the timing in progress.ts. */
import { createProgress, type Progress } from './progress.ts';

export function createProgressBar(label = ''): Progress {
  const bar = document.createElement('div');
  bar.id = 'page-progress';
  bar.role = 'progressbar';
  bar.ariaLabel = label;
  bar.hidden = true;
  document.body.append(bar);
  return createProgress((visible, value, failed) => {
    bar.hidden = !visible;
    // width, not a transform: with inset-inline-start it grows from the right in rtl for free.
    bar.style.width = value + '%';
    bar.ariaValueNow = '' + Math.round(value);
    bar.dataset.state = failed ? 'failed' : '';
  });
}
