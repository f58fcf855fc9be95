import type { DraftUsage } from '@app/shared/draft-review';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, stubBrowserApis } from '@/test/mock-api';
import { setupAccuracyRoute as setup } from '../testing/accuracy-route';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const usageRow = (patch: Partial<DraftUsage['categories'][number]>): DraftUsage['categories'][number] => ({
  categoryId: 'c1',
  name: 'Quotes',
  unchanged: 0,
  edited: 0,
  rewritten: 0,
  discarded: 0,
  waiting: 0,
  ...patch,
});

const USAGE: DraftUsage = {
  categories: [
    usageRow({ unchanged: 1234, edited: 5, rewritten: 2, discarded: 3, waiting: 1 }),
    // Named by its existing folder, as the other blocks name it (its own name is empty).
    usageRow({ categoryId: 'c2', name: '', unchanged: 0, edited: 4, rewritten: 0, discarded: 7, waiting: 0 }),
    usageRow({ categoryId: null, name: null, unchanged: 2, edited: 0, rewritten: 6, discarded: 0, waiting: 9 }),
  ],
};

const answer = (body: DraftUsage) => ({ 'GET /api/email-settings/draft-usage': { status: 200, body } });
const block = (name: string | RegExp = 'How your AI drafts were used') => screen.findByRole('region', { name });
const cellsOf = (table: HTMLElement, category: string) =>
  within(within(table).getByRole('rowheader', { name: category }).closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('MailSettingsRoute: how the AI drafts were used', () => {
  it('explains the measure and counts, per category, the drafts sent unchanged, edited, rewritten, discarded and waiting', async () => {
    const { calls } = setup(answer(USAGE));
    const usage = await block();
    expect(
      within(usage).getByText(
        "Each AI draft is compared with the reply you sent: sent unchanged when your reply keeps at least 95% of the draft's words, rewritten when it keeps less than 50%, edited in between. A draft deleted, or not sent within 7 days, counts as discarded; a newer one is still waiting.",
      ),
    ).toBeVisible();

    const table = await within(usage).findByRole('table', { name: 'How your AI drafts were used' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Category', 'Sent unchanged', 'Edited', 'Rewritten', 'Discarded', 'Waiting']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(['Quotes', 'Clients', 'No category']);
    expect(cellsOf(table, 'Quotes')).toEqual(['1,234', '5', '2', '3', '1']);
    expect(cellsOf(table, 'Clients')).toEqual(['0', '4', '0', '7', '0']);
    expect(cellsOf(table, 'No category')).toEqual(['2', '0', '6', '0', '9']);
    expect(within(usage).queryByText('No AI drafts yet.')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/email-settings/draft-usage')).toHaveLength(1);
  });

  it('says there is no AI draft yet, with no table, when nothing was drafted', async () => {
    setup(answer({ categories: [usageRow({}), usageRow({ categoryId: null, name: null })] }));
    const usage = await block();
    expect(await within(usage).findByText('No AI drafts yet.')).toBeVisible();
    expect(within(usage).queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads in French', async () => {
    await i18n.changeLanguage('fr');
    setup(answer(USAGE));
    const usage = await block('Ce que sont devenus vos brouillons IA');
    expect(within(usage).getByText(/au moins 95\s%.*moins de 50\s%.*sous 7 jours, compte comme abandonné/)).toBeVisible();
    const table = await within(usage).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Catégorie', 'Envoyés tels quels', 'Modifiés', 'Réécrits', 'Abandonnés', 'En attente']);
    expect(cellsOf(table, 'Sans catégorie')).toEqual(['2', '0', '6', '0', '9']);
  });

  it('says when the figures could not be loaded, and loads them again on Retry', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/email-settings/draft-usage': () => (fail ? apiError(500, 'INTERNAL') : { status: 200, body: USAGE }),
    });
    const usage = await block();
    const alert = await within(usage).findByRole('alert');
    expect(alert).toHaveTextContent('How your AI drafts were used could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(usage).getByRole('rowheader', { name: 'Quotes' })).toBeVisible());
  });

  it('is neither shown nor fetched when no mailbox is connected', async () => {
    const { calls } = setup({ 'GET /api/email-settings': { status: 200, body: null }, ...answer(USAGE) });
    expect(await screen.findByRole('link', { name: 'Add an e-mail account' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'How your AI drafts were used' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/email-settings/draft-usage')).toBe(false);
  });
});
