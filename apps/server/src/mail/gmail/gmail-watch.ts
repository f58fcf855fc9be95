import { z } from 'zod';
import { MailError } from '../errors';
import type { PushChannel, PushTarget } from '../port';
import type { GmailCall } from './gmail-messages';

/**
 * Gmail push (https://developers.google.com/gmail/api/guides/push): `users.watch` has Gmail publish
 * to a Cloud Pub/Sub topic when the label changes; a watch lasts about a week and calling it again
 * renews (replaces) it. `users.stop` ends it.
 */
const watchSchema = z.object({
  historyId: z.string(),
  // int64 in milliseconds: a JSON string in Google's APIs.
  expiration: z.union([z.string().regex(/^\d+$/), z.number()]),
});

export function gmailWatch(call: GmailCall) {
  return {
    async watch(folderId: string, target: PushTarget): Promise<PushChannel> {
      if (!('topicName' in target)) throw new MailError('invalid', 'oauth', 'protocol', 'Gmail pushes through a Pub/Sub topic');
      const body = watchSchema.parse(
        await call('/watch', {
          method: 'POST',
          body: { topicName: target.topicName, labelIds: [folderId], labelFilterBehavior: 'include' },
        }),
      );
      return { id: null, folderId, expiresAt: new Date(Number(body.expiration)) };
    },

    async unwatch() {
      await call('/stop', { method: 'POST' });
    },
  };
}
