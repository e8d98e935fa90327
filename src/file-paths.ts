import path from 'node:path';

/**
 * Whether `file` is `dir` or lies below it; both absolute and resolved the same way (both real
 * paths, or both as given). A plain prefix test would take `/site/dist-old` for part of `/site/dist`.
 */
export function isWithin(file: string, dir: string): boolean {
  return file === dir || file.startsWith(dir + path.sep);
}

/** A file as messages show it: relative to the project root, with forward slashes. */
export function projectPath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/') || '.';
}
