/** The visible `#page-progress` bar (role progressbar), driven by the timing in progress.ts. Styles: runtime.css. */
import { createProgress, type Progress } from './progress.ts';
import { addToBody } from './page.ts';

export function createProgressBar(label = ''): Progress {
  const bar = addToBody('div', { id: 'page-progress', role: 'progressbar', ariaLabel: label, hidden: true });
  return createProgress((visible, value, failed) => {
    bar.hidden = !visible;
    // width, not a transform: with inset-inline-start it grows from the right in rtl for free.
    bar.style.width = value + '%';
    bar.ariaValueNow = '' + Math.round(value);
    bar.dataset.state = failed ? 'failed' : '';
  });
}
