import type { EmailListItem, MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { type Answer, apiError, mockApi, sessionUser, stubBrowserApis } from '@/test/mock-api';
import { InboxRoute } from './inbox';

/** Mail the assistant took for spam: the row's badge, the read panel's notice and its "Not spam". */

const JUNK = '[Gmail]/Spam';

const folder = (path: string, specialUse: string | null): MailboxFolder => ({
  path,
  name: path,
  specialUse,
  parentPath: null,
  status: { unseen: 0, messages: 2 },
  children: [],
});

const row = (uid: string, subject: string, likelySpam: boolean): EmailListItem => ({
  uid,
  messageId: `<${uid}@x>`,
  subject,
  from: { name: 'Promo', address: 'promo@deals.example' },
  to: { value: [{ name: '', address: 'owner@example.com' }] },
  date: new Date().toISOString(),
  isUnread: false,
  isFlagged: false,
  hasAttachments: false,
  likelySpam,
  replyCount: 0,
  size: 100,
});

const page = (at: string, messages: EmailListItem[]): MailboxPage => ({
  folder: at,
  messages,
  total: messages.length,
  page: 1,
  pages: 1,
  from: 1,
  to: messages.length,
  emailsPerPage: 25,
});

const detail = (item: EmailListItem, at: string): MessageDetail => ({
  ...item,
  folder: at,
  cc: { value: [] },
  bcc: { value: [] },
  replyTo: [],
  inReplyTo: null,
  references: [],
  text: 'Cheap watches',
  hasHtml: false,
  hasRemoteImages: false,
  attachments: [],
  isDraft: false,
});

/**
 * A server that keeps the mark: INBOX holds 7:1 (taken for spam) and 7:2, Junk holds 9:1 (taken for
 * spam). "Not spam" clears the mark of the uids it is given, and `movedTo` says INBOX for Junk.
 */
function api(overrides: Record<string, Answer> = {}) {
  const marked = new Set(['7:1', '9:1']);
  const rows: Record<string, EmailListItem[]> = {
    INBOX: [row('7:1', 'Cheap watches', true), row('7:2', 'Delivery', false)],
    [JUNK]: [row('9:1', 'Lottery win', true)],
  };
  const current = (at: string) => rows[at]!.map((m) => ({ ...m, likelySpam: marked.has(m.uid) }));
  const message = (uid: string) => {
    const at = uid.startsWith('9:') ? JUNK : 'INBOX';
    return {
      status: 200,
      body: detail(
        current(at).find((m) => m.uid === uid)!,
        at,
      ),
    };
  };
  const notSpam =
    (movedTo: string | null) =>
    ({ body }: { body: unknown }): Answer => {
      for (const uid of (body as { uids: string[] }).uids) marked.delete(uid);
      return { status: 200, body: { success: true, movedTo } };
    };
  return mockApi({
    'GET /api/session': { status: 200, body: sessionUser() },
    'GET /api/mailbox/folders': { status: 200, body: [folder('INBOX', '\\Inbox'), folder(JUNK, '\\Junk')] },
    'GET /api/mailbox': ({ url }) => {
      const at = url.searchParams.get('folder') ?? 'INBOX';
      return { status: 200, body: page(at, current(at)) };
    },
    'GET /api/mailbox/messages/7%3A1': () => message('7:1'),
    'GET /api/mailbox/messages/7%3A2': () => message('7:2'),
    'GET /api/mailbox/messages/9%3A1': () => message('9:1'),
    'POST /api/mailbox/messages/flags': { status: 200, body: { success: true } },
    'POST /api/mailbox/messages/not-spam/INBOX': notSpam(null),
    'POST /api/mailbox/messages/not-spam/%5BGmail%5D%2FSpam': notSpam('INBOX'),
    ...overrides,
  });
}

function renderInbox() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <InboxRoute />
      </MemoryRouter>
      <AppToaster />
    </QueryClientProvider>,
  );
}

const rowOf = (subject: string) => screen.getByText(subject).closest('li')!;
const notSpamCalls = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith('/api/mailbox/messages/not-spam/'));

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
  // Sonner keeps a test's toasts and shows them again to the next test's toaster: each test sees its own.
  (await import('sonner')).toast.dismiss();
});

