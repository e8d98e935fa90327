import path from 'node:path';
import { lookup } from 'mrmime';

/**
 * Content types by extension. The list is mrmime's (sirv's, taken from mime-db's IANA entries and
 * kept up to date there), so a site's subtitles, audio, feeds or archives get their real type
 * rather than application/octet-stream (`<track>` needs text/vtt). OURS covers what that list has
 * not or has otherwise than a browser wants.
 */
const OURS: Record<string, string> = {
  // What the build writes: its charsets and choices are part of the output contract.
  xml: 'application/xml', // mrmime says text/xml; sitemap readers expect application/xml
  ico: 'image/x-icon', // not registered with IANA, so not in mrmime; every browser knows it
  cjs: 'text/javascript', // mrmime has application/node: a browser must read it as a script
  // Common on sites, registered elsewhere than IANA (mime-db's non-IANA sources):
  flac: 'audio/flac',
  m3u8: 'application/vnd.apple.mpegurl',
  eot: 'application/vnd.ms-fontobject',
};

/** Types whose text a browser decodes: they carry `charset=utf-8`, the only encoding a build writes. */
const TEXT = /^text\/|^application\/(?:json|javascript|manifest\+json|xml)$|\+json$|\+xml$/;

export function contentType(file: string): string {
  const ext = path.extname(file).slice(1).toLowerCase();
  const type = OURS[ext] ?? (ext ? lookup(ext) : undefined);
  if (!type) return 'application/octet-stream';
  return TEXT.test(type) ? `${type}; charset=utf-8` : type;
}

/** Worth compressing: text formats. Images, fonts and video are compressed already. */
export function isCompressible(type: string): boolean {
  return /^text\/|json|javascript|xml|svg|wasm/.test(type);
}
