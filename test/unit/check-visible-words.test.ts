import { describe, expect, it } from 'vitest';
import { visibleWordCount } from '../../src/check/visible-words.ts';

describe('visibleWordCount', () => {
  it('counts the words a reader sees, without arguments, counts and ICU syntax', () => {
    expect(visibleWordCount('Menu')).toBe(1);
    expect(visibleWordCount('Try again')).toBe(2);
    expect(visibleWordCount('{name} boosted')).toBe(1);
    expect(visibleWordCount('<b>Status</b>: {n, number}')).toBe(1);
    expect(visibleWordCount('Something went wrong.')).toBe(3);
  });

  it('counts the words of every case once', () => {
    expect(visibleWordCount('{n, plural, one {# Hashtag} other {# Hashtags}}')).toBe(2);
    expect(visibleWordCount('{n, plural, one {# vote} other {# votes}}')).toBe(2);
    expect(visibleWordCount('{n, plural, one {# new post} other {# new posts}}')).toBe(3);
    expect(visibleWordCount("{g, select, female {e-mail} other {e-mail}} don't")).toBe(2);
  });

  it('counts no words in a URL, an e-mail address, a hashtag or a handle, which no one translates', () => {
    expect(visibleWordCount('https://example.com/help?topic=billing')).toBe(0);
    expect(visibleWordCount('www.example.com')).toBe(0);
    expect(visibleWordCount('support@example.com')).toBe(0);
    expect(visibleWordCount('#AlightMotion @alightmotion')).toBe(0);
    expect(visibleWordCount('Write to <a>support@example.com</a> or see https://example.com/help.')).toBe(4);
    expect(visibleWordCount('Follow us @alightmotion')).toBe(2);
    // Not a hashtag: a number, or a # inside a word.
    expect(visibleWordCount('C# and F# tips')).toBe(4);
  });
});
