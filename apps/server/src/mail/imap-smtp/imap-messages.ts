import type { FetchQueryObject, ImapFlow, MessageAddressObject, MessageStructureObject } from 'imapflow';
import type { Transporter } from 'nodemailer';
import { classifyConnectError, sendFailure } from '../errors';
import type { BrowsedMessage, FolderCounts, MailFolder, MessageOperations, MessageSummary } from '../port';
import { DEFAULT_FOLDER_NAME, findSpecialFolder } from '../special-folders';
import { gatheredCommand } from './gathered-commands';
import { createHeaderCache } from './header-cache';

/**
 * The message operations over IMAP (imapflow) and SMTP (nodemailer). Ids are `<uidvalidity>:<uid>`:
 * an id whose UIDVALIDITY is not the folder's any more names a message that is gone.
 */
export interface ImapMessageDeps {
  imap(): Promise<ImapFlow>;
  smtp(): Promise<Transporter>;
  listFolders(): Promise<MailFolder[]>;
  ensureFolder(segments: string[]): Promise<MailFolder>;
}

export function imapMessageOperations(deps: ImapMessageDeps): MessageOperations {
  const headers = createHeaderCache();

  /**
   * Runs `work` with `folder` selected; `uids` keeps only the ids of its current UIDVALIDITY,
   * `selectedBefore` says whether the folder was selected already (no SELECT was needed).
   */
  async function inFolder<T>(folder: string, work: (client: ImapFlow, uids: Uids, selectedBefore: boolean) => Promise<T>) {
    const client = await deps.imap();
    const before = client.mailbox;
    const lock = await client.getMailboxLock(folder).catch((error: unknown) => {
      throw classifyConnectError('imap', error);
    });
    try {
      const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
      const uids = (ids: string[]) =>
        ids.flatMap((id) => {
          const [v, uid] = id.split(':');
          return v === validity && uid && /^\d+$/.test(uid) ? [Number(uid)] : [];
        });
      return await work(client, uids, before !== false && before === client.mailbox);
    } finally {
      lock.release();
    }
  }

  /** Runs a change of `folder` through `inFolder`; its cached pages go, whatever the outcome. */
  const changing =
    <A extends unknown[]>(change: (folder: string, ...args: A) => Promise<void>) =>
    async (folder: string, ...args: A) => {
      try {
        await change(folder, ...args);
      } finally {
        headers.drop(folder);
      }
    };

  const uidSet = (uids: number[]) => uids.join(',');

  /** Raw messages of one folder, fetched together when asked for together (gathered-commands.ts). */
  const fetchRaws = gatheredCommand<Buffer>((folder, take) =>
    inFolder(folder, async (client, uids) => {
      const ids = take();
      const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
      const set = uidSet(uids(ids));
      const found = new Map<string, Buffer>();
      if (!set) return found;
      for await (const message of client.fetch(set, { source: true }, { uid: true }))
        if (message.source) found.set(`${validity}:${message.uid}`, message.source);
      return found;
    }),
  );

  /** Moves from one folder to another, gathered like the fetches; the key is "folder\ntarget". */
  const moves = gatheredCommand<never>((key, take) => {
    const [folder, target] = key.split('\n') as [string, string];
    return inFolder(folder, async (client, uids) => {
      const set = uidSet(uids(take()));
      if (set) await client.messageMove(set, target, { uid: true });
    });
  });

  async function sentFolder(): Promise<string> {
    const found = findSpecialFolder(await deps.listFolders(), '\\Sent');
    return found ? found.id : (await deps.ensureFolder([DEFAULT_FOLDER_NAME['\\Sent']])).id;
  }

  return {
    async fetchRaw(folderId, id) {
      return (await fetchRaws(folderId, [id]))?.get(id) ?? null;
    },

    async list(folderId, page) {
      return inFolder(folderId, async (client, _uids, selectedBefore) => {
        await refreshCounts(client, selectedBefore);
        const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
        const total = client.mailbox ? client.mailbox.exists : 0;
        const last = total - page.offset;
        const first = Math.max(1, last - page.limit + 1);
        if (last < 1) return { total, messages: [] };
        const messages: MessageSummary[] = [];
        const query = { uid: true, envelope: true, flags: true, bodyStructure: true, size: true } as const;
        for await (const m of client.fetch(`${first}:${last}`, query)) {
          const from = m.envelope?.from?.[0];
          messages.push({
            id: `${validity}:${m.uid}`,
            messageId: m.envelope?.messageId ?? null,
            subject: m.envelope?.subject ?? '',
            from: from?.address ? { name: from.name ?? '', address: from.address.toLowerCase() } : null,
            to: (m.envelope?.to ?? []).flatMap((a) =>
              a.address ? [{ name: a.name ?? '', address: a.address.toLowerCase() }] : [],
            ),
            date: m.envelope?.date ? new Date(m.envelope.date) : null,
            seen: m.flags?.has('\\Seen') ?? false,
            flagged: m.flags?.has('\\Flagged') ?? false,
            junk: isJunk(m.flags),
            hasAttachments: hasAttachment(m.bodyStructure),
            size: m.size ?? 0,
          });
        }
        messages.sort((a, b) => Number(b.id.split(':')[1]) - Number(a.id.split(':')[1]));
        return { total, messages };
      });
    },

    setFlags: changing(async (folderId, ids: string[], change: { add?: string[]; remove?: string[] }) => {
      await inFolder(folderId, async (client, uids) => {
        const set = uidSet(uids(ids));
        if (!set) return;
        if (change.add?.length) await client.messageFlagsAdd(set, change.add, { uid: true });
        if (change.remove?.length) await client.messageFlagsRemove(set, change.remove, { uid: true });
      });
    }),

    async move(folderId, ids, targetFolderId) {
      try {
        await moves(`${folderId}\n${targetFolderId}`, ids);
      } finally {
        headers.drop(folderId);
        headers.drop(targetFolderId);
      }
    },

    async append(folderId, raw, flags) {
      try {
        const client = await deps.imap();
        const stored = await client.append(folderId, raw, flags).catch((error: unknown) => {
          throw classifyConnectError('imap', error);
        });
        // UIDPLUS's APPENDUID names the new message; without it the caller looks it up.
        return stored && stored.uid !== undefined && stored.uidValidity !== undefined
          ? `${String(stored.uidValidity)}:${stored.uid}`
          : null;
      } finally {
        headers.drop(folderId);
      }
    },

    async findByMessageId(folderId, messageId) {
      return inFolder(folderId, async (client) => {
        const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
        const found = await client.search({ header: { 'message-id': messageId } }, { uid: true });
        const uid = Array.isArray(found) ? found[0] : undefined;
        return uid === undefined ? null : `${validity}:${uid}`;
      });
    },

    async send(raw, envelope) {
      const transport = await deps.smtp();
      try {
        await transport.sendMail({ envelope: { from: envelope.from, to: envelope.to }, raw });
      } catch (error) {
        throw sendFailure(error);
      } finally {
        transport.close();
      }
      // The message has left: a failed copy to Sent must not make the caller think otherwise.
      await deps
        .imap()
        .then(async (client) => client.append(await sentFolder(), raw, ['\\Seen']))
        .catch(() => undefined);
    },

    ...webmailOperations(deps, inFolder, headers),
  };
}

