/**
 * The promo code format shared by the page and the function, and the decision of applyPromoCode
 * (functions/redeem.js) for each kind of caller and code.
 */
import { describe, expect, it } from 'vitest';
import { isValidCode, normalizeCode } from '../../functions/code-format.js';
import { redeem } from '../../functions/redeem.js';
import table from '../../functions/codes.json' with { type: 'json' };

describe('code format', () => {
  it.each([
    ['  almo-2026 ', 'ALMO-2026'],
    ['Almo-Week-0001', 'ALMO-WEEK-0001'],
    [42, ''],
  ])('normalises %j to %j', (input, out) => {
    expect(normalizeCode(input)).toBe(out);
  });

  it.each(['ALMO-2026', 'ABCD-EFGH-IJKL-MNOP', 'ALMO-WEEK-0001'])('accepts %s', (code) => {
    expect(isValidCode(code)).toBe(true);
  });

  it.each(['', 'ALMO', 'ALMO2026', 'ALMO-202', 'ALMO 2026', 'ALMO--2026', 'ABCD-EFGH-IJKL-MNOP-QRST', 'almo-2026', 'ÄLMO-2026'])(
    'rejects %j',
    (code) => {
      expect(isValidCode(code)).toBe(false);
    },
  );

  it('every code in the table is in the format', () => {
    for (const code of Object.keys(table)) expect(isValidCode(code), code).toBe(true);
  });
});

describe('redeem', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const base = { uid: 'u1', table, applied: [] as string[], now };

  it('grants a known code, normalising it first', () => {
    expect(redeem({ ...base, data: { code: ' almo-2026' } })).toEqual({ ok: true, code: 'ALMO-2026', unlocks: 'premium', days: 30 });
  });

  it('refuses a caller without an ID token', () => {
    expect(redeem({ ...base, uid: undefined, data: { code: 'ALMO-2026' } })).toMatchObject({ ok: false, reason: 'unauthenticated' });
  });

  it.each([[undefined], [null], [{}], [{ code: 7 }], [{ code: 'not a code' }]])('refuses %j as invalid-argument', (data) => {
    expect(redeem({ ...base, data })).toMatchObject({ ok: false, reason: 'invalid-argument' });
  });

  it('refuses an unknown code as not-found, also one named like an object property', () => {
    expect(redeem({ ...base, data: { code: 'NOPE-0000' } })).toMatchObject({ ok: false, reason: 'not-found' });
    expect(redeem({ ...base, table: Object.create({ 'PROT-OTYP': {} }), data: { code: 'PROT-OTYP' } })).toMatchObject({ reason: 'not-found' });
  });

  it('refuses an expired code as failed-precondition, valid through its last day', () => {
    expect(redeem({ ...base, data: { code: 'OLDY-2020' } })).toMatchObject({ ok: false, reason: 'failed-precondition' });
    const lastDay = new Date('2020-12-31T23:59:59Z');
    expect(redeem({ ...base, now: lastDay, data: { code: 'OLDY-2020' } })).toMatchObject({ ok: true });
  });

  it('refuses a code this account already applied as already-exists', () => {
    expect(redeem({ ...base, applied: ['ALMO-2026'], data: { code: 'almo-2026' } })).toMatchObject({ ok: false, reason: 'already-exists' });
  });
});
