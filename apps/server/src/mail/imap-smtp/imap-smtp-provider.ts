import type { SmtpSettings } from '@app/shared/mail-settings';
import { ImapFlow, type ListResponse } from 'imapflow';
import nodemailer from 'nodemailer';
import { classifyConnectError } from '../errors';
import { resolveMailHost } from '../host-guard';
import type { MailFolder, MailProvider } from '../port';

export interface ImapSmtpOptions {
  /** DESIGN §5: internal addresses are refused unless this is set. */
  allowPrivateHosts: boolean;
  /** Budget for connecting and for the greeting, each (default 15 s). */
  timeoutMs?: number;
}

/** The custom (smtp) provider: IMAP (imapflow) for reading, SMTP (nodemailer) for sending. */
export function createImapSmtpProvider(settings: SmtpSettings, options: ImapSmtpOptions): MailProvider {
  const timeout = options.timeoutMs ?? 15_000;
  let client: ImapFlow | null = null;

  async function imap(): Promise<ImapFlow> {
    if (client?.usable) return client;
    const target = await resolveMailHost(settings.imapHost, 'imap', options.allowPrivateHosts);
    const next = new ImapFlow({
      host: target.address,
      port: settings.imapPort,
      secure: settings.imapSecure,
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
    try {
      await next.connect();
    } catch (error) {
      next.close();
      throw classifyConnectError('imap', error);
    }
    client = next;
    return next;
  }

  async function verifySmtp() {
    const target = await resolveMailHost(settings.host, 'smtp', options.allowPrivateHosts);
    const transport = nodemailer.createTransport({
      host: target.address,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.pass },
      tls: { servername: target.servername },
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout * 2,
    });
    try {
      await transport.verify();
    } catch (error) {
      throw classifyConnectError('smtp', error);
    } finally {
      transport.close();
    }
  }

  return {
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

    async close() {
      const current = client;
      client = null;
      if (current?.usable) await current.logout().catch(() => current.close());
      else current?.close();
    },
  };
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
