import { describe, expect, it } from 'vitest';
import { type AccuracyReport, withLiveFigures } from './accuracy';

const report: AccuracyReport = {
  generatedAt: '2026-11-01T00:00:00.000Z',
  engine: 'local',
  chunks: 5,
  judged: 30,
  agreed: 24,
  categories: [
    { categoryId: 'quotes', name: 'Quotes', filed: 20, chosen: 18, agreed: 16, precision: 16 / 18, recall: 16 / 20 },
    { categoryId: 'billing', name: 'Billing', filed: 10, chosen: 10, agreed: 8, precision: 0.8, recall: 0.8 },
  ],
  disagreements: [],
  replies: { judged: 0, meanSimilarity: null, examples: [] },
};

describe('the accuracy report with the mail filed since', () => {
  it('counts what the owner left as agreements and what they moved as disagreements', () => {
    // Quotes: 4 filed since, 1 moved to Billing by the owner; Billing: 2 filed, both left.
    const now = withLiveFigures(report, [
      { categoryId: 'quotes', filed: 4, corrected: 1, movedIn: 0 },
      { categoryId: 'billing', filed: 2, corrected: 0, movedIn: 1 },
    ]);
    expect(now.live).toEqual({ filed: 6, corrected: 1 });
    expect(now.judged).toBe(36);
    expect(now.agreed).toBe(29);
    expect(now.categories[0]).toMatchObject({ filed: 23, chosen: 22, agreed: 19, precision: 19 / 22, recall: 19 / 23 });
    expect(now.categories[1]).toMatchObject({ filed: 13, chosen: 12, agreed: 10, precision: 10 / 12, recall: 10 / 13 });
  });

  it('leaves the replay as it was when nothing was filed since', () => {
    expect(withLiveFigures(report, [])).toBe(report);
  });
});
