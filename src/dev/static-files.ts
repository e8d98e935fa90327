import path from 'node:path';
import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { firstSegment } from './request-path.ts';
import { isWithin } from '../file-paths.ts';

/** A file found for a request, by its real path (symlinks resolved). */
export interface FoundFile {
  file: string;
  stats: Stats;
}

/**
 * Maps site paths to files the way a static host does, and only ever answers files whose real
 * path is inside the real path of the root: a symlink leading out of the root is "not found".
 */
export class StaticFiles {
  private constructor(readonly realRoot: string) {}

  static async open(root: string): Promise<StaticFiles> {
    return new StaticFiles(await realpath(path.resolve(root)));
  }

  /** `/de/jobs` -> de/jobs/index.html (no redirect), `/de/jobs/` too, `/a/b.html` -> the file. */
  async find(pathname: string): Promise<FoundFile | null> {
    // Checked on the request (cheap, and a refused path is never looked up) and again on the real
    // path in resolveInside, where a symlink `public.txt -> .env` shows what it leads to.
    if (hasHiddenSegment(pathname)) return null;
    const candidates = pathname.endsWith('/') ? [pathname + 'index.html'] : [pathname, pathname + '/index.html'];
    for (const candidate of candidates) {
      const found = await this.resolveInside(candidate);
      if (found) return found;
    }
    return null;
  }

  /** The 404 page of the path's locale (`/de/nope` -> de/404.html) when that folder has one, else /404.html. */
  async findNotFoundPage(pathname: string): Promise<FoundFile | null> {
    const seg = firstSegment(pathname);
    if (seg && !seg.startsWith('.')) {
      const local = await this.resolveInside(`/${seg}/404.html`);
      if (local) return local;
    }
    return this.resolveInside('/404.html');
  }

  /** The site path of a found file: `/de/jobs/index.html`. */
  sitePath(file: string): string {
    return '/' + path.relative(this.realRoot, file).split(path.sep).join('/');
  }

  isInside(file: string): boolean {
    return isWithin(file, this.realRoot);
  }

  private async resolveInside(sitePath: string): Promise<FoundFile | null> {
    let real: string;
    try {
      real = await realpath(path.join(this.realRoot, sitePath));
    } catch {
      return null; // missing, or a path through a file (ENOTDIR), or a dangling link
    }
    if (!this.isInside(real) || hasHiddenSegment(this.sitePath(real))) return null;
    const stats = await stat(real);
    return stats.isFile() ? { file: real, stats } : null;
  }
}

/** Dotfiles (`.git`, `.env`) are never part of a site; `.well-known` is. */
function hasHiddenSegment(pathname: string): boolean {
  return pathname.split('/').some((s) => s.startsWith('.') && s !== '.well-known');
}
