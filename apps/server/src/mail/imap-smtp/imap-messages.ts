import type { ImapFlow, MessageStructureObject } from 'imapflow';
import type { Transporter } from 'nodemailer';
import { classifyConnectError, sendFailure } from '../errors';
import type { MailFolder, MessageOperations, MessageSummary } from '../port';
import { DEFAULT_FOLDER_NAME, findSpecialFolder } from '../special-folders';

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
  /** Runs `work` with `folder` selected; `uids` keeps only the ids of its current UIDVALIDITY. */
  async function inFolder<T>(folder: string, work: (client: ImapFlow, uids: (ids: string[]) => number[]) => Promise<T>) {
    const client = await deps.imap();
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
      return await work(client, uids);
    } finally {
      lock.release();
    }
  }

  const uidSet = (uids: number[]) => uids.join(',');

  async function sentFolder(): Promise<string> {
    const found = findSpecialFolder(await deps.listFolders(), '\\Sent');
    return found ? found.id : (await deps.ensureFolder([DEFAULT_FOLDER_NAME['\\Sent']])).id;
  }

  return {
    async fetchRaw(folderId, id) {
      return inFolder(folderId, async (client, uids) => {
        const [uid] = uids([id]);
        if (uid === undefined) return null;
        const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
        return message && message.source ? message.source : null;
      });
    },

    async list(folderId, page) {
      return inFolder(folderId, async (client) => {
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
            hasAttachments: hasAttachment(m.bodyStructure),
            size: m.size ?? 0,
          });
        }
        messages.sort((a, b) => Number(b.id.split(':')[1]) - Number(a.id.split(':')[1]));
        return { total, messages };
      });
    },

    async setFlags(folderId, ids, change) {
      await inFolder(folderId, async (client, uids) => {
        const set = uidSet(uids(ids));
        if (!set) return;
        if (change.add?.length) await client.messageFlagsAdd(set, change.add, { uid: true });
        if (change.remove?.length) await client.messageFlagsRemove(set, change.remove, { uid: true });
      });
    },

    async move(folderId, ids, targetFolderId) {
      await inFolder(folderId, async (client, uids) => {
        const set = uidSet(uids(ids));
        if (set) await client.messageMove(set, targetFolderId, { uid: true });
      });
    },

    async append(folderId, raw, flags) {
      const client = await deps.imap();
      await client.append(folderId, raw, flags).catch((error: unknown) => {
        throw classifyConnectError('imap', error);
      });
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
  };
}

function hasAttachment(node: MessageStructureObject | undefined): boolean {
  if (!node) return false;
  if (node.disposition === 'attachment') return true;
  return (node.childNodes ?? []).some(hasAttachment);
}
