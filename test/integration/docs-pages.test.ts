/**
 * The document and form pages (policies, history, /applycode, /auth_action, the transfer notice),
 * built from the real site in en: every en message of a document reaches its page (so translators
 * never translate text nobody sees), anchors and history links resolve, and the script-driven
 * pages carry every state and message their chunks look for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { flatten } from '../../src/i18n/messages.ts';
import { htmlFile } from '../../src/paths.ts';
import { REPO } from '../helpers/site.ts';
import { buildRealSite } from '../helpers/real-site.ts';
import config from '../../sitegen.config.ts';

let site: Awaited<ReturnType<typeof buildRealSite>>;
let out: string;
const en = flatten('en.json', JSON.parse(await readFile(path.join(REPO, 'locales/en.json'), 'utf8')));

beforeAll(async () => {
  site = await buildRealSite(['en']);
  out = site.out;
}, 300_000);
afterAll(() => site?.dispose());

async function page(route: string) {
  const html = await readFile(path.join(out, htmlFile(route)), 'utf8');
  const doc = parseDocument(html);
  const main = DomUtils.findOne((el) => el.attribs.id === 'main', doc.children)!;
  const all = (test: (el: Element) => boolean) => DomUtils.findAll(test, main.children);
  return { main, all, text: DomUtils.textContent(main).replace(/\s+/g, ' ') };
}

/** The literal parts of a message: its text without tags, split at every argument but `{product}`. */
function fragments(message: string): string[] {
  return message
    .replace(/<\/?[a-zA-Z]+>/g, '')
    .replaceAll('{product}', config.product)
    .split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 3);
}

const DOCUMENTS: [string, string][] = [
  ['/tos', 'policies.tos.'],
  ['/privacy_and_cookie_policy', 'policies.privacy.'],
  ['/copyright_policy', 'policies.copyright.'],
  ['/license', 'policies.license.'],
  ['/community_privacy_policy', 'policies.community.'],
  ['/bsptransfernotice', 'bspNotice.'],
];

describe('policy documents', () => {
  it.each(DOCUMENTS)('%s shows every en message of its namespace', async (route, prefix) => {
    const { text } = await page(route);
    const keys = Object.keys(en).filter((k) => k.startsWith(prefix) && !k.startsWith(prefix + 'meta.'));
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) for (const part of fragments(en[key]!)) expect(text, key).toContain(part);
  });

  it.each(DOCUMENTS.filter(([r]) => r !== '/bsptransfernotice'))('%s has a table of contents whose links all reach a section', async (route) => {
    const { all } = await page(route);
    const ids = new Set(all((el) => el.name === 'section' && !!el.attribs.id).map((el) => el.attribs.id));
    const toc = all((el) => el.name === 'a' && (el.attribs.href ?? '').startsWith('#'));
    expect(toc.length).toBe(ids.size);
    for (const a of toc) expect(ids.has(a.attribs.href!.slice(1)), a.attribs.href).toBe(true);
    expect(all((el) => el.name === 'h1')).toHaveLength(1);
    expect(all((el) => el.name === 'time' && /^\d{4}-\d{2}-\d{2}$/.test(el.attribs.datetime ?? ''))).toHaveLength(1);
  });
});

describe('community policy history', () => {
  it('is written at /history and /history.html, and every change links to a section of the current policy', async () => {
    const policy = await page('/community_privacy_policy');
    const ids = new Set(policy.all((el) => el.name === 'section').map((el) => el.attribs.id));
    for (const route of ['/community_privacy_policy/history', '/community_privacy_policy/history.html']) {
      const { all, text } = await page(route);
      const links = all((el) => el.name === 'a' && (el.attribs.href ?? '').startsWith('/community_privacy_policy#'));
      expect(links.length).toBeGreaterThanOrEqual(3);
      for (const a of links) expect(ids.has(a.attribs.href!.split('#')[1]), a.attribs.href).toBe(true);
      for (const key of Object.keys(en).filter((k) => k.startsWith('history.versions.'))) {
        for (const part of fragments(en[key]!)) expect(text, key).toContain(part);
      }
      const counts = all((el) => el.attribs.class === 'policy-history__count').map((el) => DomUtils.textContent(el));
      expect(counts).toEqual(['3 changes', '2 changes', '1 change']);
    }
  });
});

/** Elements of a page whose attribute `name` is set, by its value. */
const byAttr = (els: Element[], name: string) => new Map(els.filter((el) => name in el.attribs).map((el) => [el.attribs[name]!, el]));

