import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AccuracyReport } from '@app/shared/accuracy';
import type { MailSetting } from '@app/shared/mail-settings';
import type { MessageDetail } from '@app/shared/mailbox';
import { textSimilarity } from '@app/shared/text-similarity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing } from '../../../test/dovecot';
import { type PipelineFixture, startPipelineFixture } from '../../../test/pipeline-fixture';
import { createLocalEngine } from '../../ai/local/local-engine';
import { replayPastMail } from '../../ai/past-mail-replay';
import { parseMessage } from '../../mail/mime/parse-message';
import { toEngineMessage } from '../../pipeline/classify';
import { likelySpam, suspectedSpam } from '../../pipeline/spam-check';

const skip = dovecotMissing();
if (skip) console.warn(skip);

const SMALLBIZ = path.resolve(import.meta.dirname, '../../../../../bench/data/smallbiz');
const PER_CATEGORY = 12;
const FOLDERS = { quotes: 'Quotes', billing: 'Billing', jobs: 'Jobs' } as const;

/** Real mail of the evaluation set's development part, dated over the last weeks (the default range is 30 days). */
async function pastMail() {
  const labels = JSON.parse(await readFile(path.join(SMALLBIZ, 'labels.json'), 'utf8')) as Record<
    string,
    { category: string; split: string }
  >;
  const picked: { folder: string; raw: string }[] = [];
  for (const [category, folder] of Object.entries(FOLDERS)) {
    const ids = Object.keys(labels)
      .filter((id) => labels[id]!.category === category && labels[id]!.split === 'dev')
      .slice(0, PER_CATEGORY);
    for (const id of ids) {
      const raw = await readFile(path.join(SMALLBIZ, 'messages', `${id}.eml`), 'utf8');
      const date = new Date(Date.now() - (picked.length + 1) * 9 * 3_600_000).toUTCString();
      picked.push({ folder, raw: raw.replace(/^Date:.*$/im, `Date: ${date}`) });
    }
  }
  return picked;
}

/**
 * The accuracy report end to end (issue 36, item 1): past mail filed in three folders of Dovecot,
 * categories created on them, the initialisation replays it; the figures read through the API equal
 * those of the same replay run offline on the same messages, and a disagreement opens in the webmail.
 */
