import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { ImapFlow } from 'imapflow';

/** Up to `count` `raw` messages of a corpus file (gzip JSON Lines, see ../shared/corpus/README.md). */
export async function readRawMessages(file: string, count: number): Promise<string[]> {
  const raws: string[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    const { raw } = JSON.parse(line) as { raw?: string };
    if (raw) raws.push(raw);
    if (raws.length >= count) {
      lines.close();
      break;
    }
  }
  return raws;
}

/**
 * A corpus message as a sender's server would deliver it to the bench mailbox: its own headers and
 * body, with a fresh Message-ID, the given sender and the mailbox as recipient (so that each message
 * is unique and the rules and reply paths see the addresses the bench chose).
 */
export function redeliver(raw: string, fields: { messageId: string; from: string; to: string }): string {
  const normal = raw.replace(/\r?\n/g, '\r\n');
  const split = normal.indexOf('\r\n\r\n');
  const head = split >= 0 ? normal.slice(0, split) : normal;
  const body = split >= 0 ? normal.slice(split + 4) : '';
  const replaced = new Set(['message-id', 'from', 'to', 'cc', 'bcc', 'sender', 'reply-to']);
  const kept: string[] = [];
  let dropping = false;
  for (const line of head.split('\r\n')) {
    if (/^[ \t]/.test(line)) {
      if (!dropping) kept.push(line);
      continue;
    }
    const name = line
      .slice(0, Math.max(0, line.indexOf(':')))
      .trim()
      .toLowerCase();
    dropping = replaced.has(name);
    if (!dropping) kept.push(line);
  }
  return (
    [`Message-ID: ${fields.messageId}`, `From: ${fields.from}`, `To: ${fields.to}`, ...kept].join('\r\n') + '\r\n\r\n' + body
  );
}

/** One IMAP session as the mailbox owner (or the sender's server delivering to it). */
export async function imapSession(port: number, auth: { user: string; pass: string }): Promise<ImapFlow> {
  const client = new ImapFlow({ host: '127.0.0.1', port, secure: false, auth, logger: false });
  await client.connect();
  return client;
}

/** The Message-ID and In-Reply-To of every message of a folder (empty when the folder does not exist). */
export async function folderEnvelopes(client: ImapFlow, folder: string): Promise<{ messageId: string; inReplyTo: string }[]> {
  const lock = await client.getMailboxLock(folder).catch(() => null);
  if (!lock) return [];
  try {
    const out: { messageId: string; inReplyTo: string }[] = [];
    if (client.mailbox && client.mailbox.exists > 0)
      for await (const m of client.fetch('1:*', { envelope: true }))
        out.push({ messageId: m.envelope?.messageId ?? '', inReplyTo: m.envelope?.inReplyTo ?? '' });
    return out;
  } finally {
    lock.release();
  }
}

/** Percentiles (nearest rank) of a list of milliseconds. */
export function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  const round = (v: number) => Math.round(v);
  return {
    count: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted.at(-1) ?? NaN),
    mean: round(sorted.reduce((s, v) => s + v, 0) / (sorted.length || 1)),
  };
}
