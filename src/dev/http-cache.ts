import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import { parseHttpDate } from './http-date.ts';

/**
 * Validators and compression for the static server: ETag and Last-Modified with 304 answers,
 * and gzip or brotli bodies cached by (file, version, encoding) so a file is compressed once.
 */

/** A weak validator from size and modification time, like sirv and most static hosts. */
export function makeEtag(size: number, mtimeMs: number, salt = ''): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${salt ? '-' + salt : ''}"`;
}

/** True when the client's copy is current. If-None-Match wins over If-Modified-Since (RFC 9110). */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, mtimeMs: number): boolean {
  const inm = headers['if-none-match'];
  if (inm) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, '');
    return inm.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
  }
  const ims = headers['if-modified-since'];
  // A value that is not an HTTP date is ignored (RFC 9110 §13.1.3), not guessed at.
  const since = ims ? parseHttpDate(ims) : null;
  // HTTP dates have whole seconds; compare at that precision.
  return since !== null && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

export type Encoding = 'br' | 'gzip';

/**
 * The encoding the client prefers by its quality values (`gzip;q=0.5, br;q=0.1` is gzip); brotli
 * on a tie. `q=0` means "not acceptable"; `*` stands for the codings not named. Null: send as is.
 */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = parseAcceptEncoding(acceptEncoding);
  const quality = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  const [br, gz] = [quality('br'), quality('gzip')];
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** coding -> quality. An element whose q is not a qvalue (`q=high`, `q=2`) is ignored. */
function parseAcceptEncoding(value: string): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => /^q\s*=/.test(p));
    if (q === undefined) accepted.set(name, 1);
    else {
      const m = /^q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.exec(q);
      if (m) accepted.set(name, Number(m[1]));
    }
  }
  return accepted;
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Bodies smaller than this are sent as they are: the headers would cost more than the saving. */
export const MIN_COMPRESS_BYTES = 512;

/** Compressed bodies, oldest evicted first once the total passes `maxBytes`. */
export class CompressionCache {
  private entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  async get(key: string, body: Buffer, encoding: Encoding): Promise<Buffer> {
    const full = `${encoding}|${key}`;
    const hit = this.entries.get(full);
    if (hit) return hit;
    const out =
      encoding === 'br'
        ? await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : await gz(body, { level: 6 });
    this.entries.set(full, out);
    this.bytes += out.length;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.length;
    }
    return out;
  }
}
