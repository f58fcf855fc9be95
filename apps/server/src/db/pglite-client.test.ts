import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-client';

describe('PGlite in its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.start(null);
    await db.query('create table item (id int primary key, name text not null)');
  });
  afterAll(() => db.close());

  const names = async () =>
    (await db.query('select name from item order by id')).rows.map((row) => (row as { name: string }).name);

  it('answers queries with rows and fields, in either row mode', async () => {
    await db.query('insert into item values ($1, $2)', [1, 'one']);
    const objects = await db.query('select id, name from item where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one' }]);
    expect(objects.fields.map((field) => (field as { name: string }).name)).toEqual(['id', 'name']);
    expect((await db.query('select id, name from item', [], { rowMode: 'array' })).rows).toEqual([[1, 'one']]);
  });

  it('keeps as text the types whose parsers keep the text, and refuses other parsers', async () => {
    const at = '2026-11-28 10:00:00+00';
    const parsed = await db.query(`select '${at}'::timestamptz as at`);
    expect((parsed.rows[0] as { at: unknown }).at).toBeInstanceOf(Date);
    const kept = await db.query(`select '${at}'::timestamptz as at`, [], { parsers: { 1184: (value) => value } });
    expect((kept.rows[0] as { at: unknown }).at).toBe(at);
    await expect(db.query('select 1', [], { parsers: { 1184: (value) => new Date(value) } })).rejects.toThrow(/keep the text/);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.transaction(async (tx) => tx.query('insert into item values (2, $1)', ['two']));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into item values (3, 'three')");
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await names()).toEqual(['one', 'two']);
  });

  it("passes PostgreSQL's error fields on, and a failed statement rolls its transaction back", async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.query("insert into item values (4, 'four')");
        await tx.query("insert into item values (1, 'again')");
      })
      .catch((error: unknown) => error as Record<string, unknown>);
    expect(failure).toMatchObject({ code: '23505', constraint: 'item_pkey', message: expect.stringMatching(/duplicate key/) });
    expect(await names()).toEqual(['one', 'two']);
  });

  it('holds a query from outside a transaction until the transaction ends', async () => {
    let outside: Promise<string[]> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into item values (5, 'five')");
      outside = names();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query("update item set name = 'FIVE' where id = 5");
    });
    expect(await outside).toEqual(['one', 'two', 'FIVE']);
  });

  it('delivers notifications to every listener until each stops listening', async () => {
    const heard: string[] = [];
    const stopFirst = await db.listen('changes', (payload) => heard.push(`first ${payload}`));
    const stopSecond = await db.listen('changes', (payload) => heard.push(`second ${payload}`));
    await db.query("select pg_notify('changes', 'a')");
    await stopFirst();
    await db.query("select pg_notify('changes', 'b')");
    await stopSecond();
    await db.query("select pg_notify('changes', 'c')");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.sort()).toEqual(['first a', 'second a', 'second b']);
  });
});
