import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { PushChannel, PushTarget } from '../../mail/port';
import type { MailboxPush } from '../../pipeline/mailbox-runner';
import type { MailAccountRow } from '../../pipeline/ingest.repository';
import { listenForWakeups, MAIL_PUSH_CHANNEL } from '../../notifications/mailbox-wakeups';
import * as repo from './push.repository';

export type PushConfig = Config['push'];

/**
 * Renewed once a day (Google's advice for `users.watch`), or an hour before expiry if that is sooner;
 * at once when Graph asks for reauthorization (the webhook marks the channel due).
 */
const RENEW_EVERY_MS = 24 * 60 * 60 * 1000;
const RENEW_BEFORE_EXPIRY_MS = 60 * 60 * 1000;
/** A watch the vendor refused is asked again after this (the mailbox is polled meanwhile). */
const RETRY_AFTER_FAILURE_MS = 10 * 60 * 1000;

export const hashClientState = (clientState: string) => createHash('sha256').update(clientState).digest('hex');

/**
 * Where Graph posts a subscription's lifecycle notifications: next to its change notifications,
 * `<OUTLOOK_NOTIFICATION_URL>/lifecycle` (the route `/api/webhooks/outlook/lifecycle`), so that one
 * setting serves both and a proxy forwarding the one path forwards the other.
 */
export function lifecycleUrlOf(notificationUrl: string) {
  const url = new URL(notificationUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/lifecycle`;
  return url.toString();
}

const isDue = (row: repo.PushChannelRow, now: number) =>
  now >= Math.min(row.renewedAt.getTime() + RENEW_EVERY_MS, row.expiresAt.getTime() - RENEW_BEFORE_EXPIRY_MS);

const toChannel = (row: repo.PushChannelRow): PushChannel => ({
  id: row.provider === 'outlook' ? row.externalId : null,
  folderId: row.folder,
  expiresAt: row.expiresAt,
});

/**
 * The worker's side of push (issue 4): keeps each Gmail or Outlook mailbox's watch or subscription
 * open while it syncs (when push is configured for its vendor), and wakes its runner when the API
 * relays a notification. Failures never stop the mailbox: it is polled as before.
 */
export function createMailboxPush(deps: {
  database: Pick<Database, 'db' | 'listen'>;
  config: PushConfig;
  log?: { warn(object: object, message: string): void };
}): MailboxPush & { close(): Promise<void> } {
  const { db } = deps.database;
  const arrivals = listenForWakeups(deps.database, MAIL_PUSH_CHANNEL, (err) =>
    deps.log?.warn({ err }, 'push wake-ups unavailable'),
  );
  const retryAt = new Map<string, number>();

  function targetFor(account: MailAccountRow): { target: PushTarget; clientState: string | null } | null {
    if (account.provider === 'gmail' && deps.config.gmail)
      return { target: { topicName: deps.config.gmail.topic }, clientState: null };
    if (account.provider !== 'outlook' || !deps.config.outlook) return null;
    const clientState = randomBytes(32).toString('base64url');
    const { notificationUrl } = deps.config.outlook;
    return { target: { notificationUrl, lifecycleNotificationUrl: lifecycleUrlOf(notificationUrl), clientState }, clientState };
  }

  return {
    async keep(account, provider) {
      const wanted = targetFor(account);
      if (!wanted || !provider.watch || (retryAt.get(account.id) ?? 0) > Date.now()) return false;
      try {
        const row = await repo.findChannel(db, account.id);
        const sameFolder = row?.folder === account.trackedMailbox;
        if (row && sameFolder && !isDue(row, Date.now())) return true;
        if (row && !sameFolder) await provider.unwatch?.(toChannel(row)).catch(() => undefined);
        const current = row && sameFolder ? toChannel(row) : null;
        const channel = await provider.watch(account.trackedMailbox, wanted.target, current);
        const renewed = current !== null && channel.id === current.id;
        await repo.saveChannel(db, {
          mailAccountId: account.id,
          userId: account.userId,
          provider: account.provider === 'gmail' ? 'gmail' : 'outlook',
          externalId: channel.id ?? account.username.toLowerCase(),
          folder: channel.folderId,
          secretHash: renewed ? (row?.secretHash ?? null) : wanted.clientState && hashClientState(wanted.clientState),
          expiresAt: channel.expiresAt,
          renewedAt: new Date(),
        });
        retryAt.delete(account.id);
        return true;
      } catch (err) {
        deps.log?.warn({ accountId: account.id, err }, 'push channel could not be opened; the mailbox is polled');
        retryAt.set(account.id, Date.now() + RETRY_AFTER_FAILURE_MS);
        return false;
      }
    },

    async end(account, open) {
      retryAt.delete(account.id);
      const row = await repo.findChannel(db, account.id);
      if (!row) return;
      try {
        await open().unwatch?.(toChannel(row));
      } catch (err) {
        deps.log?.warn({ accountId: account.id, err }, 'push channel could not be ended');
      }
      await repo.deleteChannel(db, account.id);
    },

    arrivals: (accountId) => arrivals.open(accountId),

    close: () => arrivals.close(),
  };
}
