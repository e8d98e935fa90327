import path from 'node:path';
import type { Metafile } from 'esbuild';

/**
 * Which source files each page depends on, from the esbuild metafile of the server bundle:
 * the page's own imports, followed transitively, plus those of the layout it renders in.
 * A component edit then re-renders exactly the pages whose set contains it.
 */
export function pageDependencies(
  metafile: Metafile,
  root: string,
  pages: readonly { file: string; layout: string }[],
  layoutFiles: ReadonlyMap<string, string>,
): Map<string, Set<string>> {
  const inputs = new Map<string, string[]>();
  for (const [key, input] of Object.entries(metafile.inputs)) {
    inputs.set(path.resolve(root, key), input.imports.filter((i) => !i.external).map((i) => path.resolve(root, i.path)));
  }
  const closure = (start: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [start];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(inputs.get(file) ?? []));
    }
    return seen;
  };
  const byLayout = new Map<string, Set<string>>();
  const result = new Map<string, Set<string>>();
  for (const page of pages) {
    // The paths of a page with parameters share its file (and layout): its set is made once.
    if (result.has(page.file)) continue;
    let layoutDeps = byLayout.get(page.layout);
    if (!layoutDeps) {
      const layoutFile = layoutFiles.get(page.layout);
      byLayout.set(page.layout, (layoutDeps = layoutFile ? closure(layoutFile) : new Set()));
    }
    result.set(page.file, new Set([...closure(page.file), ...layoutDeps]));
  }
  return result;
}

/** The pages (by file) whose dependencies include any of `changed`. */
export function pagesAffectedBy(deps: ReadonlyMap<string, ReadonlySet<string>>, changed: Iterable<string>): Set<string> {
  const files = [...changed];
  const out = new Set<string>();
  for (const [page, set] of deps) if (files.some((f) => set.has(f))) out.add(page);
  return out;
}
