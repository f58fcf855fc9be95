import type { EmailListItem, MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sessionUser, stubBrowserApis } from '@/test/mock-api';
import { InboxRoute } from './inbox';

const folder = (path: string, specialUse: string | null, children: MailboxFolder[] = []): MailboxFolder => ({
  path,
  name: path.split('/').at(-1)!,
  specialUse,
  parentPath: path.includes('/') ? path.split('/').slice(0, -1).join('/') : null,
  status: { unseen: 0, messages: 1 },
  children,
});

const FOLDERS = [folder('INBOX', '\\Inbox'), folder('Clients', null, [folder('Clients/Acme', null)])];

const row = (uid: string, subject: string): EmailListItem => ({
  uid,
  messageId: `<${uid}@x>`,
  subject,
  from: { name: 'Dora', address: 'dora@client.example' },
  to: { value: [{ name: '', address: 'owner@example.com' }] },
  date: new Date().toISOString(),
  isUnread: false,
  isFlagged: false,
  hasAttachments: false,
  likelySpam: false,
  replyCount: 0,
  size: 100,
});

const page = (path: string, messages: EmailListItem[]): MailboxPage => ({
  folder: path,
  messages,
  total: messages.length,
  page: 1,
  pages: 1,
  from: 1,
  to: messages.length,
  emailsPerPage: 25,
});

const detail = (path: string, item: EmailListItem): MessageDetail => ({
  ...item,
  folder: path,
  cc: { value: [] },
  bcc: { value: [] },
  replyTo: [],
  inReplyTo: null,
  references: [],
  text: 'Could you send a quote?',
  hasHtml: false,
  hasRemoteImages: false,
  attachments: [],
  isDraft: false,
});

const ACME = row('12', 'Quote for Acme');

function renderAt(at: string) {
  const api = mockApi({
    'GET /api/session': { status: 200, body: sessionUser() },
    'GET /api/mailbox/folders': { status: 200, body: FOLDERS },
    'GET /api/mailbox': ({ url }) => ({
      status: 200,
      body:
        url.searchParams.get('folder') === 'Clients/Acme'
          ? page('Clients/Acme', [ACME])
          : page('INBOX', [row('1', 'Inbox mail')]),
    }),
    'GET /api/mailbox/messages/12': ({ url }) =>
      url.searchParams.get('folder') === 'Clients/Acme' ? { status: 200, body: detail('Clients/Acme', ACME) } : undefined,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/inbox', element: <InboxRoute /> }], { initialEntries: [at] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...api, router };
}

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('InboxRoute deep link', () => {
  it('opens the folder and the message named in the address, then clears the address', async () => {
    const { calls, router } = renderAt('/inbox?folder=Clients%2FAcme&uid=12');
    const message = await screen.findByRole('article', { name: 'Quote for Acme' });
    expect(within(message).getByTitle('Message body')).toHaveAttribute(
      'src',
      '/api/mailbox/messages/12/body?folder=Clients%2FAcme&images=0',
    );
    // The message is read in its folder, and the list asked is that folder's, not the inbox's.
    expect(calls.find((c) => c.path === '/api/mailbox/messages/12')?.query.get('folder')).toBe('Clients/Acme');
    expect(calls.filter((c) => c.path === '/api/mailbox').map((c) => c.query.get('folder'))).not.toContain('INBOX');
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    expect(within(tree).getByRole('button', { name: /Acme/ })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/inbox');
    expect(router.state.historyAction).toBe('REPLACE');

    // Back goes to that folder's list, where the message is.
    await userEvent.setup().click(within(message).getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByText('Quote for Acme')).toBeInTheDocument();
    expect(screen.queryByText('Inbox mail')).not.toBeInTheDocument();
  });

  it('opens the inbox as usual without one', async () => {
    const { router } = renderAt('/inbox');
    expect(await screen.findByText('Inbox mail')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
