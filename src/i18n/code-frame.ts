/** A few lines of source around line:column with a caret, like Vite's generateCodeFrame. */
export function codeFrame(source: string, line: number, column: number, context = 2): string {
  const lines = source.split('\n');
  const start = Math.max(1, line - context);
  const end = Math.min(lines.length, line + context);
  const width = String(end).length;
  const out: string[] = [];
  for (let n = start; n <= end; n++) {
    const text = (lines[n - 1] ?? '').replace(/\t/g, ' ');
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text.length > 160 ? text.slice(0, 160) + '…' : text}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}

/** 1-based line and column of a 0-based character offset. */
export function lineColumn(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, column: offset - last };
}
