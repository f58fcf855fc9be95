import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOutlookProvider, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { startPushReceiver } from '../../../test/vendors/push-receiver';
import type { MailProvider } from '../../mail/port';
import type { MailAccountRow } from '../../pipeline/ingest.repository';
import { findAccount } from '../../pipeline/pipeline.repository';
import { createMailboxPush, lifecycleUrlOf } from './mailbox-push';
import * as repo from './push.repository';

/** The worker's side of push over a Graph-shaped server: a channel opened, kept, renewed, moved, ended. */
describe('mailbox push channels', () => {
  let t: TestApp;
  let server: MicrosoftServer;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let provider: MailProvider;
  let push: ReturnType<typeof createMailboxPush>;
  let account: MailAccountRow;
  const warnings: string[] = [];

  beforeAll(async () => {
    [t, server, receiver] = await Promise.all([
      createTestApp(),
      startMicrosoftServer({ ...TEST_OAUTH_CLIENT, mail: 'owner@outlook.test' }),
      startPushReceiver(),
    ]);
    provider = await signedInOutlookProvider(server);
    push = createMailboxPush({
      database: t.database,
      config: { gmail: null, outlook: { notificationUrl: receiver.url } },
      log: { warn: (_object, message) => warnings.push(message) },
    });
    const user = await t.signUp();
    const rows = await t.database.query<{ id: string }>(
      `INSERT INTO mail_account (user_id, provider, username, connection, secret, response_type, tracked_mailbox)
       VALUES ($1, 'outlook', 'owner@outlook.test', '{"kind":"oauth"}', 'sealed', 0, 'AAMk-inbox') RETURNING id`,
      [user.id],
    );
    account = (await findAccount(t.database.db, rows[0]!.id))!;
  });
  afterAll(async () => {
    await push?.close();
    await Promise.all([t?.close(), server?.close(), receiver?.close()]);
  });

  const channel = () => repo.findChannel(t.database.db, account.id);
  const patches = () => server.calls.api.filter((c) => c.startsWith('PATCH /v1.0/subscriptions/')).length;

  it('derives the lifecycle URL from the notification URL', () => {
    expect(lifecycleUrlOf('https://mail.example/api/webhooks/outlook')).toBe(
      'https://mail.example/api/webhooks/outlook/lifecycle',
    );
    expect(lifecycleUrlOf('https://mail.example/hooks/outlook/?code=k')).toBe(
      'https://mail.example/hooks/outlook/lifecycle?code=k',
    );
  });

  it('opens a subscription once, with its lifecycle URL, then keeps it without asking Graph again until it is due', async () => {
    expect(await push.keep(account, provider)).toBe(true);
    const opened = (await channel())!;
    expect(opened).toMatchObject({ provider: 'outlook', folder: 'AAMk-inbox', externalId: server.subscriptions[0]!.id });
    expect(server.subscriptions[0]!.lifecycleNotificationUrl).toBe(`${receiver.url}/lifecycle`);
    const calls = server.calls.api.length;
    expect(await push.keep(account, provider)).toBe(true);
    expect(server.calls.api).toHaveLength(calls);
  });

  it('renews a day later with PATCH, keeping the subscription and its secret', async () => {
    const before = (await channel())!;
    await t.database.query(`UPDATE mail_push_channel SET renewed_at = now() - interval '25 hours' WHERE mail_account_id = $1`, [
      account.id,
    ]);
    expect(await push.keep(account, provider)).toBe(true);
    const after = (await channel())!;
    expect(patches()).toBe(1);
    expect(after.externalId).toBe(before.externalId);
    expect(after.secretHash).toBe(before.secretHash);
    expect(after.renewedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('renews at once a channel the lifecycle webhook marked due, and subscribes again when it forgot one', async () => {
    const before = (await channel())!;
    await repo.markChannelDue(t.database.db, account.id, before.externalId);
    expect(await push.keep(account, provider)).toBe(true);
    expect(patches()).toBe(2);
    expect((await channel())!).toMatchObject({ externalId: before.externalId, secretHash: before.secretHash });

    expect(await server.lifecycle(before.externalId, 'subscriptionRemoved')).toBe(202);
    await repo.forgetChannel(t.database.db, account.id, before.externalId);
    expect(await push.keep(account, provider)).toBe(true);
    const after = (await channel())!;
    expect(after.externalId).not.toBe(before.externalId);
    expect(server.subscriptions.map((s) => s.id)).toEqual([after.externalId]);
  });

  it('creates the subscription again, with a new secret, when Graph has dropped it', async () => {
    const before = (await channel())!;
    server.subscriptions.length = 0;
    await t.database.query(`UPDATE mail_push_channel SET expires_at = now() + interval '30 minutes' WHERE mail_account_id = $1`, [
      account.id,
    ]);
    expect(await push.keep(account, provider)).toBe(true);
    const after = (await channel())!;
    expect(after.externalId).not.toBe(before.externalId);
    expect(after.secretHash).not.toBe(before.secretHash);
    expect(server.subscriptions.map((s) => s.id)).toEqual([after.externalId]);
  });

  it('moves to the new tracked folder, deleting the old subscription', async () => {
    const before = (await channel())!;
    const moved = { ...account, trackedMailbox: 'AAMk-archive' };
    expect(await push.keep(moved, provider)).toBe(true);
    const after = (await channel())!;
    expect(after.folder).toBe('AAMk-archive');
    expect(server.subscriptions.map((s) => s.id)).toEqual([after.externalId]);
    expect(after.externalId).not.toBe(before.externalId);
    account = moved;
  });

  it('gives up for a while when Graph refuses, and the mailbox is polled meanwhile', async () => {
    await push.end(account, () => provider);
    expect(server.subscriptions).toHaveLength(0);
    receiver.state.echo = false;
    expect(await push.keep(account, provider)).toBe(false);
    expect(warnings).toContain('push channel could not be opened; the mailbox is polled');
    receiver.state.echo = true;
    const calls = server.calls.api.length;
    expect(await push.keep(account, provider)).toBe(false);
    expect(server.calls.api).toHaveLength(calls);
  });

  it('ends the channel of a mailbox that stops syncing', async () => {
    // `end` forgets the back-off: a mailbox that syncs again is subscribed at once.
    await push.end(account, () => provider);
    expect(await push.keep(account, provider)).toBe(true);
    expect(server.subscriptions).toHaveLength(1);
    await push.end(account, () => provider);
    expect(await channel()).toBeNull();
    expect(server.subscriptions).toHaveLength(0);
  });
});
