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
  const target = () => ({ notificationUrl: receiver.url, clientState: 'state-secret-1' });

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

  it('subscribes to the folder after the handshake, and Graph posts a notification when mail arrives there, only there', async () => {
    const before = receiver.received.length;
    channel = await provider.watch!(INBOX, target(), null);
    const handshake = receiver.received.slice(before).find((r) => r.url.searchParams.has('validationToken'));
    expect(handshake?.headers['content-type']).toMatch(/^text\/plain/);
    expect(channel.id).toBe(server.subscriptions[0]!.id);
    expect(channel.expiresAt.getTime()).toBeGreaterThan(Date.now() + 2 * 24 * 3600_000);
    expect(server.subscriptions[0]).toMatchObject({
      changeType: 'created',
      resource: `me/mailFolders('${INBOX}')/messages`,
      clientState: 'state-secret-1',
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
});
