// @ts-check
/**
 * applyPromoCode: a callable function (firebase-functions v2). The browser POSTs
 * `{"data": {"code": "ALMO-2026"}}` with `Authorization: Bearer <ID token>` and gets
 * `{"result": {"code", "unlocks", "days"}}` or `{"error": {"status", "message"}}`.
 *
 * The codes a user applied are kept in their custom claims (`promoCodes`), so the auth service is
 * the only store and a code cannot be applied twice to one account.
 */
import { readFileSync } from 'node:fs';
import { onCall, HttpsError } from 'firebase-functions/v2/https';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { redeem } from './redeem.js';

/** @type {Record<string, import('./redeem.js').CodeEntry>} */
const table = JSON.parse(readFileSync(new URL('./codes.json', import.meta.url), 'utf8'));

initializeApp();

export const applyPromoCode = onCall({ region: 'europe-west1' }, async (request) => {
  const uid = request.auth?.uid;
  const user = uid ? await getAuth().getUser(uid) : undefined;
  const claims = user?.customClaims ?? {};
  const applied = Array.isArray(claims.promoCodes) ? claims.promoCodes.map(String) : [];
  const outcome = redeem({ uid, data: request.data, table, applied, now: new Date() });
  if (!outcome.ok) throw new HttpsError(outcome.reason, outcome.message);
  if (uid) await getAuth().setCustomUserClaims(uid, { ...claims, promoCodes: [...applied, outcome.code] });
  return { code: outcome.code, unlocks: outcome.unlocks, days: outcome.days };
});
