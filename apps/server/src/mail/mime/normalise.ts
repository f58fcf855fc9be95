import type { AddressObject, EmailAddress, HeaderLines } from 'mailparser';
import { LOOP_HEADER_NAMES, type MailAddress, type MessageHeaders } from './message';

/** Longest value kept for one header of MessageHeaders: enough for any real one, bounded for abuse. */
const MAX_KEPT_HEADER_CHARS = 8 * 1024;
const KEPT_HEADERS: ReadonlySet<string> = new Set(LOOP_HEADER_NAMES);

/**
 * The canonical form of a Message-ID: the first `<…>` token (comments and trailing junk dropped,
 * as old MTAs wrote `<id> (added by host)`), whitespace removed, angle brackets added when the
 * header had none. The same function normalises In-Reply-To and References so that threads match.
 */
export function normaliseMessageId(value: string | null | undefined): string | null {
  if (!value) return null;
  const bracketed = /<[^<>]*>/.exec(value)?.[0].slice(1, -1);
  const id = (bracketed ?? value).replace(/\s+/g, '');
  return id ? `<${id}>` : null;
}

export function normaliseReferences(raw: string | null, parsed: string | string[] | undefined): string[] {
  const tokens = raw?.match(/<[^<>]*>/g) ?? (parsed === undefined ? [] : [parsed].flat());
  const ids = tokens.map(normaliseMessageId).filter((id): id is string => id !== null);
  return [...new Set(ids)];
}

function flatten(list: EmailAddress[]): EmailAddress[] {
  return list.flatMap((a) => (a.group ? flatten(a.group) : [a]));
}

/** Every mailbox of an address header (groups flattened), addresses lower-cased, names trimmed. */
export function toAddresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = value === undefined ? [] : [value].flat();
  return flatten(objects.flatMap((o) => o.value)).flatMap((a) => {
    const address = a.address?.trim().toLowerCase();
    return address ? [{ name: (a.name ?? '').replace(/\s+/g, ' ').trim(), address }] : [];
  });
}

/**
 * The From mailbox; when the address parser finds none in a malformed header (`a@b@c`), the first
 * address-like token of the raw value, so the sender is still known.
 */
export function toSender(value: AddressObject | undefined, raw: string | null): MailAddress | null {
  const parsed = toAddresses(value)[0];
  if (parsed) return parsed;
  const token = raw && (/<([^<>\s]+@[^<>\s]+)>/.exec(raw)?.[1] ?? /[^\s<>"(),;:]+@[^\s<>"(),;:]+/.exec(raw)?.[0]);
  return token ? { name: '', address: token.toLowerCase() } : null;
}

/** The value of a raw header line (`Name: value`, possibly folded), unfolded and trimmed. */
export function headerValue(line: string): string {
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n(?=[ \t])/g, '')
    .trim();
}

/** The first raw value of a top-level header, or null. */
export function firstHeader(lines: HeaderLines, name: string): string | null {
  const line = lines.find((l) => l.key === name)?.line;
  return line === undefined ? null : headerValue(line);
}

export function pickHeaders(lines: HeaderLines): MessageHeaders {
  const kept: Record<string, string[]> = {};
  for (const { key, line } of lines) {
    if (!KEPT_HEADERS.has(key) && !key.startsWith('list-')) continue;
    (kept[key] ??= []).push(headerValue(line).slice(0, MAX_KEPT_HEADER_CHARS));
  }
  return kept;
}

/** The Date header as a Date, or null when missing or unreadable (mailparser would say "now"). */
export function parseDate(raw: string | null): Date | null {
  if (!raw) return null;
  const date = new Date(raw);
  return Number.isNaN(date.getTime()) ? null : date;
}
