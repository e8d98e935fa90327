/**
 * `import()` of what a command loads at run time besides sitegen's own code: esbuild's API, the
 * site's config and server bundles. In one place because `sitegen build`'s commands run from
 * lib/commands.cjs, which V8 compiles from a code cache (scripts/compile.mjs): a script compiled
 * with a code cache cannot call `import()` itself in Node 20 (it finds no callback to load with),
 * so there this module is replaced by one that calls the loader bin/sitegen hands the script.
 */
export function importModule<T>(specifier: string): Promise<T> {
  return import(specifier) as Promise<T>;
}