/**
 * A folder selected earlier on this connection shows the counts of the server's last report: new
 * mail and other sessions' changes since then are only told in reply to a command, so a NOOP asks.
 * (A folder selected just now was reported by its SELECT.)
 */
async function refreshCounts(client: ImapFlow, selectedBefore: boolean) {
  if (selectedBefore) await client.noop();
}

function hasAttachment(node: MessageStructureObject | undefined): boolean {
  if (!node) return false;
  if (node.disposition === 'attachment') return true;
  return (node.childNodes ?? []).some(hasAttachment);
}

type Uids = (ids: string[]) => number[];
type InFolder = <T>(folder: string, work: (client: ImapFlow, uids: Uids, selectedBefore: boolean) => Promise<T>) => Promise<T>;
type HeaderCache = ReturnType<typeof createHeaderCache>;

const RAW_CHUNK_BYTES = 1024 * 1024;

const BROWSE_QUERY: FetchQueryObject = {
  uid: true,
  envelope: true,
  flags: true,
  bodyStructure: true,
  size: true,
  headers: ['references'],
};

/** The webmail's extra operations: folder counts, a page with search, deleting for good. */
function webmailOperations(
  deps: ImapMessageDeps,
  inFolder: InFolder,
  headers: HeaderCache,
): Pick<Required<MessageOperations>, 'folderCounts' | 'browse' | 'expunge' | 'deleteDraft' | 'fetchWithFlags' | 'withRawStream'> {
  /**
   * A NOOP once a page has been fetched, after its answer: the server (Dovecot) writes what it
   * learnt about the fetched messages at its next sync, which the NOOP before the next page would
   * otherwise pay (3–16 ms against under 1 ms). On the connection that fetched the page, never a
   * new one, and only while the folder is still the selected one.
   */
  async function syncAfterFetch(client: ImapFlow, folderId: string) {
    if (!client.usable || !client.mailbox || client.mailbox.path !== folderId) return;
    const lock = await client.getMailboxLock(folderId);
    try {
      await client.noop();
    } finally {
      lock.release();
    }
  }

  async function expunge(folderId: string, ids: string[]) {
    try {
      await inFolder(folderId, async (client, uids) => {
        const set = uids(ids).join(',');
        if (set) await client.messageDelete(set, { uid: true });
      });
    } finally {
      headers.drop(folderId);
    }
  }

  return {
    async withRawStream(folderId, id, consume) {
      return inFolder(folderId, async (client, uids) => {
        const [uid] = uids([id]);
        if (uid === undefined) return null;
        // The folder stays selected (the lock held) while the chunks are fetched, 1 MiB at a time.
        const { content } = await client.download(String(uid), undefined, { uid: true, chunkSize: RAW_CHUNK_BYTES });
        if (!content) return null;
        try {
          return await consume(content);
        } finally {
          content.destroy();
        }
      });
    },

    async fetchWithFlags(folderId, id) {
      return inFolder(folderId, async (client, uids) => {
        const [uid] = uids([id]);
        if (uid === undefined) return null;
        const message = await client.fetchOne(String(uid), { source: true, flags: true }, { uid: true });
        if (!message || !message.source) return null;
        return {
          raw: message.source,
          seen: message.flags?.has('\\Seen') ?? false,
          flagged: message.flags?.has('\\Flagged') ?? false,
          draft: message.flags?.has('\\Draft') ?? false,
          junk: isJunk(message.flags),
        };
      });
    },

    async folderCounts(folderIds) {
      const client = await deps.imap();
      const counts: Record<string, FolderCounts> = {};
      for (const path of folderIds) {
        try {
          const status = await client.status(path, { messages: true, unseen: true });
          if (status) counts[path] = { messages: status.messages ?? 0, unseen: status.unseen ?? 0 };
        } catch {
          // \Noselect parents and folders removed meanwhile have no counts.
        }
      }
      return counts;
    },

    async browse(folderId, page) {
      // Set by the loader, which runs only when the page is not kept (a property: TypeScript does not
      // see a closure assign a local, and would take the check below for dead code).
      const fetched: { on: ImapFlow | null } = { on: null };
      const browsed = await inFolder(folderId, async (client, _uids, selectedBefore) => {
        if (page.search) return searchPage(client, page.search, page);
        await refreshCounts(client, selectedBefore);
        return headers.page(client, folderId, page, async () => {
          fetched.on = client;
          const total = client.mailbox ? client.mailbox.exists : 0;
          const last = total - page.offset;
          if (last < 1) return { total, messages: [] };
          return { total, messages: await fetchRows(client, `${Math.max(1, last - page.limit + 1)}:${last}`, false) };
        });
      });
      if (fetched.on) syncAfterFetch(fetched.on, folderId).catch(() => undefined);
      return browsed;
    },

    expunge,

    /** A draft goes for good, as `expunge` does: an id of another UIDVALIDITY names nothing here any more. */
    deleteDraft: (folderId, id) => expunge(folderId, [id]),
  };
}

