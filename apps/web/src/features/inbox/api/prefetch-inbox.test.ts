import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionQueryOptions } from '@/lib/session';
import { apiError, mockApi, sessionUser } from '@/test/mock-api';
import { prefetchInbox } from './prefetch-inbox';

const page = { messages: [], total: 0, page: 1, pageSize: 25 };
const listKey = ['mailbox', 'list', { folder: 'INBOX', page: 1, search: '' }];

function setup(session: { status: number; body: unknown }, mailbox = { status: 200, body: page as unknown }) {
  const api = mockApi({
    'GET /api/session': session,
    'GET /api/mailbox/folders': mailbox.status === 200 ? { status: 200, body: [] } : mailbox,
    'GET /api/mailbox': mailbox,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...api, queryClient };
}

const requested = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.map((c) => `${c.path}${c.query.size ? `?${c.query}` : ''}`);

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => vi.unstubAllGlobals());

describe('prefetchInbox', () => {
  it('asks for the folders and the first inbox page of a user with a mailbox, once', async () => {
    const { calls, queryClient } = setup({ status: 200, body: sessionUser({ settings: { provider: 'smtp' } }) });
    await queryClient.fetchQuery(sessionQueryOptions);
    prefetchInbox(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(listKey)).toEqual(page));
    prefetchInbox(queryClient);
    await settle();
    expect(requested(calls)).toEqual(['/api/session', '/api/mailbox/folders', '/api/mailbox?folder=INBOX&page=1']);
  });

  it('asks for nothing once the session says there is no mailbox, no user or no verified address', async () => {
    for (const session of [
      { status: 200, body: sessionUser({ settings: null }) },
      apiError(401, 'UNAUTHORIZED'),
      { status: 200, body: sessionUser({ emailVerified: false, settings: { provider: 'smtp' } }) },
    ]) {
      const { calls, queryClient } = setup(session);
      await queryClient.prefetchQuery(sessionQueryOptions);
      prefetchInbox(queryClient);
      await settle();
      expect(requested(calls)).toEqual(['/api/session']);
      vi.unstubAllGlobals();
    }
  });

  it('asks beside a session still on its way, and forgets the answers that failed', async () => {
    const { calls, queryClient } = setup(
      { status: 200, body: sessionUser({ settings: null }) },
      apiError(404, 'MAIL_ACCOUNT_MISSING'),
    );
    void queryClient.prefetchQuery(sessionQueryOptions);
    prefetchInbox(queryClient);
    await settle();
    expect(requested(calls)).toEqual(['/api/session', '/api/mailbox/folders', '/api/mailbox?folder=INBOX&page=1']);
    expect(queryClient.getQueryState(listKey)).toBeUndefined();
    expect(queryClient.getQueryState(['mailbox', 'folders'])).toBeUndefined();
  });
});
