import type { DraftReview } from '@app/shared/draft-review';
import type { AiDraft } from '@app/shared/mailbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { stubBrowserApis } from '@/test/mock-api';
import { api, detail, openDraft, renderInbox } from '../testing/drafts';

const REVIEW_TITLE = 'What this draft is based on';
const items = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('webmail: what an AI draft is based on', () => {
  it('"Draft with AI" shows what the draft is based on and what to check, without taking the focus from the body', async () => {
    api();
    const user = userEvent.setup();
    renderInbox();
    await user.click(await screen.findByText('Delivery'));
    await screen.findByTitle('Message body');
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog', { name: 'Reply', busy: false });
    expect(within(dialog).queryByRole('region', { name: REVIEW_TITLE })).not.toBeInTheDocument();
    const button = within(dialog).getByRole('button', { name: 'Draft with AI' });
    await user.click(button);

    const review = await within(dialog).findByRole('region', { name: REVIEW_TITLE });
    expect(within(dialog).getByPlaceholderText('Message')).toHaveFocus();
    const sources = within(review).getByRole('list', { name: REVIEW_TITLE });
    expect(items(sources)).toEqual([
      'Knowledge entry: Delivery times (opens in a new tab)',
      'One of your past replies: “We ship every order within two days.”',
    ]);
    const entry = within(sources).getByRole('link', { name: 'Delivery times (opens in a new tab)' });
    expect(entry).toHaveAttribute('href', '/data/delivery-times');
    expect(entry).toHaveAttribute('target', '_blank');
    expect(items(within(review).getByRole('list', { name: 'Check before sending' }))).toEqual([
      'Not found in your knowledge: Your order arrives on Thursday.',
      'Question not answered: Can I pick it up myself?',
    ]);
    expect(within(review).queryByText('Every question is answered from your knowledge.')).not.toBeInTheDocument();

    // A new draft replaces what the panel says.
    const shipping: AiDraft = {
      text: 'It leaves our warehouse today.',
      engine: 'local',
      review: { sources: [{ kind: 'knowledge', id: 'shipping', title: 'Shipping' }], checks: [], allAnswered: true },
    };
    api({ 'POST /api/mailbox/messages/7%3A1/ai-draft': { status: 200, body: shipping } });
    await user.click(button);
    expect(await within(review).findByRole('link', { name: 'Shipping (opens in a new tab)' })).toHaveAttribute(
      'href',
      '/data/shipping',
    );
    expect(items(within(review).getByRole('list', { name: REVIEW_TITLE }))).toEqual([
      'Knowledge entry: Shipping (opens in a new tab)',
    ]);
    expect(within(review).queryByRole('list', { name: 'Check before sending' })).not.toBeInTheDocument();
    expect(within(review).getByText('Every question is answered from your knowledge.')).toBeVisible();

    // Cleared, the body keeps it: it describes the draft the owner started from.
    await user.clear(within(dialog).getByPlaceholderText('Message'));
    expect(within(dialog).getByRole('region', { name: REVIEW_TITLE })).toHaveTextContent(/Shipping/);
  });

  it("shows what an assistant's draft opened from Drafts is based on, in French too, and never saves it with the draft", async () => {
    const aiReview: DraftReview = {
      sources: [],
      checks: [
        { kind: 'engine', text: 'Confirm the delivery date with the carrier.' },
        { kind: 'internal', text: 'Vault code' },
      ],
      allAnswered: true,
    };
    const { calls } = api({ 'GET /api/mailbox/messages/5%3A1': { status: 200, body: detail('5:1', 'Drafts', { aiReview }) } });
    const user = userEvent.setup();
    const dialog = await openDraft(user);
    const review = within(dialog).getByRole('region', { name: REVIEW_TITLE });
    expect(within(review).getByText('This draft stands on no entry of your knowledge base.')).toBeVisible();
    expect(within(review).queryByRole('link')).not.toBeInTheDocument();
    expect(items(within(review).getByRole('list', { name: 'Check before sending' }))).toEqual([
      'The AI asks you to check: Confirm the delivery date with the carrier.',
      'Repeats an internal entry: Vault code',
    ]);
    // With no source, "every question is answered" would say nothing true.
    expect(within(review).queryByText('Every question is answered from your knowledge.')).not.toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Message')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/mailbox/messages/draft')).toBe(true));
    const saved = calls.find((c) => c.path === '/api/mailbox/messages/draft')!.body;
    expect(saved).toMatchObject({ draftUid: '5:1', body: 'Thank you, we will come back to you shortly.' });
    expect(saved).not.toHaveProperty('aiReview');

    await i18n.changeLanguage('fr');
    const french = await within(dialog).findByRole('region', { name: 'Sur quoi repose ce brouillon' });
    expect(within(french).getByText('Ce brouillon ne repose sur aucune entrée de votre base de connaissances.')).toBeVisible();
    expect(items(within(french).getByRole('list', { name: "À vérifier avant l'envoi" }))).toEqual([
      "L'IA vous demande de vérifier : Confirm the delivery date with the carrier.",
      'Reprend une entrée interne : Vault code',
    ]);
  });
});
