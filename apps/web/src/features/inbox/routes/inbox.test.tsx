import type { EmailListItem, MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppToaster } from '@/components/ui/toaster';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi, sessionUser, stubBrowserApis } from '@/test/mock-api';
import { relativeTime } from '../utils/relative-time';
import { InboxRoute } from './inbox';

const folder = (path: string, specialUse: string | null, unseen = 0, children: MailboxFolder[] = []): MailboxFolder => ({
  path,
  name: path.split('/').at(-1)!,
  specialUse,
  parentPath: path.includes('/') ? path.split('/').slice(0, -1).join('/') : null,
  status: { unseen, messages: unseen },
  children,
});

const FOLDERS = [
  folder('INBOX', '\\Inbox', 3),
  folder('Sent', '\\Sent'),
  folder('Junk', '\\Junk'),
  folder('Trash', '\\Trash'),
  folder('Archive', '\\Archive'),
  folder('Clients', null, 0, [folder('Clients/Acme', null, 1)]),
];

const row = (n: number, patch: Partial<EmailListItem> = {}): EmailListItem => ({
  uid: `7:${n}`,
  messageId: `<m${n}@x>`,
  subject: `Subject ${n}`,
  from: { name: `Sender ${n}`, address: `s${n}@client.example` },
  to: { value: [{ name: '', address: 'owner@example.com' }] },
  date: new Date(Date.now() - n * 60_000).toISOString(),
  isUnread: n === 1,
  isFlagged: false,
  hasAttachments: n === 2,
  likelySpam: false,
  replyCount: n === 3 ? 2 : 0,
  size: 100,
  ...patch,
});

const page = (messages: EmailListItem[], patch: Partial<MailboxPage> = {}): MailboxPage => ({
  folder: 'INBOX',
  messages,
  total: 31,
  page: 1,
  pages: 2,
  from: 1,
  to: messages.length,
  emailsPerPage: 25,
  ...patch,
});

