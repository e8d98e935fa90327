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

/** Which identity providers /applycode offers: those whose public values are configured. */
export interface SignInProviders {
  google: boolean;
  apple: boolean;
}

/**
 * The identity providers of the config: Google when `client.google.clientId` is set, Apple when
 * `client.apple.clientId` and `client.apple.redirectURI` are. A provider left out of the config is
 * simply not offered; one filled in wrongly stops the build, naming the field.
 */
export function signInProviders(site: SiteInfo): SignInProviders {
  const fields: [string, string, (v: string) => boolean, string][] = [
    ['google', 'clientId', Boolean, 'the OAuth client ID of the Google Cloud project, "….apps.googleusercontent.com"'],
    ['apple', 'clientId', Boolean, 'the Services ID registered for Sign in with Apple'],
    ['apple', 'redirectURI', (v) => /^https:\/\/[^/]+/.test(v), 'the https address registered as the Services ID\'s return URL'],
  ];
  for (const [provider, field, valid, what] of fields) {
    const group = site.client?.[provider] as Record<string, unknown> | undefined;
    const value = group?.[field];
    if (group !== undefined && !(typeof value === 'string' && valid(value))) {
      throw new Error(`sitegen.config.ts: client.${provider}.${field} must be ${what}; or leave client.${provider} out to not offer it`);
    }
  }
  return { google: site.client?.google !== undefined, apple: site.client?.apple !== undefined };
}
