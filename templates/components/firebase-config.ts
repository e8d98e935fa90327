import type { SiteInfo } from 'sitegen';

/**
 * The pages whose scripts talk to Firebase need `client.firebase` in sitegen.config.ts; the
 * browser code trusts it to be there (every byte of the /auth_action chunk counts), so the build
 * checks it, naming the file and the field to fill in.
 */
export function requireFirebaseConfig(site: SiteInfo): void {
  const firebase = site.client?.firebase as Record<string, unknown> | undefined;
  for (const field of ['apiKey', 'projectId', 'region']) {
    const value = firebase?.[field];
    if (typeof value !== 'string' || value === '') {
      throw new Error(`sitegen.config.ts: client.firebase.${field} must be a non-empty string (the Firebase project's public web value)`);
    }
  }
  const allow = firebase?.continueUrlAllowList;
  if (allow !== undefined && !(Array.isArray(allow) && allow.every((o) => typeof o === 'string' && /^https?:\/\/[^/]+$/.test(o)))) {
    throw new Error('sitegen.config.ts: client.firebase.continueUrlAllowList must be a list of origins such as "https://example.com"');
  }
}
