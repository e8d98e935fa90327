/**
 * The few styles of what the runtime creates itself (progress bar, status, error view). Injected
 * once, with low specificity, so a site stylesheet can override any of it.
 */
const CSS =
  '#page-progress{position:fixed;z-index:1000;top:0;left:0;width:100%;height:3px;background:#7c4dff;transform-origin:0 0;transition:transform .2s}' +
  '[dir=rtl] #page-progress{transform-origin:100% 0}' +
  '#page-progress[data-state=failed]{background:#e53935}' +
  '#page-status{position:fixed;z-index:1000;bottom:1rem;inset-inline-start:1rem;padding:.5rem 1rem;border-radius:6px;background:#222;color:#fff}' +
  '#page-status[data-state=online]{background:#1b5e20}#page-status:empty{padding:0}' +
  '.page-error{padding:4rem 1rem;text-align:center}';

export function injectStyles(): void {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.prepend(style);
}
