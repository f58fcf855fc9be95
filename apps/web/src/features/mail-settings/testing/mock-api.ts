import type { SessionUser } from '@app/shared/auth';
import type { Category } from '@app/shared/categories';
import type { DefaultConfigs, MailSetting } from '@app/shared/mail-settings';
import { vi } from 'vitest';

/** Test helpers: a fetch answering `METHOD /path` from a table, and sample data. */
export type Answer = { status: number; body: unknown };
export type Handler = (request: { method: string; url: URL; body: unknown }) => Answer | undefined;

export function mockApi(routes: Record<string, Answer | Handler>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route({ method, url, body }) : route;
    const { status, body: payload } = answer ?? {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: '', status: 404 },
    };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** Radix popper content measures itself; jsdom has no ResizeObserver nor pointer capture. */
export function stubBrowserApis() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  const proto = window.HTMLElement.prototype as unknown as Record<string, unknown>;
  proto.hasPointerCapture ??= () => false;
  proto.setPointerCapture ??= () => {};
  proto.releasePointerCapture ??= () => {};
  proto.scrollIntoView ??= () => {};
}

export const apiError = (status: number, code: string, message = '', extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { success: false, code, message, status, ...extra },
});

export const sessionUser = (patch: Partial<SessionUser> = {}): SessionUser => ({
  uid: 'u1',
  profileId: 'p1',
  email: 'owner@example.com',
  emailVerified: true,
  phoneNumber: null,
  businessSector: 'retail',
  role: 'Owner',
  website: null,
  billable: false,
  subscriptionStatus: 'active',
  subscriptionBillingCycle: 'monthly',
  plan: 'starter',
  quota: { exceeded: { credits: false, emailAddresses: false } },
  referrerId: null,
  metadata: { hasAiConfig: true },
  createdAt: '2025-01-01T00:00:00.000Z',
  settings: null,
  showGuide: false,
  providers: ['credential'],
  ...patch,
});

export const defaultConfigs = (patch: Partial<DefaultConfigs> = {}): DefaultConfigs => ({
  fetchRangeDates: { start: '2025-01-01T00:00:00.000Z', end: '2025-01-30T00:00:00.000Z' },
  maxFetchRangeDays: 91,
  providers: { gmail: false, outlook: false, smtp: true },
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
  batchStatus: 'completed',
  batchCategorizeStatus: null,
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
  rules: null,
  classificationParentMailbox: null,
  draftParentMailbox: null,
  createdBy: 'USER',
  mailboxPath: 'Quotes',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});
