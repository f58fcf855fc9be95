import { describe, expect, it } from 'vitest';
import { queryTerms } from './knowledge-query';

describe('queryTerms', () => {
  it('asks by stems of content words, never by stop words', () => {
    expect(queryTerms('Could you tell me the prices of your deliveries?')).toEqual(['tell', 'price', 'deliveri']);
    expect(queryTerms('Le la les et ou')).toEqual([]);
  });
});
