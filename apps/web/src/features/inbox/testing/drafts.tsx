import type { DraftReview } from '@app/shared/draft-review';
import type { AiDraft, EmailListItem, MailboxFolder, MailboxPage, MessageDetail } from '@app/shared/mailbox';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { AppToaster } from '@/components/ui/toaster';
import { type Answer, mockApi, sessionUser } from '@/test/mock-api';
import { InboxRoute } from '../routes/inbox';

/** The webmail with an inbox and a drafts folder, every request answered (the drafts tests'). */

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

export const detail = (uid: string, folderPath: string, patch: Partial<MessageDetail> = {}): MessageDetail => ({
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

/** What the AI draft of the reply stands on. */
const REVIEW: DraftReview = {
  sources: [
    { kind: 'knowledge', id: 'delivery-times', title: 'Delivery times' },
    { kind: 'pastReply', excerpt: 'We ship every order within two days.' },
  ],
  checks: [
    { kind: 'unsupported', text: 'Your order arrives on Thursday.' },
    { kind: 'unanswered', text: 'Can I pick it up myself?' },
  ],
  allAnswered: false,
};

export function api(overrides: Record<string, Answer | ((r: { body: unknown }) => Answer)> = {}) {
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
      body: { text: 'Your order arrives on Thursday.', engine: 'local', review: REVIEW } satisfies AiDraft,
    },
    ...overrides,
  });
}

export function renderInbox() {
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

export async function openDraft(user: ReturnType<typeof userEvent.setup>) {
  renderInbox();
  await user.click(await screen.findByRole('button', { name: /Drafts/ }));
  await user.click(await screen.findByText('Re: Delivery'));
  return screen.findByRole('dialog', { name: 'Draft', busy: false });
}
