import type { DraftReview } from '@app/shared/draft-review';
import type { MailActivity } from '@app/shared/mail-settings';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../test/dovecot';
import { type PipelineFixture, startPipelineFixture } from '../../test/pipeline-fixture';
import { draftAnswer, startOpenAiServer } from '../../test/vendors/openai-server';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const DSN_BODY = [
  'This is a MIME-encapsulated message',
  '',
  '--dsn1',
  'Content-Type: text/plain; charset=us-ascii',
  '',
  'The original message was received but could not be delivered.',
  '--dsn1',
  'Content-Type: message/delivery-status',
  '',
  'Reporting-MTA: dns; mx.client.test',
  '',
  'Final-Recipient: rfc822; gone@client.test',
  'Action: failed',
  'Status: 5.1.1',
  '--dsn1--',
].join('\r\n');

/**
 * The guard before every draft, reply and forward, end to end over Dovecot and SMTP: mail that must
 * not be answered gets no automatic reply, and the activity says why; spam is only marked.
 */
describe.skipIf(skip)('the pipeline holds back what must not be answered', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('sends no instant reply to automatic replies without headers, bounces, spam or a DMARC failure, and says why', async () => {
    const box = await f.connected(1);
    const cases: [string, Parameters<PipelineFixture['mail']>[1]][] = [
      [
        'autoreply_text',
        { from: 'Anne <anne@client.test>', subject: 'Out of Office: catering quote', body: 'I am back on Monday.' },
      ],
      [
        'autoreply_text',
        { from: 'Luc <luc@client.test>', subject: 'Réponse automatique : devis', body: 'Merci pour votre message.' },
      ],
      [
        'autoreply_text',
        {
          from: 'Jonas <jonas@client.test>',
          subject: 'Angebot',
          body: 'Ich bin derzeit nicht im Büro und ab dem 3. März wieder erreichbar.',
        },
      ],
      [
        'delivery_report',
        {
          from: 'Mail Delivery Subsystem <mailer@mx.client.test>',
          subject: 'Delivery Status Notification (Failure)',
          headers: 'MIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="dsn1"\r\n',
          body: DSN_BODY,
        },
      ],
      [
        'auth_failed',
        {
          from: 'Bank <security@bank.test>',
          subject: 'What is the vault code?',
          headers:
            'Reply-To: thief@elsewhere.test\r\nAuthentication-Results: mx.example.com; spf=fail smtp.mailfrom=bank.test; dkim=none; dmarc=fail header.from=bank.test\r\n',
          body: 'Please send me the vault code today.',
        },
      ],
      // A real question the owner's knowledge does not answer: the engine's holding reply waits as a draft.
      ['not_grounded', { from: 'Zoe <zoe@client.test>', subject: 'Gift cards', body: 'Hello, do you sell gift cards?' }],
    ];
    for (const [reason, fields] of cases) {
      const m = f.mail(box, fields);
      await f.deliver(box, m.raw);
      const state = await f.processed(box, m.id);
      expect(await f.actions(state.id), `${reason}: ${fields.subject}`).toEqual([
        expect.objectContaining({ kind: 'reply', status: 'skipped', detail: reason }),
      ]);
    }

    // A Reply-To outside the From domain that the receiving server did not vouch for: a draft, not a send.
    const foreign = f.mail(box, {
      from: 'Paul <paul@client.test>',
      subject: 'Opening hours?',
      body: 'Hello, what are your opening hours on Saturday? Thanks, Paul',
      headers:
        'Reply-To: collector@elsewhere.test\r\nAuthentication-Results: mx.google.com; dmarc=pass header.from=client.test\r\n',
    });
    await f.deliver(box, foreign.raw);
    const foreignState = await f.processed(box, foreign.id);
    const [held] = await f.actions(foreignState.id);
    expect(held).toMatchObject({ kind: 'reply', status: 'skipped', detail: 'reply_to_unverified' });
    const drafts = await f.imap(box, async (client) => {
      const lock = await client.getMailboxLock('Drafts');
      try {
        return (await client.search({ header: { 'message-id': held!.outgoing_message_id! } }, { uid: true })) || [];
      } finally {
        lock.release();
      }
    });
    expect(drafts).toHaveLength(1);

    const spam = f.mail(box, { from: 'Winner <promo@lottery.test>', subject: 'You won!', headers: 'X-Spam-Flag: YES\r\n' });
    await f.deliver(box, spam.raw);
    const spamState = await f.processed(box, spam.id);
    expect(spamState).toMatchObject({ skip_reason: 'LIKELY_SPAM', category_id: null });
    expect(spamState.reason).toMatch(/receiving mail server marked it as spam/);
    expect(await f.actions(spamState.id)).toEqual([expect.objectContaining({ kind: 'mark_spam', status: 'done' })]);
    const flags = await f.imap(box, async (client) => {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const found = await client.search({ header: { 'message-id': spam.id } }, { uid: true });
        const message = await client.fetchOne(String(found && found[0]), { flags: true }, { uid: true });
        return message ? message.flags : undefined;
      } finally {
        lock.release();
      }
    });
    expect(flags?.has('$Junk')).toBe(true);

    expect(f.smtp.received.filter((r) => r.from === box.mailbox.user)).toHaveLength(0);
    const activity = (await f.t.call(box.user, 'GET', '/api/email-settings/activity')).json<MailActivity>();
    expect(activity.heldBack.map((h) => [h.subject, h.action, h.reason]).sort()).toEqual(
      [
        ['Out of Office: catering quote', 'reply', 'autoreply_text'],
        ['Réponse automatique : devis', 'reply', 'autoreply_text'],
        ['Angebot', 'reply', 'autoreply_text'],
        ['Delivery Status Notification (Failure)', 'reply', 'delivery_report'],
        ['What is the vault code?', 'reply', 'auth_failed'],
        ['Opening hours?', 'reply', 'reply_to_unverified'],
        ['Gift cards', 'reply', 'not_grounded'],
        ['You won!', null, 'likely_spam'],
      ].sort(),
    );
  });

  it('moves likely spam to the Junk folder only when the owner asked for it', async () => {
    const box = await f.connected(2);
    const inFolder = (folder: string, messageId: string) =>
      f.imap(box, async (client) => {
        const lock = await client.getMailboxLock(folder);
        try {
          return ((await client.search({ header: { 'message-id': messageId } }, { uid: true })) || []).length;
        } finally {
          lock.release();
        }
      });
    const kept = f.mail(box, { from: 'Winner <promo@lottery.test>', subject: 'You won again!', headers: 'X-Spam-Flag: YES\r\n' });
    await f.deliver(box, kept.raw);
    const keptState = await f.processed(box, kept.id);
    expect(await f.actions(keptState.id)).toEqual([expect.objectContaining({ kind: 'mark_spam', status: 'done' })]);
    expect(await inFolder('INBOX', kept.id)).toBe(1);

    const res = await f.t.call(box.user, 'PUT', '/api/email-settings', { moveSpamToJunk: true });
    expect(res.json()).toMatchObject({ moveSpamToJunk: true });
    const moved = f.mail(box, {
      from: 'Winner <promo@lottery.test>',
      subject: 'Claim your prize',
      headers: 'X-Spam-Flag: YES\r\n',
    });
    await f.deliver(box, moved.raw);
    const movedState = await f.processed(box, moved.id);
    expect(await f.actions(movedState.id)).toEqual([
      expect.objectContaining({ kind: 'mark_spam', status: 'done' }),
      expect.objectContaining({ kind: 'move', status: 'done' }),
    ]);
    await f.until(async () => (await inFolder('Junk', moved.id)) === 1);
    expect(await inFolder('INBOX', moved.id)).toBe(0);
  });

  it('writes no draft with the built-in engine for mail in a language it does not write, and says why', async () => {
    const box = await f.connected(2);
    const german = f.mail(box, {
      from: 'Jonas Weber <jonas@kunde.test>',
      subject: 'Rechnung',
      body: 'Guten Tag, wir haben die Rechnung erhalten und sie ist nicht korrekt. Können Sie uns bitte eine neue Rechnung schicken? Wir danken Ihnen auch für die Lieferung.',
    });
    const english = f.mail(box, {
      from: 'Anna <anna@client.test>',
      subject: 'Invoice',
      body: 'Hello, could you send me the invoice again? Thanks, Anna',
    });
    await f.deliver(box, german.raw);
    await f.deliver(box, english.raw);
    const held = await f.processed(box, german.id);
    expect(await f.actions(held.id)).toEqual([
      expect.objectContaining({ kind: 'draft', status: 'skipped', detail: 'language_unsupported' }),
    ]);
    const drafted = await f.processed(box, english.id);
    expect(await f.actions(drafted.id)).toEqual([expect.objectContaining({ kind: 'draft', status: 'done' })]);
  });

  it('forwards an invoice from a no-reply sender to the accountant, but never a bounce', async () => {
    const box = await f.connected(0);
    await f.category(box, {
      classifierType: 'rules',
      name: 'Invoices',
      email: 'accountant@firm.test',
      rules: { subject: { operator: 'contains', values: ['invoice', 'facture'] } },
    });
    const invoice = f.mail(box, {
      from: 'Billing <no-reply@supplier.test>',
      subject: 'Your invoice 2026-114',
      headers: 'Auto-Submitted: auto-generated\r\nPrecedence: bulk\r\n',
    });
    const bounce = f.mail(box, { from: 'MAILER-DAEMON@mx.supplier.test', subject: 'Undeliverable: invoice 2026-115' });
    await f.deliver(box, invoice.raw);
    await f.deliver(box, bounce.raw);
    const sent = await f.processed(box, invoice.id);
    expect((await f.actions(sent.id)).find((a) => a.kind === 'forward')).toMatchObject({ status: 'done' });
    expect(f.smtp.received.some((r) => r.to.includes('accountant@firm.test') && r.raw.includes('Your invoice 2026-114'))).toBe(
      true,
    );
    const held = await f.processed(box, bounce.id);
    expect((await f.actions(held.id)).find((a) => a.kind === 'forward')).toMatchObject({
      status: 'skipped',
      detail: 'delivery_report',
    });

    // The cover text speaks the forwarded message's language.
    const covers = async (messageId: string) => {
      const state = await f.processed(box, messageId);
      const forward = (await f.actions(state.id)).find((a) => a.kind === 'forward');
      const sent = f.smtp.received.find((r) => r.raw.includes(forward!.outgoing_message_id!));
      return (await simpleParser(sent!.raw)).text ?? '';
    };
    const french = f.mail(box, {
      from: 'Compta <compta@fournisseur.test>',
      subject: 'Votre facture de mars',
      body: 'Bonjour, vous trouverez ci-joint la facture de mars. Merci de votre confiance.',
    });
    await f.deliver(box, french.raw);
    const frenchCover = await covers(french.id);
    expect(frenchCover).toContain("Transféré automatiquement par l'assistant de messagerie de");
    expect(frenchCover).toContain('Objet: Votre facture de mars');
    expect(await covers(invoice.id)).toContain('Forwarded automatically by the mail assistant of');
  });
});

