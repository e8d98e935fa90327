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

/**
 * A page as messages name it: its file, and for one path of a page with parameters (a file whose
 * path has a `[name]` folder or file, which no other page's may have: routes.ts) that path too,
 * `pages/blog/[slug].tsx (/blog/hello-world)`.
 */
export function pageName(root: string, file: string, route: string | null): string {
  const name = path.relative(root, file);
  return route !== null && name.includes('[') ? `${name} (${route})` : name;
}
