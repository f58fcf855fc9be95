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

/** Wakes the mailbox of every notification whose clientState matches; how many were ignored. */
export async function handleGraphNotifications(db: Db, body: z.infer<typeof graphNotificationsSchema>) {
  const woken = new Set<string>();
  let ignored = 0;
  for (const notification of body.value) {
    const [channel] = await repo.channelsNamed(db, 'outlook', notification.subscriptionId);
    if (!channel || !sameSecret(channel.secretHash, notification.clientState)) {
      ignored++;
      continue;
    }
    if (woken.has(channel.mailAccountId)) continue;
    woken.add(channel.mailAccountId);
    await wakeMailbox(db, MAIL_PUSH_CHANNEL, channel.mailAccountId);
  }
  return { woken: woken.size, ignored };
}
