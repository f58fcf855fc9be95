import type { MailSetting } from '@app/shared/mail-settings';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../test/harness';
import { startGoogleServer } from '../../test/vendors/google-server';
import { startMicrosoftServer } from '../../test/vendors/microsoft-server';
import { connectOAuthMailbox, oauthVendorEnv, TEST_OAUTH_CLIENT } from '../../test/vendors/oauth-vendors';
import { MAIL_ACCOUNT_CHANGED_CHANNEL, wakeMailbox } from '../notifications/mailbox-wakeups';
import { startWorker } from '../worker';

const quietLog = { warn: (object: object, message: string) => console.warn(message, object) };
const TOPIC = 'projects/mail-assistant/topics/gmail';
const SERVICE_ACCOUNT = 'gmail-push@mail-assistant.iam.gserviceaccount.com';
/** Far longer than any wait below: mail processed in time came through push. */
const TEN_MINUTES = 10 * 60 * 1000;
/** How soon pushed mail must be processed. */
const PUSH_DEADLINE_MS = 8000;

async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** One app (listening, so that the vendors can reach its webhooks), one worker, both vendors' servers. */
async function startSetup(push: boolean) {
  const [google, microsoft] = await Promise.all([
    startGoogleServer({ ...TEST_OAUTH_CLIENT, emailAddress: 'owner@gmail.test' }),
    startMicrosoftServer({ ...TEST_OAUTH_CLIENT, mail: 'owner@outlook.test' }),
  ]);
  const port = await freePort();
  const appBase = `http://127.0.0.1:${port}`;
  const env = {
    ...oauthVendorEnv(google, microsoft),
    ...(push && {
      GMAIL_PUBSUB_TOPIC: TOPIC,
      GMAIL_PUSH_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
      OUTLOOK_NOTIFICATION_URL: `${appBase}/api/webhooks/outlook`,
    }),
  };
  // The topic's push subscription, as set up in Google Cloud for this deployment.
  google.pubsub = {
    topic: TOPIC,
    pushEndpoint: `${appBase}/api/webhooks/gmail`,
    audience: 'http://localhost:3000/api/webhooks/gmail',
    serviceAccountEmail: SERVICE_ACCOUNT,
  };
  const t = await createTestApp({ env });
  await t.app.listen({ port, host: '127.0.0.1' });
  const polling = push ? { pollMs: TEN_MINUTES, pushPollMs: TEN_MINUTES } : {};
  const worker = startWorker({ config: testConfig(env), database: t.database, log: quietLog, polling });
  return { google, microsoft, t, worker, appBase };
}

function helpers(get: () => TestApp) {
  const row = async (sql: string, params: unknown[]) => (await get().database.query<Record<string, unknown>>(sql, params))[0];

  async function until<T>(read: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the pipeline');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function connect(provider: 'gmail' | 'outlook') {
    const t = get();
    const user = await t.signUp();
    const settings = { responseType: 0, isSyncEnabled: true, isClassificationEnabled: true };
    const res = await connectOAuthMailbox(t, user, provider, settings);
    expect(res.statusCode, res.body).toBe(201);
    const setting = res.json<MailSetting>();
    await until(() => row('SELECT id FROM mail_account WHERE id = $1 AND sync_checkpoint IS NOT NULL', [setting._id]));
    return setting;
  }

  const processed = (setting: MailSetting, messageId: string, timeoutMs?: number) =>
    until(
      () =>
        row(
          `SELECT id, status FROM mail_message
           WHERE mail_account_id = $1 AND message_id = $2 AND status IN ('done', 'failed', 'gone')`,
          [setting._id, messageId],
        ),
      timeoutMs,
    );

  const channelOf = (setting: MailSetting) => row('SELECT * FROM mail_push_channel WHERE mail_account_id = $1', [setting._id]);

  const mail = (to: string, messageId: string) =>
    Buffer.from(
      `From: Ann <ann@acme.com>\r\nTo: ${to}\r\nSubject: Order status\r\nMessage-ID: ${messageId}\r\n` +
        `Date: ${new Date().toUTCString()}\r\n\r\nWhere is my order 42?\r\n`,
    );

  return { row, until, connect, processed, channelOf, mail };
}

