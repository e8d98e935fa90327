import { describe, expect, it } from 'vitest';
import { exitCode, formatFinding, formatTable, renderHtmlReport, toJson, type CheckReport, type Finding } from '../../src/check/index.ts';

const finding = (over: Partial<Finding>): Finding => ({
  locale: 'de',
  key: 'home.title',
  file: 'locales/de.json',
  line: 3,
  column: 14,
  severity: 'warning',
  kind: 'untranslated',
  message: 'The translation is identical to en.',
  hint: 'Translate it.',
  ...over,
});

const report = (findings: Finding[]): CheckReport => ({
  reference: 'en',
  usageChecked: true,
  usageSkipped: [],
  locales: [
    { locale: 'en', iso: 'en-US', file: 'locales/en.json', status: 'ok', keys: 2, translated: 2, missing: 0, extra: 0, errors: 0, warnings: 0, infos: 0, completeness: 100 },
    { locale: 'de', iso: 'de-DE', file: 'locales/de.json', status: 'ok', keys: 2, translated: 1, missing: 0, extra: 0, errors: 0, warnings: findings.length, infos: 0, completeness: 50 },
  ],
  findings,
});

describe('exitCode', () => {
  const warning = finding({});
  const error = finding({ severity: 'error', kind: 'syntax' });
  it('is 0 without findings, also with --strict', () => {
    expect(exitCode(report([]))).toBe(0);
    expect(exitCode(report([]), { strict: true })).toBe(0);
  });
  it('fails on warnings only with --strict', () => {
    expect(exitCode(report([warning]))).toBe(0);
    expect(exitCode(report([warning]), { strict: true })).toBe(1);
  });
  it('always fails on errors', () => {
    expect(exitCode(report([error]))).toBe(1);
    expect(exitCode(report([error]), { strict: true })).toBe(1);
  });
});

describe('toJson', () => {
  it('writes every field in a fixed order, null where absent, with a final newline', () => {
    const r = report([finding({ key: undefined, line: undefined, column: undefined, kind: 'missing-file' })]);
    const json = toJson(r);
    expect(json.endsWith('\n')).toBe(true);
    expect(JSON.parse(json)).toEqual({
      schemaVersion: 1,
      reference: 'en',
      usageChecked: true,
      usageSkipped: [],
      summary: { errors: 0, warnings: 1, infos: 0 },
      locales: r.locales,
      findings: [
        {
          locale: 'de', key: null, file: 'locales/de.json', line: null, column: null, severity: 'warning',
          kind: 'missing-file', message: 'The translation is identical to en.', hint: 'Translate it.', frame: null,
        },
      ],
    });
    expect(json).toContain('\n  "schemaVersion": 1,\n');
  });
});

describe('formatTable', () => {
  it('colours only when asked', () => {
    const r = report([finding({ severity: 'error', kind: 'syntax' })]);
    expect(formatTable(r, { color: false })).not.toContain('\x1b[');
    expect(formatTable(r, { color: true })).toContain('\x1b[31merror  \x1b[0m');
  });

  it('groups problems by locale and key, with position and hint', () => {
    const text = formatTable(report([finding({}), finding({ kind: 'lost-meaning', column: 20, message: 'm2', hint: 'h2' })]), { color: false });
    expect(text).toContain(
      [
        'de  locales/de.json',
        '  home.title',
        '    warning untranslated  locales/de.json:3:14',
        '            The translation is identical to en.',
        '            → Translate it.',
        '    warning lost-meaning  locales/de.json:3:20',
        '            m2',
        '            → h2',
      ].join('\n'),
    );
  });
});

describe('formatTable: infos', () => {
  it('labels infos, counts them apart, and passes a run that has nothing else', () => {
    const info = finding({ severity: 'info', message: 'Identical to en, but only one word.' });
    const text = formatTable(report([info]), { color: false, strict: true });
    expect(text).toContain('    info    untranslated  locales/de.json:3:14');
    expect(text.split('\n').at(-1)).toBe('All 2 locale(s) complete and correct. 1 info(s) to look at, which never fail the check.');
    expect(exitCode(report([info]), { strict: true })).toBe(0);
    expect(formatTable(report([info, finding({})]), { color: false }).split('\n').at(-1)).toBe(
      '0 error(s), 1 warning(s), 1 info(s). Warnings do not fail the check; --strict makes them fail.',
    );
    expect(JSON.parse(toJson(report([info]))).summary).toEqual({ errors: 0, warnings: 0, infos: 1 });
    expect(renderHtmlReport(report([info]))).toContain('<span class="info">info</span> <code>untranslated</code>');
  });
});

describe('formatFinding', () => {
  it('puts one finding on one line for build logs', () => {
    expect(formatFinding(finding({}))).toBe('locales/de.json:3:14 de home.title untranslated: The translation is identical to en. Translate it.');
  });
});

describe('renderHtmlReport', () => {
  it('escapes everything that comes from message files', () => {
    const html = renderHtmlReport(report([finding({ key: '<img src=x onerror=alert(1)>', message: '"quoted" & <script>alert(1)</script>', frame: "> 1 | '<b>'" })]));
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;script&gt;');
    expect(html).toContain('<pre>&gt; 1 | &#39;&lt;b&gt;&#39;</pre>');
  });

  it('draws a completeness bar per locale and says when there is nothing to fix', () => {
    const html = renderHtmlReport(report([]));
    expect(html).toContain('<span style="width:100%"></span>');
    expect(html).toContain('<span style="width:50%"></span>');
    expect(html).toContain('<p>No problems found.</p>');
    expect(html).toBe(renderHtmlReport(report([])));
  });
});
