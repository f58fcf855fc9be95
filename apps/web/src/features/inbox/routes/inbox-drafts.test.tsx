import type { EmailListItem, MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/components/ui/toaster';
import { i18n } from '@/lib/i18n';
import { type Answer, apiError, mockApi, sessionUser, stubBrowserApis } from '@/test/mock-api';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-draft-autosave';
import { InboxRoute } from './inbox';

const folder = (path: string, specialUse: string | null): MailboxFolder => ({
  path,
  name: path,
  specialUse,
  parentPath: null,
  status: { unseen: 0, messages: 1 },
  children: [],
});

const row = (uid: string, subject: string, folderPath: string): EmailListItem => ({
  uid,
  messageId: `<${uid}@x>`,
  subject,
  from: { name: 'Owner', address: 'owner@example.com' },
  to: { value: [{ name: 'Ann', address: 'ann@client.example' }] },
  date: new Date().toISOString(),
  isUnread: false,
  isFlagged: false,
  hasAttachments: false,
  likelySpam: false,
  replyCount: folderPath === 'Drafts' ? 1 : 0,
  size: 100,
});

const page = (folderPath: string, messages: EmailListItem[]): MailboxPage => ({
  folder: folderPath,
  messages,
  total: messages.length,
  page: 1,
  pages: 1,
  from: 1,
  to: messages.length,
  emailsPerPage: 25,
});

const detail = (uid: string, folderPath: string, patch: Partial<MessageDetail> = {}): MessageDetail => ({
  ...row(uid, folderPath === 'Drafts' ? 'Re: Delivery' : 'Delivery', folderPath),
  folder: folderPath,
  cc: { value: [] },
  bcc: { value: [] },
  replyTo: [],
  inReplyTo: folderPath === 'Drafts' ? '<q1@client.example>' : null,
  references: folderPath === 'Drafts' ? ['<q1@client.example>'] : [],
  text: folderPath === 'Drafts' ? 'Thank you, we will come back to you shortly.\n' : 'When will my order arrive?',
  hasHtml: false,
  hasRemoteImages: false,
  attachments: [],
  isDraft: folderPath === 'Drafts',
  ...patch,
});

function api(overrides: Record<string, Answer | ((r: { body: unknown }) => Answer)> = {}) {
  return mockApi({
    'GET /api/session': { status: 200, body: sessionUser() },
    'GET /api/mailbox/folders': { status: 200, body: [folder('INBOX', '\\Inbox'), folder('Drafts', '\\Drafts')] },
    'GET /api/mailbox': ({ url }) => {
      const at = url.searchParams.get('folder') ?? 'INBOX';
      return {
        status: 200,
        body: page(at, [at === 'Drafts' ? row('5:1', 'Re: Delivery', at) : row('7:1', 'Delivery', at)]),
      };
    },
    'GET /api/mailbox/messages/5%3A1': { status: 200, body: detail('5:1', 'Drafts') },
    'GET /api/mailbox/messages/7%3A1': { status: 200, body: detail('7:1', 'INBOX') },
    'POST /api/mailbox/messages/draft': {
      status: 200,
      body: { success: true, messageId: '<d2@x>', uid: '5:2', folder: 'Drafts' },
    },
    'POST /api/mailbox/messages/send': { status: 200, body: { success: true, messageId: '<s@x>' } },
    'DELETE /api/mailbox/messages/5%3A1/draft': { status: 200, body: { success: true } },
    'POST /api/mailbox/messages/7%3A1/ai-draft': {
      status: 200,
      body: { text: 'Your order arrives on Thursday.', engine: 'local' },
    },
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

async function openDraft(user: ReturnType<typeof userEvent.setup>) {
  renderInbox();
  await user.click(await screen.findByRole('button', { name: /Drafts/ }));
  await user.click(await screen.findByText('Re: Delivery'));
  return screen.findByRole('dialog', { name: 'Draft', busy: false });
}

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('webmail drafts', () => {
  it('opens a draft in the compose panel, saves it a moment after an edit, then sends it in its place', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    const dialog = await openDraft(user);
    expect(within(dialog).getByPlaceholderText('Subject')).toHaveValue('Re: Delivery');
    expect(within(dialog).getByRole('button', { name: 'Remove ann@client.example' })).toBeInTheDocument();
    const body = within(dialog).getByPlaceholderText<HTMLTextAreaElement>('Message');
    expect(body.value).toBe('Thank you, we will come back to you shortly.');
    // Nothing is saved before anything changes.
    expect(calls.some((c) => c.path === '/api/mailbox/messages/draft')).toBe(false);

    await user.type(body, ' It leaves on Monday.');
    expect(await within(dialog).findByText('Saved', {}, { timeout: AUTOSAVE_DELAY_MS + 3000 })).toBeInTheDocument();
    const saves = calls.filter((c) => c.path === '/api/mailbox/messages/draft');
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toMatchObject({
      body: 'Thank you, we will come back to you shortly. It leaves on Monday.',
      inReplyTo: '<q1@client.example>',
      references: '<q1@client.example>',
      draftUid: '5:1',
      draftFolder: 'Drafts',
    });

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Draft' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.path === '/api/mailbox/messages/send')?.body).toMatchObject({
      to: ['ann@client.example'],
      inReplyTo: '<q1@client.example>',
      draftUid: '5:2',
      draftFolder: 'Drafts',
    });
  }, 15_000);

  it('discards a draft for good', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    const dialog = await openDraft(user);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Draft discarded')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Draft' })).not.toBeInTheDocument();
    const deleted = calls.find((c) => c.method === 'DELETE');
    expect(deleted?.path).toBe('/api/mailbox/messages/5%3A1/draft');
    expect(deleted?.query.get('folder')).toBe('Drafts');
  });

  it('keeps the panel and the text when the save on closing fails', async () => {
    api({ 'POST /api/mailbox/messages/draft': apiError(400, 'MAILBOX_UNAVAILABLE', 'IMAP connection failed') });
    const user = userEvent.setup();
    const dialog = await openDraft(user);
    await user.type(within(dialog).getByPlaceholderText('Message'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(dialog).findByText(/The draft could not be saved\. Your text is still here/)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Draft' })).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Message')).toHaveValue('Thank you, we will come back to you shortly.!');
  });

  it('"Draft with AI" in a reply puts the text over the quote, in French too, and says when no credits are left', async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Delivery'));
    await screen.findByTitle('Message body');
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reply', busy: false });
    const button = within(dialog).getByRole('button', { name: 'Draft with AI' });
    expect(button).toHaveAccessibleDescription(/Each draft costs 2 credits/);
    button.focus();
    await user.keyboard('{Enter}');
    const body = within(dialog).getByPlaceholderText<HTMLTextAreaElement>('Message');
    await waitFor(() =>
      expect(body.value).toMatch(/^Your order arrives on Thursday\.\n\n.*wrote:\n> When will my order arrive\?$/s),
    );
    expect(body).toHaveFocus();
    expect(calls.find((c) => c.path.endsWith('/ai-draft'))?.body).toEqual({ folder: 'INBOX' });

    await i18n.changeLanguage('fr');
    api({ 'POST /api/mailbox/messages/7%3A1/ai-draft': apiError(409, 'NO_CREDITS', 'inbox.errors.noCredits') });
    await user.click(within(dialog).getByRole('button', { name: "Rédiger avec l'IA" }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      "Vous n'avez plus de crédits ce mois-ci : l'IA ne peut pas rédiger de brouillon.",
    );
    expect(body.value).toMatch(/^Your order arrives on Thursday\./);

    api({ 'POST /api/mailbox/messages/7%3A1/ai-draft': apiError(429, 'RATE_LIMIT', 'inbox.errors.aiDraftRateLimit') });
    await user.click(within(dialog).getByRole('button', { name: "Rédiger avec l'IA" }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Trop de brouillons IA en une minute : patientez un instant puis réessayez.',
      ),
    );
  });
});
