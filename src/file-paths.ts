import path from 'node:path';

/**
 * Whether `file` is `dir` or lies below it; both absolute and resolved the same way (both real
 * paths, or both as given). A plain prefix test would take `/site/dist-old` for part of `/site/dist`.
 */
export function isWithin(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir + path.sep);
}

/** How the folder `dir` lies to `other` (both absolute) when they overlap: it `is` it, `contains` it or `is inside` it; null when apart. */
export function overlapOf(dir: string, other: string): 'is' | 'contains' | 'is inside' | null {
  if (dir === other) return 'is';
  if (isWithin(other, dir)) return 'contains';
  if (isWithin(dir, other)) return 'is inside';
  return null;
}

/** A file as messages show it: relative to the project root, with forward slashes. */
export function projectPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/') || '.';
}
