import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDovecotMailbox } from '../connect-mailbox';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot';
import { APP_URL, createTestApp, type TestApp, type TestUser } from '../harness';
import { startSmtpServer, type TestSmtpServer } from '../smtp-server';
import { fairShare } from '../../src/pipeline/worker-share';
import { countBy, databaseUrlOf, imap, mailboxContents, until } from './fixture';
import { openEventStream, ServerProcess } from './server-process';

const MAILBOXES = Number(process.env.HEAVY_MAILBOXES ?? 200);
/** Rounds of one message per mailbox: before and after a worker is killed, and while a new one takes its share. */
const ROUNDS = 3;
const API_PROCESSES = 2;
const WORKER_PROCESSES = 3;
/** The product's lease and its longest wait between two scans (mailbox-runner.ts, pipeline/worker.ts); no setting changes them. */
const LEASE_MS = 60_000;
const SCAN_MS = 3_000;
/** How often the test reads the lease table: a hand-over is seen at most this much (plus a query) late. */
const SAMPLE_MS = 250;
/** Sign-in attempts per client address per minute (auth.ts, RATE_LIMIT_MULTIPLIER=1). */
const SIGN_IN_LIMIT = 10;
const PASSWORD = 'Scale-Pass-1';
/** Every message gets a draft (response type 2), with no classification. */
const NO_CLASSIFICATION_DRAFTS = { responseType: 2, isClassificationEnabled: false };

const skip = dovecotMissing() ?? (process.env.DATABASE_URL ? null : 'the scale-out test needs PostgreSQL: set DATABASE_URL');
if (skip) console.warn(skip);

type Box = { user: TestUser; address: string; id: string };
type Lease = { id: string; owner: string | null; expires: Date | null };

/**
 * Issue 9, scale-out (docs/operations.md): two api processes and three workers, each the real
 * `src/main.ts` in its role, on one PostgreSQL database, with 200 Dovecot mailboxes. Every mailbox
 * is held by one worker, each worker holds its fair share; a killed worker's mailboxes move to the
 * others within the lease, and a worker started later gets its share from them; every message is
 * processed once; the auth rate limit and the live events work across api processes.
 */
