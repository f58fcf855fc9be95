import { DEFAULT_BILLING_CYCLE, DEFAULT_PLAN } from '@app/shared/constants';
import type { Db } from '../../db/client';
import { findReferrerId, findSubscription, insertSubscriptionIfMissing } from './subscriptions.repository';

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

/** The plan a user works under: their own as an owner, their owner's as a member. */
export async function accountPlan(
  db: Db,
  user: { id: string; referrerId: string | null },
  billingEnabled: boolean,
): Promise<AccountPlan> {
  const subscription = await findSubscription(db, user.referrerId ?? user.id);
  return {
    billable: billingEnabled && user.referrerId === null,
    plan: subscription?.plan ?? (billingEnabled ? DEFAULT_PLAN : 'biz'),
    subscriptionStatus: subscription?.status ?? (billingEnabled ? 'none' : 'active'),
    subscriptionBillingCycle: subscription?.billingCycle === 'yearly' ? 'yearly' : DEFAULT_BILLING_CYCLE,
  };
}
