import { describe, expect, it } from 'vitest';
import { requireFirebaseConfig } from '../../templates/components/firebase-config.ts';

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