describe.skipIf(skip)('accuracy on the past mail', () => {
  let f: PipelineFixture;
  beforeAll(async () => {
    f = await startPipelineFixture();
  });
  afterAll(async () => {
    await f?.stop();
  });

  it('reports per category what the assistant would have filed, as offline scoring does', async () => {
    const box = await f.connected(0);
    const mail = await pastMail();
    // The owner answered two of them: their replies are in Sent, each with a phrase of its own.
    const answered = mail.slice(0, 2).map((m, i) => {
      const id = /^Message-ID:\s*(\S+)/im.exec(m.raw)![1]!;
      // In the words of the message it answers, so that the engine would echo it were it among its examples.
      const asked = /\r?\n\r?\n([\s\S]*)$/
        .exec(m.raw)![1]!
        .split(/(?<=[.?!])\s/)[0]!
        .slice(0, 200);
      const text = `${asked} Our crew can do it on Thursday, reference ZX-${i}7 for your file.`;
      const raw =
        `From: ${box.mailbox.user}\r\nTo: client@client.test\r\nSubject: Re: answer ${i}\r\nMessage-ID: <reply${i}@shop.test>\r\n` +
        `In-Reply-To: ${id}\r\nDate: ${new Date(Date.now() - 3_600_000).toUTCString()}\r\n\r\n${text}\r\n`;
      return { text, raw };
    });
    await f.imap(box, async (client) => {
      for (const folder of Object.values(FOLDERS)) await client.mailboxCreate(folder);
      for (const m of mail) await client.append(m.folder, m.raw);
      for (const r of answered) await client.append('Sent', r.raw, ['\\Seen']);
    });
    const categories = JSON.parse(await readFile(path.join(SMALLBIZ, 'categories.json'), 'utf8')) as {
      categories: { id: string; name: { en: string }; instruction: { en: string } }[];
    };
    const created = new Map<string, { id: string; name: string; instruction: string }>();
    for (const [key, folder] of Object.entries(FOLDERS)) {
      const instruction = categories.categories.find((c) => c.id === key)!.instruction.en;
      const category = await f.category(box, { classifierType: 'ai', name: folder, instruction });
      created.set(folder, { id: category.id, name: folder, instruction });
    }
    expect((await f.t.call(box.user, 'PUT', '/api/email-settings', { isSyncEnabled: true })).statusCode).toBe(200);
    const report = await f.until(async () => {
      const setting = (await f.t.call(box.user, 'GET', '/api/email-settings')).json<MailSetting>();
      if (setting.batchStatus !== 'completed') return null;
      return (await f.t.call(box.user, 'GET', '/api/email-settings/accuracy')).json<AccuracyReport | null>();
    }, 60_000);

    const offline = await replayPastMail(
      createLocalEngine(),
      [...created.values()],
      await Promise.all(
        mail.map(async (m, i) => {
          const parsed = await parseMessage(Buffer.from(m.raw), { maxBodyChars: 20_000 });
          return {
            categoryId: created.get(m.folder)!.id,
            message: toEngineMessage(parsed),
            heldAsSpam: likelySpam(parsed) !== null || suspectedSpam(parsed),
            ref: i,
          };
        }),
      ),
    );
    console.log(
      'accuracy report (API | offline):',
      report.categories.map((c) => `${c.name} P ${c.precision?.toFixed(2)} R ${c.recall?.toFixed(2)}`).join(', '),
      '|',
      offline.categories.map((c) => `${c.agreed}/${c.chosen}/${c.filed}`).join(', '),
    );
    expect(report).toMatchObject({ engine: 'local', judged: mail.length, agreed: offline.agreed });
    // The built-in engine replays for nothing at every initialisation: there is no paid replay to ask for.
    const offer = await f.t.call(box.user, 'GET', '/api/email-settings/accuracy/replay');
    expect(offer.statusCode).toBe(409);
    expect(offer.json()).toMatchObject({ code: 'REPLAY_NOT_NEEDED' });
    // The first run said how many messages it had to read, and read them all.
    const setting = (await f.t.call(box.user, 'GET', '/api/email-settings')).json<MailSetting>();
    expect(setting.batchProgress).toMatchObject({ messagesDone: mail.length, messagesTotal: mail.length, done: 3, total: 3 });
    expect(report.categories.map(({ categoryId, filed, chosen, agreed }) => ({ categoryId, filed, chosen, agreed }))).toEqual(
      offline.categories,
    );
    expect(report.disagreements).toHaveLength(offline.disagreements.length);

    // Both replies set next to the draft the assistant would have written without seeing them.
    expect(report.replies.judged).toBe(2);
    for (const example of report.replies.examples) {
      expect(answered.map((a) => a.text)).toContain(example.reply);
      expect(example.draft).not.toMatch(/ZX-\d7/);
      expect(example.similarity).toBe(textSimilarity(example.draft, example.reply));
    }
    expect(report.replies.meanSimilarity).toBeCloseTo(
      report.replies.examples.reduce((sum, e) => sum + e.similarity, 0) / report.replies.examples.length,
    );

    // A disagreement opens in the webmail, where the owner filed it.
    expect(report.disagreements.length).toBeGreaterThan(0);
    const first = report.disagreements[0]!;
    const opened = await f.t.call(
      box.user,
      'GET',
      `/api/mailbox/messages/${encodeURIComponent(first.uid)}?folder=${encodeURIComponent(first.folder)}&peek=1`,
    );
    expect(opened.json<MessageDetail>().subject).toBe(first.subject);
    expect(first.owner.name).toBe(first.folder);
  });
});
