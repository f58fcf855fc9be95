/**
 * Whether an automatic reply may go to the `Reply-To` of a message. Anyone can write a `Reply-To`
 * (and an `Authentication-Results` header): a reply goes to one outside the `From` domain only when
 * the receiving provider itself says the message passed DMARC or DKIM for the `From` domain. Only
 * the topmost `Authentication-Results` whose authserv-id is the provider's counts (RFC 8601 §5).
 */
import type { ParsedMessage } from '../mail/mime/message';

/** The authserv-ids receiving providers stamp (RFC 8601 §2.5); IMAP servers are not known here. */
export const PROVIDER_AUTHSERV_IDS: Readonly<Record<string, readonly string[]>> = {
  gmail: ['mx.google.com'],
};

type Message = Pick<ParsedMessage, 'from' | 'replyTo' | 'headers'>;

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();
/** The same domain, or one a subdomain of the other (mail.acme.example and acme.example). */
const sameOrganisation = (a: string, b: string) => a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);

/** True when the reply may go to every `Reply-To` address (or there is none). */
export function replyToTrusted(message: Message, trustedAuthservIds: readonly string[]): boolean {
  const fromDomain = message.from ? domainOf(message.from.address) : '';
  const foreign = message.replyTo.filter((a) => !fromDomain || !sameOrganisation(domainOf(a.address), fromDomain));
  if (foreign.length === 0) return true;
  if (!fromDomain) return false;
  const headers = Object.entries(message.headers).flatMap(([k, v]) => (k.toLowerCase() === 'authentication-results' ? v : []));
  const own = headers.find((h) => trustedAuthservIds.includes(authservId(h)));
  return own !== undefined && passesFor(own, fromDomain);
}

/** The authserv-id: the first token of the header, before any `;` (version and comments dropped). */
export function authservId(header: string): string {
  return (
    header
      .replace(/\([^()]*\)/g, ' ')
      .split(';')[0]
      ?.trim()
      .split(/\s+/)[0]
      ?.toLowerCase() ?? ''
  );
}

/** DMARC passed for the `From` domain, or a DKIM signature of that domain passed. */
function passesFor(header: string, fromDomain: string): boolean {
  const results = header
    .replace(/\([^()]*\)/g, ' ')
    .split(';')
    .slice(1);
  return results.some((r) => {
    const method = /^\s*(dmarc|dkim)\s*=\s*(\w+)/i.exec(r);
    if (!method || method[2]!.toLowerCase() !== 'pass') return false;
    const property = method[1]!.toLowerCase() === 'dmarc' ? 'header\\.from' : 'header\\.d|header\\.i';
    const value = new RegExp(`(?:${property})\\s*=\\s*"?([^\\s";]+)`, 'i').exec(r)?.[1]?.toLowerCase() ?? '';
    return value !== '' && domainOf(value) === fromDomain;
  });
}
