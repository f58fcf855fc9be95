/** The plans of spec 01 §9 and spec 02 §9, as data (prices in EUR per month). */

export const PLAN_IDS = ['free', 'starter', 'basic', 'pro', 'biz'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type BillingCycle = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  monthlyPrice: number;
  /** FREE is not offered on the plans screen. */
  hidden: boolean;
  mostPopular: boolean;
  trialDays: number;
  /** Everyone on the account, the owner included (DESIGN §10); null = unlimited. */
  members: number | null;
  /** Credits granted each month. */
  credits: number;
  /** Price of one credit beyond the grant; null = no extra credits (usage stops at zero). */
  extraCreditPrice: number | null;
  /** Setup assistance in minutes. */
  setupMinutes: number;
  /** The marketing equivalents of the credits: drafts a day, or drafts plus classifications. */
  dailyDrafts: number | null;
  dailyDraftsWithClassification: number | null;
  /** The Starter plan offers classification or automatic responses, not both. */
  classificationOrResponses: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    monthlyPrice: 0,
    hidden: true,
    mostPopular: false,
    trialDays: 0,
    members: 1,
    credits: 500,
    extraCreditPrice: null,
    setupMinutes: 0,
    dailyDrafts: null,
    dailyDraftsWithClassification: null,
    classificationOrResponses: false,
  },
  {
    id: 'starter',
    monthlyPrice: 19,
    hidden: false,
    mostPopular: false,
    trialDays: 7,
    members: 1,
    credits: 5000,
    extraCreditPrice: null,
    setupMinutes: 0,
    dailyDrafts: null,
    dailyDraftsWithClassification: null,
    classificationOrResponses: true,
  },
  {
    id: 'basic',
    monthlyPrice: 39,
    hidden: false,
    mostPopular: false,
    trialDays: 7,
    members: 1,
    credits: 7000,
    extraCreditPrice: 0.006,
    setupMinutes: 30,
    dailyDrafts: 120,
    dailyDraftsWithClassification: 60,
    classificationOrResponses: false,
  },
  {
    id: 'pro',
    monthlyPrice: 99,
    hidden: false,
    mostPopular: true,
    trialDays: 0,
    members: 5,
    credits: 21_000,
    extraCreditPrice: 0.005,
    setupMinutes: 60,
    dailyDrafts: 400,
    dailyDraftsWithClassification: 200,
    classificationOrResponses: false,
  },
  {
    id: 'biz',
    monthlyPrice: 399,
    hidden: false,
    mostPopular: false,
    trialDays: 0,
    members: null,
    credits: 100_000,
    extraCreditPrice: 0.004,
    setupMinutes: 60,
    dailyDrafts: 2000,
    dailyDraftsWithClassification: 1000,
    classificationOrResponses: false,
  },
];

/** The plan of an id; an unknown id gets FREE's rules (the safest). */
export function planOf(id: string): Plan {
  return PLANS.find((p) => p.id === id) ?? PLANS[0]!;
}

/** Yearly billing: 75% of the monthly price, rounded down per month (spec 01 §9). */
export function yearlyMonthlyPrice(plan: Plan): number {
  return Math.floor(plan.monthlyPrice * 0.75);
}

/** What a yearly subscription shows: the 12-month total billed annually. */
export function yearlyTotal(plan: Plan): number {
  return yearlyMonthlyPrice(plan) * 12;
}

/** The price per month for a cycle. */
export function pricePerMonth(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? yearlyMonthlyPrice(plan) : plan.monthlyPrice;
}

/** What one billing period costs: the month's price, or the 12-month total billed annually. */
export function billedPrice(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'yearly' ? yearlyTotal(plan) : plan.monthlyPrice;
}

/** Plans are priced in euros. */
export const PLAN_CURRENCY = 'eur';

/** The plans a customer can pick on the plans screen (FREE is hidden). */
export const OFFERED_PLANS: readonly Plan[] = PLANS.filter((p) => !p.hidden);

/**
 * Spec 02 §6: a plan with `classificationOrResponses` (STARTER) offers AI responses (any response
 * type but disable) or AI classification, not both. The server refuses the rest with
 * STARTER_PLAN_LIMIT; the connect form offers only what this allows.
 */
export function planAllowsMailOptions(
  plan: Pick<Plan, 'classificationOrResponses'>,
  options: { responses: boolean; classification: boolean },
) {
  return !(plan.classificationOrResponses && options.responses && options.classification);
}
