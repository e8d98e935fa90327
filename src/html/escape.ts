/** Escaping for HTML text and attributes and for JSON inside <script>: shared by the renderer, the dev overlay, the sitemap and the check report. */
const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  // Most values (URLs, head tags' content) have nothing to escape: a test is cheaper than a
  // replace with a function, which V8 runs through its runtime (~100 calls per page).
  return SPECIAL.test(value) ? value.replace(/[&<>"']/g, (c) => HTML[c]!) : value;
}

/** JSON safe inside a <script> element: no `</script>`, no `<!--`, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
