import type { AiUsage } from '@app/shared/ai-provider';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, type Answer, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AiUsageTable } from './ai-usage-table';

const usage: AiUsage = {
  days: [
    { day: '2026-03-02', calls: 12, inputTokens: 4200, outputTokens: 830, credits: 24 },
    { day: '2026-03-01', calls: 3, inputTokens: null, outputTokens: null, credits: 6 },
  ],
};

function renderTable(answer: Answer) {
  mockApi({ 'GET /api/ai-provider/usage': answer });
  renderWithProviders(<AiUsageTable />);
}

const cells = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('AiUsageTable', () => {
  it('shows each day’s calls, tokens and credits, and “—” where the provider reported no tokens', async () => {
    renderTable({ status: 200, body: usage });
    const table = await screen.findByRole('table', { name: 'AI use by day' });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Calls', 'Tokens in', 'Tokens out', 'Credits']);
    expect(cells(first!)).toEqual(['Mar 2, 2026', '12', '4,200', '830', '24']);
    expect(cells(second!)).toEqual(['Mar 1, 2026', '3', '—not reported', '—not reported', '6']);
    expect(within(second!).getAllByText('—')).toHaveLength(2);
  });

  it('says when there was no AI use yet', async () => {
    renderTable({ status: 200, body: { days: [] } });
    expect(await screen.findByText('No AI use yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the use could not be loaded', async () => {
    renderTable(apiError(500, 'SERVER_ERROR'));
    expect(await screen.findByText('Your AI use could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is in French, dates and numbers too', async () => {
    await i18n.changeLanguage('fr');
    renderTable({ status: 200, body: usage });
    const table = await screen.findByRole('table', { name: "Utilisation de l'IA par jour" });
    const [header, first, second] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Jour', 'Appels', 'Jetons en entrée', 'Jetons en sortie', 'Crédits']);
    expect(cells(first!)).toEqual(['2 mars 2026', '12', '4\u202f200', '830', '24']);
    expect(cells(second!)).toEqual(['1 mars 2026', '3', '—non communiqué', '—non communiqué', '6']);
  });
});
