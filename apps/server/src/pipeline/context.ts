import type { AiEngine, ClassifierModel, Grounding } from '../ai/engine';
import type { CreditAccount } from '../credits/ledger';
import type { Db } from '../db/client';
import type { MailFolder, MailProvider, MessageOperations } from '../mail/port';
import type { MailAccountRow } from './ingest.repository';
import { isNotSpamSender } from './not-spam.repository';
import * as repo from './pipeline.repository';
import type { CategoryRow } from './pipeline.repository';
import type { Mailbox } from './outgoing';

/** What the pipeline needs from the process that runs it (the worker role builds it). */
export interface PipelineDeps {
  db: Db;
  engine: AiEngine;
  /** The engine of a mailbox's owner (their own AI provider's, else `engine`), read at every round. */
  engineOf?(userId: string): Promise<AiEngine>;
  /** The owner's knowledge, prompt and past replies, read by the modules that own them. */
  grounding: Grounding;
  /** Our host name, for deterministic Message-IDs and the X-Loop marker. */
  host: string;
  /** Automatic sends (replies and forwards) per mailbox per day (DESIGN §5.4). */
  dailySendCap: number;
  /** The owner's credits account for a user (members spend their owner's credits). */
  creditAccountOf(userId: string): Promise<CreditAccount>;
  now?: () => Date;
}

/** One mailbox being worked on: its row, an open provider and what was read once per session. */
export interface MailboxContext {
  deps: PipelineDeps;
  account: MailAccountRow;
  provider: MailProvider;
  ops: MessageOperations;
  folders: MailFolder[];
  /** Who automatic mail is from. */
  mailbox: Mailbox;
  /** True while the mailbox is in dry run: `ops` write nothing and actions end `dry_run` (dry-run.ts). */
  dryRun?: boolean;
  /**
   * Kept for the life of the connection: the classifier for the current AI categories, as a promise
   * so that messages in progress together load or train it once.
   */
  memo: { classifier?: { key: string; model: Promise<ClassifierModel | null> } };
  /** The mailbox's categories, read once for a batch of pending messages (process-pending.ts). */
  batchCategories?: () => Promise<CategoryRow[]>;
  /** The batch's senders the owner said are not spam, read in one query; undefined for a sender not in the batch. */
  batchNotSpamSender?: (address: string) => Promise<boolean> | undefined;
}

/** Whether the owner said `address` is not spam: answered from the batch's senders read at once when it is one of them. */
export const isNotSpamSenderOf = (ctx: MailboxContext, address: string) =>
  ctx.batchNotSpamSender?.(address) ?? isNotSpamSender(ctx.deps.db, ctx.account.id, address);

/** The mailbox's categories: the batch's when there is one, otherwise read now. */
export const categoriesOfMailbox = (ctx: MailboxContext) =>
  ctx.batchCategories?.() ?? repo.categoriesOf(ctx.deps.db, ctx.account.id);

export const loopMarkerOf = (ctx: Pick<MailboxContext, 'account' | 'deps'>) => `${ctx.account.id}@${ctx.deps.host}`;
export const nowOf = (deps: PipelineDeps) => deps.now?.() ?? new Date();
