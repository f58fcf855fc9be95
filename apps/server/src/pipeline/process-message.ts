import type { ClassifierModel } from '../ai/engine';
import { CREDIT_COSTS, creditsExhausted, debit } from '../credits/ledger';
import { MailError, SendFailure } from '../mail/errors';
import { parseMessage } from '../mail/mime/parse-message';
import { creditsDebited } from '../metrics/counters';
import type { ParsedMessage } from '../mail/mime/message';
import { findSpecialFolder } from '../mail/special-folders';
import { categoriesKey, classifyMessage, type Decision, toEngineCategory } from './classify';
import { categoriesOfMailbox, isNotSpamSenderOf, type MailboxContext } from './context';
import { planActions } from './plan-actions';
import { firstRuleCategory, ruleMessageOf } from './rule-match';
import { learnableAuthservId } from './authserv-id';
import { inDryRun, readOnlyOperations } from './dry-run';
import { LIKELY_SPAM, likelySpam, serverSaysSpam, suspectedSpam, vouchedByOwner } from './spam-check';
import * as repo from './pipeline.repository';
import { type LoadedMessage, runAction } from './run-actions';
import { findClassifier, saveClassifier } from './classifier.repository';

/** Thrown inside the classification transaction when the last credits went to another step meanwhile. */
class CreditsGone extends Error {}

const ACTION_ORDER = ['mark_spam', 'draft', 'reply', 'forward', 'move'] as const;

/** When a message may send: after the messages that came before it (process-pending.ts). */
export interface SendTurn {
  wait(): Promise<void>;
}
const SENDS: ReadonlySet<string> = new Set(['reply', 'forward']);

/**
 * One message through the pipeline (DESIGN §5): classified once (result, actions and credit debit in
 * one transaction), then each recorded action run to its end state, then marked done. A provider
 * failure is rethrown after the attempt is counted, so the mailbox's runner reconnects and retries.
 */
export async function processMessage(ctx: MailboxContext, row: repo.MessageRow, turn?: SendTurn): Promise<void> {
  const { db } = ctx.deps;
  let loaded: LoadedMessage | null | undefined;
  const load = async () => {
    if (loaded === undefined) {
      const raw = await ctx.ops.fetchRaw(row.folder, row.providerId);
      loaded = raw ? { raw, parsed: await parseMessage(raw) } : null;
      if (loaded) await learnFrom(ctx, loaded.parsed);
    }
    return loaded;
  };
  // Those just stored by the classification, else read.
  let actions: repo.ActionRow[] | null = null;
  try {
    if (row.status === 'new') {
      const message = await load();
      if (!message) return await repo.finishMessage(db, row.id, 'gone');
      const classified = await classifyAndPlan(ctx, row, message.parsed);
      row = { ...row, ...classified.record, status: 'classified' };
      actions = classified.actions;
    }
    actions ??= await repo.actionsOf(db, row.id);
    actions.sort((a, b) => ACTION_ORDER.indexOf(a.kind) - ACTION_ORDER.indexOf(b.kind));
    // Mail that came in during a dry run is handled as in a dry run to its end, even once live.
    const runCtx = row.dryRun ? { ...ctx, ops: readOnlyOperations(ctx.ops), dryRun: true } : ctx;
    for (const action of actions) {
      if (turn && SENDS.has(action.kind)) await turn.wait();
      await runAction(runCtx, row, action, load);
    }
    await repo.finishMessage(db, row.id, 'done');
  } catch (error) {
    await repo.recordAttemptFailure(db, row.id, error instanceof Error ? error.message : String(error));
    if (error instanceof MailError || error instanceof SendFailure) throw error;
  }
}

/**
 * What a received message teaches the mailbox before any verdict: the receiving server's authserv-id
 * (never from mail that server calls spam: a forger writes such headers), and whether its sender is
 * one the owner said is not spam.
 */
async function learnFrom(ctx: MailboxContext, parsed: ParsedMessage) {
  const { db } = ctx.deps;
  const learned = !serverSaysSpam(parsed.headers) && learnableAuthservId(parsed.headers, ctx.account);
  if (learned) {
    await repo.learnAuthservId(db, ctx.account.id, learned);
    ctx.account = { ...ctx.account, authservId: learned };
  }
  const sender = parsed.from?.address;
  if (sender && (await isNotSpamSenderOf(ctx, sender))) vouchedByOwner(parsed);
}

