import type { Invitation } from '@app/shared/invitations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createTestApp, ORIGIN, type TestApp, type TestUser } from '../../../test/harness';

const invitee = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@team.test`;
const member = { firstName: 'Ada', lastName: 'Lovelace', connectionMethod: 'email/password', metadata: { hasAiConfig: true } };

describe('team invitations', () => {
  let t: TestApp;
  let owner: TestUser;
  let otherOwner: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ env: { INVITATIONS_PER_DAY: '40' } });
    [owner, otherOwner] = [await t.signUp(), await t.signUp()];
  });
  afterAll(() => t?.close());

  const invite = (as: TestUser, email: string, extra: object = {}) =>
    t.call(as, 'POST', '/api/invitations', { email, ...member, ...extra });

  /** The token of the newest invitation mail to `email`, read from its link as the invitee would. */
  function tokenFor(email: string) {
    return new URL(t.mailer.lastLinkTo(email)).searchParams.get('token')!;
  }

  async function accept(email: string, password = 'Member1!') {
    const res = await t.call(null, 'POST', '/api/invitations/set-password', {
      token: tokenFor(email),
      password,
      confirmPassword: password,
    });
    return res;
  }

  async function signIn(email: string, password = 'Member1!') {
    const res = await t.call(null, 'POST', '/api/auth/sign-in/email', { email, password });
    return { res, cookie: cookieFrom(res.headers['set-cookie']) };
  }

  async function setPlan(user: TestUser, plan: string) {
    await t.database.query('UPDATE subscription SET plan = $1 WHERE owner_id = $2', [plan, user.id]);
  }

  it('invites by e-mail: SENT once the mail leaves, link with an unguessable token, names escaped', async () => {
    const email = invitee('ada');
    const res = await invite(owner, email.toUpperCase(), { firstName: '<b>Ada</b>' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email,
      status: 'SENT',
      role: 'User',
      referrerId: owner.id,
      userId: null,
      metadata: { hasAiConfig: true },
    });
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.links![0]).toMatch(/^http:\/\/localhost:3000\/invitations\/verify\?token=[\w-]{43}$/);
    expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Ada</b>');
    const [row] = await t.database.query<{ token_hash: string }>('SELECT token_hash FROM invitation WHERE email = $1', [email]);
    expect(row!.token_hash).not.toBe(tokenFor(email));
  });

  it('verifies without consuming, accepts once with a password, and the member signs in under the owner', async () => {
    const email = invitee('grace');
    await invite(owner, email, { metadata: { hasAiConfig: false } });
    const token = tokenFor(email);
    for (let i = 0; i < 2; i++) {
      const verified = await t.call(null, 'POST', '/api/invitations/verify', { token });
      expect(verified.json()).toMatchObject({ success: true, error: null, email, connectionMethod: 'email/password' });
    }
    const weak = await t.call(null, 'POST', '/api/invitations/set-password', {
      token,
      password: 'weak',
      confirmPassword: 'weak',
    });
    expect(weak.json()).toMatchObject({ status: 400, message: 'auth.password.minimumLength' });
    const mismatch = await t.call(null, 'POST', '/api/invitations/set-password', {
      token,
      password: 'Member1!',
      confirmPassword: 'Member2!',
    });
    expect(mismatch.json()).toMatchObject({ status: 400, message: 'invitations.password.mismatch' });

    expect((await accept(email)).json()).toEqual({ success: true });
    const again = await t.call(null, 'POST', '/api/invitations/set-password', { token, password: 'Member1!' });
    expect(again.json()).toMatchObject({ status: 400, code: 'INVALID_INVITATION', reason: 'used' });
    expect((await t.call(null, 'POST', '/api/invitations/verify', { token })).json()).toMatchObject({
      success: false,
      error: 'used',
    });

    const { res, cookie } = await signIn(email);
    expect(res.statusCode).toBe(200);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json()).toMatchObject({ email, referrerId: owner.id, billable: false, metadata: { hasAiConfig: false } });
    const memberId = session.json<{ uid: string }>().uid;
    expect(await t.database.query('SELECT 1 FROM subscription WHERE owner_id = $1', [memberId])).toHaveLength(0);

    const list = await t.call(owner, 'GET', `/api/invitations?searchTerm=${encodeURIComponent(email)}`);
    expect(list.json()).toMatchObject({ total: 1, invitations: [{ email, status: 'ACCEPTED', userId: memberId }] });
  });

  it('refuses forged, expired, deleted and missing tokens, creating no account', async () => {
    const expiredEmail = invitee('expired');
    await invite(owner, expiredEmail);
    const expiredToken = tokenFor(expiredEmail);
    await t.database.query(`UPDATE invitation SET token_expires_at = now() - interval '1 minute' WHERE email = $1`, [
      expiredEmail,
    ]);
    expect((await t.call(null, 'POST', '/api/invitations/verify', { token: expiredToken })).json()).toMatchObject({
      success: false,
      error: 'expired',
    });
    expect(
      (await t.call(null, 'POST', '/api/invitations/set-password', { token: expiredToken, password: 'Member1!' })).statusCode,
    ).toBe(400);

    const deletedEmail = invitee('deleted');
    const deleted = (await invite(owner, deletedEmail)).json<Invitation>();
    await t.call(owner, 'DELETE', '/api/invitations', { memberId: deleted._id });
    for (const token of [tokenFor(deletedEmail), 'forged-token-forged-token-forged-token-000']) {
      expect((await t.call(null, 'POST', '/api/invitations/verify', { token })).json()).toMatchObject({
        success: false,
        error: 'invalid',
      });
      expect((await t.call(null, 'POST', '/api/invitations/set-password', { token, password: 'Member1!' })).statusCode).toBe(400);
    }
    expect((await t.call(null, 'POST', '/api/invitations/verify', { token: '' })).json()).toMatchObject({
      status: 400,
      message: 'invitations.token.missing',
    });
    const accounts = await t.database.query('SELECT 1 FROM "user" WHERE email IN ($1, $2)', [expiredEmail, deletedEmail]);
    expect(accounts).toHaveLength(0);

    const listed = await t.call(owner, 'GET', `/api/invitations?searchTerm=${encodeURIComponent(expiredEmail)}`);
    expect(listed.json()).toMatchObject({ invitations: [{ status: 'EXPIRED' }] });
    const resent = await t.call(owner, 'POST', '/api/invitations/resend', {
      _id: listed.json<{ invitations: Invitation[] }>().invitations[0]!._id,
    });
    expect(resent.json()).toMatchObject({ status: 'SENT' });
    expect(tokenFor(expiredEmail)).not.toBe(expiredToken);
    expect((await accept(expiredEmail)).json()).toEqual({ success: true });
  });

  it('enforces the team size of the plan for single, bulk and resend', async () => {
    const small = await t.signUp();
    await setPlan(small, 'free');
    expect((await invite(small, invitee('free'))).json()).toMatchObject({ status: 409, code: 'TEAM_LIMIT_REACHED', limit: 1 });

    await setPlan(small, 'pro');
    const bulk = (n: number) => ({ invitations: Array.from({ length: n }, () => ({ email: invitee('pro'), ...member })) });
    expect((await t.call(small, 'POST', '/api/invitations/bulk', bulk(5))).json()).toMatchObject({
      status: 409,
      code: 'TEAM_LIMIT_REACHED',
    });
    expect(await t.database.query('SELECT 1 FROM invitation WHERE owner_id = $1', [small.id])).toHaveLength(0);
    const four = await t.call(small, 'POST', '/api/invitations/bulk', bulk(4));
    expect(four.statusCode).toBe(201);
    expect(four.json()).toMatchObject({ total: 4 });
    expect((await invite(small, invitee('fifth'))).json()).toMatchObject({ code: 'TEAM_LIMIT_REACHED' });

    const first = four.json<{ invitations: Invitation[] }>().invitations[0]!;
    await t.call(small, 'DELETE', '/api/invitations', { memberId: first._id });
    const other = await invite(small, invitee('replacement'));
    expect(other.statusCode).toBe(201);
    // A deleted invitation is gone for good: it cannot be re-sent.
    const resend = await t.call(small, 'POST', '/api/invitations/resend', { _id: first._id });
    expect(resend.statusCode).toBe(404);

    // An expired one frees its place; re-sending it takes one again, which a full team refuses.
    const second = four.json<{ invitations: Invitation[] }>().invitations[1]!;
    await t.database.query(`UPDATE invitation SET status = 'EXPIRED' WHERE id = $1`, [second._id]);
    expect((await invite(small, invitee('fills-the-place'))).statusCode).toBe(201);
    expect((await t.call(small, 'POST', '/api/invitations/resend', { _id: second._id })).json()).toMatchObject({
      status: 409,
      code: 'TEAM_LIMIT_REACHED',
    });
  });

  it('flags the members quota when a downgrade leaves more people than the plan allows', async () => {
    const shrinking = await t.signUp();
    await setPlan(shrinking, 'pro');
    const email = invitee('kept');
    await invite(shrinking, email);
    await accept(email);
    const quota = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json<{
        quota: { exceeded: { emailAddresses: boolean } };
      }>().quota.exceeded.emailAddresses;
    expect(await quota(shrinking.cookie)).toBe(false);
    await setPlan(shrinking, 'basic');
    expect(await quota(shrinking.cookie)).toBe(true);
    expect(await quota((await signIn(email)).cookie)).toBe(false);
  });

  it('refuses duplicates, registered addresses and bad rows, saving nothing', async () => {
    const email = invitee('dup');
    await invite(owner, email);
    expect((await invite(owner, email.toUpperCase())).json()).toMatchObject({ status: 409, code: 'INVITATION_EXISTS', email });
    expect((await invite(owner, otherOwner.email)).json()).toMatchObject({ status: 409, code: 'USER_EXISTS' });
    const same = invitee('same');
    const dupBulk = await t.call(owner, 'POST', '/api/invitations/bulk', {
      invitations: [
        { email: same, ...member },
        { email: same.toUpperCase(), ...member },
      ],
    });
    expect(dupBulk.json()).toMatchObject({ status: 400, message: `Duplicate email address: ${same}` });
    for (const [payload, message] of [
      [{ email: 'not-an-email', ...member }, 'invitations.validation.invalidEmail'],
      [{ email: invitee('x'), ...member, connectionMethod: 'fax' }, 'invitations.validation.connectionMethodRequired'],
      [{ email: invitee('x'), ...member, firstName: 'x'.repeat(101) }, 'invitations.validation.nameTooLong'],
    ] as const) {
      expect((await t.call(owner, 'POST', '/api/invitations', payload)).json()).toMatchObject({ status: 400, message });
    }
    expect((await t.call(owner, 'POST', '/api/invitations/bulk', { invitations: [] })).json()).toMatchObject({
      status: 400,
      message: 'invitations.validation.noData',
    });
    expect(await t.database.query('SELECT 1 FROM invitation WHERE email = $1', [same])).toHaveLength(0);
  });

  it('edits an invitation and the accepted member with it; deleting removes the member', async () => {
    const email = invitee('edit');
    const created = (await invite(owner, email)).json<Invitation>();
    await accept(email);
    const edited = await t.call(owner, 'PUT', `/api/invitations/${created._id}`, {
      firstName: 'Alan',
      lastName: 'Turing',
      connectionMethod: 'email/password',
      metadata: { hasAiConfig: false },
    });
    expect(edited.json()).toMatchObject({ firstName: 'Alan', lastName: 'Turing', email, metadata: { hasAiConfig: false } });
    const { cookie } = await signIn(email);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).json()).toMatchObject({
      metadata: { hasAiConfig: false },
    });

    expect((await t.call(owner, 'POST', '/api/invitations/resend', { _id: created._id })).json()).toMatchObject({
      status: 409,
      code: 'INVITATION_ACCEPTED',
    });
    expect((await t.call(owner, 'DELETE', '/api/invitations', { memberId: created._id })).json()).toEqual({ success: true });
    expect((await signIn(email)).res.statusCode).toBe(401);
    expect((await t.call(owner, 'GET', `/api/invitations?searchTerm=${encodeURIComponent(email)}`)).json()).toMatchObject({
      total: 0,
    });
  });

  it('marks an invitation FAILED when the mail server refuses it, and resending can fix it', async () => {
    const email = invitee('bounce');
    const send = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('550 mailbox unavailable');
    };
    const failed = await invite(owner, email);
    t.mailer.send = send;
    expect(failed.json()).toMatchObject({ status: 'FAILED' });
    expect((await t.call(owner, 'POST', '/api/invitations/resend', { _id: failed.json<Invitation>()._id })).json()).toMatchObject(
      { status: 'SENT' },
    );
  });

  it('caps the invitations an owner sends per day', async () => {
    const busy = await t.signUp();
    const invitations = Array.from({ length: 40 }, () => ({ email: invitee('cap'), ...member }));
    expect((await t.call(busy, 'POST', '/api/invitations/bulk', { invitations })).statusCode).toBe(201);
    expect((await invite(busy, invitee('one-more'))).json()).toMatchObject({ status: 429, code: 'INVITATION_DAILY_LIMIT' });
  });

  it("keeps each owner's team to themselves; members cannot manage invitations", async () => {
    const email = invitee('private');
    const mine = (await invite(owner, email)).json<Invitation>();
    const theirs = otherOwner;
    expect((await t.call(theirs, 'GET', '/api/invitations')).json()).toEqual({ invitations: [], total: 0 });
    expect((await t.call(theirs, 'GET', `/api/invitations?referrerId=${owner.id}`)).statusCode).toBe(403);
    expect((await t.call(theirs, 'PUT', `/api/invitations/${mine._id}`, { ...member })).statusCode).toBe(404);
    expect((await t.call(theirs, 'DELETE', '/api/invitations', { memberId: mine._id })).statusCode).toBe(404);
    expect((await t.call(theirs, 'POST', '/api/invitations/resend', { _id: mine._id })).statusCode).toBe(404);
    expect(
      (await t.call(theirs, 'POST', '/api/invitations', { email: invitee('x'), ...member, referrerId: owner.id })).statusCode,
    ).toBe(403);

    await accept(email);
    const { cookie } = await signIn(email);
    const asMember = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { ...ORIGIN, cookie }, ...(payload && { payload }) });
    expect((await asMember('GET', '/api/invitations')).statusCode).toBe(403);
    expect((await asMember('POST', '/api/invitations', { email: invitee('x'), ...member })).statusCode).toBe(403);
    expect((await t.call(owner, 'GET', `/api/invitations?searchTerm=${encodeURIComponent(email)}`)).json()).toMatchObject({
      total: 1,
    });

    for (const [method, url] of [
      ['GET', '/api/invitations'],
      ['POST', '/api/invitations'],
      ['POST', '/api/invitations/bulk'],
      ['PUT', '/api/invitations/x'],
      ['DELETE', '/api/invitations'],
      ['POST', '/api/invitations/resend'],
    ] as const) {
      expect((await t.call(null, method, url, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists newest first, 10 a page, with search', async () => {
    const lister = await t.signUp();
    const invitations = Array.from({ length: 12 }, (_, i) => ({
      email: `p${String(i).padStart(2, '0')}-${invitee('page')}`,
      ...member,
    }));
    await t.call(lister, 'POST', '/api/invitations/bulk', { invitations });
    const first = (await t.call(lister, 'GET', '/api/invitations?page=1')).json<{ invitations: Invitation[]; total: number }>();
    expect(first.total).toBe(12);
    expect(first.invitations).toHaveLength(10);
    const second = (await t.call(lister, 'GET', '/api/invitations?page=2&limit=10')).json<{ invitations: Invitation[] }>();
    expect(second.invitations).toHaveLength(2);
    expect((await t.call(lister, 'GET', '/api/invitations?searchTerm=p03-')).json()).toMatchObject({ total: 1 });
    expect((await t.call(lister, 'GET', '/api/invitations?searchTerm=%25')).json()).toMatchObject({ total: 0 });
  });
});
