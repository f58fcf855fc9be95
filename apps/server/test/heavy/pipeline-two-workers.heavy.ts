import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HELD_BACK_REASONS } from '@app/shared/mail-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot';
import { createTestApp, type TestApp } from '../harness';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import {
  addCategories,
  type Box,
  connectMailbox,
  corpusDir,
  countBy,
  databaseUrlOf,
  imap,
  mailboxContents,
  readCorpus,
  redeliver,
  until,
  waitForCheckpoint,
  WorkerProcess,
} from './fixture';

const MAILBOXES = 4;
const PER_MAILBOX = Number(process.env.HEAVY_PER_MAILBOX ?? 60);
const corpusFile = path.join(corpusDir, 'enron-folders7/inbox_unlabeled.jsonl.gz');

const skip = dovecotMissing() ?? (process.env.DATABASE_URL ? null : 'heavy pipeline tests need PostgreSQL: set DATABASE_URL');
if (skip) console.warn(skip);

/**
 * DESIGN §9: two worker processes on one database and several mailboxes. Each mailbox is held by
 * one worker at a time (the lease); when one worker dies the other takes its mailboxes over; no
 * message is recorded, classified, paid for or drafted twice.
 */
describe.skipIf(skip)('two workers share the mailboxes through leases', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(), startSmtpServer()]);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill('SIGKILL')));
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  it(`${MAILBOXES} mailboxes, ${MAILBOXES * PER_MAILBOX} messages, one worker killed midway`, async (ctx) => {
    const raws = await readCorpus(corpusFile, MAILBOXES * PER_MAILBOX);
    if (!raws || raws.length < MAILBOXES * PER_MAILBOX) return ctx.skip(`the corpus ${corpusFile} is missing or too small`);
    const url = await databaseUrlOf(t);
    const [first, second] = [new WorkerProcess(url), new WorkerProcess(url)];
    workers.push(first, second);
    await Promise.all([first.ready(), second.ready()]);

    const boxes: Box[] = [];
    for (let b = 0; b < MAILBOXES; b++) {
      const box = await connectMailbox(t, dovecot, smtp, `shared-${b}`, 2);
      await addCategories(t, box);
      boxes.push(box);
    }
    for (const box of boxes) await waitForCheckpoint(t, box);

    // Who holds each mailbox, sampled every 100 ms for the whole run.
    const owners = new Map<string, string[]>();
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const rows = await t.database.query<{ id: string; owner: string | null }>(
          `SELECT id, lease_owner AS owner FROM mail_account WHERE lease_expires_at > now()`,
        );
        for (const r of rows) {
          const seen = owners.get(r.id) ?? [];
          if (r.owner && seen.at(-1) !== r.owner) seen.push(r.owner);
          owners.set(r.id, seen);
        }
        await sleep(100);
      }
    })();

    const messages = raws.map((raw, i) => {
      const box = boxes[i % MAILBOXES]!;
      const messageId = `<shared-${i}.${Date.now()}@sender.example>`;
      const from = i % 5 === 0 ? `Client ${i} <client${i}@acme.example>` : `Sender ${i} <sender${i}@enron.example>`;
      return { box, messageId, raw: redeliver(raw, { messageId, from, to: box.mailbox.user }) };
    });
    const delivery = Promise.all(
      boxes.map((box) =>
        imap(dovecot, box.mailbox, async (client) => {
          for (const m of messages.filter((m) => m.box === box)) {
            await client.append('INBOX', m.raw);
            await sleep(400);
          }
        }),
      ),
    );

    // Midway, the first worker dies; its leases are let expire at once and the second takes over.
    await sleep((PER_MAILBOX * 400) / 2);
    const heldByFirst = (
      await t.database.query<{ id: string }>(`SELECT id FROM mail_account WHERE lease_owner = $1`, [first.workerId])
    ).map((r) => r.id);
    await first.kill('SIGKILL');
    await t.database.query(`UPDATE mail_account SET lease_expires_at = now() - interval '1 second' WHERE lease_owner = $1`, [
      first.workerId,
    ]);
    await delivery;
    const total = MAILBOXES * PER_MAILBOX;
    await until(async () => {
      const [row] = await t.database.query<{ n: number; open: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE status IN ('new', 'classified'))::int AS open FROM mail_message`,
      );
      return row && row.n >= total && row.open === 0;
    }, 600_000);
    sampling = false;
    await sampler;
    await second.kill('SIGTERM');
    expect(second.unhandledRejection, second.stderr).toBe(false);

    const held = [...owners].map(([id, list]) => ({ id, owners: list }));
    console.log(`held by the first worker when it died: ${heldByFirst.length}; owners over time: ${JSON.stringify(held)}`);
    // Every mailbox was held, and those of the dead worker went to the other one.
    expect(held.length).toBe(MAILBOXES);
    for (const id of heldByFirst) expect(owners.get(id)!.at(-1)).toBe(second.workerId);

    const rows = await t.database.query<{
      id: string;
      message_id: string;
      status: string;
      classified_by: string | null;
      skip_reason: string | null;
    }>('SELECT id, message_id, status, classified_by, skip_reason FROM mail_message');
    expect(rows.length).toBe(total);
    expect([...countBy(rows, (r) => r.message_id).values()].filter((n) => n !== 1)).toEqual([]);
    expect(rows.filter((r) => r.status !== 'done')).toEqual([]);
    const debits = await t.database.query<{ key: string }>(`SELECT key FROM credit_entry WHERE key LIKE 'classify:%'`);
    expect(debits.length).toBe(rows.filter((r) => r.classified_by === 'local').length);
    const actions = await t.database.query<{ mail_message_id: string; kind: string; status: string; detail: string | null }>(
      'SELECT mail_message_id, kind, status, detail FROM mail_action',
    );
    expect(actions.filter((a) => a.status !== 'done' && a.status !== 'skipped')).toEqual([]);
    const idOf = new Map(rows.map((r) => [r.id, r.message_id]));
    // Real mail: the guard holds some back (out-of-office notices, suspected or likely spam); they get no draft.
    const heldBack = new Set([
      ...actions
        .filter(
          (a) =>
            a.kind === 'draft' && a.status === 'skipped' && (HELD_BACK_REASONS as readonly string[]).includes(a.detail ?? ''),
        )
        .map((a) => idOf.get(a.mail_message_id)),
      ...rows.filter((r) => r.skip_reason === 'LIKELY_SPAM').map((r) => r.message_id),
    ]);
    console.log(`drafts held back by the guard: ${heldBack.size}`);
    for (const box of boxes) {
      const contents = await mailboxContents(dovecot, box.mailbox);
      const drafts = countBy(contents.get('Drafts') ?? [], (d) => d.inReplyTo);
      const mine = messages.filter((m) => m.box === box);
      for (const m of mine) expect(drafts.get(m.messageId), m.messageId).toBe(heldBack.has(m.messageId) ? undefined : 1);
      expect((contents.get('Drafts') ?? []).length).toBe(mine.filter((m) => !heldBack.has(m.messageId)).length);
      const filed = countBy(
        [...contents].filter(([f]) => f !== 'Drafts' && f !== 'Sent').flatMap(([, l]) => l),
        (e) => e.messageId,
      );
      for (const m of mine) expect(filed.get(m.messageId), m.messageId).toBe(1);
    }
    expect(actions.filter((a) => a.kind === 'draft').every((a) => idOf.has(a.mail_message_id))).toBe(true);
  });
});
