import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { fastShape } from '../../src/check/fast-shape.ts';
import { parseFully } from '../../src/check/message-shape.ts';
import { flatten } from '../../src/i18n/messages.ts';
import { REPO } from '../helpers/site.ts';

/** Every message of every locale file in the repository (the site and all fixtures). */
function corpus(): string[] {
  const files = fg.sync(['locales/*.json', 'test/fixtures/**/locales/*.json'], { cwd: REPO, absolute: true });
  const out: string[] = [];
  for (const file of files) {
    try {
      out.push(...Object.values(flatten(file, JSON.parse(readFileSync(file, 'utf8')))));
    } catch {
      // Malformed on purpose (a fixture of the checker): nothing to compare.
    }
  }
  return out;
}

/** Forms the quick reader handles itself. */
const COMMON = [
  'Hi { name }', '{n, number, percent} and {d, date, long} at {t, time, short}', '{n, number}', '{a}{b}',
  '{n, plural, offset:1 =0 {none} =1 {one} one {# other} other {# others}}', '{n, plural, one {a {x}} other {b <b>#</b>}}',
  '{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', '{g, select, female {She} male {He} other {They}}',
  '{g, select, a {{n, plural, one {#} other {##}}} other {x}}', '<b>bold <i>both</i></b> <link>x</link>', '# outside',
  '{n, plural,one {#}other {#}}', '{n,plural,one{#}other{#}}', 'Ünïcödé {x} テキスト', '{x} 123 {y}',
];

/** Errors and rarer forms, left to the full parser. */
const UNUSUAL = [
  '{n, plural, one {#} }', '<b>x</b >', '<b>x</i>', '<b>x', '</b>', 'a < b', '<br/>', "It's {n}", "'{literal}'",
  '{n, plural, one {#}}', '{n, plural, one {#} one {#} other {#}}', '{g, select, 1 {x} other {y}}', '{n, number, ::currency/EUR}',
  '{d, date, ::yMMMd}', '{0}', '{n, foo}', '{n, plural, offset: 1 other {#}}', 'a } b', '{n, select, =1 {x} other {y}}',
  '<my-tag>x</my-tag>', '<b>{n, plural, other {x</b>}}',
];

/** A shape as data; `quick` says which reader made it, so it is left out. */
const normal = (r: ReturnType<typeof parseFully>) =>
  r.ok ? { ...r.shape, quick: undefined, uses: r.shape.uses.map((u) => ({ ...u, options: [...u.options] })), tags: [...r.shape.tags], tagPaths: [...r.shape.tagPaths] } : r;

describe('fastShape', () => {
  it('agrees with the full parser on every message it accepts', () => {
    const messages = [...corpus(), ...COMMON, ...UNUSUAL];
    let accepted = 0;
    for (const text of messages) {
      const fast = fastShape(text);
      if (!fast) continue;
      accepted++;
      const full = parseFully(text);
      expect(full.ok, text).toBe(true);
      expect(normal({ ok: true, shape: fast }), text).toEqual(normal(full));
    }
    expect(accepted).toBeGreaterThan(20);
  });

  it('reads the common forms itself', () => {
    for (const text of COMMON) expect(fastShape(text), text).not.toBeNull();
  });

  it('leaves every syntax error and every unusual form to the full parser', () => {
    for (const text of UNUSUAL) expect(fastShape(text), text).toBeNull();
  });
});
