import path from 'node:path';
import { escapeHtml } from '../html/escape.ts';
import { SitegenError } from '../errors.ts';

/** A build error as dev shows it: where (when known) and what. */
export interface DevProblem {
  /** Path relative to the project root, when known. */
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  /** Code frame or further lines. */
  detail: string | null;
  /** Error code from the catalogue (`BundleFailed`, `LocaleJsonInvalid`), or null for a bug. */
  code: string | null;
}

const LOCATION = /((?:[A-Za-z]:)?[^\s:()"'`]+\.[A-Za-z0-9]+):(\d+):(\d+)/;

/**
 * Finds file, line and column in an error. Catalogue errors carry them in their text
 * (`locales/de.json:3:5: ...`, esbuild's `pages/index.tsx:3:10:` in the detail).
 */
export function toProblem(err: unknown, root: string): DevProblem {
  const message = err instanceof Error ? err.message : String(err);
  const detail = err instanceof SitegenError ? (err.detail ?? null) : err instanceof Error ? (err.stack ?? null) : null;
  const code = err instanceof SitegenError ? err.code : null;
  const where = LOCATION.exec(message) ?? (detail ? LOCATION.exec(detail) : null);
  const relative = (file: string) => (path.isAbsolute(file) ? path.relative(root, file) : file);
  const known = err instanceof SitegenError ? err.location : undefined;
  if (known) return { file: relative(known.file), line: known.line, column: known.column, message, detail, code };
  if (where) return { file: relative(where[1]!), line: Number(where[2]), column: Number(where[3]), message, detail, code };
  const named = /^([^\s:]+\.(?:tsx?|jsx?|json|css)):/.exec(message);
  return { file: named ? relative(named[1]!) : null, line: null, column: null, message, detail, code };
}

export function locationOf(problem: DevProblem): string {
  if (!problem.file) return '(unknown file)';
  return problem.line === null ? problem.file : `${problem.file}:${problem.line}:${problem.column}`;
}

/** For the terminal: location, message, detail. */
export function formatProblem(problem: DevProblem): string {
  return [`${locationOf(problem)}  ${problem.message}`, problem.detail ?? ''].filter(Boolean).join('\n');
}

/** The overlay's markup, every value escaped. Rendered into a shadow root by the dev client. */
export function renderOverlay(problem: DevProblem): string {
  return `<style>
:host{all:initial}
.backdrop{position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.66);overflow:auto;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace}
.panel{margin:40px auto;max-width:960px;background:#181818;color:#eee;border-top:6px solid #e5484d;padding:24px 28px;border-radius:6px}
h1{margin:0 0 8px;font-size:16px;color:#ff8a8a}
.file{color:#8ab4ff;margin-bottom:12px}
pre{white-space:pre-wrap;margin:12px 0 0;color:#ddd}
p{margin:16px 0 0;color:#999}
</style>
<div class="backdrop" role="alertdialog" aria-labelledby="sitegen-problem-title">
<div class="panel">
<h1 id="sitegen-problem-title">Build failed${problem.code ? ` (${escapeHtml(problem.code)})` : ''}</h1>
<div class="file" data-problem-location>${escapeHtml(locationOf(problem))}</div>
<pre data-problem-message>${escapeHtml(problem.message)}</pre>
${problem.detail ? `<pre data-problem-detail>${escapeHtml(problem.detail)}</pre>` : ''}
<p>Fix the file and save: the page updates by itself.</p>
</div>
</div>`;
}
