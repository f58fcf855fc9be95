import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInGmailProvider, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { startPushReceiver } from '../../../test/vendors/push-receiver';
import { MailError } from '../errors';
import type { MailProvider } from '../port';

const TOPIC = 'projects/mail-assistant/topics/gmail';
const SERVICE_ACCOUNT = 'gmail-push@mail-assistant.iam.gserviceaccount.com';

const mail = (n: number) =>
  Buffer.from(
    `From: a@client.example\r\nTo: owner@gmail.test\r\nSubject: Push ${n}\r\nMessage-ID: <push${n}@client.example>\r\n\r\nHi\r\n`,
  );

/** users.watch and users.stop against a server in Gmail's wire format, which plays Pub/Sub's push too. */
describe('gmail push through users.watch', () => {
  let server: GoogleServer;
  let provider: MailProvider;
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>;

  beforeAll(async () => {
    [server, receiver] = await Promise.all([
      startGoogleServer({ ...TEST_OAUTH_CLIENT, emailAddress: 'owner@gmail.test' }),
      startPushReceiver(),
    ]);
    provider = await signedInGmailProvider(server);
  });
  afterAll(() => Promise.all([server?.close(), receiver?.close()]));

  it('refuses a topic that does not exist, and a target that is not a topic', async () => {
    await expect(provider.watch!('INBOX', { topicName: TOPIC }, null)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(provider.watch!('INBOX', { notificationUrl: receiver.url, clientState: 'x' }, null)).rejects.toBeInstanceOf(
      MailError,
    );
  });

  it('watches the label, and Pub/Sub pushes a signed notification when mail arrives in it, only then', async () => {
    server.pubsub = { topic: TOPIC, pushEndpoint: receiver.url, serviceAccountEmail: SERVICE_ACCOUNT };
    const channel = await provider.watch!('INBOX', { topicName: TOPIC }, null);
    expect(channel.id).toBeNull();
    expect(channel.folderId).toBe('INBOX');
    expect(channel.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(server.watch).toMatchObject({ topicName: TOPIC, labelIds: ['INBOX'], labelFilterBehavior: 'include' });

    server.deliver(mail(1), ['SENT']);
    server.deliver(mail(2));
    const push = await receiver.next(() => true);
    const body = JSON.parse(push.body) as { message: { data: string; messageId: string }; subscription: string };
    const data = JSON.parse(Buffer.from(body.message.data, 'base64').toString('utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({ emailAddress: 'owner@gmail.test' });
    expect(Number(data.historyId)).toBeGreaterThan(0);
    expect(body.subscription).toBe('projects/mail-assistant/subscriptions/gmail-push');
    const token = /^Bearer (.+)$/.exec(push.headers.authorization ?? '')![1]!;
    // An OIDC token (RS256) signed by the key Google publishes, for the push subscription's audience and account.
    const [header, claims, signature] = token.split('.') as [string, string, string];
    const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
    const { keys } = (await (await fetch(`${server.baseUrl}/oauth2/v3/certs`)).json()) as {
      keys: (JsonWebKey & { kid: string })[];
    };
    const key = createPublicKey({ key: keys.find((k) => k.kid === kid)!, format: 'jwk' });
    expect(verify('sha256', Buffer.from(`${header}.${claims}`), key, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: receiver.url,
      email: SERVICE_ACCOUNT,
      email_verified: true,
    });
    // Mail only under SENT was not pushed.
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(1);
  });

  it('renews by watching again, and stops', async () => {
    const renewed = await provider.watch!('INBOX', { topicName: TOPIC }, { id: null, folderId: 'INBOX', expiresAt: new Date() });
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await provider.unwatch!(renewed);
    expect(server.watch).toBeNull();
    const before = receiver.received.length;
    server.deliver(mail(3));
    await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received).toHaveLength(before);
  });
});