/** A page of the messages matching `q` in subject, sender, recipients or body (IMAP SEARCH). */
async function searchPage(client: ImapFlow, q: string, page: { offset: number; limit: number }) {
  const found = await client.search({ or: [{ subject: q }, { from: q }, { to: q }, { body: q }] }, { uid: true });
  const uids = (Array.isArray(found) ? found : []).sort((a, b) => b - a);
  const slice = uids.slice(page.offset, page.offset + page.limit);
  return { total: uids.length, messages: slice.length ? await fetchRows(client, slice.join(','), true) : [] };
}

/** The list rows of a sequence or UID range, newest first. */
async function fetchRows(client: ImapFlow, range: string, byUid: boolean): Promise<BrowsedMessage[]> {
  const validity = String(client.mailbox ? client.mailbox.uidValidity : '');
  const addresses = (list: MessageAddressObject[] | undefined) =>
    (list ?? []).flatMap((a) => (a.address ? [{ name: a.name ?? '', address: a.address.toLowerCase() }] : []));
  const messages: BrowsedMessage[] = [];
  for await (const m of client.fetch(range, BROWSE_QUERY, { uid: byUid })) {
    const envelope = m.envelope;
    const from = envelope?.from?.[0];
    messages.push({
      id: `${validity}:${m.uid}`,
      messageId: envelope?.messageId ?? null,
      subject: envelope?.subject ?? '',
      from: from?.address ? { name: from.name ?? '', address: from.address.toLowerCase() } : null,
      to: addresses(envelope?.to),
      cc: addresses(envelope?.cc),
      date: envelope?.date ? new Date(envelope.date) : null,
      seen: m.flags?.has('\\Seen') ?? false,
      flagged: m.flags?.has('\\Flagged') ?? false,
      junk: isJunk(m.flags),
      hasAttachments: hasAttachment(m.bodyStructure),
      size: m.size ?? 0,
      threadDepth: (m.headers?.toString('utf8').match(/<[^<>\s]+>/g) ?? []).length,
    });
  }
  return messages.sort((a, b) => Number(b.id.split(':')[1]) - Number(a.id.split(':')[1]));
}

/** Marked as spam (`$Junk`, or `Junk` as some clients write it) and not since marked `$NotJunk` by the owner. */
function isJunk(flags: Set<string> | undefined): boolean {
  return flags !== undefined && (flags.has('$Junk') || flags.has('Junk')) && !flags.has('$NotJunk');
}
