export interface CodeEntry {
  unlocks: string;
  days: number;
  expires: string;
}
export type RefusalCode = 'invalid-argument' | 'unauthenticated' | 'not-found' | 'already-exists' | 'failed-precondition';
export type Granted = { ok: true; code: string; unlocks: string; days: number };
export type Refused = { ok: false; reason: RefusalCode; message: string };
export declare function redeem(input: {
  uid: string | undefined;
  data: unknown;
  table: Record<string, CodeEntry>;
  applied: readonly string[];
  now: Date;
}): Granted | Refused;
