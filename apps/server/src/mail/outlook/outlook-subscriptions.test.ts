import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOutlookProvider, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { startPushReceiver } from '../../../test/vendors/push-receiver';
import type { MailProvider, PushChannel } from '../port';

const INBOX = 'AAMk-inbox';

const mail = (n: number) =>
  Buffer.from(
    `From: a@client.example\r\nTo: owner@outlook.test\r\nSubject: Push ${n}\r\nMessage-ID: <push${n}@client.example>\r\n\r\nHi\r\n`,
  );

/** Graph subscriptions to a folder's arrivals against a server in Graph's wire format. */
describe('outlook push through Graph subscriptions', () => {
  let server: MicrosoftServer;
  let provider: MailProvider;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
  let channel: PushChannel;
  const target = () => ({
    notificationUrl: receiver.url,
    lifecycleNotificationUrl: `${receiver.url}/lifecycle`,
    clientState: 'state-secret-1',
  });
  const handshakes = (from: number) => receiver.received.slice(from).filter((r) => r.url.searchParams.has('validationToken'));

  beforeAll(async () => {
    [server, receiver] = await Promise.all([
      startMicrosoftServer({ ...TEST_OAUTH_CLIENT, mail: 'owner@outlook.test' }),
      startPushReceiver(),
    ]);
    provider = await signedInOutlookProvider(server);
  });
  afterAll(() => Promise.all([server?.close(), receiver?.close()]));

  it('is not created when the notification URL fails the validation handshake', async () => {
    receiver.state.echo = false;
    await expect(provider.watch!(INBOX, target(), null)).rejects.toMatchObject({ kind: 'invalid' });
    expect(server.subscriptions).toHaveLength(0);
    receiver.state.echo = true;
  });

  it('subscribes to the folder after the handshake on both URLs, and Graph posts a notification when mail arrives there, only there', async () => {
    const before = receiver.received.length;
    channel = await provider.watch!(INBOX, target(), null);
    const checked = handshakes(before);
    expect(checked.map((r) => r.url.pathname)).toEqual(['/hook', '/hook/lifecycle']);
    for (const handshake of checked) expect(handshake.headers['content-type']).toMatch(/^text\/plain/);
    expect(channel.id).toBe(server.subscriptions[0]!.id);
    expect(channel.expiresAt.getTime()).toBeGreaterThan(Date.now() + 2 * 24 * 3600_000);
    expect(server.subscriptions[0]).toMatchObject({
      changeType: 'created',
      resource: `me/mailFolders('${INBOX}')/messages`,
      clientState: 'state-secret-1',
      notificationUrl: receiver.url,
      lifecycleNotificationUrl: `${receiver.url}/lifecycle`,
    });

    server.deliver('AAMk-archive', mail(1));
    const arrived = server.deliver(INBOX, mail(2));
    const push = await receiver.next((r) => !r.url.searchParams.has('validationToken'));
    const body = JSON.parse(push.body) as { value: Record<string, unknown>[] };
    expect(body.value).toHaveLength(1);
    expect(body.value[0]).toMatchObject({
      subscriptionId: channel.id,
      clientState: 'state-secret-1',
      changeType: 'created',
      resourceData: { id: arrived.id },
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received.filter((r) => !r.url.searchParams.has('validationToken'))).toHaveLength(1);
  });

  it('renews with PATCH, creates again when Graph has dropped the subscription, and deletes', async () => {
    const renewed = await provider.watch!(INBOX, target(), channel);
    expect(renewed.id).toBe(channel.id);
    expect(server.calls.api).toContain(`PATCH /v1.0/subscriptions/${channel.id}`);

    server.subscriptions.length = 0;
    const recreated = await provider.watch!(INBOX, target(), renewed);
    expect(recreated.id).not.toBe(channel.id);
    expect(server.subscriptions.map((s) => s.id)).toEqual([recreated.id]);

    await provider.unwatch!(recreated);
    expect(server.subscriptions).toHaveLength(0);
    // Already gone: nothing to end.
    await expect(provider.unwatch!(recreated)).resolves.toBeUndefined();
  });

  it('is not created when the lifecycle URL is not https', async () => {
    const refused = provider.watch!(INBOX, { ...target(), lifecycleNotificationUrl: 'http://mail.example/lifecycle' }, null);
    await expect(refused).rejects.toMatchObject({ kind: 'invalid' });
    expect(server.subscriptions).toHaveLength(0);
  });

  it('replaces at renewal a subscription made without the lifecycle URL (Graph cannot add one by PATCH)', async () => {
    const { lifecycleNotificationUrl: _none, ...withoutLifecycle } = target();
    const old = await provider.watch!(INBOX, withoutLifecycle, null);
    expect(server.subscriptions[0]!.lifecycleNotificationUrl).toBeNull();
    const replaced = await provider.watch!(INBOX, target(), old);
    expect(replaced.id).not.toBe(old.id);
    expect(server.subscriptions).toEqual([
      expect.objectContaining({ id: replaced.id, lifecycleNotificationUrl: `${receiver.url}/lifecycle` }),
    ]);
    // Renewed in place from then on.
    expect((await provider.watch!(INBOX, target(), replaced)).id).toBe(replaced.id);
    await provider.unwatch!(replaced);
  });

  it("is reauthorized by its renewal after a reauthorizationRequired lifecycle notification, posted in Graph's format", async () => {
    const live = await provider.watch!(INBOX, target(), null);
    const before = receiver.received.length;
    expect(await server.lifecycle(live.id!, 'reauthorizationRequired')).toBe(202);
    const posted = receiver.received.slice(before).find((r) => r.url.pathname === '/hook/lifecycle')!;
    expect(posted.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(posted.body)).toEqual({
      value: [
        {
          subscriptionId: live.id,
          subscriptionExpirationDateTime: server.subscriptions[0]!.expirationDateTime,
          tenantId: server.account.tid,
          clientState: 'state-secret-1',
          lifecycleEvent: 'reauthorizationRequired',
        },
      ],
    });
    expect(server.subscriptions[0]!.reauthorizationRequired).toBe(true);
    const renewed = await provider.watch!(INBOX, target(), live);
    expect(renewed.id).toBe(live.id);
    expect(server.subscriptions[0]!.reauthorizationRequired).toBe(false);

    expect(await server.lifecycle(live.id!, 'subscriptionRemoved')).toBe(202);
    expect(server.subscriptions).toHaveLength(0);
  });
});