async function classifyAndPlan(ctx: MailboxContext, row: repo.MessageRow, parsed: ParsedMessage) {
  const { db } = ctx.deps;
  const credits = await ctx.deps.creditAccountOf(row.userId);
  const categories = ctx.account.isClassificationEnabled ? await categoriesOfMailbox(ctx) : [];
  const dryRun = inDryRun(ctx);
  const spam = likelySpam(parsed);
  // The owner's own rules outrank the built-in spam model's guess, not the receiving server's verdict.
  const ownRule = spam && !serverSaysSpam(parsed.headers) && firstRuleCategory(ruleMessageOf(parsed), categories) !== null;
  if (spam && !ownRule) {
    const record = { categoryId: null, classifiedBy: null, confidence: null, reason: spam, skipReason: LIKELY_SPAM, dryRun };
    // Marked where it arrived; moved to Junk only when the owner asked for it (a mistaken verdict must
    // never hide a customer's mail by default).
    const junk = ctx.account.moveSpamToJunk ? findSpecialFolder(ctx.folders, '\\Junk') : null;
    const actions = await repo.saveClassification(db, row, record, [
      { kind: 'mark_spam', target: {} },
      ...(junk && junk.id !== row.folder ? [{ kind: 'move' as const, target: { folderId: junk.id } }] : []),
    ]);
    return { record, actions };
  }
  let decision: Decision = {
    kind: 'none',
    record: { categoryId: null, classifiedBy: null, confidence: null, reason: null, skipReason: null, dryRun },
  };
  if (ctx.account.isClassificationEnabled) {
    // Mail the spam model suspects is not filed by the engine into a business category (the
    // owner's own rules still apply); nothing is written for it either (run-actions' guard).
    const suspected = suspectedSpam(parsed);
    decision = await classifyMessage({
      message: parsed,
      categories: suspected ? categories.filter((c) => c.classifierType !== 'ai') : categories,
      engine: ctx.deps.engine,
      model: await classifierModel(ctx, categories),
      canPayAi: !(await creditsExhausted(db, credits)),
    });
  }
  const plan = (d: Decision) =>
    planActions({
      responseType: ctx.account.responseType,
      isClassificationEnabled: ctx.account.isClassificationEnabled,
      decision: d,
      folderId: row.folder,
      draftsFolderId: findSpecialFolder(ctx.folders, '\\Drafts')?.id ?? null,
    });
  const payForAi = async (tx: repo.Executor) => {
    const paid = await debit(tx, credits, {
      userId: row.userId,
      amount: CREDIT_COSTS.aiClassification,
      reason: 'AI classification',
      key: `classify:${row.id}`,
    });
    if (!paid.ok) throw new CreditsGone();
    if (paid.applied) creditsDebited.inc(CREDIT_COSTS.aiClassification);
  };
  try {
    decision = { ...decision, record: { ...decision.record, dryRun } };
    const pay = decision.kind === 'ai' ? payForAi : undefined;
    const actions = await repo.saveClassification(db, row, decision.record, plan(decision), pay);
    return { record: decision.record, actions };
  } catch (error) {
    if (!(error instanceof CreditsGone)) throw error;
    decision = {
      kind: 'none',
      record: { ...decision.record, categoryId: null, classifiedBy: null, skipReason: 'NO_CREDITS', dryRun },
    };
    return { record: decision.record, actions: await repo.saveClassification(db, row, decision.record, plan(decision)) };
  }
}

/**
 * The mailbox's classifier for its current AI categories: kept in the database, trained again
 * (cold, from names and instructions; the initialisation adds the filed mail) when they change.
 */
async function classifierModel(ctx: MailboxContext, categories: repo.CategoryRow[]) {
  const ai = categories.filter((c) => c.classifierType === 'ai');
  if (ai.length === 0) return null;
  const key = categoriesKey(ai);
  let kept = ctx.memo.classifier;
  if (kept?.key !== key) {
    const model = loadOrTrainClassifier(ctx, ai, key);
    kept = ctx.memo.classifier = { key, model };
    // A failed load is tried again by the next message, not kept.
    model.catch(() => {
      if (ctx.memo.classifier?.model === model) ctx.memo.classifier = undefined;
    });
  }
  return kept.model;
}

async function loadOrTrainClassifier(ctx: MailboxContext, ai: repo.CategoryRow[], key: string) {
  const stored = await findClassifier(ctx.deps.db, ctx.account.id);
  if (stored && stored.categoriesKey === key && stored.engine === ctx.deps.engine.name) return stored.model as ClassifierModel;
  const model = await ctx.deps.engine.train(ai.map(toEngineCategory), []);
  if (model) {
    await saveClassifier(ctx.deps.db, {
      mailAccountId: ctx.account.id,
      userId: ctx.account.userId,
      engine: ctx.deps.engine.name,
      categoriesKey: key,
      model,
    });
  }
  return model;
}
