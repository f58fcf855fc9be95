/**
 * Dry run (issue 36): while a mailbox is in dry run the pipeline goes through every step as it would
 * live (classification, the guards, the texts it would write, the grounding checks) with message
 * operations that write nothing to the mailbox, and each action ends `dry_run` instead of `done`:
 * the owner reviews what would have happened, then switches to live.
 */
import type { MessageOperations } from '../mail/port';
import { type MailboxContext, nowOf } from './context';

export function inDryRun(ctx: Pick<MailboxContext, 'account' | 'deps'>): boolean {
  const until = ctx.account.dryRunUntil;
  return until !== null && until.getTime() > nowOf(ctx.deps).getTime();
}

/** The mailbox read as usual, never written: no move, flag, mark, draft, send or deletion. */
export function readOnlyOperations(ops: MessageOperations): MessageOperations {
  const nothing = async () => undefined;
  return {
    ...ops,
    move: nothing,
    setFlags: nothing,
    append: async () => null,
    send: nothing,
    ...(ops.markLikelySpam && { markLikelySpam: nothing }),
    ...(ops.clearLikelySpam && { clearLikelySpam: nothing }),
    ...(ops.expunge && { expunge: nothing }),
    ...(ops.deleteDraft && { deleteDraft: nothing }),
  };
}
