import { groundingFailure } from '../ai/grounded-reply';
import { quotesInternal } from '../ai/internal-leak';
import { knowledgeQuery } from '../ai/knowledge-query';
import { SendFailure } from '../mail/errors';
import { type ParsedMessage, readableText } from '../mail/mime/message';
import { findSpecialFolder } from '../mail/special-folders';
import { toEngineMessage } from './classify';
import { forwardNote } from './forward-note';
import { loopMarkerOf, type MailboxContext, nowOf } from './context';
import { AUTO_REPLY_INTERVAL_MS, autoReplyBlock, autoReplyHeaders, forwardHeaders, withinDailyCap } from './loop-guard';
import { buildForward, buildReply, outgoingMessageId, replyRecipients } from './outgoing';
import * as repo from './pipeline.repository';
import { trustedAuthservIds } from './authserv-id';
import { autopilotNotEarned, PRECISION_BELOW } from './earned-autopilot';
import { replyToTrusted } from './reply-to-trust';
import { suspectedSpam } from './spam-check';
import { writtenInAnotherLanguage } from '../ai/text';
import { recordDraft, type Written, writeReply } from './write-reply';

/** The message an action works on, read from the provider once per message. */
export interface LoadedMessage {
  raw: Buffer;
  parsed: ParsedMessage;
}

/** Runs one recorded action to its end state; throws to have the whole message retried later. */
export async function runAction(
  ctx: MailboxContext,
  row: repo.MessageRow,
  action: repo.ActionRow,
  load: () => Promise<LoadedMessage | null>,
) {
  if (action.status !== 'pending' && action.status !== 'started') return;
  switch (action.kind) {
    case 'move':
      await ctx.ops.move(row.folder, [row.providerId], action.target.folderId!);
      return done(ctx, action);
    case 'mark_spam':
      if (ctx.ops.markLikelySpam) await ctx.ops.markLikelySpam(row.folder, [row.providerId]);
      else await ctx.ops.setFlags(row.folder, [row.providerId], { add: ['$Junk'] });
      return done(ctx, action);
    case 'draft':
      return runDraft(ctx, row, action, load);
    case 'reply':
    case 'forward':
      return runSend(ctx, row, action, load);
  }
}

const doneStatus = (ctx: MailboxContext) => (ctx.dryRun ? ('dry_run' as const) : ('done' as const));
const done = (ctx: MailboxContext, action: repo.ActionRow) =>
  repo.updateAction(ctx.deps.db, action.id, { status: doneStatus(ctx), doneAt: nowOf(ctx.deps) });
const skip = (ctx: MailboxContext, action: repo.ActionRow, detail: string) =>
  repo.updateAction(ctx.deps.db, action.id, { status: 'skipped', detail });

/** Drafts are idempotent (`storeDraft`). */
async function runDraft(
  ctx: MailboxContext,
  row: repo.MessageRow,
  action: repo.ActionRow,
  load: () => Promise<LoadedMessage | null>,
) {
  const message = await load();
  if (!message) return skip(ctx, action, 'message_gone');
  const blocked = guard(ctx, row, message.parsed, 'draft', new Map());
  if (blocked) return skip(ctx, action, blocked);
  const written = await writeReply(ctx, row, action, message.parsed);
  if (written === null) return skip(ctx, action, 'NO_CREDITS');
  const { text } = written;
  const messageId = outgoingMessageId('draft', action.id, ctx.deps.host);
  await recordDraft(ctx, row, message.parsed, written, messageId);
  await storeDraft(ctx, action, action.target.folderId!, messageId, () =>
    buildReply({ original: message.parsed, from: ctx.mailbox, text, messageId }),
  );
  await repo.updateAction(ctx.deps.db, action.id, {
    status: doneStatus(ctx),
    outgoingMessageId: messageId,
    doneAt: nowOf(ctx.deps),
  });
}

/**
 * Replies and forwards are sent at most once (DESIGN §5.3): marked started before the send, done
 * after. A send found started (the worker died in between) is looked up in Sent by its Message-ID:
 * found, it is done; not found, it is in doubt and shown to the owner, never sent again.
 */
