import { parseHttpDate } from './http-date.ts';

/**
 * Byte ranges (RFC 9110 §14): `Range: bytes=0-499`, `bytes=500-` and `bytes=-500`. Media players
 * depend on them (Safari plays a `<video>` only from a server that answers 206), and downloads resume
 * with them.
 */
export type RangeAnswer =
  /** Send the whole file with 200: no Range, one we do not understand, or several (see below). */
  | { kind: 'full' }
  /** Send bytes start..end (inclusive) with 206. */
  | { kind: 'partial'; start: number; end: number }
  /** 416, with the file's size in Content-Range: the range starts past the end of the file. */
  | { kind: 'unsatisfiable' };

const FULL: RangeAnswer = { kind: 'full' };

/**
 * What to send for a Range header and a file of `size` bytes. A header that is malformed or names
 * another unit is ignored, as RFC 9110 requires. Several ranges are answered with the whole file,
 * which the RFC allows (a server may always ignore Range): a multipart/byteranges body is rarely
 * asked for (players ask one range at a time) and not worth its code here.
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return FULL;
  const m = /^\s*bytes\s*=(.*)$/i.exec(header);
  if (!m) return FULL;
  const specs = m[1]!.split(',').map((s) => s.trim()).filter(Boolean);
  if (specs.length !== 1) return FULL;
  const spec = /^(\d*)-(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return FULL;
  if (spec[1] === '') {
    // A suffix: the last N bytes (all of a shorter file); the last 0 bytes are nothing to send.
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const last = spec[2] === '' ? Infinity : Number(spec[2]);
  if (last < start) return FULL; // invalid, so ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}

/**
 * Whether a Range may be honoured under the request's If-Range (RFC 9110 §13.1.5): the client's copy
 * must still be the current one, else it gets the whole new file. An entity-tag needs a strong match,
 * so our weak ETags never do (a weak tag covers the gzip and brotli bodies too, which are other
 * bytes); a date must equal Last-Modified exactly.
 */
export function ifRangeAllows(ifRange: string | undefined, validators: { etag: string; lastModified: string }): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) {
    return !value.startsWith('W/') && !validators.etag.startsWith('W/') && value === validators.etag;
  }
  const date = parseHttpDate(value);
  return date !== null && date === parseHttpDate(validators.lastModified);
}
