/**
 * HTTP dates (RFC 9110 §5.6.7), strictly: `Date.parse` reads almost anything (`2030`, `1`, `tomorrow
 * 5pm` in some engines), and a conditional header that is not a real date must be ignored, not
 * guessed at. Recipients must accept the three historical forms; all are in GMT.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

/** `Sun, 06 Nov 1994 08:49:37 GMT`, the form every sender must use. */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT` (RFC 850). */
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994` (C's asctime). */
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

/** Milliseconds since the epoch, or null when the value is not an HTTP date. */
export function parseHttpDate(value: string): number | null {
  const text = value.trim();
  let m = IMF_FIXDATE.exec(text);
  if (m) return utc(m[3]!, m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  m = RFC850.exec(text);
  if (m) return utc(twoDigitYear(m[3]!), m[2]!, m[1]!, m[4]!, m[5]!, m[6]!);
  m = ASCTIME.exec(text);
  if (m) return utc(m[6]!, m[1]!, m[2]!.trim(), m[3]!, m[4]!, m[5]!);
  return null;
}

/** RFC 850's two-digit year: a year more than 50 years ahead is the last past one with those digits. */
function twoDigitYear(yy: string): string {
  const now = new Date().getUTCFullYear();
  const year = now - (now % 100) + Number(yy);
  return String(year > now + 50 ? year - 100 : year);
}

function utc(year: string, month: string, day: string, h: string, min: string, s: string): number | null {
  const [d, hh, mm, ss] = [day, h, min, s].map(Number) as [number, number, number, number];
  if (d < 1 || d > 31 || hh > 23 || mm > 59 || ss > 60) return null;
  const ms = Date.UTC(Number(year), MONTHS.indexOf(month), d, hh, mm, Math.min(ss, 59));
  // 31 Feb rolls over to March in Date.UTC: not a date.
  return new Date(ms).getUTCDate() === d ? ms : null;
}
