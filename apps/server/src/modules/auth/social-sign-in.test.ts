import type { Invitation } from '@app/shared/invitations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { cookieFrom, createTestApp, ORIGIN, type TestApp, type TestUser } from '../../../test/harness';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { oauthVendorEnv, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';

/**
 * Sign-in with Google and Microsoft through Better Auth's real providers, pointed at local servers
 * in the vendors' wire formats (consent page, token endpoint, RS256 ID tokens and their keys).
 */
describe('sign-in with Google and Microsoft (vendor-shaped servers)', () => {
  let t: TestApp;
  let google: GoogleServer;
  let microsoft: MicrosoftServer;
  let owner: TestUser;
  const credentials = TEST_OAUTH_CLIENT;
  const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@people.test`;

  /** The browser's round trip: start, the vendor's consent page (approves at once), our callback. */
  async function signInWith(provider: 'google' | 'microsoft', additionalData?: object) {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: ORIGIN,
      payload: { provider, callbackURL: '/', errorCallbackURL: '/signin', disableRedirect: true, additionalData },
    });
    if (start.statusCode !== 200) return { start, location: null, cookie: '' };
    const consent = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const callback = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: cookieFrom(start.headers['set-cookie']) },
    });
    const cookie = cookieFrom(callback.headers['set-cookie']);
    return { start, location: new URL(String(callback.headers.location), 'http://localhost:3000'), cookie };
  }

  const session = async (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const userByEmail = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  beforeAll(async () => {
    [google, microsoft] = await Promise.all([
      startGoogleServer({ ...credentials, emailAddress: 'someone@gmail.test' }),
      startMicrosoftServer({ ...credentials, mail: 'someone@outlook.test' }),
    ]);
    t = await createTestApp({
      env: oauthVendorEnv(google, microsoft),
    });
    owner = await t.signUp();
  });
  afterAll(async () => {
    await Promise.all([t?.close(), google?.close(), microsoft?.close()]);
  });

  it('signs up with Google: a verified owner with a subscription and a session; the next sign-in reuses the account', async () => {
    const email = unique('gina');
    google.account = { sub: `g-${email}`, email, name: 'Gina Google', emailVerified: true };
    const first = await signInWith('google');
    expect(first.location?.pathname).toBe('/');
    const me = await session(first.cookie);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email, emailVerified: true, referrerId: null });
    const subscriptions = await t.call(
      { ...owner, cookie: first.cookie },
      'GET',
      `/api/users/${me.json<{ uid: string }>().uid}/subscriptions`,
    );
    expect(subscriptions.statusCode, subscriptions.body).toBe(200);
    expect(JSON.stringify(subscriptions.json())).toMatch(/active/i);

    const second = await signInWith('google');
    expect((await session(second.cookie)).json()).toMatchObject({ uid: me.json<{ uid: string }>().uid });
    // The authorisation request went to the base, with the client id, PKCE and the openid scope.
    expect(google.calls.token.at(-1)).toMatchObject({ grant_type: 'authorization_code', client_id: credentials.clientId });
  });

  it('signs up and in again with Microsoft', async () => {
    const email = unique('mike');
    microsoft.account = { ...microsoft.account, oid: crypto.randomUUID(), email, name: 'Mike Microsoft' };
    const first = await signInWith('microsoft');
    const me = await session(first.cookie);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ email, emailVerified: true, referrerId: null });
    const second = await signInWith('microsoft');
    expect((await session(second.cookie)).json()).toMatchObject({ uid: me.json<{ uid: string }>().uid });
  });

  /** The provider's next sign-in is `email`'s, which it says is verified or not. */
  function nextAccount(provider: 'google' | 'microsoft', email: string, emailVerified: boolean) {
    if (provider === 'google') google.account = { sub: `g-${email}`, email, name: 'Linda Link', emailVerified };
    else microsoft.account = { ...microsoft.account, oid: crypto.randomUUID(), email, name: 'Linda Link', emailVerified };
  }
  const providersOf = async (userId: string) =>
    (
      await t.database.query<{ provider_id: string }>('SELECT provider_id FROM account WHERE user_id = $1 ORDER BY 1', [userId])
    ).map((row) => row.provider_id);

  it.each(['google', 'microsoft'] as const)(
    'joins %s to the password account of the same address when the provider says the address is verified',
    async (provider) => {
      const user = await t.signUp(unique(`linked-${provider}`));
      nextAccount(provider, user.email, true);
      const result = await signInWith(provider);
      expect(result.location?.pathname).toBe('/');
      expect((await session(result.cookie)).json()).toMatchObject({ uid: user.id });
      expect(await providersOf(user.id)).toEqual(['credential', provider]);
    },
  );

  it.each(['google', 'microsoft'] as const)(
    'does not let %s into the account of an address it does not say is verified, nor link it for the signed-in owner',
    async (provider) => {
      const user = await t.signUp(unique(`unverified-${provider}`));
      nextAccount(provider, user.email, false);
      const result = await signInWith(provider);
      expect(result.location?.pathname).toBe('/signin');
      expect(result.location?.searchParams.get('error')).toBe('account_not_linked');
      expect(result.cookie).not.toMatch(/session_token/);
      expect(await providersOf(user.id)).toEqual(['credential']);

      // The owner signs in with the password and asks to link it (the web app does, spec 01 §4): refused as well.
      const link = await t.app.inject({
        method: 'POST',
        url: '/api/auth/link-social',
        headers: { ...ORIGIN, cookie: user.cookie },
        payload: { provider, callbackURL: '/', errorCallbackURL: '/', disableRedirect: true },
      });
      expect(link.statusCode, link.body).toBe(200);
      const consent = await fetch(link.json<{ url: string }>().url, { redirect: 'manual' });
      const back = new URL(consent.headers.get('location')!);
      const callback = await t.app.inject({
        method: 'GET',
        url: back.pathname + back.search,
        headers: { cookie: [user.cookie, cookieFrom(link.headers['set-cookie'])].filter(Boolean).join('; ') },
      });
      const refused = new URL(String(callback.headers.location), 'http://localhost:3000');
      expect([refused.pathname, refused.searchParams.get('error')]).toEqual(['/', 'unable_to_link_account']);
      expect(await providersOf(user.id)).toEqual(['credential']);
    },
  );

  it.each([
    ['google', 'audience'],
    ['google', 'issuer'],
    ['google', 'signature'],
    ['microsoft', 'audience'],
    ['microsoft', 'issuer'],
    ['microsoft', 'signature'],
  ] as const)('refuses a %s ID token with the wrong %s', async (provider, flaw) => {
    const email = unique(`forged-${provider}-${flaw}`);
    if (provider === 'google') google.account = { ...google.account, sub: `g-${email}`, email };
    else microsoft.account = { ...microsoft.account, oid: crypto.randomUUID(), email };
    (provider === 'google' ? google : microsoft).spoilNextIdToken(flaw);
    const result = await signInWith(provider);
    expect(result.location?.pathname).toBe('/signin');
    expect(result.location?.searchParams.get('error')).toBeTruthy();
    expect(result.cookie).not.toMatch(/session_token/);
    expect(await userByEmail(email)).toBeUndefined();
  });

  describe('accepting an invitation by signing in with the provider', () => {
    async function inviteByGoogle(email: string, hasAiConfig = false, connectionMethod: 'google' | 'microsoft' = 'google') {
      const res = await t.call(owner, 'POST', '/api/invitations', {
        email,
        firstName: 'Iris',
        lastName: 'Invited',
        connectionMethod,
        metadata: { hasAiConfig },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { invitation: res.json<Invitation>(), token: new URL(t.mailer.lastLinkTo(email)).searchParams.get('token')! };
    }

    it('creates the verified member of the owner and consumes the token', async () => {
      const email = unique('iris');
      const { invitation, token } = await inviteByGoogle(email);
      google.account = { sub: `g-${email}`, email: email.toUpperCase(), name: 'Iris', emailVerified: true };
      const result = await signInWith('google', { invitationToken: token });
      expect(result.location?.pathname).toBe('/');
      const me = await session(result.cookie);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email, emailVerified: true, referrerId: owner.id, metadata: { hasAiConfig: false } });
      const listed = (await t.call(owner, 'GET', '/api/invitations')).json<{ invitations: Invitation[] }>();
      expect(listed.invitations.find((i) => i.id === invitation.id)).toMatchObject({
        status: 'ACCEPTED',
        userId: me.json<{ uid: string }>().uid,
      });

      const verify = await t.call(null, 'POST', '/api/invitations/verify', { token });
      expect(verify.json()).toMatchObject({ success: false, error: 'used' });
      const reused = await signInWith('google', { invitationToken: token });
      expect(reused.start.statusCode).toBe(400);
      expect(reused.start.json()).toMatchObject({ code: 'INVALID_INVITATION' });
    });

    it('accepts a Microsoft invitation the same way, with the AI setup it grants', async () => {
      const email = unique('mona');
      const { invitation, token } = await inviteByGoogle(email, true, 'microsoft');
      microsoft.account = { ...microsoft.account, oid: crypto.randomUUID(), email, name: 'Mona' };
      const result = await signInWith('microsoft', { invitationToken: token });
      const me = await session(result.cookie);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email, emailVerified: true, referrerId: owner.id, metadata: { hasAiConfig: true } });
      const listed = (await t.call(owner, 'GET', '/api/invitations')).json<{ invitations: Invitation[] }>();
      expect(listed.invitations.find((i) => i.id === invitation.id)).toMatchObject({ status: 'ACCEPTED' });
      // A Microsoft invitation is not accepted through Google.
      const other = await inviteByGoogle(unique('milo'), false, 'microsoft');
      const wrong = await signInWith('google', { invitationToken: other.token });
      expect(wrong.start.statusCode).toBe(400);
      expect(wrong.start.json()).toMatchObject({ code: 'WRONG_CONNECTION_METHOD' });
    });

    it('refuses another address and creates nothing; the invitation stays open', async () => {
      const email = unique('ivan');
      const { token } = await inviteByGoogle(email);
      const other = unique('intruder');
      google.account = { sub: `g-${other}`, email: other, name: 'Intruder', emailVerified: true };
      const result = await signInWith('google', { invitationToken: token });
      expect(result.location?.pathname).toBe('/signin');
      expect(result.location?.searchParams.get('error')).toBe('INVITATION_EMAIL_MISMATCH');
      expect(result.cookie).not.toMatch(/session_token/);
      expect(await userByEmail(other)).toBeUndefined();
      expect(await userByEmail(email)).toBeUndefined();
      const verify = await t.call(null, 'POST', '/api/invitations/verify', { token });
      expect(verify.json()).toMatchObject({ success: true, email });
    });

    it('refuses an existing provider account of another address without signing it in', async () => {
      const email = unique('ines');
      const { token } = await inviteByGoogle(email);
      const existing = unique('existing');
      google.account = { sub: `g-${existing}`, email: existing, name: 'Existing', emailVerified: true };
      await signInWith('google');
      const result = await signInWith('google', { invitationToken: token });
      expect(result.location?.searchParams.get('error')).toBe('INVITATION_EMAIL_MISMATCH');
      expect(result.cookie).not.toMatch(/session_token/);
      expect((await userByEmail(existing))?.referrerId).toBeNull();
    });

    it('refuses the wrong provider and a bad token before leaving for the provider', async () => {
      const { token } = await inviteByGoogle(unique('ida'));
      const wrong = await signInWith('microsoft', { invitationToken: token });
      expect(wrong.start.json()).toMatchObject({ code: 'WRONG_CONNECTION_METHOD' });
      const bad = await signInWith('google', { invitationToken: 'not-a-token' });
      expect(bad.start.statusCode).toBe(400);
      expect(bad.start.json()).toMatchObject({ code: 'INVALID_INVITATION' });
    });
  });
});
