import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, stubBrowserApis } from '@/test/mock-api';
import { AUTOSAVE_DELAY_MS } from '../hooks/use-draft-autosave';
import { api, openDraft, renderInbox } from '../testing/drafts';

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
    // The owner's own draft: nothing to say of what it is based on.
    expect(within(dialog).queryByRole('region', { name: 'What this draft is based on' })).not.toBeInTheDocument();
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
