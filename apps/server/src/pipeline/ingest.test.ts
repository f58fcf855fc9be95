import type { MailSetting } from '@app/shared/mail-settings';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../../test/dovecot';
import { createTestApp, type TestApp } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createMailProviderFactory } from '../mail/open-provider';
import { providerFor } from '../modules/mail-settings/mail-settings.service';
import { createSecretBox } from '../security/secret-box';
import { type IngestDeps, syncMailbox } from './ingest';
import { acquireLease } from './ingest.repository';
import { accountsToHold, mailboxesAndWorkers } from './pipeline.repository';
import { PRESENCE_LOCK_SPACE } from './presence';

const skip = dovecotMissing();
if (skip) console.warn(skip);

describe.skipIf(skip)('ingest of the tracked folder against Dovecot', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let counter = 0;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  /** A user with a connected mailbox, and ingest dependencies for a named worker. */
  async function connectedMailbox() {
    const user = await t.signUp();
    const mailbox = { user: `ingest${++counter}@example.com`, pass: 'Ingest-Pass-1' };
    await dovecot.addUser(mailbox.user, mailbox.pass);
    smtp.addUser(mailbox.user, mailbox.pass);
    const res = await t.call(user, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 2,
      settings: {
        host: 'localhost',
        port: smtp.port,
        user: mailbox.user,
        pass: mailbox.pass,
        imapHost: 'localhost',
        imapPort: dovecot.port,
      },
    });
    expect(res.statusCode).toBe(201);
    const settingsDeps = {
      db: t.database.db,
      secretBox: createSecretBox('0'.repeat(64)),
      billingEnabled: false,
      stateSecret: 'unused-in-ingest-unused-in-ingest',
      providers: createMailProviderFactory({
        appUrl: 'http://localhost:3000',
        allowPrivateHosts: true,
        google: null,
        microsoft: null,
        endpointBases: {},
      }),
    };
    const deps = (workerId: string, extra: Partial<IngestDeps> = {}): IngestDeps => ({
      db: t.database.db,
      openProvider: (account) => providerFor(settingsDeps, account),
      workerId,
      ...extra,
    });
    return { user, mailbox, setting: res.json<MailSetting>(), deps };
  }

  async function append(mailbox: { user: string; pass: string }, count: number, folder = 'INBOX') {
    const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: mailbox, logger: false });
    await client.connect();
    for (let i = 0; i < count; i++) {
      const raw = `From: Client ${i} <client${i}@client.test>\r\nTo: ${mailbox.user}\r\nSubject: Order ${i}\r\nMessage-ID: <order-${i}-${Date.now()}@client.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\nHello ${i}\r\n`;
      await client.append(folder, raw);
    }
    await client.logout();
  }

  const messages = (accountId: string) =>
    t.database.query<{ provider_id: string; subject: string; from_address: string; folder: string }>(
      'SELECT provider_id, subject, from_address, folder FROM mail_message WHERE mail_account_id = $1 ORDER BY created_at, provider_id',
      [accountId],
    );

  it('starts from now, then records each new message once with the checkpoint', async () => {
    const { mailbox, setting, deps } = await connectedMailbox();
    await append(mailbox, 2);
    expect(await syncMailbox(deps('w1'), setting._id)).toEqual({ status: 'synced', inserted: 0 });
    await append(mailbox, 3);
    expect(await syncMailbox(deps('w1'), setting._id)).toEqual({ status: 'synced', inserted: 3 });
    expect(await syncMailbox(deps('w1'), setting._id)).toEqual({ status: 'synced', inserted: 0 });
    const rows = await messages(setting._id);
    expect(rows.map((r) => r.subject).sort()).toEqual(['Order 0', 'Order 1', 'Order 2']);
    expect(rows[0]).toMatchObject({ folder: 'INBOX', from_address: expect.stringMatching(/@client\.test$/) });
    expect(new Set(rows.map((r) => r.provider_id)).size).toBe(3);

    await append(mailbox, 5);
    expect(await syncMailbox(deps('w1', { batchSize: 2 }), setting._id)).toEqual({ status: 'synced', inserted: 5 });
    expect(await messages(setting._id)).toHaveLength(8);
  });

  it('lets one worker hold a mailbox; an expired lease is taken over; two at once record nothing twice', async () => {
    const { mailbox, setting, deps } = await connectedMailbox();
    await syncMailbox(deps('w1'), setting._id);
    await append(mailbox, 4);
    await t.database.query(
      `UPDATE mail_account SET lease_owner = 'dead-worker', lease_expires_at = now() + interval '1 minute' WHERE id = $1`,
      [setting._id],
    );
    expect(await syncMailbox(deps('w2'), setting._id)).toEqual({ status: 'busy' });
    await t.database.query(`UPDATE mail_account SET lease_expires_at = now() - interval '1 second' WHERE id = $1`, [setting._id]);
    expect(await syncMailbox(deps('w2'), setting._id)).toEqual({ status: 'synced', inserted: 4 });

    await append(mailbox, 6);
    const results = await Promise.all([syncMailbox(deps('a'), setting._id), syncMailbox(deps('b'), setting._id)]);
    const inserted = results.reduce((n, r) => n + (r.status === 'synced' ? r.inserted : 0), 0);
    expect(inserted).toBe(6);
    expect(await messages(setting._id)).toHaveLength(10);
    const [row] = await t.database.query<{ lease_owner: string | null }>('SELECT lease_owner FROM mail_account WHERE id = $1', [
      setting._id,
    ]);
    expect(row!.lease_owner).toBeNull();
  });

  it('queues again the batch a dead lease holder left half done, and leaves finished ones alone', async () => {
    const { setting } = await connectedMailbox();
    const state = async () =>
      (
        await t.database.query<{ batch_status: string | null; batch_categorize_status: string | null }>(
          'SELECT batch_status, batch_categorize_status FROM mail_account WHERE id = $1',
          [setting._id],
        )
      )[0];
    await t.database.query(
      `UPDATE mail_account SET lease_owner = 'dead-worker', lease_expires_at = now() - interval '1 second',
       batch_status = 'processing', batch_categorize_status = 'ANALYZING' WHERE id = $1`,
      [setting._id],
    );
    expect(await acquireLease(t.database.db, setting._id, 'w3', 60_000)).toMatchObject({
      batchStatus: 'pending',
      batchCategorizeStatus: 'QUEUED',
    });
    expect(await state()).toEqual({ batch_status: 'pending', batch_categorize_status: 'QUEUED' });
    await t.database.query(
      `UPDATE mail_account SET lease_owner = NULL, batch_status = 'completed', batch_categorize_status = 'FAILED' WHERE id = $1`,
      [setting._id],
    );
    await acquireLease(t.database.db, setting._id, 'w3', 60_000);
    expect(await state()).toEqual({ batch_status: 'completed', batch_categorize_status: 'FAILED' });
  });

  it('takes at once the lease of a worker whose presence lock is gone, never that of a live one, and stops counting it', async () => {
    const { setting } = await connectedMailbox();
    const holdBy = (worker: string) =>
      t.database.query(`UPDATE mail_account SET lease_owner = $2, lease_expires_at = now() + interval '1 minute' WHERE id = $1`, [
        setting._id,
        worker,
      ]);
    const held = async () => (await accountsToHold(t.database.db, 'w9')).some((a) => a.id === setting._id);
    const release = await t.database.holdSessionLock(PRESENCE_LOCK_SPACE, 'presence-live');
    expect(release).not.toBeNull();
    await t.database.query(
      `INSERT INTO pipeline_worker (id, presence_locked) VALUES ('presence-live', true), ('presence-old', false)`,
    );

    await holdBy('presence-live');
    expect(await held()).toBe(false);
    expect(await acquireLease(t.database.db, setting._id, 'w9', 60_000)).toBeNull();
    // A worker that never held a presence lock keeps its lease until it expires.
    await holdBy('presence-old');
    expect(await held()).toBe(false);
    expect(await acquireLease(t.database.db, setting._id, 'w9', 60_000)).toBeNull();

    // The live worker dies: its connection, and the lock with it, are gone; it no longer counts.
    await holdBy('presence-live');
    const running = (await mailboxesAndWorkers(t.database.db, 60_000)).workers;
    await release!();
    expect(await held()).toBe(true);
    expect((await mailboxesAndWorkers(t.database.db, 60_000)).workers).toBe(running - 1);
    expect(await acquireLease(t.database.db, setting._id, 'w9', 60_000)).toMatchObject({ leaseOwner: 'w9' });
  });

  it('says why a mailbox stopped syncing, and clears it once it works again', async () => {
    const { mailbox, setting, deps } = await connectedMailbox();
    await syncMailbox(deps('w1'), setting._id);
    await dovecot.addUser(mailbox.user, 'changed-elsewhere');
    const failed = await syncMailbox(deps('w1'), setting._id);
    expect(failed).toEqual({ status: 'failed', error: 'IMAP login failed: the username or password was refused' });
    const [broken] = await t.database.query<{ sync_error: string }>('SELECT sync_error FROM mail_account WHERE id = $1', [
      setting._id,
    ]);
    expect(broken!.sync_error).toBe(failed.status === 'failed' ? failed.error : '');
    await dovecot.addUser(mailbox.user, mailbox.pass);
    expect(await syncMailbox(deps('w1'), setting._id)).toMatchObject({ status: 'synced' });
    const [fixed] = await t.database.query<{ sync_error: string | null }>('SELECT sync_error FROM mail_account WHERE id = $1', [
      setting._id,
    ]);
    expect(fixed!.sync_error).toBeNull();
  });

  it('follows the tracked folder, starting it from now', async () => {
    const { user, mailbox, setting, deps } = await connectedMailbox();
    await syncMailbox(deps('w1'), setting._id);
    await append(mailbox, 1, 'Archive');
    await t.call(user, 'PUT', '/api/email-settings', { id: setting._id, trackedMailbox: 'Archive' });
    expect(await syncMailbox(deps('w1'), setting._id)).toEqual({ status: 'synced', inserted: 0 });
    await append(mailbox, 2, 'Archive');
    await append(mailbox, 1, 'INBOX');
    expect(await syncMailbox(deps('w1'), setting._id)).toEqual({ status: 'synced', inserted: 2 });
    expect((await messages(setting._id)).every((r) => r.folder === 'Archive')).toBe(true);
  });

  it('takes a message that left before it was read and came back for new mail, and one already handled for handled', async () => {
    const { mailbox, setting, deps } = await connectedMailbox();
    await syncMailbox(deps('w1'), setting._id);
    await append(mailbox, 2);
    await syncMailbox(deps('w1'), setting._id);
    const [first, second] = await t.database.query<{ id: string; message_id: string; subject: string }>(
      'SELECT id, message_id, subject FROM mail_message WHERE mail_account_id = $1 ORDER BY subject',
      [setting._id],
    );
    await t.database.query(`UPDATE mail_message SET status = 'gone' WHERE id = $1`, [first!.id]);
    await t.database.query(`UPDATE mail_message SET status = 'done' WHERE id = $1`, [second!.id]);
    // Both come back into the tracked folder under new uids (as after a move out and back).
    const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: mailbox, logger: false });
    await client.connect();
    for (const row of [first!, second!]) {
      await client.append(
        'INBOX',
        `From: c@client.test\r\nTo: ${mailbox.user}\r\nSubject: ${row.subject}\r\nMessage-ID: ${row.message_id}\r\n\r\nAgain\r\n`,
      );
    }
    await client.logout();
    expect(await syncMailbox(deps('w1'), setting._id)).toEqual({ status: 'synced', inserted: 2 });
    const again = await t.database.query<{ message_id: string; status: string; skip_reason: string | null }>(
      `SELECT message_id, status, skip_reason FROM mail_message WHERE mail_account_id = $1 AND status NOT IN ('gone') AND id NOT IN ($2, $3)`,
      [setting._id, first!.id, second!.id],
    );
    expect(again.find((r) => r.message_id === first!.message_id)).toMatchObject({ status: 'new', skip_reason: null });
    expect(again.find((r) => r.message_id === second!.message_id)).toMatchObject({
      status: 'done',
      skip_reason: 'ALREADY_HANDLED',
    });
  });
});
