import { DEFAULT_BILLING_CYCLE, DEFAULT_PLAN } from '@app/shared/constants';
import type { CreditAccount } from '../../credits/ledger';
import type { Db } from '../../db/client';
import { findReferrerId, findSubscription, insertSubscriptionIfMissing, type SubscriptionRow } from './subscriptions.repository';

export interface AccountPlan {
  billable: boolean;
  plan: string;
  subscriptionStatus: string;
  subscriptionBillingCycle: 'monthly' | 'yearly';
}

/**
 * Creates the owner's subscription after sign-up and every social sign-in: idempotent per owner,
 * never for invited members. Billing off: the BIZ plan's rules, not billable (DESIGN §10).
 */
export async function ensureOwnerSubscription(db: Db, userId: string, billingEnabled: boolean): Promise<void> {
  const referrerId = await findReferrerId(db, userId);
  if (referrerId !== null) return;
  await insertSubscriptionIfMissing(db, {
    ownerId: userId,
    plan: billingEnabled ? DEFAULT_PLAN : 'biz',
    status: 'active',
  });
}

type PlanUser = { id: string; referrerId: string | null };

/** The plan a user works under: their own as an owner, their owner's as a member. */
export async function accountPlan(db: Db, user: PlanUser, billingEnabled: boolean): Promise<AccountPlan> {
  return planOf(await findSubscription(db, user.referrerId ?? user.id), user, billingEnabled);
}

/**
 * The credits account a user spends from (DESIGN §10): the owner's, on the owner's plan. A paid
 * Stripe subscription anchors the credit periods on its billing period; without one they are
 * calendar months (docs/decisions.md, Billing).
 */
export async function creditAccountOf(db: Db, user: PlanUser, billingEnabled: boolean): Promise<CreditAccount> {
  return creditAccountFrom(await findSubscription(db, user.referrerId ?? user.id), user, billingEnabled);
}

/** The credits account of a user known only by id (the pipeline's messages carry the mailbox owner's id). */
export async function creditAccountOfUser(db: Db, userId: string, billingEnabled: boolean): Promise<CreditAccount> {
  const referrerId = (await findReferrerId(db, userId)) ?? null;
  return creditAccountOf(db, { id: userId, referrerId }, billingEnabled);
}

/** Both of the above from one read of the owner's subscription (the session user shows both). */
export async function planAndCreditAccount(db: Db, user: PlanUser, billingEnabled: boolean) {
  const subscription = await findSubscription(db, user.referrerId ?? user.id);
  return { plan: planOf(subscription, user, billingEnabled), credits: creditAccountFrom(subscription, user, billingEnabled) };
}

function planOf(subscription: SubscriptionRow | null, user: PlanUser, billingEnabled: boolean): AccountPlan {
  return {
    billable: billingEnabled && user.referrerId === null,
    plan: planOfSubscription(subscription, billingEnabled),
    subscriptionStatus: subscription?.status ?? (billingEnabled ? 'none' : 'active'),
    subscriptionBillingCycle: subscription?.billingCycle === 'yearly' ? 'yearly' : DEFAULT_BILLING_CYCLE,
  };
}

const planOfSubscription = (subscription: SubscriptionRow | null, billingEnabled: boolean) =>
  subscription?.plan ?? (billingEnabled ? DEFAULT_PLAN : 'biz');

function creditAccountFrom(subscription: SubscriptionRow | null, user: PlanUser, billingEnabled: boolean): CreditAccount {
  const plan = planOfSubscription(subscription, billingEnabled);
  const paid = billingEnabled && plan !== 'free' && Boolean(subscription?.stripeSubscriptionId);
  const ownerId = user.referrerId ?? user.id;
  return { ownerId, plan, billingEnabled, periodAnchor: paid ? (subscription?.currentPeriodStart ?? null) : null };
}
