import type { EnronRecord } from './enron-folders';

/**
 * An Enron user's filed mail as a present-day mailbox: each folder's newest messages, their dates
 * moved into a recent window (order and relative spacing kept), with the user's unfiled inbox mail
 * placed on the same timeline when given, written as RFC 822 messages to be
 * APPENDed into IMAP folders named after the folders.
 */
export interface MailboxMessage {
  folder: string;
  record: EnronRecord;
  /** The new date (whole seconds, unique over the mailbox). */
  date: Date;
  raw: string;
}

export interface MailboxSelection {
  /** Folders kept, largest first, with how many messages each holds in the corpus. */
  folders: { folder: string; total: number; kept: number }[];
  skipped: { folder: string; total: number }[];
  /** Records without a date: they cannot be placed on the timeline. */
  undated: number;
  /** Oldest message first. */
  messages: MailboxMessage[];
  /** The user's unfiled inbox mail placed on the same timeline (folder INBOX), those landing in the window. */
  inbox: MailboxMessage[];
  originalSpan: { from: string; to: string };
}

const SECOND = 1000;

/**
 * `records` in date order (loadUser). Folders with fewer than `minPerFolder` dated messages are
 * skipped; of the others the newest `maxPerFolder` are kept. The oldest kept message lands
 * `window.days` before `window.newest`, the newest on it, everything in between proportionally; two
 * messages that would share a second are pushed one second apart, so that the date order is total.
 */
export function selectMailbox(
  records: EnronRecord[],
  options: { maxPerFolder: number; minPerFolder: number; newest: Date; days: number; inbox?: EnronRecord[] },
): MailboxSelection {
  const isDated = (r: EnronRecord) => !!r.date_utc && !Number.isNaN(Date.parse(r.date_utc));
  const dated = records.filter(isDated);
  const byFolder = new Map<string, EnronRecord[]>();
  for (const r of dated) byFolder.set(r.folder!, [...(byFolder.get(r.folder!) ?? []), r]);
  const sizes = [...byFolder].map(([folder, list]) => ({ folder, total: list.length })).sort((a, b) => b.total - a.total);
  const keptFolders = sizes.filter((f) => f.total >= options.minPerFolder);
  const chosen = new Set(keptFolders.flatMap((f) => byFolder.get(f.folder)!.slice(-options.maxPerFolder)));
  const picked = dated.filter((r) => chosen.has(r));
  const t0 = Date.parse(picked[0]!.date_utc);
  const t1 = Date.parse(picked.at(-1)!.date_utc);
  const end = options.newest.getTime();
  const span = options.days * 86_400_000;
  const placed = (record: EnronRecord) => (t1 > t0 ? end - ((t1 - Date.parse(record.date_utc)) / (t1 - t0)) * span : end);
  let previous = -Infinity;
  const messages = picked.map((record) => {
    const t = placed(record);
    const at = Math.max(Math.floor(t / SECOND) * SECOND, previous + SECOND);
    previous = at;
    const date = new Date(at);
    return { folder: record.folder!, record, date, raw: rfc822(record, date) };
  });
  const inbox = (options.inbox ?? []).filter(isDated).flatMap((record) => {
    const t = placed(record);
    if (t < end - span || t > end) return [];
    const date = new Date(Math.floor(t / SECOND) * SECOND);
    return [{ folder: 'INBOX', record, date, raw: rfc822(record, date) }];
  });
  return {
    inbox,
    folders: keptFolders.map((f) => ({ ...f, kept: Math.min(f.total, options.maxPerFolder) })),
    skipped: sizes.filter((f) => f.total < options.minPerFolder),
    undated: records.length - dated.length,
    messages,
    originalSpan: { from: picked[0]!.date_utc, to: picked.at(-1)!.date_utc },
  };
}

/** A header value on one line; non-ASCII as an RFC 2047 encoded word. */
function headerText(value: string) {
  const line = value.replace(/[\r\n]+/g, ' ').trim();
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line).toString('base64')}?=`;
}

function addressList(list: string) {
  return list
    .split(',')
    .map((a) => a.replace(/[\r\n<>]+/g, '').trim())
    .filter((a) => /^[^\s@]+@[^\s@]+$/.test(a));
}

/** From, To, Cc, Subject, Date, Message-ID and the text body (UTF-8, 8bit, CRLF). */
export function rfc822(r: EnronRecord, date: Date): string {
  const from = addressList(r.from)[0] ?? 'unknown@enron.com';
  const to = addressList(r.to);
  const cc = addressList(r.cc);
  const head = [
    `From: ${from}`,
    ...(to.length ? [`To: ${to.join(',\r\n ')}`] : []),
    ...(cc.length ? [`Cc: ${cc.join(',\r\n ')}`] : []),
    `Subject: ${headerText(r.subject)}`,
    `Date: ${date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${r.id.replace(/[^A-Za-z0-9.-]+/g, '.').replace(/\.+$/, '')}@enron-folders7.example>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  return `${head.join('\r\n')}\r\n\r\n${r.body.replace(/\r?\n/g, '\r\n')}`;
}
