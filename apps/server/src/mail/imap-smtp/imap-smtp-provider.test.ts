import net from 'node:net';
import type { SmtpConnectionSettings } from '@app/shared/mail-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, freePort, startDovecot, type Dovecot } from '../../../test/dovecot';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { createImapSmtpProvider } from './imap-smtp-provider';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const account = { user: 'alice@example.com', pass: 'correct horse' };

describe.skipIf(skip)('imap/smtp provider against Dovecot and an SMTP server', () => {
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let tlsSmtp: TestSmtpServer;

  beforeAll(async () => {
    [dovecot, smtp, tlsSmtp] = await Promise.all([
      startDovecot([account]),
      startSmtpServer([account]),
      startSmtpServer([account], { secure: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([dovecot?.stop(), smtp?.stop(), tlsSmtp?.stop()]);
  });

  function settings(overrides: Partial<SmtpConnectionSettings> = {}): SmtpConnectionSettings {
    return {
      name: 'Alice',
      host: 'localhost',
      port: smtp.port,
      secure: false,
      user: account.user,
      pass: account.pass,
      imapHost: 'localhost',
      imapPort: dovecot.port,
      imapSecure: false,
      imapUser: account.user,
      ...overrides,
    };
  }

  async function failure(s: SmtpConnectionSettings, options = { allowPrivateHosts: true, timeoutMs: 1500 }) {
    const provider = createImapSmtpProvider(s, options);
    try {
      await provider.verify();
      return null;
    } catch (error) {
      return error as { stage: string; reason: string; message: string };
    } finally {
      await provider.close();
    }
  }

  it('verifies both logins, lists the folder tree and creates nested folders once', async () => {
    const provider = createImapSmtpProvider(settings(), { allowPrivateHosts: true });
    await provider.verify();
    const folders = await provider.listFolders();
    expect(folders.map((f) => f.path)).toEqual(expect.arrayContaining(['INBOX', 'Sent', 'Drafts', 'Junk', 'Trash']));
    expect(folders.find((f) => f.id === 'INBOX')?.specialUse).toBe('\\Inbox');
    expect(folders.find((f) => f.id === 'Sent')?.specialUse).toBe('\\Sent');

    const nested = await provider.ensureFolder(['Clients', 'Acme']);
    expect(nested).toMatchObject({ id: 'Clients/Acme', name: 'Acme', parentId: 'Clients' });
    const child = await provider.ensureFolder(['Invoices'], 'Clients');
    expect(child).toMatchObject({ id: 'Clients/Invoices', parentId: 'Clients' });
    expect(await provider.ensureFolder(['clients', 'acme'])).toMatchObject({ id: 'Clients/Acme' });
    const after = (await provider.listFolders()).map((f) => f.id);
    expect(after.filter((id) => id.toLowerCase() === 'clients/acme')).toHaveLength(1);
    await provider.close();
  });

  it('says which login failed and why', async () => {
    expect(await failure(settings({ pass: 'wrong' }))).toMatchObject({ stage: 'imap', reason: 'auth' });
    smtp.addUser('other@example.com', 'smtp-only');
    await dovecot.addUser('other@example.com', 'imap-only');
    expect(
      await failure(settings({ user: 'other@example.com', imapUser: 'other@example.com', pass: 'imap-only' })),
    ).toMatchObject({
      stage: 'smtp',
      reason: 'auth',
      message: 'SMTP login failed: the username or password was refused',
    });
  });

  it('logs in to IMAP and SMTP with their own usernames when they are not the address', async () => {
    await dovecot.addUser('imap-login-7', 'both-pass');
    smtp.addUser('smtp-login-7', 'both-pass');
    const own = settings({ user: 'carol@example.com', imapUser: 'imap-login-7', smtpUser: 'smtp-login-7', pass: 'both-pass' });
    expect(await failure(own)).toBeNull();
    // Without its own SMTP login, the address is used, and the SMTP server refuses it.
    expect(await failure({ ...own, smtpUser: undefined })).toMatchObject({ stage: 'smtp', reason: 'auth' });
  });

  it('reports refused connections, self-signed certificates, silent and closing servers', async () => {
    expect(await failure(settings({ imapPort: await freePort() }))).toMatchObject({ stage: 'imap', reason: 'unreachable' });
    expect(await failure(settings({ port: tlsSmtp.port, secure: true }))).toMatchObject({ stage: 'smtp', reason: 'tls' });

    const sockets = new Set<net.Socket>();
    const silent = net.createServer((s) => sockets.add(s));
    const closing = net.createServer((s) => {
      s.write('* OK IMAP ready\r\n');
      s.once('data', () => s.destroy());
    });
    const [silentPort, closingPort] = [await freePort(), await freePort()];
    await Promise.all([
      new Promise<void>((r) => silent.listen(silentPort, '127.0.0.1', r)),
      new Promise<void>((r) => closing.listen(closingPort, '127.0.0.1', r)),
    ]);
    try {
      expect(await failure(settings({ imapPort: silentPort }))).toMatchObject({ stage: 'imap', reason: 'timeout' });
      expect(await failure(settings({ imapPort: closingPort }))).toMatchObject({ stage: 'imap', reason: 'protocol' });
    } finally {
      for (const s of sockets) s.destroy();
      await Promise.all([new Promise((r) => silent.close(r)), new Promise((r) => closing.close(r))]);
    }
  });

  it('requires STARTTLS when it was chosen, and connects in clear when "none" was, to a private host', async () => {
    // The test servers offer no STARTTLS (Dovecot without ssl, the SMTP server with it disabled).
    expect(await failure(settings({ imapSecurity: 'starttls' }))).toMatchObject({ stage: 'imap', reason: 'tls' });
    expect(await failure(settings({ smtpSecurity: 'starttls' }))).toMatchObject({ stage: 'smtp', reason: 'tls' });
    expect(await failure(settings({ imapSecurity: 'none', smtpSecurity: 'none' }))).toBeNull();
  });

  it('refuses internal hosts unless private hosts are allowed', async () => {
    expect(await failure(settings(), { allowPrivateHosts: false, timeoutMs: 1500 })).toMatchObject({
      stage: 'imap',
      reason: 'refused_host',
    });
  });
});
