import type { Category } from '@app/shared/categories';
import type { DefaultConfigs, MailSetting } from '@app/shared/mail-settings';

/** Sample data of the mail settings. */

export const defaultConfigs = (patch: Partial<DefaultConfigs> = {}): DefaultConfigs => ({
  fetchRangeDates: { start: '2025-01-01T00:00:00.000Z', end: '2025-01-30T00:00:00.000Z' },
  maxFetchRangeDays: 91,
  providers: { gmail: false, outlook: false, smtp: true },
  privateMailHosts: false,
  ...patch,
});

export const mailSetting = (patch: Partial<MailSetting> = {}): MailSetting => ({
  _id: 's1',
  provider: 'smtp',
  username: 'me@example.com',
  responseType: 2,
  mailboxes: [
    { id: 'INBOX', name: 'INBOX', shortName: 'INBOX', specialUse: '\\Inbox', children: [] },
    { id: 'Clients', name: 'Clients', shortName: 'Clients', specialUse: null, children: [] },
  ],
  trackedMailbox: 'INBOX',
  isSyncEnabled: true,
  isClassificationEnabled: true,
  moveSpamToJunk: false,
  authservId: null,
  authservIdSetByOwner: false,
  dryRunUntil: null,
  batchStatus: 'completed',
  batchCategorizeStatus: null,
  batchProgress: null,
  fetchRangeDates: { startDate: '2025-01-01T00:00:00.000Z', endDate: '2025-01-30T00:00:00.000Z' },
  syncError: null,
  lastSyncedAt: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

export const category = (patch: Partial<Category> = {}): Category => ({
  _id: 'c1',
  id: 'c1',
  name: 'Quotes',
  existCategoryName: null,
  classifierType: 'ai',
  instruction: 'Price requests',
  action: 2,
  responseInstructions: 'Thank them',
  email: ['sales@example.com', 'boss@example.com'],
  autopilotMinPrecision: null,
  rules: null,
  classificationParentMailbox: null,
  draftParentMailbox: null,
  createdBy: 'USER',
  mailboxPath: 'Quotes',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});
