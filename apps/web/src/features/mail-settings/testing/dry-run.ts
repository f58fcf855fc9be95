import type { DryRunItem, DryRunPage } from '@app/shared/dry-run';

/** Sample data of the dry run's record: a filed message with a draft, a forward, likely spam, a held-back reply. */

// Noon UTC: the same day in every time zone the tests may run in.
export const UNTIL = '2026-12-03T12:00:00.000Z';

export const item = (patch: Partial<DryRunItem> = {}): DryRunItem => ({
  id: 'd1',
  receivedAt: '2026-11-27T12:00:00.000Z',
  from: { name: 'Dora Client', address: 'dora@client.test' },
  subject: 'Price for 200 chairs',
  folder: 'INBOX',
  uid: '42',
  categoryId: 'c1',
  categoryName: 'Quotes',
  reason: 'Asks for a price',
  skipReason: null,
  actions: [],
  verdict: null,
  ...patch,
});

export const ITEMS: DryRunItem[] = [
  item({
    actions: [
      { kind: 'move', status: 'dry_run', detail: null, folder: 'Quotes', to: [], text: null },
      { kind: 'draft', status: 'dry_run', detail: null, folder: 'Drafts', to: [], text: 'Hello Dora,\nHere is our price.' },
    ],
  }),
  item({
    id: 'd2',
    uid: '43',
    subject: 'Invoice 981',
    from: { name: '', address: 'billing@supplier.test' },
    categoryId: 'c2',
    categoryName: 'Clients',
    reason: null,
    verdict: 'right',
    actions: [{ kind: 'forward', status: 'dry_run', detail: null, folder: null, to: ['boss@example.com'], text: null }],
  }),
  item({
    id: 'd3',
    uid: '44',
    subject: 'You WON',
    from: { name: 'Lottery', address: 'win@spam.test' },
    categoryId: null,
    categoryName: null,
    reason: 'Likely spam (97% by the built-in spam filter).',
    skipReason: 'LIKELY_SPAM',
    verdict: 'wrong',
    actions: [{ kind: 'mark_spam', status: 'dry_run', detail: null, folder: null, to: [], text: null }],
  }),
  item({
    id: 'd4',
    uid: '45',
    subject: 'Out of office',
    categoryId: null,
    categoryName: null,
    reason: null,
    actions: [{ kind: 'reply', status: 'skipped', detail: 'autoreply_text', folder: null, to: ['dora@client.test'], text: null }],
  }),
];

export const record = (patch: Partial<DryRunPage> = {}): DryRunPage => ({
  until: UNTIL,
  items: ITEMS,
  total: 4,
  reviewed: 2,
  wrong: 1,
  page: 1,
  pages: 1,
  ...patch,
});

export const EMPTY = record({ until: null, items: [], total: 0, reviewed: 0, wrong: 0 });
