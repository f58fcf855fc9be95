import type { SmtpConnectionSettings } from '@app/shared/mail-settings';
import { ImapFlow, type ListResponse } from 'imapflow';
import nodemailer from 'nodemailer';
import { classifyConnectError } from '../errors';
import { assertPlainAllowed, resolveMailHost } from '../host-guard';
import type { IncomingMessage, MailFolder, MailProvider } from '../port';
import { imapMessageOperations } from './imap-messages';
import { imapTlsOptions, smtpTlsOptions, transportSecurity } from './transport-security';

export interface ImapSmtpOptions {
  /** DESIGN §5: internal addresses are refused unless this is set. */
  allowPrivateHosts: boolean;
  /** Budget for connecting and for the greeting, each (default 15 s). */
  timeoutMs?: number;
}

/** The custom (smtp) provider: IMAP (imapflow) for reading, SMTP (nodemailer) for sending. */
export function createImapSmtpProvider(settings: SmtpConnectionSettings, options: ImapSmtpOptions): MailProvider {
  const timeout = options.timeoutMs ?? 15_000;
  let client: ImapFlow | null = null;
  /**
   * The server announced new mail (EXISTS) since the last search for it. Announcements also come in
   * the replies to other commands (FETCH, MOVE…), when nobody is waiting, and IDLE does not repeat
   * them: without this flag such mail would wait for the next delivery or the IDLE timeout.
   */
  let announced = false;
  const imapSecurity = transportSecurity(settings.imapSecurity, settings.imapSecure, options.allowPrivateHosts);
  const smtpSecurity = transportSecurity(settings.smtpSecurity, settings.secure, options.allowPrivateHosts);

  async function imap(): Promise<ImapFlow> {
    if (client?.usable) return client;
    const target = await resolveMailHost(settings.imapHost, 'imap', options.allowPrivateHosts);
    if (imapSecurity === 'none') await assertPlainAllowed(settings.imapHost, 'imap', options.allowPrivateHosts);
    const next = new ImapFlow({
      host: target.address,
      port: settings.imapPort,
      ...imapTlsOptions(imapSecurity),
      servername: target.servername,
      auth: { user: settings.imapUser, pass: settings.pass },
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 4,
    });
    // A dropped connection emits 'error'; the next call reconnects, so it only needs swallowing here.
    next.on('error', () => undefined);
    next.on('exists', () => (announced = true));
    try {
      await next.connect();
    } catch (error) {
      next.close();
      throw classifyConnectError('imap', error);
    }
    client = next;
    return next;
  }

  async function smtp() {
    const target = await resolveMailHost(settings.host, 'smtp', options.allowPrivateHosts);
    if (smtpSecurity === 'none') await assertPlainAllowed(settings.host, 'smtp', options.allowPrivateHosts);
    return nodemailer.createTransport({
      host: target.address,
      port: settings.port,
      ...smtpTlsOptions(smtpSecurity),
      auth: { user: settings.smtpUser || settings.user, pass: settings.pass },
      tls: { servername: target.servername },
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 2,
    });
  }

  async function verifySmtp() {
    const transport = await smtp();
    try {
      await transport.verify();
    } catch (error) {
      throw classifyConnectError('smtp', error);
    } finally {
      transport.close();
    }
  }

  const provider: MailProvider = {
    async verify() {
      await imap();
      await verifySmtp();
    },

    async address() {
      return settings.user;
    },

    async listFolders() {
      const connection = await imap();
      const listed = await connection.list().catch((error: unknown) => {
        throw classifyConnectError('imap', error);
      });
      return listed.filter((f) => !f.flags.has('\\NonExistent')).map(toFolder);
    },

    async ensureFolder(segments, parentId) {
      const connection = await imap();
      const listed = await connection.list();
      const parent = parentId ? listed.find((f) => f.path === parentId) : undefined;
      const delimiter = parent?.delimiter ?? listed[0]?.delimiter ?? '/';
      const real = (p: string) => listed.find((f) => f.path.toLowerCase() === p.toLowerCase() && !f.flags.has('\\NonExistent'));
      // Each level is created as a real folder, so that a parent like "Clients" can be picked later.
      let path = parent?.path ?? '';
      for (const segment of segments) {
        const wanted = path ? `${path}${delimiter}${segment}` : segment;
        const existing = real(wanted);
        path = existing?.path ?? wanted;
        if (existing) continue;
        try {
          const created = await connection.mailboxCreate(path);
          await connection.mailboxSubscribe(created.path).catch(() => undefined);
        } catch (error) {
          throw classifyConnectError('imap', error);
        }
      }
      const found = (await connection.list()).find((f) => f.path === path);
      if (!found) throw classifyConnectError('imap', new Error(`Folder ${path} was not created`));
      return toFolder(found);
    },

    async listNewMessages(folderId, checkpoint, limit) {
      const connection = await imap();
      const lock = await connection.getMailboxLock(folderId).catch((error: unknown) => {
        throw classifyConnectError('imap', error);
      });
      try {
        const box = connection.mailbox;
        if (!box) throw classifyConnectError('imap', new Error(`Folder ${folderId} could not be opened`));
        const uidValidity = String(box.uidValidity);
        // A long-lived connection's cached UIDNEXT does not move when mail arrives, so the server is asked.
        const previous = imapCheckpoint(checkpoint);
        if (!previous || previous.uidValidity !== uidValidity) {
          const last = box.exists > 0 ? await connection.fetchOne('*', { uid: true }) : false;
          return { messages: [], checkpoint: { uidValidity, lastUid: last ? last.uid : 0 } };
        }
        announced = false;
        const found = await connection.search({ uid: `${previous.lastUid + 1}:*` }, { uid: true });
        const uids = (found || [])
          .filter((uid) => uid > previous.lastUid)
          .sort((a, b) => a - b)
          .slice(0, limit);
        if (uids.length === 0) return { messages: [], checkpoint: previous };
        const upTo = uids[uids.length - 1]!;
        const messages: IncomingMessage[] = [];
        for await (const msg of connection.fetch(
          uids.join(','),
          { uid: true, envelope: true, internalDate: true },
          { uid: true },
        )) {
          const from = msg.envelope?.from?.[0];
          messages.push({
            providerId: `${uidValidity}:${msg.uid}`,
            messageId: msg.envelope?.messageId ?? null,
            subject: msg.envelope?.subject ?? '',
            from: from?.address ? { name: from.name ?? '', address: from.address.toLowerCase() } : null,
            date: toDate(msg.envelope?.date ?? msg.internalDate),
          });
        }
        messages.sort((a, b) => uidOf(a) - uidOf(b));
        return { messages, checkpoint: { uidValidity, lastUid: upTo } };
      } finally {
        lock.release();
      }
    },

    async waitForChange(folderId, timeoutMs, signal) {
      const connection = await imap();
      const lock = await connection.getMailboxLock(folderId).catch((error: unknown) => {
        throw classifyConnectError('imap', error);
      });
      try {
        return await new Promise<'changed' | 'timeout'>((resolve, reject) => {
          const finish = (outcome: 'changed' | 'timeout' | Error) => {
            clearTimeout(timer);
            connection.off('exists', changed);
            connection.off('close', closed);
            signal?.removeEventListener('abort', aborted);
            if (outcome instanceof Error) reject(classifyConnectError('imap', outcome));
            else resolve(outcome);
          };
          const changed = () => finish('changed');
          const closed = () => finish(new Error('The IMAP connection closed while waiting for mail'));
          const aborted = () => finish('timeout');
          const timer = setTimeout(aborted, timeoutMs);
          if (announced) return changed();
          if (signal?.aborted) return aborted();
          signal?.addEventListener('abort', aborted);
          connection.on('exists', changed);
          connection.on('close', closed);
          // IDLE stays on until the next command, which imapflow sends after ending it.
          connection.idle().catch((error: unknown) => finish(error instanceof Error ? error : new Error(String(error))));
        });
      } finally {
        lock.release();
      }
    },

    async close() {
      const current = client;
      client = null;
      if (current?.usable) await current.logout().catch(() => current.close());
      else current?.close();
    },
  };
  provider.messages = imapMessageOperations({
    imap,
    smtp,
    listFolders: () => provider.listFolders(),
    ensureFolder: (segments) => provider.ensureFolder(segments),
  });
  return provider;
}

type ImapCheckpoint = { uidValidity: string; lastUid: number };

function imapCheckpoint(value: unknown): ImapCheckpoint | null {
  const c = value as Partial<ImapCheckpoint> | null;
  return c && typeof c.uidValidity === 'string' && typeof c.lastUid === 'number'
    ? { uidValidity: c.uidValidity, lastUid: c.lastUid }
    : null;
}

const uidOf = (m: IncomingMessage) => Number(m.providerId.split(':')[1]);

function toDate(value: Date | string | undefined | null): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function toFolder(f: ListResponse): MailFolder {
  const segments = f.path.split(f.delimiter || '/');
  return {
    id: f.path,
    path: segments.join('/'),
    name: f.name,
    parentId: f.parentPath || null,
    specialUse: f.specialUse ?? (f.path.toUpperCase() === 'INBOX' ? '\\Inbox' : null),
  };
}
