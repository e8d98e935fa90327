/**
 * The few styles of what the core creates itself (progress bar, status). Injected once, with low
 * specificity, so a site stylesheet can override any of it.
 */
const CSS =
  '#page-progress{position:fixed;z-index:9;top:0;inset-inline-start:0;height:3px;background:#7c4dff}' +
  '#page-progress[data-state=failed]{background:#e53935}' +
  '#page-status{position:fixed;z-index:9;bottom:0;padding:.5em;background:#222;color:#fff}#page-status:empty{padding:0}';

export function injectStyles(): void {
  const style = document.createElement('style');
  style.textContent = CSS;
  document.head.prepend(style);
}
