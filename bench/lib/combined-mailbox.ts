import type { ImapFlow } from 'imapflow';
import { ENRON_USERS, type EnronRecord, loadUser } from './enron-folders';
import { type MailboxSelection, selectMailbox } from './enron-mailbox';

export interface CombinedMailbox extends MailboxSelection {
  /** Each folder of the mailbox: the Enron user and folder it comes from. */
  sources: { folder: string; user: string; enronFolder: string; total: number; kept: number }[];
}

/**
 * A present-day mailbox of `messages` past messages in `folders` folders, taken from several Enron
 * users of enron-folders7: the largest folders of the seven users together, each trimmed to its
 * newest messages in proportion to its size (largest remainder) so that the total is `messages`.
 * A folder name two users share gets the user as suffix (`personal`, `personal-kaminski-v`). The dates
 * are moved into the window as `selectMailbox` does (order and relative spacing kept).
 */
export async function combinedMailbox(
  corpusDir: string,
  options: { messages: number; folders: number; newest: Date; days: number },
): Promise<CombinedMailbox> {
  const byFolder: { user: string; enronFolder: string; records: EnronRecord[] }[] = [];
  for (const user of ENRON_USERS) {
    const groups = new Map<string, EnronRecord[]>();
    for (const r of await loadUser(corpusDir, user)) {
      if (!r.date_utc || Number.isNaN(Date.parse(r.date_utc))) continue;
      groups.set(r.folder!, [...(groups.get(r.folder!) ?? []), r]);
    }
    for (const [enronFolder, records] of groups) byFolder.push({ user, enronFolder, records });
  }
  const largest = byFolder
    .sort((a, b) => b.records.length - a.records.length || a.user.localeCompare(b.user))
    .slice(0, options.folders);
  const available = largest.reduce((sum, f) => sum + f.records.length, 0);
  const wanted = Math.min(options.messages, available);
  // Largest remainder: floor of each share, then one more to the folders with the largest fractions.
  const shares = largest.map((f) => (f.records.length * wanted) / available);
  const kept = shares.map(Math.floor);
  const order = shares.map((s, i) => ({ i, fraction: s - Math.floor(s) })).sort((a, b) => b.fraction - a.fraction);
  const missing = wanted - kept.reduce((s, n) => s + n, 0);
  for (let k = 0; k < missing; k++) kept[order[k]!.i]! += 1;
  const taken = new Set<string>();
  const sources = largest.map((f, i) => {
    const folder = taken.has(f.enronFolder) ? `${f.enronFolder}-${f.user}` : f.enronFolder;
    taken.add(folder);
    return { folder, user: f.user, enronFolder: f.enronFolder, total: f.records.length, kept: kept[i]! };
  });
  const records = largest
    .flatMap((f, i) => f.records.slice(-kept[i]!).map((r) => ({ ...r, folder: sources[i]!.folder })))
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.date_utc < b.r.date_utc ? -1 : a.r.date_utc > b.r.date_utc ? 1 : a.i - b.i))
    .map(({ r }) => r);
  const box = selectMailbox(records, { maxPerFolder: Infinity, minPerFolder: 1, newest: options.newest, days: options.days });
  // selectMailbox lists the folders by size: keep the order of the sources (the same, ties aside).
  return { ...box, sources };
}

/**
 * APPENDs the mailbox into IMAP over `connections` sessions at once, each taking whole folders and
 * APPENDing a folder's messages oldest first (so that sequence order is date order, as the
 * initialisation, which pages from the end of a folder, expects), `batch` commands in flight at a time.
 */
export async function appendMailbox(
  session: () => Promise<ImapFlow>,
  box: MailboxSelection,
  opts = { connections: 4, batch: 50 },
) {
  const queue = box.folders.map((f) => f.folder);
  const worker = async () => {
    const imap = await session();
    try {
      for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
        await imap.mailboxCreate(folder).catch((error: { serverResponseCode?: string }) => {
          if (error.serverResponseCode !== 'ALREADYEXISTS') throw error;
        });
        const messages = box.messages.filter((m) => m.folder === folder);
        for (let i = 0; i < messages.length; i += opts.batch) {
          // ImapFlow sends them one after the other on the connection, without waiting for our await in between.
          const appends = messages.slice(i, i + opts.batch).map((m) => imap.append(folder, m.raw, ['\\Seen'], m.date));
          await Promise.all(appends);
        }
      }
    } finally {
      await imap.logout();
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
}
