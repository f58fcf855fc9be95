import { describe, expect, it } from 'vitest';
import { checkoutQuerySchema, parsePriceLookupKey, priceLookupKey, switchPlanSchema } from './billing';
import { billedPrice, OFFERED_PLANS, PLANS, planOf, yearlyMonthlyPrice, yearlyTotal } from './plans';

/**
 * The spec's figures (spec 01 §9, spec 02 §9) written out here, independently of plans.ts:
 * monthly EUR price, free days, users (null = unlimited), credits a month, setup assistance,
 * extra-credit price, drafts a day or drafts plus classifications, most popular, hidden.
 */
const SPEC = [
  {
    id: 'free',
    price: 0,
    freeDays: 0,
    users: 1,
    credits: 500,
    setup: 0,
    extra: null,
    drafts: null,
    withClassification: null,
    popular: false,
    hidden: true,
  },
  {
    id: 'starter',
    price: 19,
    freeDays: 7,
    users: 1,
    credits: 5000,
    setup: 0,
    extra: null,
    drafts: null,
    withClassification: null,
    popular: false,
    hidden: false,
  },
  {
    id: 'basic',
    price: 39,
    freeDays: 7,
    users: 1,
    credits: 7000,
    setup: 30,
    extra: 0.006,
    drafts: 120,
    withClassification: 60,
    popular: false,
    hidden: false,
  },
  {
    id: 'pro',
    price: 99,
    freeDays: 0,
    users: 5,
    credits: 21_000,
    setup: 60,
    extra: 0.005,
    drafts: 400,
    withClassification: 200,
    popular: true,
    hidden: false,
  },
  {
    id: 'biz',
    price: 399,
    freeDays: 0,
    users: null,
    credits: 100_000,
    setup: 60,
    extra: 0.004,
    drafts: 2000,
    withClassification: 1000,
    popular: false,
    hidden: false,
  },
];

/** Yearly: 75% of the monthly price rounded down per month, shown as the 12-month total. Worked by hand. */
const YEARLY = {
  free: { perMonth: 0, total: 0 },
  starter: { perMonth: 14, total: 168 }, // 19 × 0.75 = 14.25
  basic: { perMonth: 29, total: 348 }, // 39 × 0.75 = 29.25
  pro: { perMonth: 74, total: 888 }, // 99 × 0.75 = 74.25
  biz: { perMonth: 299, total: 3588 }, // 399 × 0.75 = 299.25
};

describe('plans data against the spec', () => {
  it('holds every figure of every plan', () => {
    expect(
      PLANS.map((p) => ({
        id: p.id,
        price: p.monthlyPrice,
        freeDays: p.trialDays,
        users: p.members,
        credits: p.credits,
        setup: p.setupMinutes,
        extra: p.extraCreditPrice,
        drafts: p.dailyDrafts,
        withClassification: p.dailyDraftsWithClassification,
        popular: p.mostPopular,
        hidden: p.hidden,
      })),
    ).toEqual(SPEC);
    expect(planOf('starter').classificationOrResponses).toBe(true);
    expect(OFFERED_PLANS.map((p) => p.id)).toEqual(['starter', 'basic', 'pro', 'biz']);
  });

  it('prices a year at 75% of the month rounded down, billed as 12 months', () => {
    for (const plan of PLANS) {
      const expected = YEARLY[plan.id];
      expect(yearlyMonthlyPrice(plan), plan.id).toBe(expected.perMonth);
      expect(yearlyTotal(plan), plan.id).toBe(expected.total);
      expect(billedPrice(plan, 'yearly'), plan.id).toBe(expected.total);
      expect(billedPrice(plan, 'monthly'), plan.id).toBe(SPEC.find((s) => s.id === plan.id)!.price);
    }
  });
});

describe('billing call schemas', () => {
  it('default the checkout to plan free, billing cycle monthly (spec 01 §7)', () => {
    expect(checkoutQuerySchema.parse({})).toEqual({ plan: 'free', billingCycle: 'monthly' });
    expect(switchPlanSchema.parse({ newPlan: 'pro' })).toEqual({ newPlan: 'pro', billingCycle: 'monthly' });
    expect(checkoutQuerySchema.safeParse({ plan: 'gold' }).success).toBe(false);
    expect(checkoutQuerySchema.safeParse({ plan: 'pro', billingCycle: 'weekly' }).success).toBe(false);
  });

  it('name Stripe prices by lookup key and read them back, free and unknown keys giving nothing', () => {
    expect(priceLookupKey('pro', 'yearly')).toBe('pro_yearly');
    expect(parsePriceLookupKey('pro_yearly')).toEqual({ plan: 'pro', cycle: 'yearly' });
    expect(parsePriceLookupKey('basic_monthly')).toEqual({ plan: 'basic', cycle: 'monthly' });
    expect(parsePriceLookupKey('free_monthly')).toBeNull();
    expect(parsePriceLookupKey('gold_monthly')).toBeNull();
    expect(parsePriceLookupKey('pro_extra_credits')).toBeNull();
    expect(parsePriceLookupKey(null)).toBeNull();
  });
});
