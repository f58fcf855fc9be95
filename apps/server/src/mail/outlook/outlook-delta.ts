import { z } from 'zod';
import { MailError } from '../errors';
import type { IncomingMessage, NewMessages } from '../port';
import type { GraphCall } from './outlook-messages';

/**
 * New mail in a folder through Graph's message delta (https://learn.microsoft.com/graph/delta-query-messages).
 * The checkpoint is the link to call next (a page's nextLink, then the round's deltaLink). The first
 * round asks only for mail received from now on, and every round only for arrivals
 * (`changeType=created`), so reading a folder never lists its past. An expired sync state (410)
 * starts a new round from shortly before the last successful one; what was already recorded is
 * recognised by its id and not recorded twice.
 */
const recipient = z.object({ emailAddress: z.object({ name: z.string().nullish(), address: z.string().nullish() }) });
const deltaPageSchema = z.object({
  value: z.array(
    z.object({
      id: z.string(),
      '@removed': z.object({ reason: z.string().optional() }).optional(),
      internetMessageId: z.string().nullish(),
      subject: z.string().nullish(),
      from: recipient.nullish(),
      receivedDateTime: z.string().nullish(),
    }),
  ),
  '@odata.nextLink': z.string().optional(),
  '@odata.deltaLink': z.string().optional(),
});
type DeltaItem = z.infer<typeof deltaPageSchema>['value'][number];

const checkpointSchema = z.object({ link: z.string(), since: z.string() });
type DeltaCheckpoint = z.infer<typeof checkpointSchema>;

const SELECT = 'internetMessageId,subject,from,receivedDateTime';
/** How far before the last successful round a new round starts after an expired sync state. */
const RESYNC_MARGIN_MS = 60 * 60 * 1000;

function toIncoming(item: DeltaItem): IncomingMessage {
  const address = item.from?.emailAddress.address;
  const date = item.receivedDateTime ? new Date(item.receivedDateTime) : null;
  return {
    providerId: item.id,
    messageId: item.internetMessageId ?? null,
    subject: item.subject ?? '',
    from: address ? { name: item.from?.emailAddress.name ?? '', address: address.toLowerCase() } : null,
    date: date && !Number.isNaN(date.getTime()) ? date : null,
  };
}

export function outlookNewMessages(call: GraphCall, apiBase: string) {
  const firstRound = (folderId: string, since: Date) => {
    const query = new URLSearchParams({
      changeType: 'created',
      $select: SELECT,
      $filter: `receivedDateTime ge ${since.toISOString()}`,
    });
    return `${apiBase}/me/mailFolders/${encodeURIComponent(folderId)}/messages/delta?${query.toString()}`;
  };
  // A stored link is only ever followed to Graph itself: the bearer token goes with it.
  const isGraphLink = (link: string) => link.startsWith(`${apiBase}/`);
  const isFirstRound = (link: string) => {
    const params = new URL(link).searchParams;
    return !params.has('$deltatoken') && !params.has('$skiptoken');
  };

  return async function listNewMessages(folderId: string, checkpoint: unknown, limit: number): Promise<NewMessages> {
    const parsed = checkpointSchema.safeParse(checkpoint);
    if (!parsed.success || !isGraphLink(parsed.data.link)) {
      const now = new Date();
      return { messages: [], checkpoint: { link: firstRound(folderId, now), since: now.toISOString() } };
    }
    const previous: DeltaCheckpoint = parsed.data;
    const startedAt = new Date().toISOString();
    let page: z.infer<typeof deltaPageSchema>;
    try {
      page = deltaPageSchema.parse(
        await call(previous.link, { headers: { prefer: `odata.maxpagesize=${Math.min(Math.max(limit, 1), 200)}` } }),
      );
    } catch (error) {
      // A first round that is refused means the folder is gone: that is for the caller to report.
      if (!(error instanceof MailError && error.kind === 'not_found') || isFirstRound(previous.link)) throw error;
      const since = new Date(Date.parse(previous.since) - RESYNC_MARGIN_MS);
      return { messages: [], checkpoint: { link: firstRound(folderId, since), since: previous.since } };
    }
    const messages = page.value.filter((item) => !item['@removed']).map(toIncoming);
    const nextLink = page['@odata.nextLink'];
    const deltaLink = page['@odata.deltaLink'];
    // Nothing at all changed: the same link again, so the caller sees the folder is read to the end.
    const next: DeltaCheckpoint = nextLink
      ? { link: nextLink, since: previous.since }
      : deltaLink && page.value.length > 0
        ? { link: deltaLink, since: startedAt }
        : deltaLink && isFirstRound(previous.link)
          ? { link: deltaLink, since: previous.since }
          : previous;
    return { messages, checkpoint: next };
  };
}
