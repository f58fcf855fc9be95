import type { MailSetting } from '@app/shared/mail-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { oauthVendorEnv, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';

/** Gmail and Outlook connected through the API, against local servers in the vendors' wire formats. */
describe('OAuth mailboxes (Gmail, Outlook)', () => {
  let t: TestApp;
  let google: GoogleServer;
  let microsoft: MicrosoftServer;

  beforeAll(async () => {
    const credentials = TEST_OAUTH_CLIENT;
    [google, microsoft] = await Promise.all([
      startGoogleServer({ ...credentials, emailAddress: 'owner@gmail.test' }),
      startMicrosoftServer({ ...credentials, mail: 'owner@outlook.test' }),
    ]);
    t = await createTestApp({
      env: oauthVendorEnv(google, microsoft),
    });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), google?.close(), microsoft?.close()]);
  });

  /** What the browser does: open the vendor's sign-in, consent, come back with code and state. */
  async function grant(user: TestUser, provider: 'gmail' | 'outlook') {
    const start = await t.call(user, 'GET', `/api/email-settings/oauth/${provider}`);
    expect(start.statusCode).toBe(200);
    const consent = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    expect(back.pathname).toBe(provider === 'gmail' ? '/cb/google' : '/cb/ms');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  const connect = (user: TestUser, provider: 'gmail' | 'outlook', grantParams: { code: string; state: string }) =>
    t.call(user, 'POST', '/api/email-settings', { provider, responseType: 2, ...grantParams });

  it('offers both providers once their client ids are configured', async () => {
    const user = await t.signUp();
    expect((await t.call(user, 'GET', '/api/default-configs')).json()).toMatchObject({
      providers: { gmail: true, outlook: true, smtp: true },
    });
  });

  it.each(['gmail', 'outlook'] as const)(
    'connects %s: code exchanged once, address and folders read, tokens sealed',
    async (provider) => {
      const user = await t.signUp();
      const params = await grant(user, provider);
      const res = await connect(user, provider, params);
      expect(res.statusCode).toBe(201);
      const setting = res.json<MailSetting>();
      expect(setting).toMatchObject({ provider, username: provider === 'gmail' ? 'owner@gmail.test' : 'owner@outlook.test' });
      expect(setting.mailboxes[0]).toMatchObject({ specialUse: '\\Inbox' });
      const [row] = await t.database.query<{ secret: string }>('SELECT secret FROM mail_account WHERE user_id = $1', [user.id]);
      expect(row!.secret).not.toContain('refresh-');
      expect(res.body).not.toContain('refresh-');

      const category = await t.call(user, 'POST', '/api/email-settings/categories', {
        classifierType: 'ai',
        name: 'Clients/Acme',
        instruction: 'Acme',
      });
      expect(category.json()).toMatchObject({ mailboxPath: 'Clients/Acme' });
    },
  );

  it('refuses forged, foreign or missing state and replayed codes, saving nothing', async () => {
    const [user, other] = [await t.signUp(), await t.signUp()];
    const params = await grant(user, 'outlook');
    const cases = [
      { ...params, state: `${params.state.split('.')[0]}.forged` },
      { ...params, state: undefined },
      { ...params, state: (await grant(other, 'outlook')).state },
      { ...params, state: (await grant(user, 'gmail')).state },
    ];
    for (const forged of cases) {
      const res = await connect(user, 'outlook', forged as { code: string; state: string });
      expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_OAUTH_STATE' });
    }
    expect((await connect(user, 'outlook', params)).statusCode).toBe(201);
    await t.call(user, 'DELETE', '/api/email-settings', {});
    const replay = await connect(user, 'outlook', params);
    expect(replay.json()).toMatchObject({ status: 400, code: 'MAIL_CONNECTION_FAILED', stage: 'oauth', reason: 'auth' });
    expect((await t.call(user, 'GET', '/api/email-settings')).json()).toBeNull();
  });

  it('refreshes rotating Microsoft tokens once when two requests find them expired together', async () => {
    const user = await t.signUp();
    const setting = (await connect(user, 'outlook', await grant(user, 'outlook'))).json<MailSetting>();
    microsoft.expireAccessTokens();
    const refreshesBefore = microsoft.calls.token.filter((c) => c.grant_type === 'refresh_token').length;
    const [a, b] = await Promise.all([
      t.call(user, 'GET', `/api/${setting._id}/email-settings/mailboxes`),
      t.call(user, 'GET', `/api/${setting._id}/email-settings/mailboxes`),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(microsoft.calls.token.filter((c) => c.grant_type === 'refresh_token').length - refreshesBefore).toBe(1);
    expect((await t.call(user, 'GET', '/api/email-settings/verify')).statusCode).toBe(200);
  });

  it('backs off on 429 and reports a revoked grant as a connection failure', async () => {
    const user = await t.signUp();
    await connect(user, 'gmail', await grant(user, 'gmail'));
    google.rateLimitNext(1, 1);
    expect((await t.call(user, 'GET', '/api/email-settings/verify')).statusCode).toBe(200);

    expect((await t.call(user, 'DELETE', '/api/email-settings', {})).statusCode).toBe(200);
    expect(google.calls.revoked).toHaveLength(1);
    const again = await t.signUp();
    await connect(again, 'gmail', await grant(again, 'gmail'));
    // Revoked at the vendor behind our back: the next use fails and says so.
    await fetch(`${google.baseUrl}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: google.currentRefreshToken()! }),
    });
    const broken = await t.call(again, 'GET', '/api/email-settings/verify');
    expect(broken.json()).toMatchObject({ status: 400, code: 'MAIL_CONNECTION_FAILED', stage: 'oauth', reason: 'auth' });
  });

  it('deleting the whole account revokes the Gmail grant and removes the sealed tokens', async () => {
    const user = await t.signUp();
    await connect(user, 'gmail', await grant(user, 'gmail'));
    const token = google.currentRefreshToken();
    expect((await t.call(user, 'DELETE', `/api/accounts/${user.id}`)).statusCode).toBe(200);
    expect(google.calls.revoked).toContain(token);
    expect(await t.database.query('SELECT 1 FROM mail_account WHERE user_id = $1', [user.id])).toHaveLength(0);
  });
});
