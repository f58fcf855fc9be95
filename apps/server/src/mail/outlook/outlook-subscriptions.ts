import { z } from 'zod';
import { MailError } from '../errors';
import type { PushChannel, PushTarget } from '../port';
import type { GraphCall } from './outlook-messages';

/**
 * Outlook push through Graph change notifications (https://learn.microsoft.com/graph/change-notifications-delivery-webhooks):
 * a subscription to the arrivals of one folder, posted to the notification URL with the clientState
 * given at creation, its lifecycle notifications (https://learn.microsoft.com/graph/change-notifications-lifecycle-events)
 * to the lifecycle URL. Mail subscriptions live at most 10 080 minutes; renewing moves the expiry
 * (PATCH, which also reauthorizes it), and a subscription Graph has dropped (404) is created again.
 */
const subscriptionSchema = z.object({
  id: z.string(),
  expirationDateTime: z.string(),
  notificationUrl: z.string().nullish(),
  lifecycleNotificationUrl: z.string().nullish(),
});

type GraphTarget = Extract<PushTarget, { notificationUrl: string }>;

/** Asked for at every creation or renewal: under the 10 080-minute maximum for mail. */
export const OUTLOOK_SUBSCRIPTION_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;

const expiry = () => new Date(Date.now() + OUTLOOK_SUBSCRIPTION_LIFETIME_MS).toISOString();
const isGone = (error: unknown) => error instanceof MailError && error.kind === 'not_found';

/**
 * Graph cannot change a subscription's lifecycle URL (nor is it asked to change the notification
 * URL): one posting elsewhere than the target, or made before lifecycle notifications were asked
 * for, is replaced by a new one.
 */
const postsElsewhere = (subscription: z.infer<typeof subscriptionSchema>, target: GraphTarget) =>
  (subscription.notificationUrl != null && subscription.notificationUrl !== target.notificationUrl) ||
  (subscription.lifecycleNotificationUrl ?? null) !== (target.lifecycleNotificationUrl ?? null);

export function outlookSubscriptions(call: GraphCall) {
  const toChannel = (subscription: z.infer<typeof subscriptionSchema>, folderId: string): PushChannel => ({
    id: subscription.id,
    folderId,
    expiresAt: new Date(subscription.expirationDateTime),
  });

  async function create(folderId: string, target: GraphTarget) {
    const body = await call('/subscriptions', {
      method: 'POST',
      body: {
        changeType: 'created',
        notificationUrl: target.notificationUrl,
        ...(target.lifecycleNotificationUrl && { lifecycleNotificationUrl: target.lifecycleNotificationUrl }),
        // OData quotes a key in single quotes, a quote inside doubled.
        resource: `me/mailFolders('${folderId.replace(/'/g, "''")}')/messages`,
        expirationDateTime: expiry(),
        clientState: target.clientState,
      },
    });
    return toChannel(subscriptionSchema.parse(body), folderId);
  }

  async function unwatch(channel: PushChannel) {
    if (!channel.id) return;
    await call(`/subscriptions/${encodeURIComponent(channel.id)}`, { method: 'DELETE' }).catch((error: unknown) => {
      if (!isGone(error)) throw error;
    });
  }

  async function renew(folderId: string, target: GraphTarget, current: PushChannel & { id: string }) {
    let renewed: z.infer<typeof subscriptionSchema>;
    try {
      const body = await call(`/subscriptions/${encodeURIComponent(current.id)}`, {
        method: 'PATCH',
        body: { expirationDateTime: expiry() },
      });
      renewed = subscriptionSchema.parse(body);
    } catch (error) {
      if (isGone(error)) return create(folderId, target);
      throw error;
    }
    if (!postsElsewhere(renewed, target)) return toChannel(renewed, folderId);
    // The new one first: if it cannot be made, the old one still notifies.
    const replacement = await create(folderId, target);
    await unwatch(current).catch(() => undefined);
    return replacement;
  }

  return {
    async watch(folderId: string, target: PushTarget, current: PushChannel | null): Promise<PushChannel> {
      if (!('notificationUrl' in target))
        throw new MailError('invalid', 'oauth', 'protocol', 'Graph posts change notifications to a URL');
      if (!current?.id || current.folderId !== folderId) return create(folderId, target);
      return renew(folderId, target, { ...current, id: current.id });
    },

    unwatch,
  };
}
