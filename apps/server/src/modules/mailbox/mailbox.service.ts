/**
 * The webmail's mailbox session: the caller's pooled provider, seen through a short folder cache.
 * Reading is in `read-messages.ts`, the folder tree in `mailbox-folders.ts`, changes in
 * `change-messages.ts`, writing in `compose-message.ts`, `send-message.ts` and `drafts.ts`.
 */
import { AppError } from '../../errors';
import { MailError, SendFailure } from '../../mail/errors';
import type { MailFolder, MailProvider, MessageOperations } from '../../mail/port';
import { type MailSettingsDeps, mailFailure, providerFor, requireAccount } from '../mail-settings/mail-settings.service';
import type { MailboxPool } from './mailbox-pool';
import type { RawCache } from './raw-cache';
import type { ActorRef } from '../../access/actor';

export type MailboxDeps = MailSettingsDeps & { pool: MailboxPool; raw: RawCache; folders: FolderCache };

/** Folder lists per user, for 30 s: a page or a move checks its folders without a LIST each time. */
export type FolderCache = Map<string, { at: number; key: string; list: MailFolder[] }>;
const FOLDERS_TTL_MS = 30_000;

/** The provider seen through the folder cache; creating a folder or a missing folder refreshes it. */
export type CachedProvider = MailProvider & { freshFolders(): Promise<MailFolder[]> };

function throughCache(deps: MailboxDeps, userId: string, key: string, provider: MailProvider): CachedProvider {
  const view = Object.create(provider) as CachedProvider;
  view.freshFolders = async () => {
    const list = await provider.listFolders();
    deps.folders.set(userId, { at: Date.now(), key, list });
    return list;
  };
  view.listFolders = async () => {
    const cached = deps.folders.get(userId);
    return cached && cached.key === key && Date.now() - cached.at < FOLDERS_TTL_MS ? cached.list : view.freshFolders();
  };
  view.ensureFolder = async (segments, parentId) => {
    deps.folders.delete(userId);
    return provider.ensureFolder(segments, parentId);
  };
  return view;
}

/** Runs `work` with the caller's pooled provider and its message operations. */
export async function withMailbox<T>(
  deps: MailboxDeps,
  caller: ActorRef,
  work: (provider: CachedProvider, ops: MessageOperations, address: string) => Promise<T>,
): Promise<T> {
  const account = await requireAccount(deps.db, caller);
  const key = `${account.id}:${account.provider === 'smtp' ? account.secret : ''}:${JSON.stringify(account.connection)}`;
  try {
    return await deps.pool.use(
      caller.id,
      key,
      () => providerFor(deps, account),
      async (provider) => {
        if (!provider.messages) {
          throw new AppError(400, 'MAILBOX_NOT_SUPPORTED', `The webmail does not support ${account.provider} mailboxes yet`);
        }
        return work(throughCache(deps, caller.id, key, provider), provider.messages, account.username);
      },
    );
  } catch (error) {
    if (error instanceof SendFailure) {
      throw new AppError(400, 'SEND_FAILED', error.message, { stage: error.error.stage, reason: error.error.reason });
    }
    if (error instanceof MailError) mailFailure(error, 'MAILBOX_UNAVAILABLE');
    throw error;
  }
}
