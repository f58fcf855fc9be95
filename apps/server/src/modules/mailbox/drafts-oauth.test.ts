import type { DraftSaved, MessageDetail } from '@app/shared/mailbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness';
import { startGoogleServer, type GoogleServer } from '../../../test/vendors/google-server';
import { startMicrosoftServer, type MicrosoftServer } from '../../../test/vendors/microsoft-server';
import { connectOAuthMailbox, oauthVendorEnv, TEST_OAUTH_CLIENT } from '../../../test/vendors/oauth-vendors';

const question = (to: string) =>
  Buffer.from(
    `From: Ann Client <ann@client.example>\r\nTo: ${to}\r\nSubject: Delivery date\r\nMessage-ID: <delivery@client.example>\r\n` +
      'Date: Mon, 2 Nov 2026 10:00:00 +0000\r\n\r\nWhen will my order arrive?\r\n',
  );

/**
 * Webmail drafts on Gmail and Outlook, against local servers in the Gmail API's and Microsoft
 * Graph's wire formats: a draft opens as one, saving it replaces it (Gmail `drafts.create` then
 * `drafts.delete`; Graph `POST /me/messages` then `permanentDelete`), sending it deletes it and the
 * sent copy is threaded, and "Draft with AI" answers on both.
 */
describe('webmail drafts on Gmail and Outlook (vendor-shaped servers)', () => {
  let t: TestApp;
  let google: GoogleServer;
  let microsoft: MicrosoftServer;

  async function connected(provider: 'gmail' | 'outlook') {
    const user = await t.signUp();
    const settings = { responseType: 0, isSyncEnabled: false, isClassificationEnabled: false };
    const res = await connectOAuthMailbox(t, user, provider, settings);
    expect(res.statusCode, res.body).toBe(201);
    return user;
  }

  /** Reopens a draft, saves an edit in its place, then sends it; answers the draft's ids along the way. */
  async function editAndSend(user: TestUser, folder: string, draftUid: string) {
    const draft = (
      await t.call(user, 'GET', `/api/mailbox/messages/${encodeURIComponent(draftUid)}?folder=${folder}`)
    ).json<MessageDetail>();
    expect(draft).toMatchObject({ isDraft: true, subject: 'Re: Delivery date', inReplyTo: '<delivery@client.example>' });
    const fields = {
      to: draft.to.value.map((a) => a.address),
      subject: draft.subject,
      body: 'Your order arrives on Thursday.',
      inReplyTo: draft.inReplyTo,
      references: draft.references.join(' '),
      draftUid,
      draftFolder: folder,
    };
    const saved = await t.call(user, 'POST', '/api/mailbox/messages/draft', fields);
    expect(saved.statusCode, saved.body).toBe(200);
    const next = saved.json<DraftSaved>();
    expect(next).toMatchObject({ folder, uid: expect.any(String) });
    expect(next.uid).not.toBe(draftUid);
    const reopened = await t.call(user, 'GET', `/api/mailbox/messages/${encodeURIComponent(next.uid!)}?folder=${folder}`);
    expect(reopened.json<MessageDetail>()).toMatchObject({ isDraft: true, text: 'Your order arrives on Thursday.\n' });
    const sent = await t.call(user, 'POST', '/api/mailbox/messages/send', { ...fields, draftUid: next.uid });
    expect(sent.statusCode, sent.body).toBe(200);
    return next.uid!;
  }

  beforeAll(async () => {
    [google, microsoft] = await Promise.all([
      startGoogleServer({ ...TEST_OAUTH_CLIENT, emailAddress: 'owner@gmail.test' }),
      startMicrosoftServer({ ...TEST_OAUTH_CLIENT, mail: 'owner@outlook.test' }),
    ]);
    t = await createTestApp({ env: oauthVendorEnv(google, microsoft) });
  });
  afterAll(async () => {
    await Promise.all([t?.close(), google?.close(), microsoft?.close()]);
  });

  it('Gmail: a draft is saved back through drafts.create and drafts.delete, sent threaded, then gone', async () => {
    const user = await connected('gmail');
    const original = google.deliver(question('owner@gmail.test'));
    // The assistant's draft, as the pipeline stores it on Gmail (drafts.create).
    const first = await t.call(user, 'POST', '/api/mailbox/messages/draft', {
      to: ['ann@client.example'],
      subject: 'Re: Delivery date',
      body: 'Thank you, we will come back to you shortly.',
      inReplyTo: '<delivery@client.example>',
      references: '<delivery@client.example>',
    });
    const draftUid = first.json<DraftSaved>().uid!;
    expect(first.json<DraftSaved>().folder).toBe('DRAFT');

    const last = await editAndSend(user, 'DRAFT', draftUid);
    const live = google.messages.filter((m) => m.labelIds.includes('DRAFT')).map((m) => m.id);
    expect(live).not.toContain(draftUid);
    expect(live).not.toContain(last);
    const copy = google.sent.at(-1)!.raw.toString();
    expect(copy).toContain('In-Reply-To: <delivery@client.example>');
    expect(copy).toContain('Your order arrives on Thursday.');

    const ai = await t.call(user, 'POST', `/api/mailbox/messages/${original.id}/ai-draft`, { folder: 'INBOX' });
    expect(ai.statusCode, ai.body).toBe(200);
    expect(ai.json<{ text: string }>().text.length).toBeGreaterThan(20);

    // An inbox message is not a draft: never deleted through the draft calls.
    const refused = await t.call(user, 'DELETE', `/api/mailbox/messages/${original.id}/draft?folder=INBOX`);
    expect(refused.statusCode).toBe(400);
    expect(google.messages.some((m) => m.id === original.id)).toBe(true);
  });

  it('Outlook: a draft is saved back through POST /me/messages and permanentDelete, sent threaded, discarded', async () => {
    const user = await connected('outlook');
    const original = microsoft.deliver('AAMk-inbox', question('owner@outlook.test'));
    const first = await t.call(user, 'POST', '/api/mailbox/messages/draft', {
      to: ['ann@client.example'],
      subject: 'Re: Delivery date',
      body: 'Thank you, we will come back to you shortly.',
      inReplyTo: '<delivery@client.example>',
      references: '<delivery@client.example>',
    });
    const draft = first.json<DraftSaved>();
    expect(draft.folder).toBe('AAMk-drafts');

    const last = await editAndSend(user, 'AAMk-drafts', draft.uid!);
    const ids = microsoft.messages.map((m) => m.id);
    expect(ids).not.toContain(draft.uid);
    expect(ids).not.toContain(last);
    expect(microsoft.sent.at(-1)!.raw.toString()).toContain('In-Reply-To: <delivery@client.example>');

    const ai = await t.call(user, 'POST', `/api/mailbox/messages/${original.id}/ai-draft`, { folder: 'AAMk-inbox' });
    expect(ai.statusCode, ai.body).toBe(200);

    const spare = (await t.call(user, 'POST', '/api/mailbox/messages/draft', { subject: 'Spare', body: '' })).json<DraftSaved>();
    const discarded = await t.call(user, 'DELETE', `/api/mailbox/messages/${spare.uid}/draft?folder=AAMk-drafts`);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect(microsoft.messages.some((m) => m.id === spare.uid)).toBe(false);
  });
});
