import type { MailHit } from '../../ai/assistant';
import { findSpecialFolder } from '../../mail/special-folders';
import { type ActorRef } from '../../access/actor';
import { type MailboxDeps, withMailbox } from './mailbox.service';

const HITS = 10;

/**
 * The webmail's search (the provider's own: IMAP SEARCH TEXT, Gmail's and Graph's queries) in the
 * caller's inbox or Sent, newest first: the chat assistant's mail lookup (issue 39, item 4).
 */
export async function searchMail(
  deps: MailboxDeps,
  caller: ActorRef,
  query: string,
  where: 'inbox' | 'sent',
): Promise<{ total: number; items: MailHit[] }> {
  return withMailbox(deps, caller, async (provider, ops) => {
    const folders = await provider.listFolders();
    const folder = findSpecialFolder(folders, where === 'sent' ? '\\Sent' : '\\Inbox');
    if (!folder || !ops.browse) return { total: 0, items: [] };
    const found = await ops.browse(folder.id, { offset: 0, limit: HITS, search: query });
    return {
      total: found.total,
      items: found.messages.map((m) => ({
        date: m.date && !Number.isNaN(m.date.getTime()) ? m.date : null,
        from: m.from ? (m.from.name ? `${m.from.name} <${m.from.address}>` : m.from.address) : '',
        to: m.to.map((a) => a.address),
        subject: m.subject,
        folder: where,
      })),
    };
  });
}
