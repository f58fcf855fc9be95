import type { SessionUser } from '@app/shared/auth';
import { vi } from 'vitest';

/** Test helpers shared by the features: a fetch answering `METHOD /path` from a table, a session user. */
export type Answer = { status: number; body: unknown };
/** A handler may answer later (a promise), to hold a request open while the test acts. */
export type Handler = (request: { method: string; url: URL; body: unknown }) => Answer | undefined | Promise<Answer | undefined>;

export function mockApi(routes: Record<string, Answer | Handler>) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? await route({ method, url, body }) : route;
    const { status, body: payload } = answer ?? {
      status: 404,
      body: { success: false, code: 'NOT_FOUND', message: '', status: 404 },
    };
    return new Response(JSON.stringify(payload), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}

/** An error answer in the API's wire shape, with any extra fields the error carries. */
export const apiError = (status: number, code: string, message = '', extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { success: false, code, message, status, ...extra },
});

/** A signed-in owner with a profile. */
export const sessionUser = (patch: Partial<SessionUser> = {}): SessionUser => ({
  uid: 'u1',
  profileId: 'p1',
  email: 'owner@example.com',
  emailVerified: true,
  phoneNumber: null,
  businessSector: 'retail',
  role: 'Owner',
  website: null,
  language: 'en',
  timeZone: 'Europe/Paris',
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
  helpGuideSeen: false,
  gettingStartedClosed: false,
  providers: ['credential'],
  ...patch,
});

/** Radix measures its popper content and controls; jsdom has no ResizeObserver nor pointer capture. */
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
