import { describe, expect, it } from 'vitest';
import { queryTerms } from './knowledge-query';

describe('queryTerms', () => {
  it('asks by stems of content words, never by stop words', () => {
    expect(queryTerms('Could you tell me the prices of your deliveries?')).toEqual(['tell', 'price', 'deliver']);
    expect(queryTerms('Le la les et ou')).toEqual([]);
  });

  it('gives English words ending in y a prefix that still begins them', () => {
    // Snowball's "deliveri" and "compani" begin neither "delivery" nor "company".
    const terms = queryTerms('What is the delivery policy of your company? Companies ask about warranty.');
    for (const word of ['delivery', 'policy', 'company', 'companies', 'warranty'])
      expect(
        terms.some((term) => word.startsWith(term)),
        word,
      ).toBe(true);
  });
});