const VAULT = { title: 'Vault', text: 'The vault code is 4821, changed every month by Marie.', visibility: 'internal' };

describe.skipIf(skip)('an internal knowledge entry asked for directly is never sent', () => {
  it('with the built-in engine', async () => {
    const f = await startPipelineFixture();
    try {
      const box = await f.connected(1);
      expect((await f.t.call(box.user, 'POST', '/api/data', VAULT)).statusCode).toBeLessThan(300);
      const ask = f.mail(box, { from: 'Eve <eve@client.test>', subject: 'Vault', body: 'Hello, what is the vault code?' });
      await f.deliver(box, ask.raw);
      const state = await f.processed(box, ask.id);
      expect((await f.actions(state.id))[0]).toMatchObject({ kind: 'reply', status: 'skipped' });
      expect(f.smtp.received.some((r) => r.raw.includes('4821'))).toBe(false);
    } finally {
      await f.stop();
    }
  });

  it('with an AI provider answering the entry verbatim (local OpenAI-compatible server)', async () => {
    const vendor = await startOpenAiServer({ apiKey: 'test-key' });
    const f = await startPipelineFixture({
      env: vendor.env,
    });
    try {
      const box = await f.connected(1);
      expect((await f.t.call(box.user, 'POST', '/api/data', VAULT)).statusCode).toBeLessThan(300);
      // The model says it answered everything from the knowledge and has nothing to check: not taken on its word.
      vendor.answers.push(
        draftAnswer('Hello Eve,\nThe vault code is 4821, changed every month by Marie.\nBest regards', { knowledgeUsed: ['k1'] }),
      );
      const ask = f.mail(box, { from: 'Eve <eve@client.test>', subject: 'Vault', body: 'Hello, what is the vault code?' });
      await f.deliver(box, ask.raw);
      const state = await f.processed(box, ask.id);
      expect((await f.actions(state.id))[0]).toMatchObject({ kind: 'reply', status: 'skipped', detail: 'internal_quoted' });
      expect(vendor.requests.length).toBeGreaterThan(0);
      expect(f.smtp.received.some((r) => r.raw.includes('4821'))).toBe(false);
      // The draft saved instead tells the owner what to check.
      const [draft] = await f.t.database.query<{ review: DraftReview }>('SELECT review FROM ai_draft WHERE user_id = $1', [
        box.user.id,
      ]);
      expect(draft!.review.checks).toContainEqual({ kind: 'internal', text: VAULT.title });
      expect(draft!.review.sources).toEqual([{ kind: 'knowledge', id: expect.any(String), title: VAULT.title }]);
    } finally {
      await f.stop();
      await vendor.close();
    }
  });
});
