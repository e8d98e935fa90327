import { describe, expect, it } from 'vitest';
import { entityProblem, htmlEntities } from '../../src/check/html-entities.ts';

describe('HTML entities in a message, which pages show as typed', () => {
  it('finds named and numeric entities HTML knows, where they are, with the character to write', () => {
    expect(htmlEntities('AGB &amp; Datenschutz&nbsp;– it&#8217;s &#x2014; R&D; Q&A; &bogus;')).toEqual([
      { at: 4, entity: '&amp;', instead: '&' },
      { at: 21, entity: '&nbsp;', instead: 'a no-break space (U+00A0, typed as it is)' },
      { at: 31, entity: '&#8217;', instead: '’' },
      { at: 40, entity: '&#x2014;', instead: '—' },
    ]);
    expect(htmlEntities('Terms & conditions; no entity')).toEqual([]);
  });

  it("writes < and ' as a message takes them as text", () => {
    expect(htmlEntities('a &lt; b').map((e) => e.instead)).toEqual(["'<' (in single quotes: a bare < starts a tag)"]);
    expect(htmlEntities('it&apos;s').map((e) => e.instead)).toEqual(["’, or '' (two apostrophes) for a straight one"]);
  });

  it('makes one finding per message, naming each entity once and locating the first', () => {
    expect(entityProblem('A &amp; B &amp; C&hellip;')).toEqual({
      kind: 'html-entity',
      at: 2,
      message: 'The message has the HTML entities &amp;, &hellip;, which pages show as typed: a message is text, and the build escapes it.',
      hint: 'Write the character instead: & for &amp;; … for &hellip;.',
    });
    expect(entityProblem('Plain text')).toBeNull();
  });
});
