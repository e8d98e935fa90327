/**
 * Where the Firebase clients send their calls. The hosts are constants (Google's production
 * endpoints); only the API key, project id and region come from the site config
 * (`client.firebase` in sitegen.config.ts, handed to the page in its `__sitegen` JSON). Nothing
 * here is ever read from the query string: an action link's `apiKey=` is ignored on purpose.
 * Tests reach the emulators by intercepting these hosts in the browser.
 */
export interface FirebaseConfig {
  apiKey: string;
  projectId: string;
  region: string;
  /** Origins (`https://example.com`) that an action link's `continueUrl` may lead to, besides this site. */
  continueUrlAllowList?: string[];
}

export const IDENTITY_URL = 'https://identitytoolkit.googleapis.com/v1/accounts:';
export const TOKEN_URL = 'https://securetoken.googleapis.com/v1/token';

export const functionUrl = (c: FirebaseConfig, name: string) =>
  `https://${c.region}-${c.projectId}.cloudfunctions.net/${name}`;

/** `client.firebase` of the page data, or an error naming the config key to fill in. */
export function firebaseConfig(client: Record<string, unknown> | undefined): FirebaseConfig {
  const c = client?.firebase as FirebaseConfig | undefined;
  if (c?.apiKey && c.projectId && c.region) return c;
  throw Error('client.firebase { apiKey, projectId, region } is missing: set it in sitegen.config.ts');
}
