/**
 * The dry run's review (issue 36, item 3): what the assistant recorded for each message while the
 * mailbox was in dry run, and the owner's verdict on it. A "wrong" verdict says where the message
 * belongs and is stored as a correction, learned before the next message is classified (the same
 * path as a message moved in another client).
 */
import { type DryRunItem, type DryRunPage, type DryRunVerdict, DRY_RUN_PAGE_SIZE } from '@app/shared/dry-run';
import type { MailboxNode } from '@app/shared/mail-settings';
import { badRequest, notFound } from '../../errors';
import { parseMessage } from '../../mail/mime/parse-message';
import { withMailProvider } from '../../mail/open-provider';
import { toEngineMessage } from '../../pipeline/classify';
import { saveCorrection } from '../../pipeline/corrections';
import * as dryRuns from './dry-run.repository';
import * as repo from './mail-settings.repository';
import { type MailSettingsDeps, providerFor, requireAccount, toSetting } from './mail-settings.service';
import type { ActorRef } from '../../access/actor';

/** What of a corrected message's text is kept, as for corrections found in folders. */
const TEXT_MAX = 6_000;

export async function dryRunReview(deps: Pick<MailSettingsDeps, 'db'>, caller: ActorRef, page: number): Promise<DryRunPage> {
  const account = await requireAccount(deps.db, caller);
  const { messages, actions, figures } = await dryRuns.dryRunPage(
    deps.db,
    account.id,
    (page - 1) * DRY_RUN_PAGE_SIZE,
    DRY_RUN_PAGE_SIZE,
  );
  const paths = folderPaths(account.mailboxes);
  return {
    until: toSetting(account).dryRunUntil,
    items: messages.map((m) =>
      toItem(
        m,
        actions.filter((a) => a.mailMessageId === m.id),
        paths,
      ),
    ),
    total: figures.total,
    reviewed: figures.reviewed,
    wrong: figures.wrong,
    page,
    pages: Math.max(1, Math.ceil(figures.total / DRY_RUN_PAGE_SIZE)),
  };
}

export async function reviewDryRun(deps: MailSettingsDeps, caller: ActorRef, id: string, input: DryRunVerdict) {
  const account = await requireAccount(deps.db, caller);
  const message = await dryRuns.findDryRunMessage(deps.db, account.id, id);
  if (!message) throw notFound('mailSettings.dryRun.validation.unknown');
  if (input.verdict === 'wrong') {
    const categories = await repo.listCategories(deps.db, caller.id);
    if (input.categoryId !== null && !categories.some((c) => c.id === input.categoryId))
      throw badRequest('mailSettings.dryRun.validation.category');
    if (input.categoryId === message.categoryId) throw badRequest('mailSettings.dryRun.validation.sameCategory');
    // The text the engine reads, from the mailbox (a dry run moved nothing); the subject alone if it is gone.
    const raw = await withMailProvider(providerFor(deps, account), async (provider) =>
      provider.messages ? provider.messages.fetchRaw(message.folder, message.providerId) : null,
    ).catch(() => null);
    const text = raw ? toEngineMessage(await parseMessage(raw, { maxBodyChars: 20_000 })).text : '';
    await saveCorrection(deps.db, {
      userId: account.userId,
      mailAccountId: account.id,
      messageId: message.messageId ?? `<dry-run.${message.id}>`,
      categoryId: input.categoryId,
      fromCategoryId: message.categoryId,
      subject: message.subject,
      fromName: message.fromName,
      fromAddress: message.fromAddress,
      text: text.slice(0, TEXT_MAX),
      sentAt: message.sentAt,
    });
    // Learned before the next message: the initialisation runs again, reading every correction.
    await repo.updateAccount(deps.db, caller.id, { batchStatus: 'pending' });
  }
  await dryRuns.setVerdict(deps.db, account.id, id, input.verdict);
  return { success: true as const };
}

function toItem(m: dryRuns.DryRunMessage, actions: dryRuns.DryRunAction[], paths: Map<string, string>): DryRunItem {
  return {
    id: m.id,
    receivedAt: m.createdAt.toISOString(),
    from: { name: m.fromName, address: m.fromAddress },
    subject: m.subject,
    folder: m.folder,
    uid: m.providerId,
    categoryId: m.categoryId,
    categoryName: m.categoryName,
    reason: m.reason,
    skipReason: m.skipReason,
    verdict: m.verdict,
    actions: actions.map((a) => ({
      kind: a.kind,
      status: a.status,
      detail: a.detail,
      folder: a.target.folderId ? (paths.get(a.target.folderId) ?? a.target.folderId) : null,
      to: a.target.to ?? [],
      text: a.body,
    })),
  };
}

/** Folder ids to the paths the owner knows them by. */
function folderPaths(tree: MailboxNode[], paths = new Map<string, string>()) {
  for (const node of tree) {
    paths.set(node.id, node.name);
    folderPaths(node.children, paths);
  }
  return paths;
}
