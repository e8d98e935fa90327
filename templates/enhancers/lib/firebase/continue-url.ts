/**
 * The rule for an action link's `continueUrl`: followed only when it is an http(s) address on
 * this site's origin or on one of the origins of `client.firebase.continueUrlAllowList`. Anything
 * else (another site, `javascript:`, not a URL at all) keeps the page's own link.
 */
export function allowedContinueUrl(value: string, here: string, allowList: readonly string[] = []): string | undefined {
  try {
    const url = new URL(value);
    if (/^https?:$/.test(url.protocol) && [here, ...allowList].includes(url.origin)) return url.href;
  } catch {
    // Absent or not a URL: keep the page's own link.
  }
}