const detail = (n: number): MessageDetail => ({
  ...row(n),
  isUnread: false,
  folder: 'INBOX',
  cc: { value: [] },
  bcc: { value: [] },
  to: {
    value: [
      { name: 'Owner', address: 'owner@example.com' },
      { name: '', address: 'b@x.example' },
      { name: '', address: 'c@x.example' },
    ],
  },
  replyTo: [],
  inReplyTo: null,
  references: ['<root@x>'],
  text: 'Hello there\nSecond line',
  hasHtml: true,
  hasRemoteImages: true,
  attachments: [{ index: 0, filename: 'quote.pdf', contentType: 'application/pdf', size: 2048, inline: false }],
  isDraft: false,
});

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

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/session': { status: 200, body: sessionUser() },
    'GET /api/mailbox/folders': { status: 200, body: FOLDERS },
    'GET /api/mailbox': ({ url }) => ({
      status: 200,
      body:
        url.searchParams.get('page') === '2'
          ? page([row(26)], { page: 2, from: 26, to: 26 })
          : page([1, 2, 3].map((n) => row(n))),
    }),
    'GET /api/mailbox/messages/7%3A1': { status: 200, body: detail(1) },
    'GET /api/mailbox/messages/7%3A2': { status: 200, body: detail(2) },
    'GET /api/mailbox/messages/7%3A3': { status: 200, body: detail(3) },
    'POST /api/mailbox/messages/flags': { status: 200, body: { success: true } },
    'DELETE /api/mailbox/messages/flags': { status: 200, body: { success: true } },
    'POST /api/mailbox/messages/move/INBOX/Junk': { status: 200, body: { success: true } },
    'POST /api/mailbox/messages/move/INBOX/Trash': { status: 200, body: { success: true } },
    'POST /api/mailbox/messages/move/INBOX/Archive': { status: 200, body: { success: true } },
    'POST /api/mailbox/messages/send': { status: 200, body: { success: true, messageId: '<new@x>' } },
    ...overrides,
  });
}

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('InboxRoute', () => {
  it('shows the folder tree with unread badges, the rows, the pager, and the loaded banner for 3 s after a reload', async () => {
    api();
    const user = userEvent.setup();
    renderInbox();
    expect(await screen.findByText('Subject 1')).toBeInTheDocument();
    const tree = screen.getByRole('tree', { name: 'Folders' });
    expect(within(tree).getByRole('button', { name: /Inbox/ })).toHaveTextContent('3');
    expect(within(tree).getByRole('button', { name: /Acme/ })).toBeInTheDocument();
    expect(screen.getByTestId('pager')).toHaveTextContent('1–3 of 31');
    const first = screen.getByText('Subject 1').closest('li')!;
    expect(first).toHaveClass('font-semibold');
    expect(screen.getByText('Subject 2').closest('li')).not.toHaveClass('font-semibold');
    expect(within(screen.getByText('Subject 2').closest('li')!).getByLabelText('Has attachments')).toBeInTheDocument();
    expect(within(screen.getByText('Subject 3').closest('li')!).getByText('2')).toBeInTheDocument();
    // Loading the folder says nothing more than its rows; the reload button is answered.
    expect(screen.queryByText('Emails loaded successfully!')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByText('Emails loaded successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Emails loaded successfully!')).not.toBeInTheDocument(), { timeout: 4000 });
  }, 10_000);

  it('clears the search when another folder opens, and asks the new folder without it', async () => {
    const { calls } = api({
      'GET /api/mailbox': ({ url }) => ({
        status: 200,
        body:
          url.searchParams.get('folder') === 'INBOX'
            ? page([1, 2, 3].map((n) => row(n)))
            : page([row(8, { uid: '9:8', subject: 'Acme 8' })], { total: 1, from: 1, to: 1 }),
      }),
    });
    const user = userEvent.setup();
    renderInbox();
    expect(await screen.findByText('Subject 1')).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Search this folder');
    await user.type(box, 'invoice');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/mailbox' && c.query.get('search') === 'invoice')).toBe(true));
    await user.click(within(screen.getByRole('tree', { name: 'Folders' })).getByRole('button', { name: /Acme/ }));
    expect(box).toHaveValue('');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/mailbox' && c.query.get('folder') !== 'INBOX')).toBe(true));
    const asked = calls.filter((c) => c.path === '/api/mailbox' && c.query.get('folder') !== 'INBOX');
    expect(asked.every((c) => !c.query.get('search'))).toBe(true);
    // The inbox's rows, still shown while the other folder loads, are not fetched ahead in it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await screen.findByText('Acme 8')).toBeInTheDocument();
    const bodies = calls.filter((c) => c.path.startsWith('/api/mailbox/messages/7') && c.method === 'GET');
    expect(bodies.filter((c) => c.query.get('folder') !== 'INBOX').map((c) => `${c.path} ${c.query.toString()}`)).toEqual([]);
  });

  it('says "No emails found." for an empty folder, and "Failed to fetch folders" when folders fail', async () => {
    api({
      'GET /api/mailbox': { status: 200, body: page([], { total: 0, from: 0, to: 0, pages: 1 }) },
      'GET /api/mailbox/folders': apiError(400, 'MAILBOX_UNAVAILABLE', 'x'),
    });
    renderInbox();
    expect(await screen.findByText('No emails found.')).toBeInTheDocument();
    expect((await screen.findAllByText('Failed to fetch folders')).length).toBeGreaterThan(0);
  });

  it('stars, marks read, marks spam and deletes through the API', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Subject 1');
    const first = screen.getByText('Subject 1').closest('li')!;
    await user.click(within(first).getByRole('button', { name: 'Star' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/mailbox/messages/flags')?.body).toEqual({
        folder: 'INBOX',
        uids: ['7:1'],
        flags: ['\\Flagged'],
      }),
    );
    expect(within(first).getByRole('button', { name: 'Remove star' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && (c.body as { uids: string[] }).uids.length === 3)).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Mark as spam' }));
    await waitFor(() => {
      const spam = calls.find((c) => c.path === '/api/mailbox/messages/move/INBOX/Junk');
      expect(spam?.body).toEqual({ uids: ['7:1', '7:2', '7:3'], flags: ['\\Seen', '$Junk', 'Junk'] });
    });
    const second = screen.getByText('Subject 2').closest('li')!;
    await user.hover(second);
    await user.click(within(second).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/mailbox/messages/move/INBOX/Trash')?.body).toEqual({
        uids: ['7:2'],
        flags: ['\\Seen'],
      }),
    );
  });

  it("builds a row's actions when the pointer or the focus first reaches it", async () => {
    api();
    const user = userEvent.setup();
    renderInbox();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const row = (name: string) => screen.getByText(name).closest('li')!;
    await screen.findByText('Subject 3');
    expect(within(list).queryAllByRole('button', { name: 'Reply' })).toHaveLength(0);

    await user.hover(row('Subject 2'));
    expect(within(list).getAllByRole('button', { name: 'Reply' })).toHaveLength(1);
    expect(within(row('Subject 2')).getByRole('button', { name: 'Forward' })).toBeInTheDocument();

    // Reached with Tab, a row's actions follow its subject in the tab order, then the next row begins.
    await user.unhover(row('Subject 2'));
    act(() => within(row('Subject 1')).getByRole('checkbox').focus());
    expect(within(row('Subject 1')).getByRole('button', { name: 'Mark as read' })).toBeInTheDocument();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(row('Subject 1')).getByRole('button', { name: 'Reply' })).toHaveFocus();
    for (let i = 0; i < 4; i++) await user.tab();
    expect(within(row('Subject 2')).getByRole('checkbox')).toHaveFocus();
    expect(within(row('Subject 3')).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
  });

  it('reads the next rows ahead without marking them read, and marks a message read when it is opened', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Subject 1');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/mailbox/messages/7%3A2')).toBe(true));
    const reads = calls.filter((c) => c.path.startsWith('/api/mailbox/messages/7%3A'));
    expect(reads.every((c) => c.query.get('peek') === '1')).toBe(true);
    expect(calls.some((c) => c.path === '/api/mailbox/messages/flags')).toBe(false);
    expect(screen.getByText('Subject 1').closest('li')).toHaveClass('font-semibold');

    await user.click(screen.getByText('Subject 2'));
    await screen.findByTitle('Message body');
    expect(calls.some((c) => c.path === '/api/mailbox/messages/flags')).toBe(false);
    await user.keyboard('u');
    await user.click(await screen.findByText('Subject 1'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/mailbox/messages/flags')?.body).toEqual({
        folder: 'INBOX',
        uids: ['7:1'],
        flags: ['\\Seen'],
      }),
    );
  });

  it('names the recipients it has: cc alone, and none for undisclosed recipients', async () => {
    api({
      'GET /api/mailbox/messages/7%3A2': {
        status: 200,
        body: { ...detail(2), to: { value: [] }, cc: { value: [{ name: 'Team', address: 'team@x.example' }] } },
      },
      'GET /api/mailbox/messages/7%3A3': { status: 200, body: { ...detail(3), to: { value: [] } } },
    });
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Subject 2'));
    await screen.findByRole('heading', { level: 2, name: 'Subject 2' });
    expect(screen.getByTestId('recipients')).toHaveTextContent(/^cc Team$/);
    await user.keyboard('u');
    await user.click(await screen.findByText('Subject 3'));
    await screen.findByRole('heading', { level: 2, name: 'Subject 3' });
    expect(screen.queryByTestId('recipients')).toBeNull();
  });

  it('moves with j/k, opens with Enter into a sandboxed body, returns with u, archives with e, pages with Older', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Subject 1');
    await user.keyboard('j');
    expect(screen.getByText('Subject 2').closest('li')).toHaveAttribute('aria-current', 'true');
    await user.keyboard('k{Enter}');
    const frame = await screen.findByTitle('Message body');
    expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    expect(frame).toHaveAttribute('src', '/api/mailbox/messages/7%3A1/body?folder=INBOX&images=0');
    expect(screen.getByTestId('recipients')).toHaveTextContent('to Owner & 2 more');
    expect(screen.getByRole('link', { name: 'Download quote.pdf' })).toHaveAttribute(
      'href',
      '/api/mailbox/messages/7%3A1/attachments/0?folder=INBOX',
    );
    await user.click(screen.getByRole('button', { name: 'Show images' }));
    expect(screen.getByTitle('Message body')).toHaveAttribute('src', '/api/mailbox/messages/7%3A1/body?folder=INBOX&images=1');
    await user.keyboard('u');
    expect(await screen.findByText('Subject 3')).toBeInTheDocument();
    await user.keyboard('e');
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/mailbox/messages/move/INBOX/Archive')?.body).toEqual({
        uids: ['7:1'],
        flags: [],
      }),
    );
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Subject 26')).toBeInTheDocument();
    expect(screen.getByTestId('pager')).toHaveTextContent('26–26 of 31');
  });

  it('asks for the next page when the pointer reaches Older, so that the click finds its rows already there', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Subject 1');
    const pageTwoAsked = () => calls.filter((c) => c.path === '/api/mailbox' && c.query.get('page') === '2').length;
    expect(pageTwoAsked()).toBe(0);
    await user.hover(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(pageTwoAsked()).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    // Drawn from the cache in the click's own render: no wait for an answer.
    expect(screen.getByText('Subject 26')).toBeInTheDocument();
    expect(pageTwoAsked()).toBe(1);
    // Back: Newer's page is still fresh, so pointing at it asks nothing.
    await user.hover(screen.getByRole('button', { name: 'Newer' }));
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Subject 1')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/mailbox' && c.query.get('page') === '1')).toHaveLength(1);
  });

  it('leaves Enter to a focused button: the row Tab reached opens, Compose composes', async () => {
    api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Subject 1');
    screen.getByRole('button', { name: 'Subject 2' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTitle('Message body')).toHaveAttribute(
      'src',
      '/api/mailbox/messages/7%3A2/body?folder=INBOX&images=0',
    );
    await user.keyboard('u');
    await screen.findByText('Subject 1');
    screen.getByText('Compose').closest('button')!.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'New message' })).toBeInTheDocument();
    expect(screen.queryByTitle('Message body')).not.toBeInTheDocument();
  });

  it('validates the compose form as spec 02 §5 says, with recipient chips', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await screen.findByText('Subject 1');
    await user.keyboard('c');
    const dialog = await screen.findByRole('dialog', { name: 'New message', busy: false });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('At least one recipient is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Subject is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Message is required')).toBeInTheDocument();

    const to = within(dialog).getByLabelText('To');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('At least one recipient is required');
    expect(within(dialog).getByLabelText('Subject')).toHaveAccessibleDescription('Subject is required');
    expect(within(dialog).getByLabelText('Message')).toHaveAccessibleDescription('Message is required');
    await user.type(to, 'ab{Enter}');
    expect(within(dialog).getByTestId('compose-to-chips')).not.toHaveTextContent('ab×');
    await user.clear(to);
    await user.type(to, 'Bob@Example.com,bob@example.com{Enter}not-an-email{Tab}');
    const chips = within(dialog).getByTestId('compose-to-chips');
    expect(
      within(chips)
        .getAllByRole('button', { name: /^Remove / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove bob@example.com', 'Remove not-an-email']);
    await user.click(within(dialog).getByLabelText('To'));
    await user.keyboard('{Backspace}');
    expect(within(chips).getAllByRole('button', { name: /^Remove / })).toHaveLength(1);

    const files = within(dialog).getByTestId('compose-files');
    const big = new File(['x'], 'big.bin');
    Object.defineProperty(big, 'size', { value: 26_214_401 });
    fireEvent.change(files, { target: { files: [big] } });
    expect(await within(dialog).findByText('Attachments size must be less than 25MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove big.bin' }));

    await user.type(within(dialog).getByPlaceholderText('Subject'), 'Hello');
    await user.type(within(dialog).getByPlaceholderText('Message'), 'Body text');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Email sent successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/mailbox/messages/send')?.body).toMatchObject({
      to: ['bob@example.com'],
      subject: 'Hello',
      body: 'Body text',
    });
  });

  it('replies with quoting and threading headers, and shows a send failure in a toast', async () => {
    const { calls } = api({
      'POST /api/mailbox/messages/send': apiError(400, 'SEND_FAILED', 'SMTP login failed: the username or password was refused'),
    });
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Subject 1'));
    await screen.findByTitle('Message body');
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reply', busy: false });
    expect(within(dialog).getByPlaceholderText('Subject')).toHaveValue('Re: Subject 1');
    expect(within(dialog).getByPlaceholderText<HTMLTextAreaElement>('Message').value).toContain('> Hello there\n> Second line');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('SMTP login failed: the username or password was refused')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/mailbox/messages/send')?.body).toMatchObject({
      to: ['s1@client.example'],
      inReplyTo: '<m1@x>',
      references: '<root@x> <m1@x>',
      replyToUid: '7:1',
      replyToFolder: 'INBOX',
    });
  });

  it('forwards with the original attachments listed, counted and sent by reference', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Subject 2'));
    await screen.findByTitle('Message body');
    await user.keyboard('f');
    const dialog = await screen.findByRole('dialog', { name: 'Forward', busy: false });
    expect(within(dialog).getByPlaceholderText('Subject')).toHaveValue('Fwd: Subject 2');
    expect(within(dialog).getByRole('list', { name: 'Attachments of the forwarded message' })).toHaveTextContent('quote.pdf');
    expect(within(dialog).getByTestId('attachments-total')).toHaveTextContent('Attachments: 2 KB of 25 MB');
    await user.type(within(dialog).getByLabelText('To'), 'partner@example.com{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Forward' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/mailbox/messages/send')?.body).toMatchObject({
      to: ['partner@example.com'],
      forwardUid: '7:2',
      forwardFolder: 'INBOX',
    });
  });

  it('speaks French, relative times included', async () => {
    await i18n.changeLanguage('fr');
    api({ 'GET /api/mailbox': { status: 200, body: page([], { total: 0, from: 0, to: 0, pages: 1 }) } });
    renderInbox();
    expect(await screen.findByText('Aucun e-mail trouvé.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Boîte de réception/ })).toBeInTheDocument();
    const now = new Date('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:55:00Z', i18n.t, now)).toBe('il y a 5 minutes');
    expect(relativeTime('2026-11-03T09:00:00Z', i18n.t, now)).toBe('3 nov.');
  });
});
