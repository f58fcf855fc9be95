import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import {
  balance,
  type CreditAccount,
  creditsExhausted,
  debit,
  ensurePeriodGrant,
  periodOf,
  previousPeriodOf,
  topUpGrant,
} from './ledger';

describe('credits ledger', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.dispose());

  async function owner(plan: string, billingEnabled = true): Promise<CreditAccount> {
    const id = randomUUID();
    await database.query('INSERT INTO "user" (id, name, email) VALUES ($1, $1, $2)', [id, `${id}@credits.test`]);
    return { ownerId: id, plan, billingEnabled };
  }
  const spend = (account: CreditAccount, key: string, amount = 2, period?: string) =>
    database.db.transaction((tx) =>
      debit(tx, account, { userId: account.ownerId, amount, reason: 'ai classification', key }, period),
    );

  it('grants the plan credits once a period', async () => {
    const account = await owner('basic');
    await ensurePeriodGrant(database.db, account, '2026-11');
    await ensurePeriodGrant(database.db, account, '2026-11');
    expect(await balance(database.db, account.ownerId, '2026-11')).toBe(7000);
    await ensurePeriodGrant(database.db, account, '2026-12');
    expect(await balance(database.db, account.ownerId, '2026-12')).toBe(7000);
  });

  it('debits once per key', async () => {
    const account = await owner('pro');
    expect(await spend(account, `classify:${account.ownerId}:m1`, 2, '2026-11')).toEqual({ ok: true, applied: true });
    expect(await spend(account, `classify:${account.ownerId}:m1`, 2, '2026-11')).toEqual({ ok: true, applied: false });
    expect(await balance(database.db, account.ownerId, '2026-11')).toBe(21_000 - 2);
  });

  it('stops FREE at zero and flags the quota; paid plans with extra credits go on', async () => {
    const free = await owner('free');
    await database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, '2026-11', 'debit', -498, 'earlier use', $2)`,
      [free.ownerId, `seed:${free.ownerId}`],
    );
    expect(await creditsExhausted(database.db, free, '2026-11')).toBe(false);
    expect(await spend(free, `k1:${free.ownerId}`, 2, '2026-11')).toMatchObject({ ok: true });
    expect(await spend(free, `k2:${free.ownerId}`, 2, '2026-11')).toEqual({ ok: false, reason: 'NO_CREDITS' });
    expect(await creditsExhausted(database.db, free, '2026-11')).toBe(true);

    const pro = await owner('pro');
    await database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, '2026-11', 'debit', -21000, 'earlier use', $2)`,
      [pro.ownerId, `seed:${pro.ownerId}`],
    );
    expect(await spend(pro, `k1:${pro.ownerId}`, 2, '2026-11')).toMatchObject({ ok: true, applied: true });
    expect(await balance(database.db, pro.ownerId, '2026-11')).toBe(-2);
    expect(await creditsExhausted(database.db, pro, '2026-11')).toBe(false);
  });

  it('never lets two debits spend the last credits twice', async () => {
    const free = await owner('free');
    await database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, '2026-11', 'debit', -498, 'earlier use', $2)`,
      [free.ownerId, `seed:${free.ownerId}`],
    );
    const results = await Promise.all([
      spend(free, `a:${free.ownerId}`, 2, '2026-11'),
      spend(free, `b:${free.ownerId}`, 2, '2026-11'),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await balance(database.db, free.ownerId, '2026-11')).toBe(0);
  });

  it('is unlimited with billing off, and still records', async () => {
    const selfHosted = await owner('biz', false);
    for (let i = 0; i < 3; i++)
      expect(await spend(selfHosted, `s${i}:${selfHosted.ownerId}`, 50_000, '2026-11')).toMatchObject({ ok: true });
    expect(await balance(database.db, selfHosted.ownerId, '2026-11')).toBe(100_000 - 150_000);
    expect(await creditsExhausted(database.db, selfHosted, '2026-11')).toBe(false);
  });
  it('never overdraws under many parallel debits (each in its own transaction)', async () => {
    const free = await owner('free');
    await database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, '2026-11', 'debit', -490, 'earlier use', $2)`,
      [free.ownerId, `seed:${free.ownerId}`],
    );
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => spend(free, `p${i}:${free.ownerId}`, 2, '2026-11')));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await balance(database.db, free.ownerId, '2026-11')).toBe(0);
  });

  it('rolls over at the period: a new grant, nothing carried from the period before', async () => {
    const free = await owner('free');
    await database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, '2026-11', 'debit', -500, 'earlier use', $2)`,
      [free.ownerId, `seed:${free.ownerId}`],
    );
    expect(await spend(free, `nov:${free.ownerId}`, 2, '2026-11')).toEqual({ ok: false, reason: 'NO_CREDITS' });
    expect(await creditsExhausted(database.db, free, '2026-12')).toBe(false);
    expect(await spend(free, `dec:${free.ownerId}`, 2, '2026-12')).toEqual({ ok: true, applied: true });
    expect(await balance(database.db, free.ownerId, '2026-12')).toBe(498);
    // A paid month that went over does not start the next one in debt either.
    const pro = await owner('pro');
    await spend(pro, `big:${pro.ownerId}`, 21_010, '2026-11');
    expect(await balance(database.db, pro.ownerId, '2026-11')).toBe(-10);
    await ensurePeriodGrant(database.db, pro, '2026-12');
    expect(await balance(database.db, pro.ownerId, '2026-12')).toBe(21_000);
  });

  it('raises the period to a new plan on upgrade, keeps it on downgrade, never grants twice', async () => {
    const account = await owner('free');
    await spend(account, `f:${account.ownerId}`, 100, '2026-11');
    expect(await balance(database.db, account.ownerId, '2026-11')).toBe(400);
    await topUpGrant(database.db, { ...account, plan: 'pro' }, '2026-11');
    expect(await balance(database.db, account.ownerId, '2026-11')).toBe(21_000 - 100);
    await topUpGrant(database.db, { ...account, plan: 'basic' }, '2026-11');
    expect(await balance(database.db, account.ownerId, '2026-11')).toBe(21_000 - 100);
    await topUpGrant(database.db, { ...account, plan: 'biz' }, '2026-11');
    await topUpGrant(database.db, { ...account, plan: 'pro' }, '2026-11');
    await topUpGrant(database.db, { ...account, plan: 'biz' }, '2026-11');
    expect(await balance(database.db, account.ownerId, '2026-11')).toBe(100_000 - 100);
    // A plan taken before any use in the month is granted in full, once.
    const fresh = await owner('free');
    await Promise.all([
      topUpGrant(database.db, { ...fresh, plan: 'basic' }, '2026-11'),
      topUpGrant(database.db, { ...fresh, plan: 'basic' }, '2026-11'),
    ]);
    expect(await balance(database.db, fresh.ownerId, '2026-11')).toBe(7000);
  });

  it('cuts credit periods from the subscription billing moment, calendar months without one', () => {
    const at = (iso: string) => new Date(iso);
    expect(periodOf(null, at('2026-11-22T10:00:00Z'))).toBe('2026-11');
    // Monthly on the 20th at 14:03: the period runs from one 20th to the next.
    const anchor = at('2026-10-20T14:03:05Z');
    expect(periodOf(anchor, at('2026-11-20T14:03:04Z'))).toBe('2026-10-20T14:03:05Z');
    expect(periodOf(anchor, at('2026-11-20T14:03:05Z'))).toBe('2026-11-20T14:03:05Z');
    expect(periodOf(anchor, at('2026-12-01T00:00:00Z'))).toBe('2026-11-20T14:03:05Z');
    // A yearly period is cut into months from its start; the 31st falls on shorter months' last day.
    const yearly = at('2026-01-31T09:00:00Z');
    expect(periodOf(yearly, at('2026-02-15T00:00:00Z'))).toBe('2026-01-31T09:00:00Z');
    expect(periodOf(yearly, at('2026-02-28T09:00:00Z'))).toBe('2026-02-28T09:00:00Z');
    expect(periodOf(yearly, at('2026-03-30T23:00:00Z'))).toBe('2026-02-28T09:00:00Z');
    expect(periodOf(yearly, at('2026-03-31T09:00:00Z'))).toBe('2026-03-31T09:00:00Z');
    expect(periodOf(yearly, at('2026-12-31T09:00:00Z'))).toBe('2026-12-31T09:00:00Z');
    expect(previousPeriodOf(anchor, at('2026-11-25T00:00:00Z'))).toBe('2026-10-20T14:03:05Z');
    expect(previousPeriodOf(null, at('2026-01-05T00:00:00Z'))).toBe('2025-12');
  });

  it('grants at each period start of a paid subscription, not at the calendar month', async () => {
    const account = { ...(await owner('basic')), periodAnchor: new Date(Date.now() - 3 * 86_400_000) };
    await spend(account, `a:${account.ownerId}`, 100);
    const period = periodOf(account.periodAnchor);
    expect(period).not.toMatch(/^\d{4}-\d{2}$/);
    expect(await balance(database.db, account.ownerId, period)).toBe(7000 - 100);
    const next = periodOf(account.periodAnchor, new Date(Date.now() + 40 * 86_400_000));
    await spend(account, `b:${account.ownerId}`, 2, next);
    expect(await balance(database.db, account.ownerId, next)).toBe(7000 - 2);
  });

  it("charges a member's AI steps to the owner's account", async () => {
    const free = await owner('free');
    const memberId = randomUUID();
    await database.query(
      `INSERT INTO credit_entry (owner_id, month, kind, amount, reason, key) VALUES ($1, '2026-11', 'debit', -496, 'earlier use', $2)`,
      [free.ownerId, `seed:${free.ownerId}`],
    );
    const asMember = (key: string) =>
      database.db.transaction((tx) => debit(tx, free, { userId: memberId, amount: 2, reason: 'ai draft', key }, '2026-11'));
    expect(await asMember(`m1:${free.ownerId}`)).toEqual({ ok: true, applied: true });
    expect(await spend(free, `o1:${free.ownerId}`, 2, '2026-11')).toEqual({ ok: true, applied: true });
    expect(await asMember(`m2:${free.ownerId}`)).toEqual({ ok: false, reason: 'NO_CREDITS' });
    const rows = await database.query<{ user_id: string }>(`SELECT user_id FROM credit_entry WHERE key = $1`, [
      `m1:${free.ownerId}`,
    ]);
    expect(rows[0]!.user_id).toBe(memberId);
    expect(await creditsExhausted(database.db, free, '2026-11')).toBe(true);
  });
});
