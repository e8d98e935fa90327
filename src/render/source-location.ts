import { readFileSync, realpathSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The first frame of an error's stack that lies in the site's own code (pages, templates), as
 * `file:line:column` relative to the root. Frames in the server bundle's files (in `bundleDir`) are
 * mapped through their source maps by hand, so this works whether or not the runtime applied
 * source maps itself. Paths are compared as real paths on both sides: stack frames name files by
 * their real path, while the root or sitegen's node_modules (where the bundle lives) may be
 * reached through a symlink (pnpm, monorepos).
 */
export function siteFrame(stack: string | undefined, bundleDir: string, root: string): string | undefined {
  if (!stack) return undefined;
  bundleDir = real(bundleDir);
  root = real(root);
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new SourceMap(JSON.parse(readFileSync(file + '.map', 'utf8'))));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file);
  };
  for (const line of stack.split('\n')) {
    const m = /\(?((?:file:\/\/)?[^()\s]+):(\d+):(\d+)\)?$/.exec(line.trim());
    if (!m) continue;
    let file = real(m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!);
    let lineNo = Number(m[2]);
    let col = Number(m[3]);
    if (file.startsWith(bundleDir + path.sep)) {
      const entry = mapOf(file)?.findEntry(lineNo - 1, col - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number } | undefined;
      if (!entry?.originalSource) continue;
      // A source map's sources are URLs, relative to the map: `../pages/blog/%5Bslug%5D.tsx`.
      file = real(fileURLToPath(new URL(entry.originalSource, pathToFileURL(file))));
      lineNo = entry.originalLine! + 1;
      col = entry.originalColumn! + 1;
    }
    if (!path.isAbsolute(file) || file.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const rel = path.relative(root, file);
    if (rel.startsWith('..') || rel.startsWith('src' + path.sep)) continue;
    return `${rel}:${lineNo}:${col}`;
  }
  return undefined;
}

/** The real path of a file, or the path as given when it cannot be resolved (`node:internal/…`, a file since removed). */
function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}
