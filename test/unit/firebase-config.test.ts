import { describe, expect, it } from 'vitest';
import { requireFirebaseConfig, signInProviders } from '../../templates/components/firebase-config.ts';

const site = (firebase: unknown) => ({ name: 'x', product: 'x', url: 'https://x', year: 2026, links: {}, client: { firebase } });

describe('the build refuses pages that need Firebase without its config', () => {
  it('accepts the public values', () => {
    expect(() => requireFirebaseConfig(site({ apiKey: 'k', projectId: 'demo-x', region: 'europe-west1', continueUrlAllowList: ['https://a.example'] }))).not.toThrow();
  });
  it('names the missing field and the file', () => {
    expect(() => requireFirebaseConfig(site(undefined))).toThrow('sitegen.config.ts: client.firebase.apiKey must be a non-empty string');
    expect(() => requireFirebaseConfig(site({ apiKey: 'k', projectId: '', region: 'r' }))).toThrow('client.firebase.projectId');
  });
  it('wants origins in the continue-URL allow-list', () => {
    expect(() => requireFirebaseConfig(site({ apiKey: 'k', projectId: 'p', region: 'r', continueUrlAllowList: ['https://a.example/path'] }))).toThrow(
      'continueUrlAllowList must be a list of origins',
    );
  });
});

describe('the sign-in providers offered are the configured ones', () => {
  const withClient = (client: Record<string, unknown>) => ({ name: 'x', product: 'x', url: 'https://x', year: 2026, links: {}, client });
  const apple = { clientId: 'com.example.web', redirectURI: 'https://x.example/applycode' };

  it('offers Google and Apple only when their client values are there', () => {
    expect(signInProviders(withClient({}))).toEqual({ google: false, apple: false });
    expect(signInProviders(withClient({ google: { clientId: 'id.apps.googleusercontent.com' } }))).toEqual({ google: true, apple: false });
    expect(signInProviders(withClient({ apple }))).toEqual({ google: false, apple: true });
  });

  it('names the field that is filled in wrongly', () => {
    expect(() => signInProviders(withClient({ google: {} }))).toThrow('sitegen.config.ts: client.google.clientId must be the OAuth client ID');
    expect(() => signInProviders(withClient({ apple: { clientId: 'com.example.web' } }))).toThrow('client.apple.redirectURI must be the https address');
    expect(() => signInProviders(withClient({ apple: { ...apple, redirectURI: 'http://x.example/' } }))).toThrow('client.apple.redirectURI');
    expect(() => signInProviders(withClient({ apple: { ...apple, clientId: '' } }))).toThrow('client.apple.clientId must be the Services ID');
  });
});
