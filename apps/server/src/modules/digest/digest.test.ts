import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMailbox, createProfile, mailboxSeed } from '../../../test/digest-seed';
import { APP_URL, createTestApp, memoryMailer, type TestApp, testConfig, type TestUser } from '../../../test/harness';
import { startSmtpServer } from '../../../test/smtp-server';
import { createMailer } from '../../notifications/mailer';
import { sendDueDigests } from './digest.service';

/**
 * Issue 36, item 4: the daily digest against a seeded day. The owner lives in Paris (UTC+1 in March
 * 2026): the digest of 10 March covers 9 March 07:00Z to 10 March 07:00Z and is due from 07:00Z.
 */
describe('daily digest', () => {
  let t: TestApp;
  let owner: TestUser;
  let profileId: string;
  const mailer = memoryMailer();
  const run = (at: string) =>
    sendDueDigests(
      {
        db: t.database.db,
        mailer,
        appUrl: APP_URL,
        secret: testConfig().authSecret,
        log: { warn: (o: object, m: string) => console.error(m, o) },
      },
      new Date(at),
    );
  const mailsTo = (user: TestUser) => mailer.sent.filter((m) => m.to === user.email);
  const forget = (user: TestUser) =>
    t.database.query(`UPDATE user_profile SET last_digest_date = NULL WHERE user_id = $1`, [user.id]);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp();
    profileId = await createProfile(t, owner, { language: 'en', timeZone: 'Europe/Paris' });
    const seed = mailboxSeed(t, owner, await connectMailbox(t, owner));
    await seed.category('Invoices');
    await seed.category('Support');
    await seed.category('Newsletters', 'rules');
    const day = (h: number) => `2026-03-09T${String(h).padStart(2, '0')}:00:00Z`;
    const invoices = [];
    for (let i = 1; i <= 4; i++)
      invoices.push(await seed.message({ at: day(8 + i), subject: `Invoice ${i}`, category: 'Invoices' }));
    const support = [
      await seed.message({ at: day(14), subject: 'Where is my parcel?', category: 'Support' }),
      await seed.message({ at: day(15), subject: 'Broken <b>lamp</b>', category: 'Support' }),
    ];
    await seed.message({ at: day(16), subject: 'Weekly news', category: 'Newsletters', by: 'rules' });
    const personal = await seed.message({ at: day(17), subject: 'Dinner on Friday', category: null });
    await seed.message({ at: day(18), subject: 'You won a prize', category: null, skipReason: 'LIKELY_SPAM' });
    await seed.message({ at: day(19), subject: 'Seen before', category: null, skipReason: 'ALREADY_HANDLED' });
    // After 8:00 Paris on the 10th: the next day's digest.
    await seed.message({ at: '2026-03-10T07:10:00Z', subject: 'Early bird', category: 'Support' });
    await seed.action(support[0]!.id, { kind: 'draft', status: 'done', at: day(14) });
    await seed.action(support[1]!.id, { kind: 'draft', status: 'done', at: day(15) });
    await seed.action(invoices[0]!.id, { kind: 'reply', status: 'done', at: day(9), to: ['ann@example.com'] });
    await seed.action(invoices[1]!.id, { kind: 'reply', status: 'in_doubt', at: day(10), to: ['bob@example.com'] });
    await seed.action(invoices[2]!.id, { kind: 'reply', status: 'skipped', at: day(11), detail: 'recently_answered' });
    await seed.action(personal.id, { kind: 'reply', status: 'skipped', at: day(17), detail: 'no_credits' }); // not the owner's to act on
    await seed.correction(invoices[3]!.messageId, { subject: 'Invoice 4', from: 'Invoices', to: 'Support', at: day(20) });
    // The 7 days before: 10 messages filed by the AI, 3 corrected (70%).
    for (let i = 0; i < 10; i++) {
      const m = await seed.message({ at: `2026-03-0${3 + (i % 5)}T10:00:00Z`, subject: `Old ${i}`, category: 'Invoices' });
      if (i < 3)
        await seed.correction(m.messageId, { subject: `Old ${i}`, from: 'Invoices', to: null, at: '2026-03-08T10:00:00Z' });
    }
  });
  afterAll(() => t.close());

  it('is not sent before 8:00 in the owner’s time zone', async () => {
    await run('2026-03-10T06:59:00Z'); // 7:59 in Paris
    expect(mailsTo(owner)).toEqual([]);
  });

  it('tells the day in English: mail per category, drafts, replies, sends in doubt, corrections, held back and why, the accuracy trend', async () => {
    await run('2026-03-10T07:30:00Z');
    const [mail] = mailsTo(owner);
    expect(mailsTo(owner)).toHaveLength(1);
    expect(mail!.subject).toBe("Your mail assistant's day: March 10, 2026");
    const lines = mail!.text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Hello,',
        'Mail handled: 9',
        '  - Invoices: 4',
        '  - Support: 2',
        '  - Newsletters: 1',
        '  - No category, left where it arrived: 1',
        '  - Likely spam, marked as junk: 1',
        'Drafts written, waiting for you in your Drafts folder: 2',
        'Automatic replies sent: 1',
        'Sends in doubt: 1. They were interrupted and may not have left; check your Sent folder before answering again:',
        '  - “Invoice 2” to bob@example.com',
        'Corrections learned: 1',
        '  - “Invoice 4”: moved from Invoices to Support',
        'Held back: 2',
        '  - “You won a prize”: likely spam, left where it arrived and marked as junk',
        '  - “Invoice 3”: no automatic reply, because this sender already got an automatic reply today',
        // 6 filed by the AI (not the rules' newsletter), 1 corrected: 83%; the week before 70%.
        'Accuracy: 83% of the 6 messages the AI filed were not corrected; the previous 7 days: 70% of 10 (up 13 points).',
        `See the activity on the settings screen: ${APP_URL}/email-settings`,
        `You can also change its language and time zone on your profile: ${APP_URL}/profile`,
      ]),
    );
    expect(mail!.text).toMatch(/from Mar 9, 2026, 8:00\sAM to Mar 10, 2026, 8:00\sAM/);
    expect(mail!.text).not.toMatch(/Early bird|Seen before|Dinner/);
    expect(mail!.text).toMatch(new RegExp(`Turn off this daily digest \\(one click\\): ${APP_URL}/digest/off\\?token=`));
    // The HTML part escapes what senders wrote.
    expect(mail!.html).toContain('<li>Support: 2</li>');
    expect(mail!.html).not.toContain('<b>lamp</b>');
    expect(mail!.html).toContain(`<a href="${APP_URL}/email-settings">`);
  });

  it('is sent once even when the job runs twice at once, and the next day covers the next 24 hours', async () => {
    await Promise.all([run('2026-03-10T07:31:00Z'), run('2026-03-10T07:31:00Z')]);
    await run('2026-03-10T22:00:00Z');
    expect(mailsTo(owner)).toHaveLength(1);
    await Promise.all([run('2026-03-11T07:05:00Z'), run('2026-03-11T07:05:00Z')]);
    expect(mailsTo(owner)).toHaveLength(2);
    const next = mailsTo(owner)[1]!.text;
    expect(next).toContain('Mail handled: 1\n  - Support: 1\n');
    expect(next).toContain('Accuracy: not enough data (fewer than 5 messages filed by the AI); the previous 7 days: 75% of 16.');
  });

  it('is written in French for an owner who chose French', async () => {
    expect((await t.call(owner, 'PUT', `/api/user-profiles/${profileId}`, { language: 'fr' })).statusCode).toBe(200);
    await forget(owner);
    await run('2026-03-10T07:30:00Z');
    const mail = mailsTo(owner).at(-1)!;
    expect(mail.subject).toBe('La journée de votre assistant de messagerie : 10 mars 2026');
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Bonjour,',
        'Courrier traité : 9',
        '  - Invoices : 4',
        '  - Sans catégorie, laissé où il est arrivé : 1',
        '  - Probablement du spam, marqué comme indésirable : 1',
        'Brouillons rédigés, qui vous attendent dans votre dossier Brouillons : 2',
        'Réponses automatiques envoyées : 1',
        '  - « Invoice 2 » à bob@example.com',
        'Corrections apprises : 1',
        '  - « Invoice 4 » : déplacé de Invoices vers Support',
        'Retenu : 2',
        "  - « Invoice 3 » : pas de réponse automatique, car cet expéditeur a déjà reçu une réponse automatique aujourd'hui",
        "Précision : 83 % des 6 messages classés par l'IA n'ont pas été corrigés ; les 7 jours précédents : 70 % sur 10 (en hausse de 13 points).",
      ]),
    );
    expect(mail.text).toContain('du 9 mars 2026');
    expect(mail.text).toContain(`Désactiver ce résumé quotidien (en un clic) : ${APP_URL}/digest/off?token=`);
  });

  it('follows each owner’s 8:00: an owner on UTC gets theirs an hour after Paris', async () => {
    const london = await t.signUp();
    await createProfile(t, london, { language: 'en', timeZone: 'UTC' });
    const seed = mailboxSeed(t, london, await connectMailbox(t, london));
    await seed.message({ at: '2026-03-09T12:00:00Z', subject: 'Hello', category: null });
    await run('2026-03-10T07:45:00Z');
    expect(mailsTo(london)).toEqual([]);
    await run('2026-03-10T08:00:00Z');
    expect(mailsTo(london)).toHaveLength(1);
  });

  it('is never sent when turned off, on the profile or through the one-click link', async () => {
    const quiet = await t.signUp();
    const id = await createProfile(t, quiet, { language: 'en', timeZone: 'Europe/Paris' });
    const seed = mailboxSeed(t, quiet, await connectMailbox(t, quiet));
    await seed.message({ at: '2026-03-09T12:00:00Z', subject: 'Hello', category: null });
    expect((await t.call(quiet, 'PUT', `/api/user-profiles/${id}`, { dailyDigest: false })).json()).toMatchObject({
      dailyDigest: false,
    });
    await run('2026-03-10T07:30:00Z');
    expect(mailsTo(quiet)).toEqual([]);

    // The first owner's link: the token turns that owner's digest off, and only with our secret.
    const token = new URL(mailsTo(owner)[0]!.links![1]!).searchParams.get('token')!;
    const [userPart, mac] = token.split('.');
    const forged = `${Buffer.from(quiet.id).toString('base64url')}.${mac}`;
    expect((await t.call(null, 'POST', '/api/digest/off', { token: forged })).statusCode).toBe(400);
    expect((await t.call(null, 'POST', '/api/digest/off', { token: `${userPart}.${'A'.repeat(43)}` })).statusCode).toBe(400);
    const off = await t.call(null, 'POST', '/api/digest/off', { token });
    expect(off.statusCode).toBe(200);
    expect((await t.call(owner, 'GET', '/api/user-profiles')).json()).toMatchObject({ dailyDigest: false });
    const before = mailsTo(owner).length;
    await forget(owner);
    await run('2026-03-10T07:30:00Z');
    expect(mailsTo(owner)).toHaveLength(before);
  });

  it('is not sent to a member, to an owner without a mailbox, nor on a quiet day', async () => {
    const boss = await t.signUp();
    await createProfile(t, boss, { language: 'en', timeZone: 'Europe/Paris' });
    const member = await t.signUp();
    await createProfile(t, member, { language: 'en', timeZone: 'Europe/Paris' });
    await mailboxSeed(t, member, await connectMailbox(t, member)).message({
      at: '2026-03-09T12:00:00Z',
      subject: 'Hi',
      category: null,
    });
    await t.makeMember(boss, member);
    const idle = await t.signUp();
    await createProfile(t, idle, { language: 'en', timeZone: 'Europe/Paris' });
    await connectMailbox(t, idle);
    await run('2026-03-10T07:30:00Z');
    expect([...mailsTo(boss), ...mailsTo(member), ...mailsTo(idle)]).toEqual([]);
    // The quiet day was claimed all the same: nothing is looked at again that day.
    const [row] = await t.database.query<{ d: string }>(
      `SELECT last_digest_date::text AS d FROM user_profile WHERE user_id = $1`,
      [idle.id],
    );
    expect(row!.d).toBe('2026-03-10');
  });

  it('is in English at 8:00 UTC when the browser never told the language and time zone', async () => {
    const unknown = await t.signUp();
    await createProfile(t, unknown);
    await mailboxSeed(t, unknown, await connectMailbox(t, unknown)).message({
      at: '2026-03-09T12:00:00Z',
      subject: 'Hi',
      category: null,
    });
    await run('2026-03-10T07:59:00Z');
    expect(mailsTo(unknown)).toEqual([]);
    await run('2026-03-10T08:00:00Z');
    expect(mailsTo(unknown)[0]!.subject).toBe("Your mail assistant's day: March 10, 2026");
  });

  it('reaches the owner through a real SMTP server, in French, with its text and HTML parts', async () => {
    const server = await startSmtpServer([{ user: 'digest', pass: 'Digest-Pass-1' }]);
    try {
      const french = await t.signUp();
      await createProfile(t, french, { language: 'fr', timeZone: 'Europe/Paris' });
      await mailboxSeed(t, french, await connectMailbox(t, french)).message({
        at: '2026-03-09T12:00:00Z',
        subject: 'Devis <cuisine>',
        category: null,
      });
      const smtp = createMailer({
        smtpUrl: `smtp://digest:Digest-Pass-1@127.0.0.1:${server.port}`,
        from: 'Assistant <no-reply@localhost>',
        outboxDir: '/nonexistent',
        log: pino({ level: 'silent' }),
      });
      const deps = { db: t.database.db, mailer: smtp, appUrl: APP_URL, secret: testConfig().authSecret };
      // Every owner due is sent: keep the French owner's.
      await sendDueDigests(deps, new Date('2026-03-10T07:30:00Z'));
      const parsed = await Promise.all(server.received.map((m) => simpleParser(m.raw)));
      const mail = parsed.find((m) => m.to && !Array.isArray(m.to) && m.to.text === french.email);
      expect(mail?.subject).toBe('La journée de votre assistant de messagerie : 10 mars 2026');
      expect(mail!.text).toContain('Courrier traité : 1\n');
      expect(mail!.text).toContain(`${APP_URL}/digest/off?token=`);
      expect(mail!.html).toContain('<li>Sans catégorie, laissé où il est arrivé : 1</li>');
    } finally {
      await server.stop();
    }
  });
});
