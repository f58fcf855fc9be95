import { z } from 'zod';
import { MailError } from '../errors';
import type { PushChannel, PushTarget } from '../port';
import type { GraphCall } from './outlook-messages';

/**
 * Outlook push through Graph change notifications (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks):
 * a subscription to the arrivals of one folder, posted to the notification URL with the clientState
 * given at creation. Mail subscriptions live at most 10 080 minutes; renewing moves the expiry
 * (PATCH), and a subscription Graph has dropped (404) is created again.
 */
const subscriptionSchema = z.object({ id: z.string(), expirationDateTime: z.string() });

/** Asked for at every creation or renewal: under the 10 080-minute maximum for mail. */
export const OUTLOOK_SUBSCRIPTION_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

const expiry = () => new Date(Date.now() + OUTLOOK_SUBSCRIPTION_LIFETIME_MS).toISOString();
const isGone = (error: unknown) => error instanceof MailError && error.kind === 'not_found';

export function outlookSubscriptions(call: GraphCall) {
  const toChannel = (body: unknown, folderId: string): PushChannel => {
    const subscription = subscriptionSchema.parse(body);
    return { id: subscription.id, folderId, expiresAt: new Date(subscription.expirationDateTime) };
  };

  async function create(folderId: string, target: { notificationUrl: string; clientState: string }) {
    const body = await call('/subscriptions', {
      method: 'POST',
      body: {
        changeType: 'created',
        notificationUrl: target.notificationUrl,
        // OData quotes a key in single quotes, a quote inside doubled.
        resource: `me/mailFolders('${folderId.replace(/'/g, "''")}')/messages`,
        expirationDateTime: expiry(),
        clientState: target.clientState,
      },
    });
    return toChannel(body, folderId);
  }

  return {
    async watch(folderId: string, target: PushTarget, current: PushChannel | null): Promise<PushChannel> {
      if (!('notificationUrl' in target))
        throw new MailError('invalid', 'oauth', 'protocol', 'Graph posts change notifications to a URL');
      if (!current?.id || current.folderId !== folderId) return create(folderId, target);
      try {
        const body = await call(`/subscriptions/${encodeURIComponent(current.id)}`, {
          method: 'PATCH',
          body: { expirationDateTime: expiry() },
        });
        return toChannel(body, folderId);
      } catch (error) {
        if (isGone(error)) return create(folderId, target);
        throw error;
      }
    },

    async unwatch(channel: PushChannel) {
      if (!channel.id) return;
      await call(`/subscriptions/${encodeURIComponent(channel.id)}`, { method: 'DELETE' }).catch((error: unknown) => {
        if (!isGone(error)) throw error;
      });
    },
  };
}
