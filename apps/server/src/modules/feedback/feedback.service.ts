import { FEEDBACK_PER_HOUR, type Feedback, type feedbackInputSchema } from '@app/shared/feedback';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Mailer } from '../../notifications/mailer';
import { feedbackMail } from './feedback.mail';
import * as repo from './feedback.repository';
import { type Actor } from '../../access/actor';

const HOUR_MS = 60 * 60 * 1000;

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type FeedbackDeps = {
  db: Db;
  mailer: Mailer;
  /** Where feedback is mailed (SUPPORT_EMAIL); without it feedback is only stored. */
  supportEmail: string | undefined;
  perHour?: number;
  log: Log;
};

function toFeedback(row: repo.FeedbackRow): Feedback {
  return { _id: row.id, name: row.name, email: row.email, message: row.message, createdAt: row.createdAt.toISOString() };
}

/** Stores the message unless the caller already sent the hourly maximum (checked under a per-user lock). */
async function store(deps: FeedbackDeps, caller: Actor, input: z.output<typeof feedbackInputSchema>) {
  const cap = deps.perHour ?? FEEDBACK_PER_HOUR;
  return deps.db.transaction(async (tx) => {
    await repo.lockUser(tx, caller.id);
    if ((await repo.countSince(tx, caller.id, new Date(Date.now() - HOUR_MS))) >= cap) {
      throw new AppError(429, 'FEEDBACK_RATE_LIMIT', `At most ${cap} messages can be sent per hour, please try again later`, {
        limit: cap,
      });
    }
    return repo.insertFeedback(tx, caller.id, input);
  });
}

/**
 * POST /api/feedback: stored first, then mailed to the support address. A delivery failure is logged
 * and the stored row (mailed_at null) keeps the message, so the user's message is never lost.
 */
export async function sendFeedback(deps: FeedbackDeps, caller: Actor, input: z.output<typeof feedbackInputSchema>) {
  const row = await store(deps, caller, input);
  if (!deps.supportEmail) {
    deps.log.warn({ feedbackId: row.id }, 'feedback stored; SUPPORT_EMAIL is not set, so it was not mailed');
    return toFeedback(row);
  }
  try {
    await deps.mailer.send(feedbackMail({ to: deps.supportEmail, sender: caller, form: input }));
    await repo.markMailed(deps.db, caller.id, row.id);
  } catch (error) {
    deps.log.error({ err: error, feedbackId: row.id }, 'feedback stored but could not be mailed to SUPPORT_EMAIL');
  }
  return toFeedback(row);
}
