/**
 * The continueUrl rule of /auth_action (templates/enhancers/lib/firebase/continue-url.ts): an http(s) address
 * on this site's origin or on an origin of client.firebase.continueUrlAllowList, else nothing (the
 * page keeps its own link). The end-to-end test covers the same-origin and refused cases in the
 * browser with the real config, whose allow-list is empty.
 */
import { describe, expect, it } from 'vitest';
import { allowedContinueUrl } from '../../templates/enhancers/lib/firebase/continue-url.ts';

const HERE = 'https://alightmotion.com';
const PARTNER = 'https://partner.example';

describe('allowedContinueUrl', () => {
  it.each([
    ['https://alightmotion.com/de/welcome?x=1#top', 'https://alightmotion.com/de/welcome?x=1#top'],
    ['https://partner.example/welcome', 'https://partner.example/welcome'],
    ['https://PARTNER.example:443/a', 'https://partner.example/a'],
  ])('follows %s', (value, href) => {
    expect(allowedContinueUrl(value, HERE, [PARTNER])).toBe(href);
  });

  it.each([
    ['another site', 'https://evil.example/x'],
    ['an allowed host on another scheme', 'http://partner.example/welcome'],
    ['an allowed host on another port', 'https://partner.example:8443/welcome'],
    ['a look-alike host', 'https://partner.example.evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['data', 'data:text/html,<p>hi</p>'],
    ['a relative path', '/welcome'],
    ['nothing', ''],
  ])('refuses %s', (_, value) => {
    expect(allowedContinueUrl(value, HERE, [PARTNER])).toBeUndefined();
  });

  it('follows only this site when the allow-list is empty or absent', () => {
    expect(allowedContinueUrl(PARTNER + '/welcome', HERE, [])).toBeUndefined();
    expect(allowedContinueUrl(PARTNER + '/welcome', HERE)).toBeUndefined();
    expect(allowedContinueUrl(HERE + '/welcome', HERE)).toBe(HERE + '/welcome');
  });
});
