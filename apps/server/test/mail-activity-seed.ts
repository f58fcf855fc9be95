import { connectMailbox, mailboxSeed } from './digest-seed';
import type { TestApp, TestUser } from './harness';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/** An hour before today began (UTC, the owners here have no time zone): yesterday, whatever the hour. */
const yesterday = () => new Date(new Date().setUTCHours(0, 0, 0, 0) - 60 * MINUTE).toISOString();

/** A message as the pipeline leaves it, with its sender, date, decision and actions. */
async function seed(
  t: TestApp,
  seedOf: ReturnType<typeof mailboxSeed>,
  m: {
    at: string;
    from: [string, string];
    subject: string;
    category: string | null;
    reason?: string;
    confidence?: number;
    actions?: { kind: string; status: string; to?: string[]; body?: string; detail?: string }[];
  },
) {
  const { id } = await seedOf.message({ at: m.at, subject: m.subject, category: m.category });
  await t.database.query(
    'UPDATE mail_message SET from_name = $2, from_address = $3, sent_at = $4, reason = $5, confidence = $6 WHERE id = $1',
    [id, m.from[0], m.from[1], m.at, m.reason ?? null, m.confidence ?? null],
  );
  for (const action of m.actions ?? []) {
    await seedOf.action(id, { ...action, at: m.at });
    if (action.body)
      await t.database.query('UPDATE mail_action SET body = $2 WHERE mail_message_id = $1 AND kind = $3', [
        id,
        action.body,
        action.kind,
      ]);
  }
}

/**
 * Two owners' handled mail, written as the pipeline leaves it (issue 39, item 4): the owner's quote
 * requests (two today, one yesterday), invoices (two this week, one a week before) and a reply sent
 * to Bob; the rival's quote request from Eve and a reply to Ann.
 */
export async function seedMailActivity(t: TestApp): Promise<{ owner: TestUser; rival: TestUser }> {
  const [owner, rival] = [await t.signUp(), await t.signUp()];
  const account = await connectMailbox(t, owner);
  const mine = mailboxSeed(t, owner, account);
  await mine.category('Quote requests');
  await mine.category('Invoices');
  const add = (m: Parameters<typeof seed>[2]) => seed(t, mine, m);
  await add({
    at: ago(MINUTE),
    from: ['Ann Client', 'ann@client.example'],
    subject: 'Quote for 40 quiches',
    category: 'Quote requests',
    reason: 'Asks for a price for a catering order.',
    confidence: 0.82,
    actions: [{ kind: 'draft', status: 'done' }],
  });
  await add({
    at: ago(2 * MINUTE),
    from: ['Bob Martin', 'bob@corp.example'],
    subject: 'Price for a wedding cake',
    category: 'Quote requests',
    actions: [{ kind: 'reply', status: 'done', to: ['bob@corp.example'], body: 'Hello Bob, the wedding cake costs 120 EUR.' }],
  });
  await add({ at: yesterday(), from: ['Cy Old', 'cy@old.example'], subject: 'Quote please', category: 'Quote requests' });
  for (const n of [3, 4])
    await add({
      at: ago(n * MINUTE),
      from: ['Supplier', 'billing@flour.example'],
      subject: `Invoice ${n}`,
      category: 'Invoices',
    });
  await add({
    at: ago(8 * 1440 * MINUTE),
    from: ['Supplier', 'billing@flour.example'],
    subject: 'Invoice 0',
    category: 'Invoices',
  });

  const theirs = await connectMailbox(t, rival);
  const other = mailboxSeed(t, rival, theirs);
  await other.category('Quote requests');
  await seed(t, other, {
    at: ago(MINUTE),
    from: ['Eve Rival', 'eve@rival.example'],
    subject: 'Quote for 500 croissants',
    category: 'Quote requests',
    actions: [{ kind: 'reply', status: 'done', to: ['ann@client.example'], body: 'Secret offer to Ann from the rival.' }],
  });
  return { owner, rival };
}
