import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, sessionUser } from '@/test/mock-api';
import { prefetchInbox } from './prefetch-inbox';

const page = { messages: [], total: 0, page: 1, pageSize: 25 };

function setup(session: { status: number; body: unknown }) {
  const api = mockApi({
    'GET /api/session': session,
    'GET /api/mailbox/folders': { status: 200, body: [] },
    'GET /api/mailbox': { status: 200, body: page },
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  prefetchInbox(queryClient);
  return { ...api, queryClient };
}

const requested = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.map((c) => `${c.path}${c.query.size ? `?${c.query}` : ''}`);

afterEach(() => vi.unstubAllGlobals());

describe('prefetchInbox', () => {
  it('asks for the folders and the first inbox page of a user with a mailbox, once', async () => {
    const { calls, queryClient } = setup({ status: 200, body: sessionUser({ settings: { provider: 'smtp' } }) });
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(['mailbox', 'list', { folder: 'INBOX', page: 1, search: '' }])).toEqual(page),
    );
    prefetchInbox(queryClient);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requested(calls)).toEqual(['/api/session', '/api/mailbox/folders', '/api/mailbox?folder=INBOX&page=1']);
  });

  it('asks for nothing more without a mailbox, signed out or unverified', async () => {
    for (const session of [
      { status: 200, body: sessionUser({ settings: null }) },
      apiError(401, 'UNAUTHORIZED'),
      { status: 200, body: sessionUser({ emailVerified: false, settings: { provider: 'smtp' } }) },
    ]) {
      const { calls } = setup(session);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(requested(calls)).toEqual(['/api/session']);
      vi.unstubAllGlobals();
    }
  });
});
