/**
 * The accuracy replay with an AI provider (issue 36, item 1): every judgement is a paid call, so it
 * runs only when the owner asks, after seeing what it may cost, on at most AI_REPLAY_MAX_MESSAGES of
 * their newest filed messages, each paid like a classification, and it stops when the credits run
 * out. The built-in engine replays at every initialisation, for nothing.
 */
import { AI_REPLAY_MAX_MESSAGES, type AccuracyReplayOffer } from '@app/shared/accuracy';
import type { ActorRef } from '../../access/actor';
import type { AiEngine } from '../../ai/engine';
import { CREDIT_COSTS, type CreditAccount, debit, spendable } from '../../credits/ledger';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { creditAccountOfUser } from '../subscriptions/subscriptions.service';
import { type MailSettingsDeps, requireAccount } from './mail-settings.service';
import { engineNameOf } from '../ai-provider/ai-provider.service';
import * as repo from './mail-settings.repository';

const notNeeded = () => new AppError(409, 'REPLAY_NOT_NEEDED', 'mailSettings.accuracy.replayNotNeeded');

/** GET /api/email-settings/accuracy/replay: what the replay with the AI provider may cost. */
export async function replayOffer(deps: MailSettingsDeps, caller: ActorRef): Promise<AccuracyReplayOffer> {
  if ((await engineNameOf(deps.db, caller.id, deps.engineName ?? 'local')) === 'local') throw notNeeded();
  const account = await requireAccount(deps.db, caller);
  const credits = await creditAccountOfUser(deps.db, account.userId, deps.billingEnabled);
  return {
    messages: AI_REPLAY_MAX_MESSAGES,
    creditsPerMessage: CREDIT_COSTS.aiClassification,
    maxCredits: AI_REPLAY_MAX_MESSAGES * CREDIT_COSTS.aiClassification,
    balance: await spendable(deps.db, credits),
    requested: account.accuracyReplayRequested !== null,
  };
}

/** POST /api/email-settings/accuracy/replay: the owner accepts the cost; the initialisation runs now and replays. */
export async function requestReplay(deps: MailSettingsDeps, caller: ActorRef): Promise<AccuracyReplayOffer> {
  if ((await engineNameOf(deps.db, caller.id, deps.engineName ?? 'local')) === 'local') throw notNeeded();
  const account = await requireAccount(deps.db, caller);
  if (!account.isSyncEnabled)
    throw new AppError(409, 'REPLAY_NEEDS_INITIALISATION', 'mailSettings.accuracy.replayNeedsInitialisation');
  const left = await spendable(deps.db, await creditAccountOfUser(deps.db, account.userId, deps.billingEnabled));
  if (left !== null && left < CREDIT_COSTS.aiClassification)
    throw new AppError(409, 'NO_CREDITS', 'mailSettings.accuracy.replay.noCredits');
  await repo.updateAccount(deps.db, account.userId, { accuracyReplayRequested: AI_REPLAY_MAX_MESSAGES, batchStatus: 'pending' });
  return replayOffer(deps, caller);
}

/**
 * The engine the replay judges with, paying each judgement as a classification (once per message of
 * this run, by its key). Once a debit is refused (the credits ran out), it judges nothing more.
 */
export function payingEngine(db: Db, engine: AiEngine, credits: CreditAccount, entry: { userId: string; run: string }): AiEngine {
  const unpaid = { categoryId: null, confidence: 0, reason: 'credits exhausted' };
  let exhausted = false;
  let n = 0;
  return {
    ...engine,
    async classify(message, categories, model) {
      const key = `accuracy-replay:${entry.run}:${n++}`;
      if (exhausted) return unpaid;
      const paid = await debit(db, credits, {
        userId: entry.userId,
        amount: CREDIT_COSTS.aiClassification,
        reason: 'accuracy replay',
        key,
      });
      if (!paid.ok) {
        exhausted = true;
        return unpaid;
      }
      return engine.classify(message, categories, model);
    },
  };
}