describe('/applycode', () => {
  it('renders every panel, the sign-in one visible, inside the apply-code enhancement', async () => {
    const { all } = await page('/applycode');
    const root = all((el) => el.attribs['data-enhance'] === 'apply-code');
    expect(root).toHaveLength(1);
    const panels = byAttr(all((el) => el.name === 'section'), 'data-panel');
    expect([...panels.keys()]).toEqual(['signin', 'signup', 'reset', 'link', 'linkSent', 'code', 'confirm', 'done']);
    expect([...panels].filter(([, el]) => !('hidden' in el.attribs)).map(([name]) => name)).toEqual(['signin']);
    const steps = all((el) => 'data-step' in el.attribs);
    expect(steps.map((el) => el.attribs['aria-current'] ?? '')).toEqual(['step', '', '']);
  });

  it('has a label for every input and keeps every form and sign-in button disabled until its script runs', async () => {
    const { all } = await page('/applycode');
    const labels = new Set(all((el) => el.name === 'label').map((el) => el.attribs.for));
    const inputs = all((el) => el.name === 'input');
    expect(inputs.length).toBe(7);
    for (const input of inputs) expect(labels.has(input.attribs.id), input.attribs.id).toBe(true);
    const forms = all((el) => el.name === 'form');
    for (const form of forms) {
      const fieldset = DomUtils.findOne((el) => el.name === 'fieldset', form.children)!;
      expect('disabled' in fieldset.attribs, form.attribs['data-form']).toBe(true);
    }
    const providers = all((el) => ['google', 'apple', 'show-link'].includes(el.attribs['data-action']!) && (DomUtils.getParent(el) as Element | null)?.name === 'fieldset');
    expect(providers.map((el) => el.attribs['data-action'])).toEqual(['google', 'apple', 'show-link']);
    for (const button of providers) expect('disabled' in (DomUtils.getParent(button) as Element).attribs).toBe(true);
  });

  it('offers Google and Apple (configured in sitegen.config.ts) and the e-mail link on the sign-in panel, loading no provider script', async () => {
    const { main, all } = await page('/applycode');
    const signin = all((el) => el.attribs['data-panel'] === 'signin')[0]!;
    const text = DomUtils.textContent(signin).replace(/\s+/g, ' ');
    for (const key of ['google', 'apple', 'emailLink', 'or']) expect(text).toContain(en[`applycode.signin.${key}`]);
    expect(all((el) => 'data-google-button' in el.attribs && 'hidden' in el.attribs)).toHaveLength(1);
    expect(all((el) => el.attribs['data-link-action'] === '/auth_action')).toHaveLength(1);
    const html = await readFile(path.join(out, htmlFile('/applycode')), 'utf8');
    expect(html).not.toMatch(/accounts\.google\.com|appleid\.cdn-apple\.com/);
    expect(DomUtils.findAll((el) => el.name === 'script' && !!el.attribs.src && !el.attribs.src.startsWith('/'), main.children)).toEqual([]);
  });

  it('carries a translated message for every code the flow can meet', async () => {
    const { all } = await page('/applycode');
    const codes = new Map(all((el) => 'data-msg' in el.attribs).flatMap((el) => el.attribs['data-msg']!.split(' ').map((c) => [c, el] as const)));
    for (const code of [
      'code-empty', 'code-invalid-format', 'wrong-password', 'user-not-found', 'email-already-in-use', 'too-many-requests',
      'network-request-failed', 'popup-blocked', 'popup-closed-by-user', 'unauthorized-domain', 'not-found', 'already-exists',
      'failed-precondition', 'invalid-argument', 'unauthenticated', 'success', 'unknown', 'password-empty', 'password-short',
      'exists-password', 'exists-google', 'exists-apple', 'missing-email', 'invalid-email',
    ]) {
      expect(codes.has(code), code).toBe(true);
      expect(DomUtils.textContent(codes.get(code)!).trim().length, code).toBeGreaterThan(5);
    }
    const days = all((el) => el.attribs['data-fill'] === 'days')[0]!;
    expect(JSON.parse(days.attribs['data-plural']!)).toEqual({ one: 'Premium membership for # day', other: 'Premium membership for # days' });
  });
});

describe('/auth_action', () => {
  it('renders every state hidden except "checking", with the reset form and the retry button', async () => {
    const { all } = await page('/auth_action');
    expect(all((el) => el.attribs['data-enhance'] === 'auth-action')).toHaveLength(1);
    const states = byAttr(all((el) => el.name === 'section'), 'data-state');
    expect([...states.keys()].sort()).toEqual([
      'checking', 'expired', 'invalid', 'network', 'recoverSent', 'recovered', 'reset', 'resetDone',
      'signInEmail', 'signInExpired', 'signInInvalid', 'signInSent', 'unknownMode', 'verified',
    ]);
    expect([...states].filter(([, el]) => !('hidden' in el.attribs)).map(([name]) => name)).toEqual(['checking']);
    const input = all((el) => el.attribs.id === 'auth-new-password')[0]!;
    expect(input.attribs).toMatchObject({ type: 'password', minlength: '6', autocomplete: 'new-password' });
    expect(all((el) => el.attribs['data-action'] === 'retry')).toHaveLength(1);
    // An e-mail sign-in link: the address asked for, a new link offered from a used or expired one.
    expect(all((el) => el.attribs['data-signin-next'] === '/applycode')).toHaveLength(1);
    expect(all((el) => el.attribs.id === 'auth-signin-email')[0]!.attribs).toMatchObject({ type: 'email', autocomplete: 'email' });
    expect(all((el) => el.attribs['data-action'] === 'send-link').map((el) => (DomUtils.getParent(el) as Element).attribs['data-state'])).toEqual([
      'signInInvalid',
      'signInExpired',
    ]);
    expect(all((el) => el.attribs['data-action'] === 'toggle-password' && 'hidden' in el.attribs)).toHaveLength(1);
    const codes = all((el) => 'data-msg' in el.attribs).flatMap((el) => el.attribs['data-msg']!.split(' '));
    for (const code of [
      'weak-password', 'password-empty', 'password-short', 'strength-weak', 'strength-fair', 'strength-strong', 'unknown',
      'missing-email', 'invalid-email', 'email-mismatch', 'too-many-requests',
    ]) {
      expect(codes, code).toContain(code);
    }
  });
});
