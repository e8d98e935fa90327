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
});
