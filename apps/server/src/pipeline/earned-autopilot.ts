/**
 * Earned autopilot (issue 36, item 2): an owner can let a category reply and forward by itself only
 * while its precision measured on past mail (the accuracy report, with the mail filed since) is at
 * least a share they choose;
 * below it, or before anything is measured, the assistant drafts instead and says why.
 */
import { categoriesOfMailbox, type MailboxContext } from './context';
import { currentAccuracy } from './live-accuracy';
import type * as repo from './pipeline.repository';

export const PRECISION_BELOW = 'precision_below';

/** True when the message's category asks for a measured precision it has not reached. */
export async function autopilotNotEarned(ctx: MailboxContext, row: repo.MessageRow): Promise<boolean> {
  // The owner's own rules are theirs: what is measured is the engine's judgement.
  if (!row.categoryId || row.classifiedBy === 'rules') return false;
  const category = (await categoriesOfMailbox(ctx)).find((c) => c.id === row.categoryId);
  if (!category || category.autopilotMinPrecision === null) return false;
  const report = await currentAccuracy(ctx.deps.db, ctx.account.id);
  const precision = report?.categories.find((c) => c.categoryId === row.categoryId)?.precision ?? null;
  return precision === null || precision * 100 < category.autopilotMinPrecision;
}
