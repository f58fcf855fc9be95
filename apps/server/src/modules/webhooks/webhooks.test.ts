import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { errorHandler } from '../../http/error-handler';
import { hashClientState } from './mailbox-push';
import { MAIL_PUSH_CHANNEL } from '../../notifications/mailbox-wakeups';
import * as repo from './push.repository';
import { registerWebhookRoutes } from './webhooks.routes';

const SERVICE_ACCOUNT = 'gmail-push@mail-assistant.iam.gserviceaccount.com';
const AUDIENCE = 'http://localhost:3000/api/webhooks/gmail';

/** The push webhooks through the HTTP app, Google's keys and tokens from a server in Google's format. */
describe('push webhooks', () => {
  let t: TestApp;
  let google: GoogleServer;
  const woken: string[] = [];
  let unlisten: () => Promise<void>;

  beforeAll(async () => {
    google = await startGoogleServer({ clientId: 'client-123', clientSecret: 'secret-456', emailAddress: 'owner@gmail.test' });
    t = await createTestApp({
      env: {
        GOOGLE_ENDPOINT_BASE: google.baseUrl,
        GMAIL_PUBSUB_TOPIC: 'projects/mail-assistant/topics/gmail',
        GMAIL_PUSH_SERVICE_ACCOUNT: SERVICE_ACCOUNT,
        OUTLOOK_NOTIFICATION_URL: 'https://mail.example/api/webhooks/outlook',
      },
    });
    unlisten = await t.database.listen(MAIL_PUSH_CHANNEL, (id) => woken.push(id));
  });
  afterAll(async () => {
    await unlisten?.();
    await Promise.all([t?.close(), google?.close()]);
  });

  /** A connected mailbox with an open push channel named `externalId`. */
  async function watchedMailbox(provider: 'gmail' | 'outlook', externalId: string, clientState?: string) {
    const user = await t.signUp();
    const [row] = await t.database.query<{ id: string }>(
      `INSERT INTO mail_account (user_id, provider, username, connection, secret, response_type)
       VALUES ($1, $2, $3, '{"kind":"oauth"}', 'sealed', 0) RETURNING id`,
      [user.id, provider, `${user.id}@${provider}.test`],
    );
    await repo.saveChannel(t.database.db, {
      mailAccountId: row!.id,
      userId: user.id,
      provider,
      externalId,
      folder: 'INBOX',
      secretHash: clientState ? hashClientState(clientState) : null,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    return row!.id;
  }

  const wokenSoon = async (accountId: string) => {
    for (let waited = 0; waited < 3000 && !woken.includes(accountId); waited += 20) await new Promise((r) => setTimeout(r, 20));
    return woken.includes(accountId);
  };
  const settle = () => new Promise((r) => setTimeout(r, 300));

  describe('Gmail (Pub/Sub push)', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const claims = (overrides: Record<string, unknown> = {}) => ({
      iss: 'https://accounts.google.com',
      aud: AUDIENCE,
      azp: '113774264463038321964',
      sub: '113774264463038321964',
      email: SERVICE_ACCOUNT,
      email_verified: true,
      iat: now(),
      exp: now() + 3600,
      ...overrides,
    });
    const pushBody = (emailAddress: string) => ({
      message: {
        data: Buffer.from(JSON.stringify({ emailAddress, historyId: '4321' })).toString('base64'),
        messageId: '2070443601311540',
        publishTime: new Date().toISOString(),
      },
      subscription: 'projects/mail-assistant/subscriptions/gmail-push',
    });
    const push = (payload: unknown, token: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/gmail',
        headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
        payload: JSON.stringify(payload),
      });

    it('refuses a push without a token (401) or with one Google did not sign for us (403)', async () => {
      const accountId = await watchedMailbox('gmail', 'refused@gmail.test');
      const body = pushBody('refused@gmail.test');
      expect((await push(body, null)).statusCode).toBe(401);
      expect((await push(body, 'not-a-jwt')).statusCode).toBe(403);
      expect((await push(body, google.signJwt(claims(), 'signature'))).statusCode).toBe(403);
      expect((await push(body, google.signJwt(claims({ aud: 'https://elsewhere.example' })))).statusCode).toBe(403);
      expect((await push(body, google.signJwt(claims({ email: 'someone@evil.example' })))).statusCode).toBe(403);
      expect((await push(body, google.signJwt(claims({ iss: 'https://issuer.invalid' })))).statusCode).toBe(403);
      expect((await push(body, google.signJwt(claims({ exp: now() - 120 })))).statusCode).toBe(403);
      // Unauthenticated callers learn nothing about the body's format.
      expect((await push({ nonsense: true }, null)).statusCode).toBe(401);
      await settle();
      expect(woken).not.toContain(accountId);
    });

    it('answers 400 to a malformed body, never 500', async () => {
      const token = google.signJwt(claims());
      for (const body of [
        {},
        { message: { data: 42 } },
        { ...pushBody('x@gmail.test'), message: { data: 'bm90IGpzb24=', messageId: '1' } },
      ]) {
        const res = await push(body, token);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ success: false, status: 400 });
      }
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/gmail',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: '{"message":',
      });
      expect(broken.statusCode).toBe(400);
    });

    it('acknowledges a push for an address nobody watches (so that Pub/Sub does not retry) and wakes nobody', async () => {
      const before = woken.length;
      const res = await push(pushBody('nobody@gmail.test'), google.signJwt(claims()));
      expect(res.statusCode).toBe(204);
      await settle();
      expect(woken).toHaveLength(before);
    });

    it('wakes the worker of every mailbox watching the address', async () => {
      const accountId = await watchedMailbox('gmail', 'owner@gmail.test');
      const res = await push(pushBody('Owner@Gmail.test'), google.signJwt(claims()));
      expect(res.statusCode).toBe(204);
      expect(await wokenSoon(accountId)).toBe(true);
    });
  });

  describe('Outlook (Graph change notifications)', () => {
    const notify = (payload: string, url = '/api/webhooks/outlook') =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload });
    const notification = (subscriptionId: string, clientState: string) =>
      JSON.stringify({
        value: [
          {
            subscriptionId,
            subscriptionExpirationDateTime: new Date(Date.now() + 86_400_000).toISOString(),
            changeType: 'created',
            resource: 'Users/user-1/Messages/AAMkMsg-1',
            resourceData: { '@odata.type': '#Microsoft.Graph.Message', id: 'AAMkMsg-1' },
            clientState,
            tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
          },
        ],
      });

    it('answers the validation handshake with the token as text', async () => {
      const token = 'Validation: Testing client application reachability for subscription Request-Id: 25b6a5b0';
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/outlook?validationToken=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(token);
      const long = await t.app.inject({ method: 'POST', url: `/api/webhooks/outlook?validationToken=${'x'.repeat(3000)}` });
      expect(long.statusCode).toBe(400);
    });

    it('answers 400 to a malformed body, never 500', async () => {
      for (const payload of ['{"value":"x"}', '{"value":[]}', '{"value":[{"changeType":"created"}]}', '[1,2', '']) {
        const res = await notify(payload);
        expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      }
    });

    it('ignores notifications with an unknown subscription or the wrong clientState', async () => {
      const accountId = await watchedMailbox('outlook', 'sub-wrong-state', 'the-right-secret');
      expect((await notify(notification('sub-unknown', 'the-right-secret'))).statusCode).toBe(202);
      expect((await notify(notification('sub-wrong-state', 'a-guess'))).statusCode).toBe(202);
      await settle();
      expect(woken).not.toContain(accountId);
    });

    it('wakes the worker of the subscription the notification names, with its clientState', async () => {
      const accountId = await watchedMailbox('outlook', 'sub-right', 'secret-of-sub-right');
      const res = await notify(notification('sub-right', 'secret-of-sub-right'));
      expect(res.statusCode).toBe(202);
      expect(await wokenSoon(accountId)).toBe(true);
    });

    it('refuses bodies over 64 KiB', async () => {
      const res = await notify(JSON.stringify({ value: [], padding: 'x'.repeat(70 * 1024) }));
      expect(res.statusCode).toBe(413);
    });
  });

  describe('Outlook (Graph lifecycle notifications)', () => {
    const URL = '/api/webhooks/outlook/lifecycle';
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: URL, headers: { 'content-type': 'application/json' }, payload });
    /** In the shape of https://learn.microsoft.com/graph/change-notifications-lifecycle-events. */
    const lifecycle = (subscriptionId: string, clientState: string, lifecycleEvent: string) =>
      JSON.stringify({
        value: [
          {
            subscriptionId,
            subscriptionExpirationDateTime: new Date(Date.now() + 86_400_000).toISOString(),
            tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
            clientState,
            lifecycleEvent,
          },
        ],
      });
    const channelOf = (accountId: string) => repo.findChannel(t.database.db, accountId);

    it('answers the validation handshake with the token as text', async () => {
      const token = 'Validation: Testing client application reachability for subscription Request-Id: 9f1c2e04';
      const res = await t.app.inject({
        method: 'POST',
        url: `${URL}?validationToken=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe(token);
    });

    it('answers 400 to a malformed body or a change notification, never 500', async () => {
      const changeNotification = JSON.stringify({ value: [{ subscriptionId: 's', clientState: 'c', changeType: 'created' }] });
      for (const payload of ['{"value":[]}', '{"value":[{"lifecycleEvent":"missed"}]}', changeNotification, '[1,', '']) {
        const res = await post(payload);
        expect(res.statusCode, `${payload}: ${res.body}`).toBe(400);
      }
    });

    it('acknowledges and ignores an unknown subscription, the wrong clientState or an unknown event', async () => {
      const accountId = await watchedMailbox('outlook', 'sub-lc-wrong', 'secret-lc-wrong');
      const before = await channelOf(accountId);
      for (const payload of [
        lifecycle('sub-lc-unknown', 'secret-lc-wrong', 'subscriptionRemoved'),
        lifecycle('sub-lc-wrong', 'a-guess', 'subscriptionRemoved'),
        lifecycle('sub-lc-wrong', 'a-guess', 'reauthorizationRequired'),
        lifecycle('sub-lc-wrong', 'secret-lc-wrong', 'somethingNew'),
      ])
        expect((await post(payload)).statusCode).toBe(202);
      await settle();
      expect(woken).not.toContain(accountId);
      expect(await channelOf(accountId)).toEqual(before);
    });

    it('reauthorizationRequired: marks the channel due for renewal and wakes its worker', async () => {
      const accountId = await watchedMailbox('outlook', 'sub-lc-reauth', 'secret-lc-reauth');
      expect((await post(lifecycle('sub-lc-reauth', 'secret-lc-reauth', 'reauthorizationRequired'))).statusCode).toBe(202);
      expect(await wokenSoon(accountId)).toBe(true);
      const channel = (await channelOf(accountId))!;
      expect(channel.externalId).toBe('sub-lc-reauth');
      expect(channel.renewedAt.getTime()).toBe(0);
    });

    it('subscriptionRemoved: forgets the channel, so that its worker, woken, subscribes again', async () => {
      const accountId = await watchedMailbox('outlook', 'sub-lc-removed', 'secret-lc-removed');
      expect((await post(lifecycle('sub-lc-removed', 'secret-lc-removed', 'subscriptionRemoved'))).statusCode).toBe(202);
      expect(await wokenSoon(accountId)).toBe(true);
      expect(await channelOf(accountId)).toBeNull();
    });

    it('missed: wakes the worker for a sync round and leaves the channel as it is', async () => {
      const accountId = await watchedMailbox('outlook', 'sub-lc-missed', 'secret-lc-missed');
      const before = await channelOf(accountId);
      expect((await post(lifecycle('sub-lc-missed', 'secret-lc-missed', 'missed'))).statusCode).toBe(202);
      expect(await wokenSoon(accountId)).toBe(true);
      expect(await channelOf(accountId)).toEqual(before);
    });

    it('handles each notification of a batch, and wakes a mailbox once', async () => {
      const removed = await watchedMailbox('outlook', 'sub-lc-batch-1', 'secret-lc-batch-1');
      const due = await watchedMailbox('outlook', 'sub-lc-batch-2', 'secret-lc-batch-2');
      const batch = [
        ...JSON.parse(lifecycle('sub-lc-batch-1', 'secret-lc-batch-1', 'subscriptionRemoved')).value,
        ...JSON.parse(lifecycle('sub-lc-batch-2', 'secret-lc-batch-2', 'reauthorizationRequired')).value,
        ...JSON.parse(lifecycle('sub-lc-batch-2', 'secret-lc-batch-2', 'missed')).value,
      ];
      const before = woken.length;
      expect((await post(JSON.stringify({ value: batch }))).statusCode).toBe(202);
      expect((await wokenSoon(removed)) && (await wokenSoon(due))).toBe(true);
      await settle();
      expect(woken.slice(before).sort()).toEqual([removed, due].sort());
      expect(await channelOf(removed)).toBeNull();
      expect((await channelOf(due))!.renewedAt.getTime()).toBe(0);
    });

    it('refuses bodies over 64 KiB', async () => {
      const res = await post(JSON.stringify({ value: [], padding: 'x'.repeat(70 * 1024) }));
      expect(res.statusCode).toBe(413);
    });
  });

  describe('bounds and configuration', () => {
    async function bareApp(push: Parameters<typeof registerWebhookRoutes>[1]['push'], perMinute?: number) {
      const app = Fastify();
      app.setValidatorCompiler(validatorCompiler);
      app.setSerializerCompiler(serializerCompiler);
      app.setErrorHandler(errorHandler);
      registerWebhookRoutes(app, { db: t.database.db, push, googleCertsUrl: `${google.baseUrl}/oauth2/v3/certs`, perMinute });
      await app.ready();
      return app;
    }

    it('rate-limits each address', async () => {
      const app = await bareApp({ gmail: null, outlook: { notificationUrl: 'https://mail.example/api/webhooks/outlook' } }, 2);
      const statuses = [];
      for (const url of ['/api/webhooks/outlook', '/api/webhooks/outlook/lifecycle', '/api/webhooks/outlook/lifecycle'])
        statuses.push((await app.inject({ method: 'POST', url: `${url}?validationToken=t` })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      await app.close();
    });

    it('answers 404 on every endpoint when push is not configured', async () => {
      const app = await bareApp({ gmail: null, outlook: null });
      const gmail = await app.inject({ method: 'POST', url: '/api/webhooks/gmail', payload: {} });
      const outlook = await app.inject({ method: 'POST', url: '/api/webhooks/outlook?validationToken=t' });
      const lifecycle = await app.inject({ method: 'POST', url: '/api/webhooks/outlook/lifecycle?validationToken=t' });
      expect([gmail.statusCode, outlook.statusCode, lifecycle.statusCode]).toEqual([404, 404, 404]);
      await app.close();
    });
  });
});
