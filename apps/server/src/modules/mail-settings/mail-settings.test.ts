import type { Category } from '@app/shared/categories';
import type { MailSetting } from '@app/shared/mail-settings';
import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../../../test/dovecot';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

describe.skipIf(skip)('mail settings against Dovecot and an SMTP server', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let owner: TestUser;
  let other: TestUser;
  let counter = 0;

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
    [owner, other] = [await t.signUp(), await t.signUp()];
  });
  afterAll(async () => {
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  /** A mailbox that exists on both servers, with the smtp settings the connect form sends. */
  async function mailbox(pass = 'Mail-Pass-1') {
    const user = `box${++counter}@example.com`;
    await dovecot.addUser(user, pass);
    smtp.addUser(user, pass);
    return {
      user,
      settings: { name: 'Shop', host: 'localhost', port: smtp.port, user, pass, imapHost: 'localhost', imapPort: dovecot.port },
    };
  }

  async function connect(as: TestUser, extra: object = {}) {
    const box = await mailbox();
    const res = await t.call(as, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 2,
      settings: box.settings,
      ...extra,
    });
    return { res, box, setting: res.json<MailSetting>() };
  }

  async function imapFolders(user: string, pass = 'Mail-Pass-1') {
    const client = new ImapFlow({ host: '127.0.0.1', port: dovecot.port, secure: false, auth: { user, pass }, logger: false });
    await client.connect();
    const paths = (await client.list()).map((f) => f.path);
    await client.logout();
    return paths;
  }

  async function rows(table: string, userId: string) {
    return t.database.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE user_id = $1`, [userId]);
  }

  it('connects an smtp/IMAP account after testing both logins, and keeps the password sealed', async () => {
    const user = await t.signUp();
    const { res, box, setting } = await connect(user);
    expect(res.statusCode).toBe(201);
    expect(setting).toMatchObject({
      provider: 'smtp',
      username: box.user,
      responseType: 2,
      trackedMailbox: 'INBOX',
      isSyncEnabled: true,
    });
    expect(setting.mailboxes.map((m) => m.id)).toEqual(['INBOX', 'Drafts', 'Sent', 'Archive', 'Junk', 'Trash']);
    expect(res.body).not.toContain(box.settings.pass);

    const [row] = await rows('mail_account', user.id);
    expect(JSON.stringify(row)).not.toContain(box.settings.pass);
    expect(String(row!.secret).startsWith('v1.')).toBe(true);

    expect((await t.call(user, 'GET', '/api/session')).json()).toMatchObject({ settings: { provider: 'smtp' } });
    expect((await t.call(user, 'GET', '/api/email-settings')).json()).toMatchObject({ _id: setting._id, username: box.user });
    const again = await connect(user);
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json()).toMatchObject({ code: 'MAIL_ACCOUNT_EXISTS' });
  });

  it('says which login failed and saves nothing', async () => {
    const user = await t.signUp();
    const box = await mailbox();
    const wrongImap = await t.call(user, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 2,
      settings: { ...box.settings, pass: 'wrong' },
    });
    expect(wrongImap.statusCode).toBe(400);
    expect(wrongImap.json()).toMatchObject({ code: 'MAIL_CONNECTION_FAILED', stage: 'imap', reason: 'auth' });

    smtp.addUser(box.user, 'something-else');
    const wrongSmtp = await t.call(user, 'POST', '/api/email-settings', {
      provider: 'smtp',
      responseType: 2,
      settings: box.settings,
    });
    expect(wrongSmtp.json()).toMatchObject({ code: 'MAIL_CONNECTION_FAILED', stage: 'smtp', reason: 'auth' });
    expect(await rows('mail_account', user.id)).toHaveLength(0);
    expect((await t.call(user, 'GET', '/api/email-settings')).json()).toBeNull();
  });

  it('answers bad input with 400 and the message key, never 500', async () => {
    const box = await mailbox();
    const cases: [object, string][] = [
      [
        { provider: 'smtp', responseType: 2, settings: { ...box.settings, host: 'http://evil' } },
        'mailSettings.validation.invalidHost',
      ],
      [
        { provider: 'smtp', responseType: 2, settings: { ...box.settings, user: 'not-an-email' } },
        'mailSettings.validation.invalidUser',
      ],
      [{ provider: 'smtp', responseType: 2 }, 'mailSettings.validation.settingsRequired'],
      [{ provider: 'smtp', responseType: 9, settings: box.settings }, 'mailSettings.validation.responseTypeRequired'],
      [{ provider: 'yahoo', responseType: 2 }, 'mailSettings.validation.providerRequired'],
      [
        {
          provider: 'smtp',
          responseType: 2,
          settings: box.settings,
          fetchRangeDates: { start: '2020-01-01', end: '2020-06-01' },
        },
        'mailSettings.validation.periodTooLong',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await t.call(other, 'POST', '/api/email-settings', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
    }
    const gmail = await t.call(other, 'POST', '/api/email-settings', { provider: 'gmail', responseType: 2, code: 'abc' });
    expect(gmail.json()).toMatchObject({ status: 400, code: 'PROVIDER_NOT_CONFIGURED' });
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/email-settings',
      headers: { origin: 'http://localhost:3000', cookie: other.cookie, 'content-type': 'application/json' },
      payload: '{"provider":',
    });
    expect(badJson.statusCode).toBe(400);
  });

  it('lists the folder tree, verifies the connection and switches the response type', async () => {
    const user = await t.signUp();
    const { setting, box } = await connect(user);
    const tree = await t.call(user, 'GET', `/api/${setting._id}/email-settings/mailboxes`);
    expect(tree.statusCode).toBe(200);
    expect(tree.json<{ mailboxes: { id: string; specialUse: string | null }[] }>().mailboxes[0]).toMatchObject({
      id: 'INBOX',
      specialUse: '\\Inbox',
    });

    expect((await t.call(user, 'GET', '/api/email-settings/verify')).json()).toEqual({
      success: true,
      message: 'The mailbox connection works',
    });

    const switched = await t.call(user, 'PUT', '/api/email-settings', {
      id: setting._id,
      responseType: 1,
      trackedMailbox: 'Archive',
    });
    expect(switched.json()).toMatchObject({ responseType: 1, trackedMailbox: 'Archive' });
    const range = { startDate: new Date(Date.now() - 10 * 86_400_000).toISOString(), endDate: new Date().toISOString() };
    const synced = await t.call(user, 'PUT', '/api/email-settings', {
      id: setting._id,
      isSyncEnabled: true,
      fetchRangeDates: range,
    });
    expect(synced.json()).toMatchObject({ isSyncEnabled: true, batchStatus: 'pending', fetchRangeDates: range });
    const unknown = await t.call(user, 'PUT', '/api/email-settings', { id: setting._id, trackedMailbox: 'Nope' });
    expect(unknown.json()).toMatchObject({ status: 400, message: 'mailSettings.validation.unknownMailbox' });

    await dovecot.addUser(box.user, 'changed-elsewhere');
    const broken = await t.call(user, 'GET', '/api/email-settings/verify');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'MAIL_CONNECTION_FAILED', stage: 'imap', reason: 'auth' });
  });

  it('keeps the Starter plan to classification or AI responses, not both', async () => {
    const user = await t.signUp();
    await t.database.query(`UPDATE subscription SET plan = 'starter' WHERE owner_id = $1`, [user.id]);
    const refused = await connect(user, { responseType: 2, isClassificationEnabled: true });
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json()).toMatchObject({ code: 'STARTER_PLAN_LIMIT' });

    const { setting } = await connect(user, { responseType: 2, isClassificationEnabled: false });
    const both = await t.call(user, 'PUT', '/api/email-settings', { id: setting._id, isClassificationEnabled: true });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toMatchObject({ code: 'STARTER_PLAN_LIMIT' });
    const off = await t.call(user, 'PUT', '/api/email-settings', { id: setting._id, responseType: 0 });
    expect(off.json()).toMatchObject({ responseType: 0 });
    expect(
      (await t.call(user, 'PUT', '/api/email-settings', { id: setting._id, isClassificationEnabled: true })).statusCode,
    ).toBe(200);
  });

  it('creates categories with their folders in the mailbox, edits and deletes them', async () => {
    const user = await t.signUp();
    const { box } = await connect(user);
    const rules = {
      classifierType: 'rules',
      name: 'Clients/Acme',
      action: '2',
      email: 'boss@acme.com, Sales@acme.com',
      rules: { from: { email: { operator: 'endsWith', values: ['@acme.com'] } } },
    };
    const created = await t.call(user, 'POST', '/api/email-settings/categories', rules);
    expect(created.statusCode).toBe(201);
    const acme = created.json<Category>();
    expect(acme).toMatchObject({
      name: 'Clients/Acme',
      mailboxPath: 'Clients/Acme',
      action: 2,
      email: ['boss@acme.com', 'sales@acme.com'],
    });
    expect(await imapFolders(box.user)).toEqual(expect.arrayContaining(['Clients', 'Clients/Acme']));

    const sub = await t.call(user, 'POST', '/api/email-settings/categories', {
      classifierType: 'ai',
      name: 'Invoices',
      classificationParentMailbox: 'Clients',
      instruction: 'Supplier invoices',
    });
    expect(sub.json()).toMatchObject({ mailboxPath: 'Clients/Invoices', classifierType: 'ai', rules: null });
    const existing = await t.call(user, 'POST', '/api/email-settings/categories', {
      classifierType: 'ai',
      existCategoryName: 'Archive',
      instruction: 'Old threads',
    });
    expect(existing.json()).toMatchObject({ name: '', existCategoryName: 'Archive', mailboxPath: 'Archive' });
    expect(await imapFolders(box.user)).toContain('Clients/Invoices');

    const duplicate = await t.call(user, 'POST', '/api/email-settings/categories', { ...rules, name: 'clients/acme' });
    expect(duplicate.json()).toMatchObject({ status: 409, code: 'CATEGORY_EXISTS' });
    const self = await t.call(user, 'POST', '/api/email-settings/categories', {
      ...rules,
      name: 'Other',
      email: [box.user.toUpperCase()],
    });
    expect(self.json()).toMatchObject({ status: 400, message: 'categories.validation.sameAsMailbox' });
    const unknownParent = await t.call(user, 'POST', '/api/email-settings/categories', {
      ...rules,
      classificationParentMailbox: 'Nope',
    });
    expect(unknownParent.json()).toMatchObject({ status: 400, message: 'categories.validation.unknownFolder' });
    for (const [payload, message] of [
      [{ ...rules, name: 'Bad#Name' }, 'categories.validation.nameInvalid'],
      [{ ...rules, rules: {} }, 'categories.validation.ruleRequired'],
      [{ classifierType: 'ai', name: 'X' }, 'categories.validation.instructionRequired'],
      [{ ...rules, email: ['nope'] }, 'categories.validation.invalidEmail'],
      [{ ...rules, classifierType: 'smart' }, 'categories.validation.classifierRequired'],
    ] as const) {
      const res = await t.call(user, 'POST', '/api/email-settings/categories', payload);
      expect(res.json(), message).toMatchObject({ status: 400, message });
    }

    const edited = await t.call(user, 'PUT', `/api/email-settings/categories/${acme.id}`, {
      ...rules,
      name: 'Clients/Acme Corp',
      responseInstructions: '  Be   brief ',
    });
    expect(edited.json()).toMatchObject({ id: acme.id, mailboxPath: 'Clients/Acme Corp', responseInstructions: 'Be brief' });
    expect(await imapFolders(box.user)).toEqual(expect.arrayContaining(['Clients/Acme', 'Clients/Acme Corp']));

    const list = await t.call(user, 'GET', '/api/email-settings/categories');
    expect(list.json<Category[]>().map((c) => c.mailboxPath)).toEqual(['Clients/Acme Corp', 'Clients/Invoices', 'Archive']);
    expect((await t.call(user, 'DELETE', `/api/email-settings/categories/${acme.id}`)).json()).toEqual({ success: true });
    expect((await t.call(user, 'DELETE', `/api/email-settings/categories/${acme.id}`)).statusCode).toBe(404);
    expect((await t.call(user, 'DELETE', '/api/email-settings/categories/not-a-uuid')).statusCode).toBe(404);
    expect((await t.call(user, 'GET', '/api/email-settings/categories')).json()).toHaveLength(2);
  });

  it('queues the AI categorisation once', async () => {
    const user = await t.signUp();
    await connect(user);
    const bad = await t.call(user, 'POST', '/api/email-settings/ai-categorization', {
      numberOfCategories: 11,
      language: 'French',
    });
    expect(bad.json()).toMatchObject({ status: 400, message: 'categories.validation.countRange' });
    const queued = await t.call(user, 'POST', '/api/email-settings/ai-categorization', {
      numberOfCategories: 5,
      language: 'French',
    });
    expect(queued.json()).toEqual({ success: true, batchCategorizeStatus: 'QUEUED' });
    expect((await t.call(user, 'GET', '/api/email-settings')).json()).toMatchObject({ batchCategorizeStatus: 'QUEUED' });
    const [row] = await rows('mail_account', user.id);
    expect(row!.batch_categorize_request).toMatchObject({ numberOfCategories: 5, language: 'French' });
    expect(
      (await t.call(user, 'POST', '/api/email-settings/ai-categorization', { numberOfCategories: 3, language: 'English' }))
        .statusCode,
    ).toBe(409);
  });

  it('deletes the account with its credentials and categories', async () => {
    const user = await t.signUp();
    const { setting } = await connect(user);
    await t.call(user, 'POST', '/api/email-settings/categories', {
      classifierType: 'ai',
      name: 'Leads',
      instruction: 'Sales leads',
    });
    expect((await t.call(user, 'DELETE', '/api/email-settings', {})).json()).toEqual({ success: true });
    expect(await rows('mail_account', user.id)).toHaveLength(0);
    expect(await rows('mail_category', user.id)).toHaveLength(0);
    expect((await t.call(user, 'GET', '/api/email-settings')).json()).toBeNull();
    expect((await t.call(user, 'GET', `/api/${setting._id}/email-settings/mailboxes`)).statusCode).toBe(404);
    expect((await t.call(user, 'GET', '/api/session')).json()).toMatchObject({ settings: null });
    expect((await t.call(user, 'DELETE', '/api/email-settings', {})).json()).toMatchObject({
      status: 404,
      code: 'MAIL_ACCOUNT_MISSING',
    });
  });

  it("keeps every user's settings and categories to themselves, team members included", async () => {
    const { setting } = await connect(owner);
    const category = (
      await t.call(owner, 'POST', '/api/email-settings/categories', {
        classifierType: 'ai',
        name: 'Private',
        instruction: 'Mine',
      })
    ).json<Category>();
    const member = await t.signUp();
    await t.makeMember(owner, member);

    for (const intruder of [other, member]) {
      expect((await t.call(intruder, 'GET', '/api/email-settings')).json()).toBeNull();
      expect((await t.call(intruder, 'GET', `/api/email-settings?userId=${owner.id}`)).statusCode).toBe(403);
      expect((await t.call(intruder, 'GET', `/api/email-settings/categories?userId=${owner.id}`)).statusCode).toBe(403);
      expect((await t.call(intruder, 'GET', '/api/email-settings/categories')).json()).toEqual([]);
      expect((await t.call(intruder, 'GET', `/api/${setting._id}/email-settings/mailboxes`)).statusCode).toBe(404);
      expect((await t.call(intruder, 'PUT', '/api/email-settings', { id: setting._id, responseType: 0 })).statusCode).toBe(404);
      expect(
        (
          await t.call(intruder, 'PUT', `/api/email-settings/categories/${category.id}`, {
            classifierType: 'ai',
            name: 'Stolen',
            instruction: 'x',
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.call(intruder, 'DELETE', `/api/email-settings/categories/${category.id}`)).statusCode).toBe(404);
      expect((await t.call(intruder, 'DELETE', '/api/email-settings', { userId: owner.id })).statusCode).toBe(403);
      expect(
        (
          await t.call(intruder, 'POST', '/api/email-settings/ai-categorization', {
            userId: owner.id,
            numberOfCategories: 3,
            language: 'English',
          })
        ).statusCode,
      ).toBe(403);
    }
    expect((await t.call(owner, 'GET', '/api/email-settings')).json()).toMatchObject({ _id: setting._id, responseType: 2 });
    expect((await t.call(owner, 'GET', '/api/email-settings/categories')).json()).toHaveLength(1);
  });

  it('wants a signed-in user everywhere', async () => {
    for (const [method, url] of [
      ['GET', '/api/default-configs'],
      ['GET', '/api/email-settings'],
      ['POST', '/api/email-settings'],
      ['PUT', '/api/email-settings'],
      ['DELETE', '/api/email-settings'],
      ['GET', '/api/email-settings/verify'],
      ['GET', '/api/x/email-settings/mailboxes'],
      ['GET', '/api/email-settings/categories'],
      ['POST', '/api/email-settings/categories'],
      ['PUT', '/api/email-settings/categories/x'],
      ['DELETE', '/api/email-settings/categories/x'],
      ['POST', '/api/email-settings/ai-categorization'],
    ] as const) {
      expect((await t.call(null, method, url, method === 'GET' ? undefined : {})).statusCode, `${method} ${url}`).toBe(401);
    }
    const defaults = await t.call(other, 'GET', '/api/default-configs');
    expect(defaults.json()).toMatchObject({ maxFetchRangeDays: 91, providers: { smtp: true, gmail: false, outlook: false } });
  });
});