describe('InboxRoute: mail taken for spam', () => {
  it('badges the rows taken for spam, and only those', async () => {
    api();
    renderInbox();
    await screen.findByText('Cheap watches');
    expect(within(rowOf('Cheap watches')).getByText('Likely spam')).toBeVisible();
    expect(within(rowOf('Delivery')).queryByText('Likely spam')).not.toBeInTheDocument();
    expect(screen.getAllByText('Likely spam')).toHaveLength(1);
  });

  it('says so above the body; "Not spam" posts the uid, shows its pending state, thanks, and clears the mark', async () => {
    const { calls, fetchMock } = api();
    // The answer waits until released, so that the pending button can be seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes('/not-spam/')) await held;
      return fetchMock(input, init);
    });
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Cheap watches'));
    const notice = await screen.findByRole('note');
    expect(notice).toHaveTextContent('The assistant took this message for spam. It is not filed, drafted or answered.');
    const button = within(notice).getByRole('button', { name: 'Not spam' });
    // A real button, reached with the keyboard and pressed with Enter.
    button.focus();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();

    expect(
      await screen.findByText('Marked as not spam. Mail from this sender will not be taken for spam again.'),
    ).toBeInTheDocument();
    expect(notSpamCalls(calls)).toEqual([
      expect.objectContaining({ path: '/api/mailbox/messages/not-spam/INBOX', body: { uids: ['7:1'] } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('note')).not.toBeInTheDocument());
    // The message stays open (it did not move), and its row has lost its badge.
    expect(screen.getByRole('heading', { level: 2, name: 'Cheap watches' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.queryByText('Likely spam')).not.toBeInTheDocument());
    expect(screen.getByText('Cheap watches')).toBeVisible();
  });

  it('shows no notice on a message not taken for spam', async () => {
    api();
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Delivery'));
    await screen.findByRole('heading', { level: 2, name: 'Delivery' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not spam' })).not.toBeInTheDocument();
  });

  it('goes back to the list when the server moved the message out of Junk', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Cheap watches');
    await user.click(within(screen.getByRole('tree', { name: 'Folders' })).getByRole('button', { name: /Junk/ }));
    await user.click(await screen.findByText('Lottery win'));
    await user.click(await screen.findByRole('button', { name: 'Not spam' }));
    expect(
      await screen.findByText('Marked as not spam. Mail from this sender will not be taken for spam again.'),
    ).toBeInTheDocument();
    expect(notSpamCalls(calls).map((c) => c.path)).toEqual(['/api/mailbox/messages/not-spam/%5BGmail%5D%2FSpam']);
    await waitFor(() => expect(screen.queryByTitle('Message body')).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: 'Messages' })).toBeVisible();
  });

  it('keeps the notice and says why when the server refuses', async () => {
    api({ 'POST /api/mailbox/messages/not-spam/INBOX': apiError(404, 'NOT_FOUND', 'inbox.errors.messageNotFound') });
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Cheap watches'));
    await user.click(await screen.findByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('The message could not be marked as not spam.')).toBeInTheDocument();
    expect(screen.getByText('Resource not found')).toBeInTheDocument();
    expect(screen.getByRole('note')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Not spam' })).toBeEnabled();
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Cheap watches');
    expect(within(rowOf('Cheap watches')).getByText('Spam probable')).toBeVisible();
    expect(within(rowOf('Delivery')).queryByText('Spam probable')).not.toBeInTheDocument();
    await user.click(screen.getByText('Cheap watches'));
    expect(await screen.findByRole('note')).toHaveTextContent(
      'L’assistant a pris ce message pour du spam : il n’est ni classé, ni traité par un brouillon ou une réponse.',
    );
    await user.click(screen.getByRole('button', { name: 'Pas du spam' }));
    expect(
      await screen.findByText('Marqué comme n’étant pas du spam. Le courrier de cet expéditeur ne sera plus pris pour du spam.'),
    ).toBeInTheDocument();
    expect(notSpamCalls(calls)).toHaveLength(1);
  });
});
