/**
 * The files of a folder, as a build lists its pages, layouts and static files: what fast-glob gave
 * there (its defaults: names starting with a dot left out, symbolic links followed, only files),
 * without loading it. fast-glob is 196 KB of bundled JavaScript; a build's three globs cost 10 to
 * 15 ms of CPU to load, set up and run it (its first run with a cold JIT), against about 1 ms for
 * the folders' reads. `sitegen merge`, which asks it for the files' stats, still uses it.
 */
import { readdir, stat } from 'node:fs/promises';
import type { Dirent } from 'node:fs';
import path from 'node:path';

export interface ListOptions {
  /** Into subfolders too; else the folder's own files only. */
  recursive: boolean;
  /** Whether to keep a file, or to go into a folder, by its path relative to the folder listed. */
  keep?: (rel: string, isFolder: boolean) => boolean;
}

/** The files under `dir` (relative paths with `/`, in no particular order); none when `dir` does not exist. */
export async function listFiles(dir: string, options: ListOptions): Promise<string[]> {
  const files: string[] = [];
  const visit = async (rel: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(rel ? path.join(dir, rel) : dir, { withFileTypes: true });
    } catch (err) {
      if (!rel && (err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    const folders: string[] = [];
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.')) return;
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        const kind = entry.isSymbolicLink() ? await followed(path.join(dir, child)) : entry;
        if (kind?.isDirectory()) {
          if (options.recursive && (options.keep?.(child, true) ?? true)) folders.push(child);
        } else if (kind?.isFile() && (options.keep?.(child, false) ?? true)) files.push(child);
      }),
    );
    await Promise.all(folders.map(visit));
  };
  await visit('');
  return files;
}

/** What a symbolic link leads to; null when it leads nowhere (a broken link is no file). */
function followed(file: string): Promise<{ isFile(): boolean; isDirectory(): boolean } | null> {
  return stat(file).catch(() => null);
}
