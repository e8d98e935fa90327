// @ts-check
/**
 * The decision behind applyPromoCode, free of Firebase so that it can be unit-tested: given the
 * caller, the code table and the codes the caller already applied, say what happens. index.js
 * turns a refusal into an HttpsError (whose code the client receives as `error.status`, e.g.
 * `not-found` -> `NOT_FOUND`).
 */
import { normalizeCode, isValidCode } from './code-format.js';

/**
 * @typedef {{ unlocks: string, days: number, expires: string }} CodeEntry
 * @typedef {'invalid-argument' | 'unauthenticated' | 'not-found' | 'already-exists' | 'failed-precondition'} RefusalCode
 * @typedef {{ ok: true, code: string, unlocks: string, days: number }} Granted
 * @typedef {{ ok: false, reason: RefusalCode, message: string }} Refused
 */

/**
 * @param {object} input
 * @param {string | undefined} input.uid the authenticated caller, undefined without a valid ID token
 * @param {unknown} input.data the callable's `data` field as sent
 * @param {Record<string, CodeEntry>} input.table the code table (codes.json)
 * @param {readonly string[]} input.applied codes this caller applied before
 * @param {Date} input.now
 * @returns {Granted | Refused}
 */
export function redeem({ uid, data, table, applied, now }) {
  if (!uid) return refuse('unauthenticated', 'Sign in before applying a code.');
  const raw = data && typeof data === 'object' ? /** @type {{ code?: unknown }} */ (data).code : undefined;
  if (typeof raw !== 'string') return refuse('invalid-argument', 'Send {"data": {"code": "<code>"}} with the code as a string.');
  const code = normalizeCode(raw);
  if (!isValidCode(code)) return refuse('invalid-argument', `"${code.slice(0, 40)}" is not in the code format (groups of four letters or digits joined by hyphens).`);
  const entry = Object.hasOwn(table, code) ? table[code] : undefined;
  if (!entry) return refuse('not-found', `There is no code ${code}.`);
  // A code is valid through the whole of its last day, in UTC.
  if (now.getTime() > Date.parse(`${entry.expires}T23:59:59.999Z`)) {
    return refuse('failed-precondition', `Code ${code} expired on ${entry.expires}.`);
  }
  if (applied.includes(code)) return refuse('already-exists', `Code ${code} was already applied to this account.`);
  return { ok: true, code, unlocks: entry.unlocks, days: entry.days };
}

/**
 * @param {RefusalCode} reason
 * @param {string} message
 * @returns {Refused}
 */
function refuse(reason, message) {
  return { ok: false, reason, message };
}
