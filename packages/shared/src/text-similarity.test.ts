import { describe, expect, it } from 'vitest';
import { textSimilarity, words } from './text-similarity';

describe('textSimilarity', () => {
  it('counts the words in common both ways, case, accents and punctuation aside', () => {
    expect(textSimilarity('Bonjour, le devis est prêt.', 'bonjour le DEVIS est pret')).toBe(1);
    expect(textSimilarity('a b c d', 'a b x y')).toBe(0.5);
    // Each word as often as it appears in both.
    expect(textSimilarity('yes yes yes', 'yes')).toBe(0.5);
    expect(textSimilarity('hello', 'goodbye')).toBe(0);
  });

  it('is symmetric and handles empty texts', () => {
    expect(textSimilarity('one two three', 'three four')).toBe(textSimilarity('three four', 'one two three'));
    expect(textSimilarity('', '')).toBe(1);
    expect(textSimilarity('', 'hi')).toBe(0);
  });

  it('reads words in any script and numbers as words', () => {
    expect(words('Prix : 2,50 € — Müller')).toEqual(['prix', '2', '50', 'muller']);
  });
});