describe.skipIf(skip)('scale-out: 2 api processes, 3 workers, 200 mailboxes', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  let smtp: TestSmtpServer;
  let apis: ServerProcess[] = [];
  let workers: ServerProcess[] = [];
  const mailboxUsers = Array.from({ length: MAILBOXES + 1 }, (_, i) => ({ user: `scale-${i}@example.com`, pass: PASSWORD }));

  beforeAll(async () => {
    [t, dovecot, smtp] = await Promise.all([createTestApp(), startDovecot(mailboxUsers), startSmtpServer(mailboxUsers)]);
    const url = await databaseUrlOf(t);
    const started = Date.now();
    apis = await Promise.all(Array.from({ length: API_PROCESSES }, () => ServerProcess.start('api', url)));
    workers = await Promise.all(Array.from({ length: WORKER_PROCESSES }, () => ServerProcess.start('worker', url)));
    await Promise.all([...apis, ...workers].map((p) => p.ready()));
    console.log(`${API_PROCESSES} api and ${WORKER_PROCESSES} worker processes ready in ${Date.now() - started} ms`);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([...apis, ...workers].map((p) => p.kill('SIGTERM')));
    await Promise.all([t?.close(), dovecot?.stop(), smtp?.stop()]);
  });

  /** Connects mailbox `scale-<index>` for a new user through the API (as the settings screen does). */
  async function connect(index: number): Promise<Box> {
    const user = await t.signUp();
    const mailbox = mailboxUsers[index]!;
    const id = await connectDovecotMailbox(t, user, mailbox, { imap: dovecot.port, smtp: smtp.port }, NO_CLASSIFICATION_DRAFTS);
    return { user, address: mailbox.user, id };
  }

  async function leasesOf(ids: string[]) {
    return t.database.query<Lease>(
      `SELECT id, lease_owner AS owner, lease_expires_at AS expires FROM mail_account WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  async function countHeldAndSynced(ids: string[]) {
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_account
       WHERE id = ANY($1::uuid[]) AND sync_checkpoint IS NOT NULL AND lease_expires_at > now()`,
      [ids],
    );
    return row!.n;
  }

  const held = (lease: Lease) => lease.owner !== null && lease.expires !== null && lease.expires.getTime() > Date.now();

  it('counts sign-in attempts against one limit whichever api process they reach', async () => {
    const user = await t.signUp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGN_IN_LIMIT + 2; attempt++) {
      const api = apis[attempt % apis.length]!;
      const res = await fetch(`${api.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_URL },
        body: JSON.stringify({ email: user.email, password: 'Wrong-password-1' }),
      });
      statuses.push(res.status);
    }
    const [row] = await t.database.query<{ key: string; count: number }>(
      `SELECT key, count FROM rate_limit WHERE key LIKE '%sign-in/email%'`,
    );
    console.log(`sign-in statuses, alternating api A/B: ${statuses.join(' ')}; counter ${JSON.stringify(row)}`);
    expect(statuses.slice(0, SIGN_IN_LIMIT)).toEqual(Array(SIGN_IN_LIMIT).fill(401));
    expect(statuses.slice(SIGN_IN_LIMIT)).toEqual([429, 429]);
  });

  it('delivers a worker’s mail event to a stream open on either api process', async () => {
    const box = await connect(MAILBOXES);
    // Mail that arrives before the first sync's checkpoint counts as already there and is not processed.
    await until(async () => (await countHeldAndSynced([box.id])) === 1, 60_000, 'a worker to hold and sync the mailbox');
    const streams = await Promise.all(
      apis.map((api) => openEventStream(`${api.url}/api/email-settings/events`, box.user.cookie)),
    );
    try {
      await imap(dovecot, { user: box.address, pass: PASSWORD }, (c) => c.append('INBOX', message(box.address, 'live', 0)));
      await until(async () => streams.every((s) => s.events.includes('activity')), 120_000, 'the activity event on both streams');
      const [lease] = await leasesOf([box.id]);
      console.log(
        `processed by ${lease?.owner}; events on api A: ${streams[0]!.events.join(',')}; on api B: ${streams[1]!.events.join(',')}`,
      );
      expect(workers.map((w) => w.workerId)).toContain(lease?.owner);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it(`spreads ${MAILBOXES} mailboxes evenly, hands a killed worker's over, gives a new one its share and processes every message once`, async () => {
    const started = Date.now();
    // Connected while the workers run, as they would be in production: each scan takes what is free.
    const boxes = await mapLimit(
      Array.from({ length: MAILBOXES }, (_, i) => i),
      4,
      connect,
    );
    const ids = boxes.map((b) => b.id);
    await until(async () => (await countHeldAndSynced(ids)) === MAILBOXES, 300_000, 'every mailbox to be held and synced');
    const connectedMs = Date.now() - started;

    const workerIds = workers.map((w) => w.workerId);
    const initial = await leasesOf(ids);
    const spread = countBy(initial, (l) => l.owner ?? 'nobody');
    console.log(
      `${MAILBOXES} mailboxes connected and held in ${connectedMs} ms; spread: ${JSON.stringify(Object.fromEntries(spread))}`,
    );
    expect(initial.every(held)).toBe(true);
    expect([...spread.keys()].sort()).toEqual([...workerIds].sort());
    // The live-event test's mailbox syncs too: MAILBOXES + 1 are shared.
    const share = (workerCount: number) => fairShare(MAILBOXES + 1, workerCount);
    expect(Math.max(...spread.values())).toBeLessThanOrEqual(share(WORKER_PROCESSES));

    const history = sampleOwners(ids);
    const delivered = new Map<string, string[]>(boxes.map((b) => [b.id, []]));
    const deliverRound = (round: number) =>
      mapLimit(boxes, 8, async (box) => {
        const raw = message(box.address, box.id, round);
        await imap(dovecot, { user: box.address, pass: PASSWORD }, (c) => c.append('INBOX', raw));
        delivered.get(box.id)!.push(messageIdOf(raw));
      });

    // The busiest worker dies halfway through the first round, while it processes what came; the
    // rest of that round and the second arrive while its mailboxes have no holder.
    const firstRound = deliverRound(0);
    const deliveredCount = () => [...delivered.values()].reduce((n, list) => n + list.length, 0);
    await until(async () => deliveredCount() >= MAILBOXES / 2, 120_000, 'half the first round');
    const victim = workers.reduce((a, b) => ((spread.get(a.workerId) ?? 0) >= (spread.get(b.workerId) ?? 0) ? a : b));
    await victim.kill('SIGKILL');
    const killedAt = Date.now();
    const orphaned = (await leasesOf(ids)).filter((l) => l.owner === victim.workerId);
    const [atKill] = await t.database.query<{ done: number; open: number }>(
      `SELECT count(*) FILTER (WHERE status = 'done')::int AS done, count(*) FILTER (WHERE status <> 'done')::int AS open
       FROM mail_message WHERE mail_account_id = ANY($1::uuid[])`,
      [orphaned.map((o) => o.id)],
    );
    await firstRound;
    await deliverRound(1);

    const survivors = workers.filter((w) => w !== victim).map((w) => w.workerId);
    const takenAt = await until(
      async () => {
        const taken = orphaned.map((o) => history.takenAt(o.id, survivors));
        return taken.every((at): at is number => at !== undefined) ? taken : null;
      },
      LEASE_MS + SCAN_MS + 60_000,
      'the survivors to take the dead worker’s mailboxes',
    );
    const handoverMs = Math.max(...takenAt) - killedAt;
    const afterExpiryMs = orphaned.map((o, i) => takenAt[i]! - o.expires!.getTime());

    await allProcessed(ids, 2 * MAILBOXES);
    const owners = await history.stop();
    const leasesAfter = await leasesOf(ids);
    const spreadAfter = countBy(leasesAfter, (l) => l.owner ?? 'nobody');
    const takenBy = countBy(
      leasesAfter.filter((l) => orphaned.some((o) => o.id === l.id)),
      (l) => l.owner ?? 'nobody',
    );
    console.log(
      [
        `killed ${victim.workerId} holding ${orphaned.length} mailboxes (at the kill, their messages: ${atKill!.done} done, ${atKill!.open} recorded but not done)`,
        `hand-over: all taken ${handoverMs} ms after the kill (bound ${LEASE_MS + SCAN_MS} ms);`,
        `after each lease expired: max ${Math.max(...afterExpiryMs)} ms, median ${median(afterExpiryMs)} ms`,
        `taken over by: ${JSON.stringify(Object.fromEntries(takenBy))}; spread after: ${JSON.stringify(Object.fromEntries(spreadAfter))}`,
        `${2 * MAILBOXES} messages processed`,
        `warnings logged by the workers: ${JSON.stringify(workers.map((w) => Object.fromEntries(countBy(w.warnings, (l) => l.msg ?? ''))))}`,
      ].join('\n'),
    );

    expect(handoverMs).toBeLessThanOrEqual(LEASE_MS + SCAN_MS + SAMPLE_MS);
    for (const [id, list] of owners) {
      // One holder all along, or the dead worker then exactly one survivor: never two at a time.
      if (orphaned.some((o) => o.id === id)) expect([list.length, survivors.includes(list[1]!)], id).toEqual([2, true]);
      else expect(list, id).toHaveLength(1);
    }
    expect(workers.filter((w) => w !== victim && !w.alive)).toEqual([]);
    expect(Math.max(...[...spreadAfter.values()])).toBeLessThanOrEqual(share(survivors.length));

    // A worker started now (a restart, a scale-up) gets its share from the two that hold everything,
    // while a third round of mail arrives.
    const newcomer = await ServerProcess.start('worker', await databaseUrlOf(t));
    await newcomer.ready();
    workers.push(newcomer);
    const startedAt = Date.now();
    const rebalance = sampleOwners(ids);
    const thirdRound = deliverRound(2);
    const living = [...survivors, newcomer.workerId];
    await until(
      async () => {
        const leases = await leasesOf(ids);
        const counts = countBy(leases, (l) => (held(l) ? l.owner! : 'nobody'));
        return !counts.has('nobody') && living.every((id) => (counts.get(id) ?? 0) <= share(living.length));
      },
      60_000,
      'the new worker to get its share',
    );
    const rebalancedMs = Date.now() - startedAt;
    await thirdRound;
    await allProcessed(ids, ROUNDS * MAILBOXES);
    const moves = await rebalance.stop();
    const final = countBy(await leasesOf(ids), (l) => l.owner ?? 'nobody');
    console.log(
      `new worker ${newcomer.workerId}: shares even ${rebalancedMs} ms after it was ready; spread ${JSON.stringify(Object.fromEntries(final))}; ` +
        `whole scenario ${Date.now() - started} ms`,
    );
    for (const [id, list] of moves) {
      // Unmoved, or moved once from a survivor to the newcomer: never between the survivors.
      if (list.length === 1) continue;
      expect([list.length, survivors.includes(list[0]!), list[1]], id).toEqual([2, true, newcomer.workerId]);
    }
    expect(final.get(newcomer.workerId)).toBeGreaterThanOrEqual(MAILBOXES - 2 * share(living.length));
    expect(workers.filter((w) => w !== victim && !w.alive)).toEqual([]);
    await expectProcessedOnce(boxes, delivered);
  });

  /** Waits until `total` messages of the mailboxes are recorded and none is left to process. */
  async function allProcessed(ids: string[], total: number) {
    await until(
      async () => {
        const [row] = await t.database.query<{ n: number; open: number }>(
          `SELECT count(*)::int AS n, count(*) FILTER (WHERE status <> 'done')::int AS open
           FROM mail_message WHERE mail_account_id = ANY($1::uuid[])`,
          [ids],
        );
        return row!.n >= total && row!.open === 0;
      },
      600_000,
      'every message to be processed',
    );
  }

  /** Each message recorded once, done, with one draft action and one draft in the mailbox. */
  async function expectProcessedOnce(boxes: Box[], delivered: Map<string, string[]>) {
    const ids = boxes.map((b) => b.id);
    const rows = await t.database.query<{ id: string; account: string; message_id: string; status: string }>(
      `SELECT id, mail_account_id AS account, message_id, status FROM mail_message WHERE mail_account_id = ANY($1::uuid[])`,
      [ids],
    );
    const recorded = new Map<string, string[]>(ids.map((id) => [id, []]));
    for (const r of rows) recorded.get(r.account)!.push(bare(r.message_id));
    for (const [id, list] of delivered) expect(recorded.get(id)!.sort(), id).toEqual(list.map(bare).sort());
    expect(rows.filter((r) => r.status !== 'done')).toEqual([]);

    const drafts = await t.database.query<{ mail_message_id: string; status: string }>(
      `SELECT mail_message_id, status FROM mail_action WHERE kind = 'draft' AND mail_message_id = ANY($1::uuid[])`,
      [rows.map((r) => r.id)],
    );
    expect([...countBy(drafts, (d) => d.mail_message_id).values()].filter((n) => n !== 1)).toEqual([]);
    expect(drafts.length).toBe(rows.length);
    expect(drafts.filter((d) => d.status !== 'done')).toEqual([]);

    await mapLimit(boxes, 8, async (box) => {
      const contents = await mailboxContents(dovecot, { user: box.address, pass: PASSWORD });
      const replies = (contents.get('Drafts') ?? []).map((d) => bare(d.inReplyTo)).sort();
      expect(replies, box.address).toEqual(delivered.get(box.id)!.map(bare).sort());
    });
  }

  /**
   * Reads the lease table every SAMPLE_MS: the list of successive holders of each mailbox, and
   * when a mailbox was first seen held by one of `owners`.
   */
  function sampleOwners(ids: string[]) {
    const owners = new Map<string, string[]>(ids.map((id) => [id, []]));
    const firstSeen = new Map<string, number>();
    let sampling = true;
    const loop = (async () => {
      while (sampling) {
        const seenAt = Date.now();
        for (const lease of await leasesOf(ids)) {
          if (!held(lease)) continue;
          const list = owners.get(lease.id)!;
          if (list.at(-1) !== lease.owner) {
            list.push(lease.owner!);
            firstSeen.set(`${lease.id} ${lease.owner}`, seenAt);
          }
        }
        await sleep(SAMPLE_MS);
      }
    })();
    return {
      takenAt: (id: string, by: string[]) =>
        by.map((owner) => firstSeen.get(`${id} ${owner}`)).find((at): at is number => at !== undefined),
      async stop() {
        sampling = false;
        await loop;
        return owners;
      },
    };
  }
});

function message(to: string, tag: string, round: number) {
  return [
    `Message-ID: <scale-${tag}-${round}.${Date.now()}@client.example>`,
    `From: Client ${round} <client${round}@client.example>`,
    `To: ${to}`,
    `Subject: Order question ${round}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Hello, could you tell me when order ${round} ships? Thanks.`,
    '',
  ].join('\r\n');
}

function messageIdOf(raw: string) {
  return /^Message-ID: (.+)$/m.exec(raw)![1]!.trim();
}

const bare = (messageId: string) => messageId.replace(/^<|>$/g, '');

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** `work` over `items`, at most `limit` at a time, results in order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}
