/**
 * For a source checkout: recompiles `lib/` when it is missing, or a source it was compiled from, or
 * a folder of src/ that holds one, changed or is gone since (their modification times are in
 * lib/inputs.json; a bundled package's package.json stands for its files; a folder's time changes
 * when a file is added to it or removed), so that a developer who edits, adds or removes a file of
 * src/ never runs stale code. Costs one stat per source file and folder, on every start: paths are
 * joined as strings and a missing file is no exception. esbuild loads only when a compile is needed.
 */
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const ROOT = path.join(__dirname, '..') + path.sep;

function isStale() {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(`${ROOT}lib/inputs.json`, 'utf8'));
  } catch {
    return true;
  }
  for (const rel in inputs) {
    const stats = statSync(ROOT + rel, { throwIfNoEntry: false });
    if (stats?.mtimeMs !== inputs[rel]) return true;
  }
  return false;
}

async function ensureCompiled() {
  if (!isStale()) return;
  const { compile } = await import(pathToFileURL(path.join(__dirname, 'compile.mjs')).href);
  await compile();
}

module.exports = { ensureCompiled };
