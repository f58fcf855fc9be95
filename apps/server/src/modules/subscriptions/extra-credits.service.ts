import { EXTRA_CREDITS_METER_EVENT, meterUnitsPerCredit } from '@app/shared/billing';
import { planOf } from '@app/shared/plans';
import { balance, periodOf, previousPeriodOf } from '../../credits/ledger';
import { call, hasLiveSubscription, requireGateway, type BillingDeps } from './billing-common';
import * as repo from './subscriptions.repository';

/**
 * Extra-credit reporting (DESIGN §10; docs/decisions.md, Billing): the credits an owner on a paid
 * plan uses beyond the period's grant are billed in arrears through Stripe's billing meter. This
 * file owns what is reported for one owner's credit period, and the worker's hourly run over every
 * paying owner.
 */

/**
 * Reports the owner's extra credits of a credit period (used beyond the grant, on a paid plan that
 * has them; the current period unless named) to Stripe's billing meter, as the plan's price in
 * €0.001 units. Each report names the total it brings the period to (`identifier`), and the total
 * is written as pending before it is sent, so a report retried after a crash is counted once by
 * Stripe. Answers the credits newly reported.
 */
export async function reportExtraCredits(deps: BillingDeps, ownerId: string, requested?: string): Promise<number> {
  const gateway = requireGateway(deps);
  const row = await repo.findSubscription(deps.db, ownerId);
  const period = requested ?? periodOf(row?.currentPeriodStart);
  const units = meterUnitsPerCredit(planOf(row?.plan ?? 'free').extraCreditPrice);
  if (!row?.stripeCustomerId || !hasLiveSubscription(row) || units === 0) return 0;
  const customer = row.stripeCustomerId;
  const send = async (from: number, to: number) => {
    await call(deps, () =>
      gateway.recordMeterEvent({
        eventName: EXTRA_CREDITS_METER_EVENT,
        customerId: customer,
        value: String((to - from) * units),
        identifier: `extra:${ownerId}:${period}:${to}`,
      }),
    );
    await repo.completeMeterReport(deps.db, ownerId, period, to);
  };
  let report = await repo.meterReport(deps.db, ownerId, period);
  const start = report.reportedCredits;
  if (report.pendingCredits !== null && report.pendingCredits > report.reportedCredits) {
    await send(report.reportedCredits, report.pendingCredits);
    report = await repo.meterReport(deps.db, ownerId, period);
  }
  const overage = Math.max(0, -(await balance(deps.db, ownerId, period)));
  if (overage > report.reportedCredits) {
    await repo.setPendingMeterReport(deps.db, ownerId, period, overage);
    await send(report.reportedCredits, overage);
  }
  return Math.max(overage, report.reportedCredits) - start;
}

/**
 * Every paying owner's extra credits, for the worker's hourly job: the period before the current
 * one first (what was used in its last hour), then the current one.
 */
export async function reportAllExtraCredits(deps: BillingDeps, now = new Date()) {
  for (const ownerId of await repo.ownersWithLiveSubscriptions(deps.db)) {
    try {
      const anchor = (await repo.findSubscription(deps.db, ownerId))?.currentPeriodStart;
      await reportExtraCredits(deps, ownerId, previousPeriodOf(anchor, now));
      await reportExtraCredits(deps, ownerId, periodOf(anchor, now));
    } catch (error) {
      deps.log?.warn({ err: error, ownerId }, 'extra credits report failed; retried on the next run');
    }
  }
}
