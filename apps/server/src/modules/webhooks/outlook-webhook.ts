import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { hashClientState } from './mailbox-push';
import { MAIL_PUSH_CHANNEL, wakeMailbox } from '../../notifications/mailbox-wakeups';
import * as repo from './push.repository';

/**
 * Graph change notifications (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks):
 * `{ value: [{ subscriptionId, clientState, changeType, resource, resourceData: { id }, … }] }`. Each
 * is trusted only when its clientState is the secret given when the subscription was created.
 */
export const graphNotificationsSchema = z.object({
  value: z
    .array(
      z.object({
        subscriptionId: z.string().min(1).max(200),
        clientState: z.string().max(255).nullish(),
        changeType: z.string().max(50),
        resource: z.string().max(2000).optional(),
        resourceData: z
          .object({ id: z.string().max(500).optional() })
          .passthrough()
          .optional(),
      }),
    )
    .min(1)
    .max(100),
});

/** The validation handshake's token, echoed back as text (Graph caps it well under this). */
export const validationTokenSchema = z.string().min(1).max(2048);

function sameSecret(hash: string | null, clientState: string | null | undefined) {
  if (!hash || !clientState) return false;
  const given = Buffer.from(hashClientState(clientState));
  const stored = Buffer.from(hash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The mailbox a notification is about, when it names a subscription of ours with its clientState. */
async function trustedChannel(db: Db, notification: { subscriptionId: string; clientState?: string | null }) {
  const [channel] = await repo.channelsNamed(db, 'outlook', notification.subscriptionId);
  return channel && sameSecret(channel.secretHash, notification.clientState) ? channel : null;
}

/** Wakes the mailbox of every notification whose clientState matches; how many were ignored. */
export async function handleGraphNotifications(db: Db, body: z.infer<typeof graphNotificationsSchema>) {
  const woken = new Set<string>();
  let ignored = 0;
  for (const notification of body.value) {
    const channel = await trustedChannel(db, notification);
    if (!channel) {
      ignored++;
      continue;
    }
    if (woken.has(channel.mailAccountId)) continue;
    woken.add(channel.mailAccountId);
    await wakeMailbox(db, MAIL_PUSH_CHANNEL, channel.mailAccountId);
  }
  return { woken: woken.size, ignored };
}

/**
 * Graph lifecycle notifications (https://learn.microsoft.com/graph/change-notifications-lifecycle-events):
 * `{ value: [{ subscriptionId, subscriptionExpirationDateTime, tenantId, clientState, lifecycleEvent }] }`,
 * about the subscription rather than a message, trusted as change notifications are. Graph may add
 * events; those are acknowledged and ignored.
 */
export const graphLifecycleNotificationsSchema = z.object({
  value: z
    .array(
      z.object({
        subscriptionId: z.string().min(1).max(200),
        subscriptionExpirationDateTime: z.string().max(100).nullish(),
        tenantId: z.string().max(100).nullish(),
        clientState: z.string().max(255).nullish(),
        lifecycleEvent: z.string().min(1).max(100),
      }),
    )
    .min(1)
    .max(100),
});

/**
 * What each event does to the channel before its worker is woken: a subscription to reauthorize is
 * renewed (PATCH reauthorizes it) and a removed one created again in the round the wake-up starts;
 * after `missed` that round's delta reads what was not notified.
 */
const lifecycleActions = new Map<string, (db: Db, accountId: string, subscriptionId: string) => Promise<void>>([
  ['reauthorizationRequired', repo.markChannelDue],
  ['subscriptionRemoved', repo.forgetChannel],
  ['missed', async () => undefined],
]);

/** Acts on every lifecycle notification whose clientState matches, then wakes those mailboxes; how many were ignored. */
export async function handleGraphLifecycleNotifications(db: Db, body: z.infer<typeof graphLifecycleNotificationsSchema>) {
  const woken = new Set<string>();
  let ignored = 0;
  for (const notification of body.value) {
    const act = lifecycleActions.get(notification.lifecycleEvent);
    const channel = act ? await trustedChannel(db, notification) : null;
    if (!act || !channel) {
      ignored++;
      continue;
    }
    await act(db, channel.mailAccountId, notification.subscriptionId);
    woken.add(channel.mailAccountId);
  }
  // After the changes above, so that the round each wake-up starts sees them.
  for (const accountId of woken) await wakeMailbox(db, MAIL_PUSH_CHANNEL, accountId);
  return { woken: woken.size, ignored };
}
