import { escapeHtml } from '../html/escape.ts';
import { countBySeverity, findingPlace, type CheckReport, type Finding } from './report.ts';

// Every piece of text from message files goes through escapeHtml: a translation may hold `<script>`.

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%}th,td{padding:.3rem .6rem;text-align:start;border-bottom:1px solid #ddd;vertical-align:top}
td.n{text-align:end;font-variant-numeric:tabular-nums}
.bar{background:#eee;border-radius:3px;height:.8rem;min-width:8rem}.bar span{display:block;height:100%;border-radius:3px;background:#2e7d32}
.bar.gap span{background:#f9a825}.bar.bad span{background:#c62828}
.error{color:#b71c1c;font-weight:600}.warning{color:#8d6e00;font-weight:600}.info{color:#1565c0;font-weight:600}
.hint{color:#555}pre{background:#f6f6f6;padding:.4rem;overflow:auto;margin:.3rem 0}
code{font-family:ui-monospace,monospace}
`;

/**
 * `sitegen check --html report.html`: one self-contained page (inline styles, no script, a
 * content security policy that loads nothing) with a completeness bar per locale and the problems.
 * Deterministic: no date, so two runs over the same files give the same bytes.
 */
export function renderHtmlReport(report: CheckReport): string {
  const { errors, warnings, infos } = countBySeverity(report.findings);
  const counts = `${errors} error(s), ${warnings} warning(s), ${infos} info(s)`;
  const rows = report.locales
    .map((l) => {
      const tone = l.errors > 0 ? ' bad' : l.warnings > 0 ? ' gap' : '';
      const pct = Math.max(0, Math.min(100, Number(l.completeness) || 0));
      const label = l.status === 'ok' ? `${pct.toFixed(1)}%` : `${l.status} file`;
      return `<tr><th scope="row"><a href="#locale-${escapeHtml(l.locale)}">${escapeHtml(l.locale)}</a></th>
<td><div class="bar${tone}" role="img" aria-label="${escapeHtml(`${l.locale}: ${label} translated`)}"><span style="width:${pct}%"></span></div></td>
<td class="n">${escapeHtml(label)}</td><td class="n">${l.keys}</td><td class="n">${l.translated}</td><td class="n">${l.missing}</td><td class="n">${l.extra}</td><td class="n">${l.errors}</td><td class="n">${l.warnings}</td><td class="n">${l.infos}</td></tr>`;
    })
    .join('\n');

  const groups = new Map<string, Finding[]>();
  for (const f of report.findings) {
    let list = groups.get(f.locale);
    if (!list) groups.set(f.locale, (list = []));
    list.push(f);
  }
  const sections = [...groups]
    .map(([locale, findings]) => {
      const items = findings.map(renderFinding).join('\n');
      return `<section id="locale-${escapeHtml(locale)}"><h2>${escapeHtml(locale)} <small>${findings.length} problem(s)</small></h2>\n<ul>\n${items}\n</ul></section>`;
    })
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Translation report: ${counts}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Translation report</h1>
<p>${counts} against ${escapeHtml(report.reference)}.${report.usageChecked ? '' : ' Unused and undefined keys were not checked.'}${report.usageSkipped.length ? ` The pages were not rendered in ${escapeHtml(report.usageSkipped.join(', '))} to see which messages they use (malformed file).` : ''}</p>
<table>
<thead><tr><th scope="col">Locale</th><th scope="col">Completeness</th><th scope="col"></th><th scope="col">Keys</th><th scope="col">Translated</th><th scope="col">Missing</th><th scope="col">Extra</th><th scope="col">Errors</th><th scope="col">Warnings</th><th scope="col">Infos</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${sections || '<p>No problems found.</p>'}
</body>
</html>
`;
}

function renderFinding(f: Finding): string {
  return `<li><span class="${f.severity}">${f.severity}</span> <code>${escapeHtml(f.kind)}</code> ${f.key ? `<code>${escapeHtml(f.key)}</code> ` : ''}<code>${escapeHtml(findingPlace(f))}</code>
<div>${escapeHtml(f.message)}</div>${f.frame ? `<pre>${escapeHtml(f.frame)}</pre>` : ''}
<div class="hint">${escapeHtml(f.hint)}</div></li>`;
}
