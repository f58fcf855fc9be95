import type { MailDiscovery } from '@app/shared/mail-discovery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../../../test/dovecot';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';

/**
 * What the connect form is offered (issue 35, item 3): the address discovery, security "none" only
 * where private hosts are allowed, and the Starter plan's combinations. The discovery's DNS answers
 * are tested in `mail/discovery.test.ts`: the outside DNS cannot be reached here, so these calls
 * stay on what needs none (presets, Outlook.com, names that have no public DNS).
 */
describe('connect options', () => {
  let open: TestApp;
  let strict: TestApp;
  let owner: TestUser;
  let strictOwner: TestUser;

  beforeAll(async () => {
    // `strict`: private hosts refused, as in production, and 2 lookups a minute (20 × 0.1).
    [open, strict] = await Promise.all([
      createTestApp(),
      createTestApp({ env: { MAIL_ALLOW_PRIVATE_HOSTS: 'false', RATE_LIMIT_MULTIPLIER: '0.1' } }),
    ]);
    [owner, strictOwner] = await Promise.all([open.signUp(), strict.signUp()]);
  });
  afterAll(async () => {
    await Promise.all([open?.close(), strict?.close()]);
  });

  const smtpBody = (settings: object, extra: object = {}) => ({
    provider: 'smtp',
    responseType: 2,
    isClassificationEnabled: false,
    settings: {
      host: 'localhost',
      port: 9,
      user: 'me@example.com',
      pass: 'secret',
      imapHost: 'localhost',
      imapPort: 9,
      ...settings,
    },
    ...extra,
  });

  it('tells the form whether private hosts (and plain connections to them) are allowed', async () => {
    expect((await open.call(owner, 'GET', '/api/default-configs')).json()).toMatchObject({ privateMailHosts: true });
    expect((await strict.call(strictOwner, 'GET', '/api/default-configs')).json()).toMatchObject({ privateMailHosts: false });
  });

  it('guesses the servers of an address: presets, Outlook.com, nothing for names without public DNS', async () => {
    const discover = async (email: string) => {
      const res = await open.call(owner, 'GET', `/api/email-settings/discover?email=${encodeURIComponent(email)}`);
      expect(res.statusCode).toBe(200);
      return res.json<MailDiscovery>();
    };
    expect(await discover('Someone@GMX.de')).toEqual({
      source: 'preset',
      preset: 'gmx',
      microsoft: false,
      imap: { host: 'imap.gmx.net', port: 993, security: 'tls' },
      smtp: { host: 'mail.gmx.net', port: 465, security: 'tls' },
    });
    expect(await discover('me@live.fr')).toMatchObject({ source: 'preset', microsoft: true, imap: null, smtp: null });
    expect(await discover('me@shop.test')).toMatchObject({ source: 'none', imap: null, smtp: null });
  });

  it('answers a bad address 400 with the message key, a signed-out caller 401, and past the limit 429', async () => {
    const bad = await open.call(owner, 'GET', '/api/email-settings/discover?email=not-an-address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'mailSettings.validation.invalidUser' });
    expect((await open.call(owner, 'GET', '/api/email-settings/discover')).statusCode).toBe(400);
    expect((await open.call(null, 'GET', '/api/email-settings/discover?email=me%40gmail.com')).statusCode).toBe(401);

    const ask = () => strict.call(strictOwner, 'GET', '/api/email-settings/discover?email=me%40orange.fr');
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMIT', limit: 2 });
    expect(refused.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(0);
  });

  it('refuses security "none" where private hosts are not allowed, and to a public host where they are, before connecting', async () => {
    const notAllowed = await strict.call(
      strictOwner,
      'POST',
      '/api/email-settings',
      smtpBody({ host: '8.8.8.8', imapSecurity: 'none' }),
    );
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toMatchObject({ code: 'PLAIN_CONNECTION_REFUSED', stage: 'imap', reason: 'not_allowed' });

    const publicHost = await open.call(owner, 'POST', '/api/email-settings', smtpBody({ host: '8.8.8.8', smtpSecurity: 'none' }));
    expect(publicHost.statusCode).toBe(400);
    expect(publicHost.json()).toMatchObject({ code: 'PLAIN_CONNECTION_REFUSED', stage: 'smtp', reason: 'public_host' });
    expect(publicHost.json<{ message: string }>().message).toContain('8.8.8.8 is public');

    const unknown = await open.call(owner, 'POST', '/api/email-settings', smtpBody({ imapSecurity: 'plain' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'mailSettings.validation.invalidSecurity' });
  });

  it('keeps the Starter plan to the combinations it allows, before any connection is tried', async () => {
    const user = await open.signUp();
    await open.database.query(`UPDATE subscription SET plan = 'starter' WHERE owner_id = $1`, [user.id]);
    // Port 9 refuses at once: a combination the plan allows reaches the connection test and fails there.
    for (const responseType of [1, 2, 3]) {
      const refused = await open.call(
        user,
        'POST',
        '/api/email-settings',
        smtpBody({}, { responseType, isClassificationEnabled: true }),
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'STARTER_PLAN_LIMIT' });
    }
    for (const allowed of [
      { responseType: 0, isClassificationEnabled: true },
      { responseType: 2, isClassificationEnabled: false },
    ]) {
      expect((await open.call(user, 'POST', '/api/email-settings', smtpBody({}, allowed))).json()).toMatchObject({
        code: 'MAIL_CONNECTION_FAILED',
      });
    }
  });

  const skip = dovecotMissing();
  describe.skipIf(skip)('against Dovecot and an SMTP server without STARTTLS', () => {
    let dovecot: Dovecot;
    let smtp: TestSmtpServer;
    const box = { user: 'plain@example.com', pass: 'Plain-Pass-1' };

    beforeAll(async () => {
      [dovecot, smtp] = await Promise.all([startDovecot([box]), startSmtpServer([box])]);
    });
    afterAll(async () => {
      await Promise.all([dovecot?.stop(), smtp?.stop()]);
    });

    const settings = (extra: object) => ({
      host: 'localhost',
      port: smtp.port,
      user: box.user,
      pass: box.pass,
      imapHost: 'localhost',
      imapPort: dovecot.port,
      ...extra,
    });

    it('STARTTLS chosen is required; "none" connects a private host in clear and keeps doing so', async () => {
      const user = await open.signUp();
      const starttls = await open.call(user, 'POST', '/api/email-settings', smtpBody(settings({ imapSecurity: 'starttls' })));
      expect(starttls.json()).toMatchObject({ code: 'MAIL_CONNECTION_FAILED', stage: 'imap', reason: 'tls' });

      const plain = await open.call(
        user,
        'POST',
        '/api/email-settings',
        smtpBody(settings({ imapSecurity: 'none', smtpSecurity: 'none' })),
      );
      expect(plain.statusCode).toBe(201);
      const [row] = await open.database.query<{ connection: Record<string, unknown> }>(
        'SELECT connection FROM mail_account WHERE user_id = $1',
        [user.id],
      );
      expect(row?.connection).toMatchObject({ imapSecurity: 'none', smtpSecurity: 'none', secure: false, imapSecure: false });
      expect((await open.call(user, 'GET', '/api/email-settings/verify')).statusCode).toBe(200);
    });
  });
});
