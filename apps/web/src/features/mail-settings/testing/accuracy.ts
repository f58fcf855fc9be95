import type { AccuracyReport } from '@app/shared/accuracy';

/**
 * Sample accuracy reports: three categories (one it never chose, one nobody filed in), twelve
 * disagreements and twelve replies set against the drafts, two of them side by side (one long).
 */

// Noon UTC: the same day in every time zone the tests may run in.
export const MEASURED = '2026-11-27T12:00:00.000Z';

type Disagreement = AccuracyReport['disagreements'][number];

export const disagreement = (patch: Partial<Disagreement> = {}): Disagreement => ({
  date: '2026-11-20T12:00:00.000Z',
  from: { name: 'Dora Client', address: 'dora@client.test' },
  subject: 'Price for 200 chairs',
  folder: 'Quotes',
  uid: '42',
  owner: { id: 'c1', name: 'Quotes' },
  assistant: { id: 'c2', name: 'Clients' },
  ...patch,
});

export const DISAGREEMENTS: Disagreement[] = [
  disagreement(),
  disagreement({
    subject: 'Invoice 981',
    from: { name: '', address: 'billing@supplier.test' },
    folder: 'Clients/2024',
    uid: '7',
    owner: { id: 'c2', name: 'Clients' },
    assistant: null,
  }),
  ...Array.from({ length: 10 }, (_, i) =>
    disagreement({ subject: `Older message ${i + 1}`, uid: String(100 + i), date: null, from: null }),
  ),
];

type Replies = AccuracyReport['replies'];
type ReplyExample = Replies['examples'][number];

export const replyExample = (patch: Partial<ReplyExample> = {}): ReplyExample => ({
  subject: 'Re: Price for 200 chairs',
  date: '2026-11-21T12:00:00.000Z',
  folder: 'Quotes',
  uid: '42',
  draft: 'Hello Dora,\nThe price for 200 chairs is 4,000 euros.\nBest regards',
  reply: 'Hello Dora,\nThe price for 200 chairs is 3,800 euros.\nBest regards, Sam',
  similarity: 0.81,
  ...patch,
});

/** A reply of twelve lines: longer than the lines shown before "Show more". */
export const LONG_REPLY = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of my answer.`).join('\n');

export const REPLIES: Replies = {
  judged: 12,
  meanSimilarity: 0.42,
  examples: [
    replyExample(),
    replyExample({
      subject: 'Re: Invoice 981',
      date: null,
      folder: 'Clients/2024',
      uid: '7',
      draft: 'Thank you, we will pay it this week.',
      reply: LONG_REPLY,
      similarity: 0.12,
    }),
  ],
};

export const NO_REPLIES: Replies = { judged: 0, meanSimilarity: null, examples: [] };

export const report = (patch: Partial<AccuracyReport> = {}): AccuracyReport => ({
  generatedAt: MEASURED,
  engine: 'local',
  chunks: 5,
  judged: 50,
  agreed: 23,
  categories: [
    { categoryId: 'c1', name: 'Quotes', filed: 30, chosen: 25, agreed: 23, precision: 23 / 25, recall: 23 / 30 },
    { categoryId: 'c2', name: 'Clients', filed: 20, chosen: 0, agreed: 0, precision: null, recall: 0 },
    { categoryId: 'c3', name: 'Newsletters', filed: 0, chosen: 4, agreed: 0, precision: 0, recall: null },
  ],
  disagreements: DISAGREEMENTS,
  replies: REPLIES,
  ...patch,
});

type Inbox = NonNullable<AccuracyReport['inbox']>;

export const movedExample = (patch: Partial<Inbox['examples'][number]> = {}): Inbox['examples'][number] => ({
  date: '2026-11-22T12:00:00.000Z',
  from: { name: 'Eve Buyer', address: 'eve@buyer.test' },
  subject: 'Can you quote 50 desks?',
  uid: '310',
  assistant: { id: 'c1', name: 'Quotes' },
  ...patch,
});

/** 40 messages left in the inbox: 12 it would have moved (9 to Quotes, 3 to Newsletters), 2 held as spam. */
export const INBOX: Inbox = {
  folder: 'INBOX',
  judged: 40,
  heldAsSpam: 2,
  moved: [
    { id: 'c1', name: 'Quotes', count: 9 },
    { id: 'c3', name: 'Newsletters', count: 3 },
  ],
  examples: [
    movedExample(),
    movedExample({ subject: 'Weekly digest', from: null, date: null, uid: '305', assistant: { id: 'c3', name: 'Newsletters' } }),
    ...Array.from({ length: 10 }, (_, i) => movedExample({ subject: `Left message ${i + 1}`, uid: String(200 + i) })),
  ],
};
