import path from 'node:path';

/**
 * Turns the raw request target into a safe site path, sirv-style: decode exactly once, then refuse
 * what could escape the root or confuse the file system. Decoding once is the point: `%252e%252e`
 * becomes the literal name `%2e%2e`, which is just a file that does not exist.
 */
export type RequestPath = { ok: true; pathname: string } | { ok: false; reason: string };

export function parseRequestPath(rawUrl: string | undefined): RequestPath {
  let raw = rawUrl ?? '/';
  // Absolute-form targets (`GET http://host/x`) are legal HTTP; keep only their path.
  if (!raw.startsWith('/')) {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(raw);
    if (!authority) return { ok: false, reason: 'the request target is not a path' };
    raw = raw.slice(authority[0].length) || '/';
    if (!raw.startsWith('/')) raw = '/' + raw;
  }
  const cut = raw.search(/[?#]/);
  if (cut >= 0) raw = raw.slice(0, cut);

  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { ok: false, reason: 'the path has malformed percent-encoding' };
  }
  if (decoded.includes('\0')) return { ok: false, reason: 'the path contains a NUL byte' };
  if (decoded.includes('\\')) return { ok: false, reason: 'the path contains a backslash' };
  // Browsers resolve dot segments before sending; a `..` that arrives here is an attempt to climb out.
  if (decoded.split('/').includes('..')) return { ok: false, reason: 'the path contains a ".." segment' };

  // Collapses `//` and `/./`, so `//etc/passwd` stays under the root as `/etc/passwd`.
  const pathname = path.posix.normalize(decoded);
  return { ok: true, pathname: pathname.startsWith('/') ? pathname : '/' + pathname };
}

/** The first segment of a site path (`/de/jobs` -> `de`), used to pick a locale's 404 page. */
export function firstSegment(pathname: string): string | null {
  const seg = pathname.split('/').find((s) => s !== '');
  return seg ?? null;
}
