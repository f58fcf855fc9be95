import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppToaster } from '@/components/ui/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi } from '@/test/mock-api';
import { invitation, sessionUser } from '../testing/mock-api';
import { UsersListRoute } from './users-list';

const list = (invitations = [invitation()], total = invitations.length) => ({ status: 200, body: { invitations, total } });

function renderList(at = '/users') {
  return renderWithProviders(
    <>
      <UsersListRoute />
      <AppToaster />
    </>,
    { path: '/users', at },
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UsersListRoute', () => {
  it('shows the owner first as Administrator, then the members as User, with every column', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'GET /api/invitations': list([
        invitation(),
        invitation({
          _id: 'inv-2',
          id: 'inv-2',
          email: 'aide@example.com',
          metadata: { hasAiConfig: false },
          connectionMethod: 'google',
        }),
      ]),
    });
    renderList();
    await screen.findByText('member@example.com');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('owner@example.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Administrator')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Email/password')).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('User')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mia')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Sent')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Mar 4, 2025')).toBeInTheDocument();
    // AI setup yes for the first member, no for the second; the writing assistant for both.
    expect(within(rows[1]!).getAllByText('Yes')).toHaveLength(2);
    expect(within(rows[2]!).getByText('No')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Google')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Email',
      'First name',
      'Last name',
      'Created',
      'Status',
      'AI setup',
      'Writing assistant',
      'Role',
      'Connection method',
      'Actions',
    ]);
  });

  it('offers resend for every status but ACCEPTED', async () => {
    const statuses = ['PENDING', 'SENT', 'ACCEPTED', 'REJECTED', 'FAILED', 'EXPIRED'] as const;
    mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'GET /api/invitations': list(
        statuses.map((status, i) => invitation({ _id: `i${i}`, id: `i${i}`, email: `${status}@example.com`, status })),
      ),
    });
    renderList();
    await screen.findByText('ACCEPTED@example.com');
    for (const status of statuses) {
      const resend = screen.queryByRole('button', { name: `Resend the invitation to ${status}@example.com` });
      if (status === 'ACCEPTED') expect(resend).not.toBeInTheDocument();
      else expect(resend).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Edit ${status}@example.com` })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Delete ${status}@example.com` })).toBeInTheDocument();
    }
  });

  it.each([
    ['billing off', { billable: false, plan: 'biz' }, true],
    ['billing off, any plan', { billable: false, plan: 'free' }, true],
    ['billable on BIZ', { billable: true, plan: 'biz' }, true],
    ['billable on PRO', { billable: true, plan: 'pro' }, false],
  ])('shows Upload when %s: %s', async (_, patch, shown) => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser(patch) }, 'GET /api/invitations': list() });
    renderList();
    await screen.findByText('member@example.com');
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    if (shown) expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
    else expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('sends a member away to /home', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser({ referrerId: 'owner-9' }) } });
    renderList();
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  });

  it('searches after 500 ms and starts again at page 1; pages by 10', async () => {
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'GET /api/invitations': ({ url }) =>
        list(
          [invitation({ email: `p${url.searchParams.get('page')}-${url.searchParams.get('searchTerm') ?? ''}@example.com` })],
          25,
        ),
    });
    const { router } = renderList('/users?page=2');
    await screen.findByText('p2-@example.com');
    expect(screen.queryByText('owner@example.com')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 11-11 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(calls.find((c) => c.path === '/api/invitations')?.query.get('limit')).toBe('10');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'mia');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(router.state.location.search).toBe('?page=2');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(router.state.location.search).toBe('?search=mia');
    expect(await screen.findByText('p1-mia@example.com')).toBeInTheDocument();
  });

  it('shows the owner row alone with the empty state when nobody is invited yet', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() }, 'GET /api/invitations': list([], 0) });
    renderList();
    expect(await screen.findByText(/You haven't invited anyone yet/)).toBeInTheDocument();
    expect(screen.getByText('owner@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add' })).toHaveLength(2);
  });

  it('shows skeleton rows while loading', async () => {
    // The list never answers.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        input.startsWith('/api/session')
          ? Promise.resolve(new Response(JSON.stringify(sessionUser()), { status: 200 }))
          : new Promise(() => {}),
      ),
    );
    renderList();
    const table = await screen.findByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(7);
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'GET /api/invitations': () => (fail ? apiError(500, 'SERVER_ERROR', 'Unknown error occurred') : list()),
    });
    renderList();
    expect(await screen.findByText(/The users could not be loaded/)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('member@example.com')).toBeInTheDocument();
  });

  it('resends, and says so when it fails', async () => {
    let fail = false;
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'GET /api/invitations': list(),
      'POST /api/invitations/resend': () =>
        fail
          ? apiError(429, 'INVITATION_DAILY_LIMIT', 'At most 1000 invitations can be sent per day')
          : { status: 200, body: invitation() },
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend the invitation to member@example.com' }));
    expect(await screen.findByText('Invitation sent again to member@example.com')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/invitations/resend')?.body).toEqual({ _id: 'inv-1' });

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Resend the invitation to member@example.com' }));
    expect(await screen.findByText('Failed to resend invitation')).toBeInTheDocument();
    expect(screen.getByText('At most 1000 invitations can be sent per day. Try again tomorrow.')).toBeInTheDocument();
  });

  it('deletes after confirmation, and says so when it fails', async () => {
    let fail = true;
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'GET /api/invitations': list([invitation({ status: 'ACCEPTED' })]),
      'DELETE /api/invitations': () => (fail ? apiError(500, 'SERVER_ERROR') : { status: 200, body: { success: true } }),
    });
    renderList();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete member@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/their account and all their data will be deleted too/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Failed to delete invitation')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('member@example.com was deleted')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.body)).toEqual([{ memberId: 'inv-1' }, { memberId: 'inv-1' }]);
  });

  it('opens the edit screen with the invitation in the navigation state', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() }, 'GET /api/invitations': list() });
    const { router } = renderList();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit member@example.com' }));
    expect(router.state.location.pathname).toBe('/users/edit');
    expect(router.state.location.state).toEqual({ invitation: invitation() });
  });
});
