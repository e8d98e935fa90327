/**
 * For a source checkout: recompiles `lib/` when it is missing or a source it was compiled from
 * changed since (their modification times are in lib/inputs.json), so that a developer who
 * edits src/ never runs stale code. Costs one stat per source file; esbuild loads only when a
 * compile is needed.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function isStale() {
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(path.join(ROOT, 'lib', 'inputs.json'), 'utf8'));
  } catch {
    return true;
  }
  for (const [rel, mtime] of Object.entries(inputs)) {
    let now;
    try {
      now = statSync(path.join(ROOT, rel)).mtimeMs;
    } catch {
      continue; // a source that is gone: whatever imported it changed too
    }
    if (now !== mtime) return true;
  }
  return false;
}

export async function ensureCompiled() {
  if (!isStale()) return;
  const { compile } = await import('./compile.mjs');
  await compile();
}
