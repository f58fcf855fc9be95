import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser as User } from '../../../test/harness';

describe('knowledge data root', () => {
  let t: TestApp;
  let alice: User;
  let bob: User;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await t.signUp();
    bob = await t.signUp();
  });
  afterAll(() => t.close());

  /** Records the statements holding `marker` that the server sends, until `restore()`. */
  const recordStatements = (marker: string) => {
    const seen: string[] = [];
    const query = t.database.query.bind(t.database);
    t.database.query = ((text: string, ...rest: unknown[]) => {
      if (text.includes(marker)) seen.push(text);
      return (query as (...args: unknown[]) => unknown)(text, ...rest);
    }) as typeof query;
    return { seen, restore: () => void (t.database.query = query) };
  };

  const create = async (user: User, title: string, text = '') => {
    const res = await t.call(user, 'POST', '/api/data', { title, text });
    expect(res.statusCode).toBe(201);
    return res.json<[string]>()[0];
  };

  it('creates, reads, updates and deletes an entry', async () => {
    const res = await t.call(alice, 'POST', '/api/data', { title: 'Opening hours', text: 'We open at 9.' });
    expect(res.statusCode).toBe(201);
    const [context, item] = res.json<[string, Record<string, string>]>();
    expect(item).toMatchObject({ _id: context, context, title: 'Opening hours', text: 'We open at 9.' });

    const updated = await t.call(alice, 'POST', `/api/data/${context}`, { title: 'Opening hours', text: 'We open at 8.' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual([context, expect.objectContaining({ text: 'We open at 8.' })]);
    expect((await t.call(alice, 'GET', `/api/data/${context}`)).json()).toMatchObject({ text: 'We open at 8.' });

    expect((await t.call(alice, 'DELETE', `/api/data/${context}`)).json()).toEqual({ success: true });
    expect((await t.call(alice, 'GET', `/api/data/${context}`)).statusCode).toBe(404);
  });

  it('keeps an entry internal or quotable (quotable by default)', async () => {
    const user = await t.signUp();
    const plain = await t.call(user, 'POST', '/api/data', { title: 'Opening hours', text: 'We open at 9.' });
    expect(plain.json()[1]).toMatchObject({ visibility: 'quotable' });

    const res = await t.call(user, 'POST', '/api/data', {
      title: 'Vault code',
      text: 'The code is 4821.',
      visibility: 'internal',
    });
    expect(res.statusCode).toBe(201);
    const [context, item] = res.json<[string, Record<string, string>]>();
    expect(item).toMatchObject({ title: 'Vault code', visibility: 'internal' });
    expect((await t.call(user, 'GET', `/api/data/${context}`)).json()).toMatchObject({ visibility: 'internal' });
    const visibilities = async (url: string) =>
      (await t.call(user, 'GET', url))
        .json<{ data: { title: string; visibility: string }[] }>()
        .data.map((d) => [d.title, d.visibility]);
    expect(await visibilities('/api/data')).toEqual([
      ['Vault code', 'internal'],
      ['Opening hours', 'quotable'],
    ]);
    expect(await visibilities('/api/data?search=vault')).toEqual([['Vault code', 'internal']]);

    // An update that does not name the visibility keeps it; naming it changes it.
    const kept = await t.call(user, 'POST', `/api/data/${context}`, { title: 'Vault code', text: 'The code is 4822.' });
    expect(kept.json()[1]).toMatchObject({ text: 'The code is 4822.', visibility: 'internal' });
    const back = await t.call(user, 'POST', `/api/data/${context}`, { title: 'Vault code', visibility: 'quotable' });
    expect(back.statusCode).toBe(200);
    expect((await t.call(user, 'GET', `/api/data/${context}`)).json()).toMatchObject({ visibility: 'quotable' });

    for (const [url, visibility] of [
      ['/api/data', 'secret'],
      [`/api/data/${context}`, 'public'],
      [`/api/data/${context}`, 42],
    ] as const) {
      const bad = await t.call(user, 'POST', url, { title: 'Vault code', visibility });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', message: 'knowledge.visibilityInvalid' });
    }
    // The database holds to the two values as well (migration 0023).
    await expect(
      t.database.query(`UPDATE knowledge_entry SET visibility = 'secret' WHERE context = $1`, [context]),
    ).rejects.toThrow(/knowledge_entry_visibility_check/);
  });

  it('pages the newest first with the spec wrapper', async () => {
    const user = await t.signUp();
    for (let i = 1; i <= 12; i++) await create(user, `Entry ${i}`, `text ${i}`);
    const page1 = (await t.call(user, 'GET', '/api/data')).json();
    expect(page1).toMatchObject({ totalCount: 12, totalPages: 2, page: 1, totalCapped: false });
    expect(page1.data).toHaveLength(10);
    expect(page1.data[0].title).toBe('Entry 12');
    const page2 = (await t.call(user, 'GET', `/api/data?page=2&limit=10&userId=${user.id}`)).json();
    expect(page2.data.map((d: { title: string }) => d.title)).toEqual(['Entry 2', 'Entry 1']);
    expect((await t.call(user, 'GET', '/api/data?page=3')).json().data).toEqual([]);
  });

  it('searches titles and texts, ranks title hits first, and matches prefixes and substrings', async () => {
    const user = await t.signUp();
    await create(user, 'Refund policy', 'Customers get their money back within 30 days.');
    await create(user, 'Shipping', 'Parcels leave the warehouse daily; a refund is possible for lost parcels.');
    await create(user, 'Invoices', 'Invoices are sent monthly.');
    await create(user, 'Supercalifragilistic', 'A long word.');

    const refund = (await t.call(user, 'GET', '/api/data?search=refund')).json();
    expect(refund.data.map((d: { title: string }) => d.title)).toEqual(['Refund policy', 'Shipping']);
    expect(refund.totalCount).toBe(2);

    const prefix = (await t.call(user, 'GET', '/api/data?search=wareh')).json();
    expect(prefix.data.map((d: { title: string }) => d.title)).toEqual(['Shipping']);

    const substring = (await t.call(user, 'GET', '/api/data?search=fragil')).json();
    expect(substring.data.map((d: { title: string }) => d.title)).toEqual(['Supercalifragilistic']);

    const words = (await t.call(user, 'GET', `/api/data?search=${encodeURIComponent('money back')}`)).json();
    expect(words.data.map((d: { title: string }) => d.title)).toEqual(['Refund policy']);

    const none = (await t.call(user, 'GET', '/api/data?search=zebra')).json();
    expect(none).toMatchObject({ data: [], totalCount: 0, totalPages: 0 });

    const symbols = await t.call(user, 'GET', `/api/data?search=${encodeURIComponent("%_\\'&|!():*")}`);
    expect(symbols.statusCode).toBe(200);
    expect(symbols.json().data).toEqual([]);
  });

  it('caps search totals at 1,000 and keeps the unsearched total exact', async () => {
    const user = await t.signUp();
    await t.database.query(
      `INSERT INTO knowledge_entry (user_id, title, text) SELECT $1, 'Common ' || g, 'shared words' FROM generate_series(1, 1005) g`,
      [user.id],
    );
    const all = (await t.call(user, 'GET', '/api/data')).json();
    expect(all).toMatchObject({ totalCount: 1005, totalCapped: false, totalPages: 101 });
    expect((await t.call(user, 'GET', '/api/data?page=101')).json().data).toHaveLength(5);

    const searched = (await t.call(user, 'GET', '/api/data?search=shared')).json();
    expect(searched).toMatchObject({ totalCount: 1000, totalCapped: true, totalPages: 100 });
    expect(searched.data).toHaveLength(10);
    expect((await t.call(user, 'GET', '/api/data?search=shared&page=101')).json().data).toEqual([]);

    await t.database.query(`DELETE FROM knowledge_entry WHERE user_id = $1 AND title LIKE 'Common 1%'`, [user.id]);
    const after = (await t.call(user, 'GET', '/api/data')).json();
    const [row] = await t.database.query<{ n: string }>('SELECT count(*) AS n FROM knowledge_entry WHERE user_id = $1', [
      user.id,
    ]);
    expect(after.totalCount).toBe(Number(row?.n));
  });

  it('pages far from the newest entry in the same order, across days, edits and deletes', async () => {
    const user = await t.signUp();
    // 1,300 entries over ~17 days, two at a time sharing a created_at (the order then falls to the context).
    await t.database.query(
      `INSERT INTO knowledge_entry (user_id, title, created_at)
       SELECT $1, 'Entry ' || g, timestamptz '2024-03-01 00:00Z' - (g / 2) * interval '37 minutes' FROM generate_series(1, 1300) g`,
      [user.id],
    );
    const expectSameOrder = async () => {
      const all = await t.database.query<{ context: string }>(
        'SELECT context FROM knowledge_entry WHERE user_id = $1 ORDER BY created_at DESC, context DESC',
        [user.id],
      );
      for (const page of [100, 101, 102, 105, 110, 119, 120, 129, 130, 131, 140]) {
        const res = (await t.call(user, 'GET', `/api/data?page=${page}`)).json<{
          data: { context: string }[];
          totalCount: number;
        }>();
        expect(res.totalCount).toBe(all.length);
        expect(
          res.data.map((d) => d.context),
          `page ${page}`,
        ).toEqual(all.slice((page - 1) * 10, page * 10).map((r) => r.context));
      }
      const odd = (await t.call(user, 'GET', '/api/data?page=84&limit=13')).json<{ data: { context: string }[] }>();
      expect(odd.data.map((d) => d.context)).toEqual(all.slice(83 * 13, 84 * 13).map((r) => r.context));
      const [days] = await t.database.query<{ n: string | null }>(
        'SELECT sum(entries) AS n FROM knowledge_day WHERE user_id = $1',
        [user.id],
      );
      expect(Number(days?.n)).toBe(all.length);
    };
    await expectSameOrder();
    await t.database.query(`DELETE FROM knowledge_entry WHERE user_id = $1 AND title ~ '^Entry (1[0-9]|2[0-9]?)$'`, [user.id]);
    await t.database.query(
      `UPDATE knowledge_entry SET created_at = created_at - interval '3 days' WHERE user_id = $1 AND title ~ '^Entry [0-9]+7$'`,
      [user.id],
    );
    await expectSameOrder();
  });

  it('pages a search in one order, title hits first, whether its body hits are searched newest days first or at once', async () => {
    const user = await t.signUp();
    // 4,000 entries over ~28 days, two at a time sharing a created_at (the order then falls to the context):
    // 'alpha' in a third of the texts and 16 titles; 'beta' in the texts of the two entries made at midnight
    // each day, where the newest days searched first end, so that the days before them add none twice.
    await t.database.query(
      `INSERT INTO knowledge_entry (user_id, title, text, created_at)
       SELECT $1, CASE WHEN g % 250 = 0 THEN 'Alpha note ' ELSE 'Entry ' END || g,
              concat_ws(' ', 'words', CASE WHEN g % 3 = 0 THEN 'alpha' END, CASE WHEN (g / 2) % 72 = 0 THEN 'beta' END),
              timestamptz '2024-03-01 00:00Z' - (g / 2) * interval '20 minutes'
         FROM generate_series(1, 4000) g`,
      [user.id],
    );
    const expected = async (word: string) =>
      t.database.query<{ context: string }>(
        `SELECT context FROM knowledge_entry
          WHERE user_id = $1 AND (search_vector @@ to_tsquery('simple', $2) OR title ILIKE $3)
          ORDER BY (title_vector @@ to_tsquery('simple', $2) OR title ILIKE $3) DESC, created_at DESC, context DESC
          LIMIT 1000`,
        [user.id, `${word}:*`, `%${word}%`],
      );
    for (const [word, pages] of [
      ['alpha', [1, 2, 3, 4, 5, 8, 40, 99, 100]],
      ['beta', [1, 2, 4, 5]],
    ] as const) {
      const all = (await expected(word)).map((r) => r.context);
      // The first request counts (its body hits are searched newest days first); the second reuses a
      // count, which for 'beta' (55 matches) says that they are few and are sorted at once.
      for (const attempt of ['first', 'again']) {
        for (const page of pages) {
          const res = (await t.call(user, 'GET', `/api/data?search=${word}&page=${page}`)).json<{
            data: { context: string }[];
            totalCount: number;
          }>();
          expect(res.totalCount).toBe(Math.min(all.length, 1000));
          expect(
            res.data.map((d) => d.context),
            `${word}, page ${page}, ${attempt}`,
          ).toEqual(all.slice((page - 1) * 10, page * 10));
        }
      }
    }
  });

  it('counts a search again once the entries changed, and only then', async () => {
    const user = await t.signUp();
    const first = await create(user, 'Harbour', 'boats');
    const total = async (search: string) =>
      (await t.call(user, 'GET', `/api/data?search=${search}`)).json<{ totalCount: number }>().totalCount;
    const { seen: counted, restore } = recordStatements('knowledge_search_count');
    try {
      expect(await total('boats')).toBe(1);
      expect(await total('boats')).toBe(1);
      expect(counted).toHaveLength(1);
      const second = await create(user, 'Marina', 'more boats');
      expect(await total('boats')).toBe(2);
      await t.call(user, 'POST', `/api/data/${first}`, { title: 'Harbour', text: 'cars' });
      expect(await total('boats')).toBe(1);
      expect(await total('cars')).toBe(1);
      await t.call(user, 'DELETE', `/api/data/${second}`);
      expect(await total('boats')).toBe(0);
      expect(counted).toHaveLength(5);
    } finally {
      restore();
    }
  });

  it('orders a search once for its deep pages, and again once the entries changed', async () => {
    const user = await t.signUp();
    await t.database.query(
      `INSERT INTO knowledge_entry (user_id, title, text, created_at)
       SELECT $1, 'Entry ' || g, 'gamma words', timestamptz '2024-03-01 00:00Z' - g * interval '1 minute'
         FROM generate_series(1, 150) g`,
      [user.id],
    );
    const page = async (n: number) =>
      (await t.call(user, 'GET', `/api/data?search=gamma&page=${n}`)).json<{ data: { title: string }[]; totalCount: number }>();
    const { seen: ordered, restore } = recordStatements('array(SELECT context');
    try {
      const titles = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Entry ${from + i}`);
      expect((await page(11)).data.map((d) => d.title)).toEqual(titles(101, 110));
      expect((await page(12)).data.map((d) => d.title)).toEqual(titles(111, 120));
      expect(await page(16)).toMatchObject({ data: [], totalCount: 150 });
      expect(ordered).toHaveLength(1);
      // Entry 105 goes: every later entry moves up one place.
      const [gone] = await t.database.query<{ context: string }>(
        `SELECT context FROM knowledge_entry WHERE user_id = $1 AND title = 'Entry 105'`,
        [user.id],
      );
      await t.call(user, 'DELETE', `/api/data/${gone!.context}`);
      const after = await page(11);
      expect(after.data.map((d) => d.title)).toEqual([...titles(101, 104), ...titles(106, 111)]);
      expect(after.totalCount).toBe(149);
      expect(ordered).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it("keeps every user's entries to themselves", async () => {
    const context = await create(alice, 'Private', 'secret');
    expect((await t.call(bob, 'GET', `/api/data/${context}`)).statusCode).toBe(404);
    expect((await t.call(bob, 'POST', `/api/data/${context}`, { title: 'hijack', text: '' })).statusCode).toBe(404);
    expect((await t.call(bob, 'DELETE', `/api/data/${context}`)).statusCode).toBe(404);
    expect((await t.call(bob, 'GET', '/api/data?search=private')).json().data).toEqual([]);
    const foreign = await t.call(bob, 'GET', `/api/data?userId=${alice.id}`);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ success: false, code: 'FORBIDDEN', status: 403 });
    expect((await t.call(alice, 'GET', `/api/data/${context}`)).json()).toMatchObject({ title: 'Private' });
    // An empty userId names nobody: the caller's own list, as on every other route (access/actor.ts).
    const empty = await t.call(bob, 'GET', '/api/data?userId=');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);
  });

  it('requires a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/data'],
      ['POST', '/api/data'],
      ['DELETE', '/api/data/x'],
    ] as const) {
      const res = await t.call(null, method, url, method === 'POST' ? { title: 't' } : undefined);
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers bad input with 400 and a message, never 500', async () => {
    const cases: [string, string, object | undefined][] = [
      ['POST', '/api/data', {}],
      ['POST', '/api/data', { title: '' }],
      ['POST', '/api/data', { title: '   ' }],
      ['POST', '/api/data', { title: 42, text: 'x' }],
      ['POST', '/api/data', { title: 'x'.repeat(501) }],
      ['POST', '/api/data', { title: 'ok', text: 'x'.repeat(100_001) }],
      ['POST', '/api/data', { title: 'ok', text: ['array'] }],
      ['GET', '/api/data?page=0', undefined],
      ['GET', '/api/data?page=abc', undefined],
      ['GET', '/api/data?limit=100000', undefined],
      ['GET', `/api/data?search=${'x'.repeat(201)}`, undefined],
    ];
    for (const [method, url, payload] of cases) {
      const res = await t.call(alice, method as 'GET' | 'POST', url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)?.slice(0, 40)}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', status: 400, message: expect.any(String) });
    }
    expect((await t.call(alice, 'POST', '/api/data', { title: 'x'.repeat(501) })).json().message).toBe('knowledge.titleTooLong');
    expect((await t.call(alice, 'GET', '/api/data/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a body larger than the request limit with 413', async () => {
    const res = await t.call(alice, 'POST', '/api/data', { title: 'big', text: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, status: 413 });
  });
});
