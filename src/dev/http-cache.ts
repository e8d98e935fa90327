import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';

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
  if (ims) {
    const since = Date.parse(ims);
    // HTTP dates have whole seconds; compare at that precision.
    return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
  }
  return false;
}

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q > 0): brotli first, then gzip. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    accepted.set(name!.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
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
