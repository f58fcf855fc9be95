import { describe, expect, it } from 'vitest';
import { teamSizeLimit } from './invitations';
import { PLANS, planAllowsMailOptions, planOf, pricePerMonth, yearlyMonthlyPrice, yearlyTotal } from './plans';

describe('plans', () => {
  it('hold the spec figures', () => {
    expect(PLANS.map((p) => [p.id, p.monthlyPrice, p.credits, p.members])).toEqual([
      ['free', 0, 500, 1],
      ['starter', 19, 5000, 1],
      ['basic', 39, 7000, 1],
      ['pro', 99, 21_000, 5],
      ['biz', 399, 100_000, null],
    ]);
    expect(PLANS.filter((p) => p.hidden).map((p) => p.id)).toEqual(['free']);
    expect(PLANS.filter((p) => p.mostPopular).map((p) => p.id)).toEqual(['pro']);
    expect(PLANS.map((p) => p.extraCreditPrice)).toEqual([null, null, 0.006, 0.005, 0.004]);
  });

  it('price a year at 75% of the month, rounded down per month, shown as 12 months', () => {
    expect(PLANS.map(yearlyMonthlyPrice)).toEqual([0, 14, 29, 74, 299]);
    expect(yearlyTotal(planOf('pro'))).toBe(888);
    expect(pricePerMonth(planOf('basic'), 'monthly')).toBe(39);
    expect(pricePerMonth(planOf('basic'), 'yearly')).toBe(29);
  });

  it('give team sizes, an unknown plan the strictest', () => {
    expect(['free', 'starter', 'basic', 'pro', 'biz', 'gold'].map(teamSizeLimit)).toEqual([1, 1, 1, 5, null, 1]);
  });

  it('keep STARTER to AI responses or AI classification, not both; the others allow both', () => {
    const starter = planOf('starter');
    expect(planAllowsMailOptions(starter, { responses: true, classification: true })).toBe(false);
    expect(planAllowsMailOptions(starter, { responses: true, classification: false })).toBe(true);
    expect(planAllowsMailOptions(starter, { responses: false, classification: true })).toBe(true);
    for (const id of ['free', 'basic', 'pro', 'biz']) {
      expect(planAllowsMailOptions(planOf(id), { responses: true, classification: true })).toBe(true);
    }
  });
});
