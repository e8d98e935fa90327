/**
 * For a source checkout: recompiles `lib/` when it is missing, or a source it was compiled from, or
 * a folder of src/ that holds one, changed or is gone since (their modification times are in
 * lib/inputs.json; a bundled package's package.json stands for its files; a folder's time changes
 * when a file is added to it or removed), so that a developer who edits, adds or removes a file of
 * src/ never runs stale code. Costs one stat per source file and folder: paths are joined as
 * strings and a missing file is no exception. The list has two parts (scripts/compile.mjs,
 * inputsOf): `front`, the inputs of lib/cli.cjs, which bin/sitegen checks as it starts, and `rest`,
 * which it checks before it loads any other file of lib/, so that a start that runs no command
 * takes the few stats of the front. A compile writes all of lib/, so either part found stale
 * recompiles the whole. esbuild loads only when a compile is needed.
 */
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const ROOT = path.join(__dirname, '..') + path.sep;

/** Per part, its check (and compile) once started; both parts once a compile ran. */
const checks = new Map();
/** lib/inputs.json as the first check read it (a compile since would have settled both parts); null when it cannot be read. */
let listed;

function isStale(part) {
  if (listed === undefined) {
    try {
      listed = JSON.parse(readFileSync(`${ROOT}lib/inputs.json`, 'utf8'));
    } catch {
      listed = null;
    }
  }
  const inputs = listed?.[part];
  if (typeof inputs !== 'object' || inputs === null) return true;
  for (const rel in inputs) {
    const stats = statSync(ROOT + rel, { throwIfNoEntry: false });
    if (stats?.mtimeMs !== inputs[rel]) return true;
  }
  return false;
}

/** Resolves once `part` of lib/ ('front' or 'rest') is up to date with its sources. */
function ensureCompiled(part) {
  if (!checks.has(part)) {
    if (!isStale(part)) checks.set(part, Promise.resolve());
    else {
      // A compile writes all of lib/: the other part is settled with it.
      const compiled = import(pathToFileURL(path.join(__dirname, 'compile.mjs')).href).then(({ compile }) => compile());
      for (const each of ['front', 'rest']) checks.set(each, compiled);
    }
  }
  return checks.get(part);
}

module.exports = { ensureCompiled };
