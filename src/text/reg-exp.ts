/** `text` as a regular expression that matches it literally (also in esbuild's Go filters). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
