/**
 * Whose `Authentication-Results` count for a mailbox (RFC 8601): the provider's own authserv-ids
 * (Gmail's is known), the one the owner set, or one learned from received mail for an IMAP mailbox:
 * the id of the topmost header, the one the receiving server adds last, when it lies in the
 * provider's own domain (that of the IMAP or SMTP host, or of the mailbox's address). A receiving
 * server deletes headers bearing its own id that a sender wrote (RFC 8601 §5), so an id in its own
 * domain is its own; an id set by the owner is never replaced by a learned one.
 */
import { getDomain } from 'tldts';
import type { MessageHeaders } from '../mail/mime/message';
import type { MailAccountRow } from './ingest.repository';
import { authservId, PROVIDER_AUTHSERV_IDS } from './reply-to-trust';

type Account = Pick<MailAccountRow, 'provider' | 'connection' | 'username' | 'authservId'>;

export function trustedAuthservIds(account: Account): string[] {
  return [...(PROVIDER_AUTHSERV_IDS[account.provider] ?? []), ...(account.authservId ? [account.authservId] : [])];
}

/** The authserv-id this message teaches an IMAP mailbox that has none yet, or null. */
export function learnableAuthservId(headers: MessageHeaders, account: Account): string | null {
  if (account.provider !== 'smtp' || account.authservId || account.connection.kind !== 'smtp') return null;
  const topmost = Object.entries(headers).find(([name]) => name.toLowerCase() === 'authentication-results')?.[1][0];
  const id = topmost ? authservId(topmost) : '';
  if (!id.includes('.')) return null;
  const domain = getDomain(id);
  const { imapHost, host } = account.connection;
  const own = [imapHost, host, account.username.slice(account.username.lastIndexOf('@') + 1)]
    .map((name) => getDomain(name.toLowerCase()))
    .filter((d): d is string => d !== null);
  return domain !== null && own.includes(domain) ? id : null;
}
