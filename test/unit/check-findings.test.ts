import { describe, expect, it } from 'vitest';
import { FindingList } from '../../src/check/findings.ts';

const finding = { locale: 'de', key: 'home.title', file: 'locales/de.json', line: 3, column: 14, kind: 'argument-unknown', message: 'The translation uses {name}, which en does not have.', hint: 'Remove it.' } as const;

describe('FindingList', () => {
  it('reports a finding made twice once: the first, whatever its hint says', () => {
    const list = new FindingList();
    list.add(finding);
    list.add({ ...finding, hint: 'Another hint.' });
    expect(list.sorted(['en', 'de'])).toEqual([expect.objectContaining({ ...finding, severity: 'error' })]);
  });

  it('keeps findings that differ in locale, key, kind, line, column or message, in the report order', () => {
    const list = new FindingList();
    const others = [
      { ...finding, column: 20 },
      { ...finding, line: undefined, column: undefined },
      { ...finding, message: 'Another message.' },
      { ...finding, kind: 'argument-missing' },
      { ...finding, key: 'home.intro' },
      { ...finding, key: undefined },
      { ...finding, locale: 'fr' },
    ] as const;
    for (const f of [finding, ...others, ...others]) list.add(f);
    expect(list.sorted(['en', 'de', 'fr']).map((f) => [f.locale, f.key, f.line, f.column, f.kind, f.message])).toEqual([
      ['de', undefined, 3, 14, 'argument-unknown', finding.message],
      ['de', 'home.intro', 3, 14, 'argument-unknown', finding.message],
      ['de', 'home.title', undefined, undefined, 'argument-unknown', finding.message],
      ['de', 'home.title', 3, 14, 'argument-missing', finding.message],
      ['de', 'home.title', 3, 14, 'argument-unknown', 'Another message.'],
      ['de', 'home.title', 3, 14, 'argument-unknown', finding.message],
      ['de', 'home.title', 3, 20, 'argument-unknown', finding.message],
      ['fr', 'home.title', 3, 14, 'argument-unknown', finding.message],
    ]);
  });
});