async function runSend(
  ctx: MailboxContext,
  row: repo.MessageRow,
  action: repo.ActionRow,
  load: () => Promise<LoadedMessage | null>,
) {
  const kind = action.kind as 'reply' | 'forward';
  const messageId = outgoingMessageId(kind, action.id, ctx.deps.host);
  if (action.status === 'started') return settleInterruptedSend(ctx, action, messageId);

  const message = await load();
  if (!message) return skip(ctx, action, 'message_gone');
  if (kind === 'reply' && !(await repo.repliesStillOn(ctx.deps.db, ctx.account.id))) return skip(ctx, action, 'replies_off');
  const now = nowOf(ctx.deps);
  const since = new Date(now.getTime() - AUTO_REPLY_INTERVAL_MS);
  const answered = await repo.lastAutoReplies(ctx.deps.db, ctx.account.id, replyRecipients(message.parsed), since);
  const blocked = guard(ctx, row, message.parsed, kind, answered);
  if (blocked) return skip(ctx, action, blocked);
  if (kind === 'reply' && !replyToTrusted(message.parsed, trustedAuthservIds(ctx.account)))
    return draftInstead(ctx, row, action, message.parsed, 'reply_to_unverified');
  // The owner's rule filed it, but the spam model doubts it: the owner decides, from a draft.
  if (kind === 'reply' && suspectedSpam(message.parsed)) return draftInstead(ctx, row, action, message.parsed, 'spam_suspected');
  if (await autopilotNotEarned(ctx, row)) {
    if (kind === 'reply') return draftInstead(ctx, row, action, message.parsed, PRECISION_BELOW);
    return skip(ctx, action, PRECISION_BELOW);
  }
  if (!withinDailyCap(await repo.autoSendsSince(ctx.deps.db, ctx.account.id, since), ctx.deps.dailySendCap))
    return skip(ctx, action, 'daily_cap');

  const built = await buildOutgoing(ctx, row, action, message, messageId);
  if (!built) return skip(ctx, action, 'NO_CREDITS');
  if (built.text !== null) {
    // Checked here on the texts, never taken from the engine: sent only when grounded and leaking nothing.
    const engineMessage = toEngineMessage(message.parsed);
    const knowledge = await ctx.deps.grounding.knowledge(
      row.userId,
      knowledgeQuery(engineMessage),
      ctx.deps.engine.knowledgeLimit,
    );
    const failure = quotesInternal(built.text, knowledge)
      ? 'internal_quoted'
      : groundingFailure({ incoming: `${engineMessage.subject}\n${engineMessage.text}`, reply: built.text, knowledge });
    if (failure) return draftInstead(ctx, row, action, message.parsed, failure, built.written);
  }
  // Claimed only from pending: were two workers ever on one message, one of them sends.
  const claimed = await repo.claimSend(ctx.deps.db, action.id, {
    startedAt: now,
    outgoingMessageId: messageId,
    target: { to: built.to },
  });
  if (!claimed) return;
  try {
    await ctx.ops.send(built.raw, { from: ctx.mailbox.address, to: built.to });
  } catch (error) {
    if (error instanceof SendFailure && error.notSent) {
      await repo.updateAction(ctx.deps.db, action.id, { status: 'pending', startedAt: null, detail: error.message });
      throw error;
    }
    return settleInterruptedSend(ctx, action, messageId);
  }
  await done(ctx, action);
}

/**
 * When unsure, draft instead of send: the reply is written and saved as a draft for the owner to
 * check, and the action records why it was not sent. Idempotent like runDraft.
 */
async function draftInstead(
  ctx: MailboxContext,
  row: repo.MessageRow,
  action: repo.ActionRow,
  parsed: ParsedMessage,
  reason: string,
  /** The reply written for the send that was held back, with its review. */
  held?: Written,
) {
  const drafts = findSpecialFolder(ctx.folders, '\\Drafts');
  if (!drafts) return skip(ctx, action, reason);
  const written = held ?? (await writeReply(ctx, row, action, parsed));
  if (written === null) return skip(ctx, action, 'NO_CREDITS');
  const { text } = written;
  const messageId = outgoingMessageId('draft', action.id, ctx.deps.host);
  await recordDraft(ctx, row, parsed, written, messageId);
  await storeDraft(ctx, action, drafts.id, messageId, () => buildReply({ original: parsed, from: ctx.mailbox, text, messageId }));
  await repo.updateAction(ctx.deps.db, action.id, { status: 'skipped', detail: reason, outgoingMessageId: messageId });
}