/**
 * Push (issue 4): with a Pub/Sub topic and a Graph notification URL configured, the worker opens a
 * watch or subscription per mailbox, the vendors notify the API's webhooks, and the API wakes the
 * worker through PostgreSQL. The poll is set to ten minutes: mail processed within seconds was pushed.
 */
describe('mail pipeline with push (vendor-shaped servers)', () => {
  let s: Awaited<ReturnType<typeof startSetup>>;
  const h = helpers(() => s.t);

  beforeAll(async () => {
    s = await startSetup(true);
  });
  afterAll(async () => {
    await s?.worker.stop();
    await Promise.all([s?.t.close(), s?.google.close(), s?.microsoft.close()]);
  });

  it('Gmail: the mailbox is watched, and new mail is processed within seconds of the Pub/Sub push', async () => {
    const setting = await h.connect('gmail');
    const channel = await h.until(() => h.channelOf(setting));
    expect(channel).toMatchObject({ provider: 'gmail', external_id: 'owner@gmail.test', folder: 'INBOX' });
    expect(s.google.watch).toMatchObject({ topicName: TOPIC, labelIds: ['INBOX'] });
    // Any round started by the connection itself is over: the runner now waits (ten minutes, or a push).
    await new Promise((r) => setTimeout(r, 1500));

    const sent = Date.now();
    s.google.deliver(h.mail('owner@gmail.test', '<g-push@acme.com>'));
    await h.processed(setting, '<g-push@acme.com>', PUSH_DEADLINE_MS);
    console.info(`gmail push: processed ${Date.now() - sent} ms after delivery`);
    expect(s.google.pushes.map((p) => p.status)).toContain(204);
  });

  it('Outlook: the folder is subscribed to, and new mail is processed within seconds of the notification', async () => {
    const setting = await h.connect('outlook');
    const channel = await h.until(() => h.channelOf(setting));
    const subscription = s.microsoft.subscriptions.find((x) => x.id === channel.external_id);
    expect(subscription).toMatchObject({ changeType: 'created', resource: "me/mailFolders('AAMk-inbox')/messages" });
    // Only a hash of the secret is kept.
    expect(channel.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(channel.secret_hash).not.toBe(subscription!.clientState);
    await new Promise((r) => setTimeout(r, 1500));

    const sent = Date.now();
    s.microsoft.deliver('inbox', h.mail('owner@outlook.test', '<o-push@acme.com>'));
    await h.processed(setting, '<o-push@acme.com>', PUSH_DEADLINE_MS);
    console.info(`outlook push: processed ${Date.now() - sent} ms after delivery`);
    expect(s.microsoft.notifications.map((n) => n.status)).toContain(202);
  });

  describe('Outlook lifecycle notifications, acted on at once', () => {
    let setting: MailSetting;
    const channel = () => h.channelOf(setting) as Promise<{ external_id: string; renewed_at: Date } | undefined>;
    const subscription = (id: string) => s.microsoft.subscriptions.find((x) => x.id === id);
    /** The worker has asked Graph nothing for a second: its rounds are over, it waits (ten minutes, or a push). */
    const graphQuiet = () =>
      h.until(async () => {
        const calls = s.microsoft.calls.api.length;
        await new Promise((r) => setTimeout(r, 1000));
        return s.microsoft.calls.api.length === calls;
      });

    beforeAll(async () => {
      setting = await h.connect('outlook');
      await h.until(channel);
    });
    beforeEach(graphQuiet);

    it('subscriptionRemoved: a new subscription within seconds, and mail after it is pushed', async () => {
      const removed = (await channel())!.external_id;
      expect(subscription(removed)?.lifecycleNotificationUrl).toBe(`${s.appBase}/api/webhooks/outlook/lifecycle`);
      const sent = Date.now();
      expect(await s.microsoft.lifecycle(removed, 'subscriptionRemoved')).toBe(202);
      const created = await h.until(async () => {
        const now = await channel();
        return now && now.external_id !== removed && subscription(now.external_id) && now.external_id;
      }, 5000);
      console.info(`outlook subscriptionRemoved: subscribed again ${Date.now() - sent} ms later`);
      expect(subscription(created)).toMatchObject({ resource: "me/mailFolders('AAMk-inbox')/messages" });

      s.microsoft.deliver('inbox', h.mail('owner@outlook.test', '<o-after-removal@acme.com>'));
      await h.processed(setting, '<o-after-removal@acme.com>', PUSH_DEADLINE_MS);
      await h.until(async () => s.microsoft.notifications.some((n) => n.subscriptionId === created && n.status === 202));
    });

    it('reauthorizationRequired: the subscription is renewed (its expiry moved) at once', async () => {
      const id = (await channel())!.external_id;
      const expiry = subscription(id)!.expirationDateTime;
      const sent = Date.now();
      expect(await s.microsoft.lifecycle(id, 'reauthorizationRequired')).toBe(202);
      await h.until(async () => subscription(id)?.reauthorizationRequired === false, 5000);
      console.info(`outlook reauthorizationRequired: renewed ${Date.now() - sent} ms later`);
      expect(Date.parse(subscription(id)!.expirationDateTime)).toBeGreaterThan(Date.parse(expiry));
      expect(s.microsoft.calls.api).toContain(`PATCH /v1.0/subscriptions/${id}`);
      const renewed = await h.until(async () => {
        const now = (await channel())!;
        return now.renewed_at.getTime() > Date.now() - 60_000 && now;
      }, 5000);
      expect(renewed.external_id).toBe(id);
    });

    it('missed: mail Graph did not notify is processed at once, with a 10-minute poll', async () => {
      const id = (await channel())!.external_id;
      const notified = s.microsoft.notifications.length;
      s.microsoft.deliver('inbox', h.mail('owner@outlook.test', '<o-missed@acme.com>'), { notify: false });
      // Nothing tells the worker yet: the message waits.
      await new Promise((r) => setTimeout(r, 1500));
      expect(
        await h.row('SELECT id FROM mail_message WHERE mail_account_id = $1 AND message_id = $2', [
          setting._id,
          '<o-missed@acme.com>',
        ]),
      ).toBeUndefined();

      const sent = Date.now();
      expect(await s.microsoft.lifecycle(id, 'missed')).toBe(202);
      await h.processed(setting, '<o-missed@acme.com>', PUSH_DEADLINE_MS);
      console.info(`outlook missed: processed ${Date.now() - sent} ms after the lifecycle notification`);
      expect(s.microsoft.notifications).toHaveLength(notified);
    });
  });

  it('ends the channel when the assistant is switched off', async () => {
    const setting = await h.connect('outlook');
    const channel = await h.until(() => h.channelOf(setting));
    await s.t.database.query(
      'UPDATE mail_account SET response_type = 0, is_classification_enabled = false, updated_at = now() WHERE id = $1',
      [setting._id],
    );
    // As the settings service announces it (the runners' own check is 30 s away).
    await wakeMailbox(s.t.database.db, MAIL_ACCOUNT_CHANGED_CHANNEL, setting._id);
    await h.until(async () => !(await h.channelOf(setting)));
    expect(s.microsoft.subscriptions.map((x) => x.id)).not.toContain(channel.external_id);
  });
});

describe('mail pipeline without push configuration', () => {
  let s: Awaited<ReturnType<typeof startSetup>>;
  const h = helpers(() => s.t);

  beforeAll(async () => {
    s = await startSetup(false);
  });
  afterAll(async () => {
    await s?.worker.stop();
    await Promise.all([s?.t.close(), s?.google.close(), s?.microsoft.close()]);
  });

  it('polls as before: nothing is watched or subscribed to, and new mail still comes in', async () => {
    const gmail = await h.connect('gmail');
    const outlook = await h.connect('outlook');
    s.google.deliver(h.mail('owner@gmail.test', '<g-poll@acme.com>'));
    s.microsoft.deliver('inbox', h.mail('owner@outlook.test', '<o-poll@acme.com>'));
    await h.processed(gmail, '<g-poll@acme.com>');
    await h.processed(outlook, '<o-poll@acme.com>');
    expect(s.google.calls.api.filter((c) => c.endsWith('/watch'))).toEqual([]);
    expect(s.microsoft.calls.api.filter((c) => c.includes('/subscriptions'))).toEqual([]);
    expect(await h.row('SELECT count(*)::int AS n FROM mail_push_channel', [])).toEqual({ n: 0 });
    expect(s.google.pushes).toEqual([]);
    expect(s.microsoft.notifications).toEqual([]);
  });
});
