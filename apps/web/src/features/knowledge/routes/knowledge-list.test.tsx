import type { KnowledgeItem, KnowledgeList } from '@app/shared/knowledge';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { KnowledgeListRoute } from './knowledge-list';

function item(n: number, text = `Text ${n}`, visibility: KnowledgeItem['visibility'] = 'quotable'): KnowledgeItem {
  return { _id: `id${n}`, context: `ctx-${n}`, title: `Title ${n}`, text, visibility, createdAt: '', updatedAt: '' };
}

function mockFetch(answer: (url: URL) => { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const { status, body } = answer(new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost'));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const list = (patch: Partial<KnowledgeList>): KnowledgeList => ({
  data: [],
  totalCount: 0,
  totalCapped: false,
  totalPages: 0,
  page: 1,
  ...patch,
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('KnowledgeListRoute', () => {
  it('shows the empty state with an Add button', async () => {
    mockFetch(() => ({ status: 200, body: list({}) }));
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home' });
    expect(await screen.findByText(/No data yet/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add' })).toHaveLength(2);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    mockFetch(() =>
      fail
        ? { status: 500, body: { success: false, code: 'SERVER_ERROR', message: 'boom', status: 500 } }
        : { status: 200, body: list({ data: [item(1)], totalCount: 1, totalPages: 1 }) },
    );
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home' });
    expect(await screen.findByText('Error: Error Fetching Data')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Title 1')).toBeInTheDocument();
  });

  it('shows the rows, cut texts, the count and the pagination', async () => {
    const long = 'x'.repeat(200);
    const fetchMock = mockFetch(() => ({
      status: 200,
      body: list({ data: [item(11, long), item(12)], totalCount: 25, totalPages: 3, page: 2 }),
    }));
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home?page=2' });
    const row = (await screen.findByText('Title 11')).closest('tr');
    expect(row).not.toBeNull();
    // Once as a column (wide screens), once under the title (phones).
    expect(within(row!).getAllByText(`${'x'.repeat(128)}…`)).toHaveLength(2);
    expect(within(row!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(row!).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByText('Showing 11-12 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/data?page=2&limit=10');
  });

  it('asks for a page when the pointer reaches its button, and shows it on the click without asking again', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      return { status: 200, body: list({ data: [item(page * 10 + 1)], totalCount: 25, totalPages: 3, page }) };
    });
    const user = userEvent.setup();
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home' });
    await screen.findByText('Title 11');
    const asked = () => fetchMock.mock.calls.map((call) => call[0] as string);
    // Previous leads nowhere from page 1: nothing is asked for it.
    await user.hover(screen.getByRole('button', { name: 'Previous page' }));
    await user.hover(screen.getByRole('button', { name: 'Next page' }));
    await vi.waitFor(() => expect(asked()).toEqual(['/api/data?page=1&limit=10', '/api/data?page=2&limit=10']));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Title 21')).toBeInTheDocument();
    expect(asked()).toHaveLength(2);
  });

  it('searches once the typing has paused for 500 ms, and starts again at page 1', async () => {
    const fetchMock = mockFetch((url) => {
      const page = Number(url.searchParams.get('page'));
      return { status: 200, body: list({ data: [item(page * 10 + 1)], totalCount: 25, totalPages: 3, page }) };
    });
    const user = userEvent.setup();
    const { router } = renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home?page=3' });
    await screen.findByText('Title 31');
    const asked = () => fetchMock.mock.calls.map((call) => call[0] as string);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'hours');
    // Typed letter by letter, faster than the pause: nothing asked yet for any partial word.
    expect(asked().filter((u) => u.includes('search='))).toEqual([]);
    await vi.waitFor(
      () => expect(asked().filter((u) => u.includes('search='))).toEqual(['/api/data?page=1&limit=10&search=hours']),
      {
        timeout: 2000,
      },
    );
    expect(router.state.location.search).toBe('?search=hours');
  });

  it('marks internal entries with a badge, in English and in French', async () => {
    mockFetch(() => ({
      status: 200,
      body: list({ data: [item(1, 'Code 4821', 'internal'), item(2)], totalCount: 2, totalPages: 1 }),
    }));
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home' });
    const internal = (await screen.findByText('Title 1')).closest('td')!;
    expect(within(internal).getByText('Internal')).toBeInTheDocument();
    expect(within(screen.getByText('Title 2').closest('td')!).queryByText('Internal')).not.toBeInTheDocument();
    expect(screen.getAllByText('Internal')).toHaveLength(1);
    await act(() => i18n.changeLanguage('fr'));
    expect(within(internal).getByText('Interne')).toBeInTheDocument();
  });

  it('shows a capped count as 1,000+', async () => {
    mockFetch(() => ({
      status: 200,
      body: list({ data: [item(1)], totalCount: 1000, totalCapped: true, totalPages: 100 }),
    }));
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home?search=a' });
    expect(await screen.findByText('Showing 1-1 of 1,000+')).toBeInTheDocument();
  });

  it('hides the pagination bar on a single page and shows a no-results cell for a search', async () => {
    mockFetch(() => ({ status: 200, body: list({ totalPages: 0 }) }));
    renderWithProviders(<KnowledgeListRoute />, { path: '/home', at: '/home?search=nothing' });
    expect(await screen.findByRole('cell', { name: 'No results.' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nothing');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });
});