/**
 * Stores a draft once. Its text is written (and stored on the action) before the draft is, so an
 * action that had no text when this attempt began was never stored: only a retry looks for its
 * deterministic Message-ID first, and the first attempt spends no search on it.
 */
async function storeDraft(
  ctx: MailboxContext,
  action: repo.ActionRow,
  folderId: string,
  messageId: string,
  build: () => Promise<Buffer>,
) {
  const triedBefore = action.body !== null;
  if (triedBefore && (await ctx.ops.findByMessageId(folderId, messageId))) return;
  await ctx.ops.append(folderId, await build(), ['\\Draft', '\\Seen']);
}

async function settleInterruptedSend(ctx: MailboxContext, action: repo.ActionRow, messageId: string) {
  // Nothing left in a dry run: there is no send to look for.
  if (ctx.dryRun) return done(ctx, action);
  // Listed afresh: the Sent folder may have been created by a send since the session began.
  const sent = findSpecialFolder(await ctx.provider.listFolders(), '\\Sent');
  const found = sent ? await ctx.ops.findByMessageId(sent.id, messageId).catch(() => null) : null;
  if (found) return done(ctx, action);
  await repo.updateAction(ctx.deps.db, action.id, {
    status: 'in_doubt',
    detail: 'The send was interrupted and the message is not in Sent: check before sending it again',
  });
}

async function buildOutgoing(
  ctx: MailboxContext,
  row: repo.MessageRow,
  action: repo.ActionRow,
  message: LoadedMessage,
  messageId: string,
): Promise<{ raw: Buffer; to: string[]; text: string | null; written?: Written } | null> {
  const marker = loopMarkerOf(ctx);
  if (action.kind === 'forward') {
    const to = action.target.to ?? [];
    const note = forwardNote(message.parsed, ctx.mailbox.address);
    const raw = await buildForward({
      original: message.parsed,
      originalRaw: message.raw,
      from: ctx.mailbox,
      to,
      note,
      messageId,
      headers: forwardHeaders({ loopMarker: marker }),
    });
    return { raw, to, text: null };
  }
  const written = await writeReply(ctx, row, action, message.parsed);
  if (written === null) return null;
  const { text } = written;
  const raw = await buildReply({
    original: message.parsed,
    from: ctx.mailbox,
    text,
    messageId,
    headers: autoReplyHeaders({ loopMarker: marker }),
  });
  return { raw, to: replyRecipients(message.parsed), text, written };
}

/** The loop guard for this message; drafts are not sent, so the once-a-day rule does not apply to them. */
function guard(
  ctx: MailboxContext,
  row: repo.MessageRow,
  parsed: ParsedMessage,
  kind: 'draft' | 'reply' | 'forward',
  answered: Map<string, Date>,
) {
  const folder = ctx.folders.find((f) => f.id === row.folder);
  // A forward passes on what is not marked spam: an invoice from a robot must reach the accountant.
  // Mail the owner's own rules describe is theirs to answer, whatever the built-in model suspects.
  if (kind !== 'forward' && row.classifiedBy !== 'rules' && suspectedSpam(parsed)) return 'spam_suspected';
  const automatic = autoReplyBlock(parsed, {
    action: kind === 'forward' ? 'forward' : 'reply',
    mailboxAddress: ctx.mailbox.address,
    folderSpecialUse: folder?.specialUse ?? null,
    loopMarker: loopMarkerOf(ctx),
    lastAutoReplyAt: kind === 'reply' ? (address) => answered.get(address) : undefined,
    now: nowOf(ctx.deps),
  });
  if (automatic) return automatic;
  // The built-in engine writes English and French only: it does not answer a German mail in English.
  if (
    kind !== 'forward' &&
    ctx.deps.engine.name === 'local' &&
    writtenInAnotherLanguage(`${parsed.subject}\n${readableText(parsed)}`)
  )
    return 'language_unsupported';
  return null;
}
