import type { DryRunItem } from '@app/shared/dry-run';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi, stubBrowserApis, type Answer, type Handler } from '@/test/mock-api';
import { EMPTY, item, record, UNTIL } from '../testing/dry-run';
import { category, defaultConfigs, mailSetting } from '../testing/mock-api';
import { MailSettingsRoute } from './mail-settings';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function setup(routes: Record<string, Answer | Handler> = {}) {
  const api = mockApi({
    'GET /api/email-settings': { status: 200, body: mailSetting({ dryRunUntil: UNTIL }) },
    'GET /api/default-configs': { status: 200, body: defaultConfigs() },
    'GET /api/email-settings/activity': {
      status: 200,
      body: { engine: 'local', processed: 0, pending: 0, failed: 0, inDoubt: [], corrections: [], heldBack: [] },
    },
    'GET /api/s1/email-settings/mailboxes': { status: 200, body: { mailboxes: mailSetting().mailboxes } },
    'GET /api/email-settings/categories': {
      status: 200,
      body: [category(), category({ id: 'c2', _id: 'c2', name: '', existCategoryName: 'Clients', createdBy: 'AI' })],
    },
    'GET /api/email-settings/dry-run': { status: 200, body: record() },
    ...routes,
  });
  const view = renderWithProviders(<MailSettingsRoute />, { path: '/email-settings', at: '/email-settings' });
  return { ...api, ...view, user: userEvent.setup() };
}

const block = () => screen.findByRole('region', { name: /Dry run/ });
const entry = (subject: string) => screen.findByRole('listitem', { name: subject });
const puts = (calls: { method: string; path: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.method === 'PUT' && c.path === path).map((c) => c.body);
const dryRunGets = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/email-settings/dry-run').length;

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe('MailSettingsRoute dry run', () => {
  it('starts a dry run of the chosen number of days when live', async () => {
    const { user, calls } = setup({
      'GET /api/email-settings': { status: 200, body: mailSetting() },
      'GET /api/email-settings/dry-run': { status: 200, body: EMPTY },
      'PUT /api/email-settings': { status: 200, body: mailSetting({ dryRunUntil: UNTIL }) },
    });
    const dryRun = await block();
    expect(
      within(dryRun).getByText(/records what it would have done — file, mark, draft, reply, forward — and does none/),
    ).toBeVisible();
    const days = within(dryRun).getByRole('combobox', { name: 'Length of the dry run' });
    expect(days).toHaveDisplayValue('7 days');
    expect(
      within(days)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1 day', '3 days', '7 days', '14 days', '30 days']);
    // Live with nothing recorded: no list and no "nothing yet".
    await waitFor(() => expect(dryRunGets(calls)).toBe(1));
    expect(within(dryRun).queryByText(/Nothing yet/)).not.toBeInTheDocument();

    await user.selectOptions(days, '14 days');
    const before = dryRunGets(calls);
    await user.click(within(dryRun).getByRole('button', { name: 'Start the dry run' }));
    await waitFor(() => expect(puts(calls, '/api/email-settings')).toEqual([{ id: 's1', dryRunDays: 14 }]));
    expect(await within(dryRun).findByTestId('dry-run-until')).toHaveTextContent(/^Dry run until Dec 3, 2026/);
    expect(toast.success).toHaveBeenCalledWith('Saved. Changes take effect in about 5 minutes.', { duration: 10_000 });
    // The record is asked again, and says that nothing came yet.
    await waitFor(() => expect(dryRunGets(calls)).toBeGreaterThan(before));
    expect(
      await within(dryRun).findByText('Nothing yet: what the assistant would do with new mail will appear here.'),
    ).toBeVisible();
  });

  it('shows the end of the dry run and switches to live in one click; the list stays', async () => {
    const { user, calls } = setup({
      'PUT /api/email-settings': { status: 200, body: mailSetting({ dryRunUntil: null }) },
    });
    const dryRun = await block();
    expect(within(dryRun).getByTestId('dry-run-until')).toHaveTextContent(/^Dry run until Dec 3, 2026/);
    expect(within(dryRun).getByRole('combobox', { name: 'New length, from now' })).toHaveDisplayValue('7 days');
    await user.click(within(dryRun).getByRole('button', { name: 'Switch to live' }));
    await waitFor(() => expect(puts(calls, '/api/email-settings')).toEqual([{ id: 's1', dryRunDays: 0 }]));
    expect(await within(dryRun).findByRole('button', { name: 'Start the dry run' })).toBeEnabled();
    expect(within(dryRun).queryByTestId('dry-run-until')).not.toBeInTheDocument();
    expect(await entry('Price for 200 chairs')).toBeVisible();
  });

  it('extends the dry run by the chosen days from now', async () => {
    const { user, calls } = setup({ 'PUT /api/email-settings': { status: 200, body: mailSetting({ dryRunUntil: UNTIL }) } });
    const dryRun = await block();
    await user.selectOptions(within(dryRun).getByRole('combobox', { name: 'New length, from now' }), '30 days');
    await user.click(within(dryRun).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(puts(calls, '/api/email-settings')).toEqual([{ id: 's1', dryRunDays: 30 }]));
  });

  it('lists what the assistant would have done, in words, with the figures and links to the webmail', async () => {
    const { user } = setup();
    const dryRun = await block();
    expect(await within(dryRun).findByTestId('dry-run-figures')).toHaveTextContent('2 of 4 reviewed, 1 marked wrong');
    expect(within(dryRun).getByRole('list', { name: 'What the assistant would have done' })).toBeVisible();

    const quote = await entry('Price for 200 chairs');
    expect(within(quote).getByRole('link', { name: 'Price for 200 chairs' })).toHaveAttribute(
      'href',
      '/inbox?folder=INBOX&uid=42',
    );
    expect(within(quote).getByText('Dora Client')).toBeVisible();
    expect(within(quote).getByText('Category: Quotes')).toBeVisible();
    const actions = within(quote).getByRole('list', { name: 'What it would have done' });
    expect(within(actions).getByText('File into Quotes')).toBeVisible();
    expect(within(actions).getByText(/Save a draft reply/)).toBeVisible();
    expect(within(quote).queryByText(/Here is our price/)).not.toBeInTheDocument();
    const show = within(actions).getByRole('button', { name: 'Show text' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    const text = within(quote).getByText(/Here is our price/);
    expect(text.textContent).toBe('Hello Dora,\nHere is our price.');
    expect(text).toHaveClass('whitespace-pre-wrap');
    await user.click(within(actions).getByRole('button', { name: 'Hide text' }));
    expect(within(quote).queryByText(/Here is our price/)).not.toBeInTheDocument();

    const invoice = await entry('Invoice 981');
    expect(within(invoice).getByText('billing@supplier.test')).toBeVisible();
    expect(within(invoice).getByText('Forward to boss@example.com')).toBeVisible();
    expect(within(invoice).getByRole('button', { name: 'Right' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(invoice).getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'false');

    const spam = await entry('You WON');
    expect(within(spam).getByText('Likely spam: marked, nothing else')).toBeVisible();
    expect(within(spam).getByText('Mark as likely spam')).toBeVisible();
    expect(within(spam).getByRole('button', { name: 'Wrong' })).toHaveAttribute('aria-pressed', 'true');

    const held = await entry('Out of office');
    expect(within(held).getByText('No category: left where it arrived')).toBeVisible();
    expect(
      within(held).getByText('Would have held back the reply: it is an out-of-office or other automatic reply'),
    ).toBeVisible();
  });

  it('"Right" sends the verdict at once and shows it once the record comes again', async () => {
    let verdict: DryRunItem['verdict'] = null;
    const { user, calls } = setup({
      'GET /api/email-settings/dry-run': () => ({ status: 200, body: record({ items: [item({ verdict })] }) }),
      'PUT /api/email-settings/dry-run/d1': ({ body }) => {
        verdict = (body as { verdict: 'right' }).verdict;
        return { status: 200, body: { success: true } };
      },
    });
    const quote = await entry('Price for 200 chairs');
    const right = within(quote).getByRole('button', { name: 'Right' });
    expect(right).toHaveAttribute('aria-pressed', 'false');
    await user.click(right);
    await waitFor(() => expect(within(quote).getByRole('button', { name: 'Right' })).toHaveAttribute('aria-pressed', 'true'));
    expect(puts(calls, '/api/email-settings/dry-run/d1')).toEqual([{ verdict: 'right' }]);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('"Wrong" asks where the message belongs and sends that category, or none', async () => {
    const { user, calls } = setup({
      'PUT /api/email-settings/dry-run/d1': { status: 200, body: { success: true } },
      'PUT /api/email-settings/dry-run/d2': { status: 200, body: { success: true } },
    });
    const quote = await entry('Price for 200 chairs');
    await user.click(within(quote).getByRole('button', { name: 'Wrong' }));
    const choice = within(quote).getByRole('combobox', { name: 'Where it belongs' });
    // The assistant's own choice (Quotes) is not offered again.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Clients', 'No category (leave in the inbox)']);
    await user.selectOptions(choice, 'Clients');
    await user.click(within(quote).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls, '/api/email-settings/dry-run/d1')).toEqual([{ verdict: 'wrong', categoryId: 'c2' }]));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Noted: the assistant learns from it before the next message.', {
        duration: 10_000,
      }),
    );
    expect(within(quote).queryByRole('combobox', { name: 'Where it belongs' })).not.toBeInTheDocument();

    const invoice = await entry('Invoice 981');
    await user.click(within(invoice).getByRole('button', { name: 'Wrong' }));
    await user.selectOptions(
      within(invoice).getByRole('combobox', { name: 'Where it belongs' }),
      'No category (leave in the inbox)',
    );
    await user.click(within(invoice).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls, '/api/email-settings/dry-run/d2')).toEqual([{ verdict: 'wrong', categoryId: null }]));
  });

  it("shows the server's refusal on the message, in words", async () => {
    const { user } = setup({
      'PUT /api/email-settings/dry-run/d1': apiError(400, 'BAD_REQUEST', 'mailSettings.dryRun.validation.sameCategory'),
      'PUT /api/email-settings/dry-run/d2': apiError(404, 'NOT_FOUND', 'mailSettings.dryRun.validation.unknown'),
    });
    const quote = await entry('Price for 200 chairs');
    await user.click(within(quote).getByRole('button', { name: 'Wrong' }));
    await user.click(within(quote).getByRole('button', { name: 'Save' }));
    expect(await within(quote).findByRole('alert')).toHaveTextContent(
      'That is where the assistant put it: choose another category to correct it.',
    );
    // The chooser stays open to choose again.
    expect(within(quote).getByRole('combobox', { name: 'Where it belongs' })).toBeVisible();
    expect(toast.success).not.toHaveBeenCalled();

    const invoice = await entry('Invoice 981');
    await user.click(within(invoice).getByRole('button', { name: 'Right' }));
    expect(await within(invoice).findByRole('alert')).toHaveTextContent("This message is no longer in the dry run's record.");
  });

  it('pages through the record, older and newer', async () => {
    const { user } = setup({
      'GET /api/email-settings/dry-run': ({ url }) => ({
        status: 200,
        body:
          url.searchParams.get('page') === '2'
            ? record({ items: [item({ id: 'd9', subject: 'An older one' })], total: 51, page: 2, pages: 2 })
            : record({ total: 51, pages: 2 }),
      }),
    });
    const dryRun = await block();
    const pages = await within(dryRun).findByRole('navigation', { name: 'Pages of the dry run' });
    expect(within(pages).getByText('Page 1 of 2')).toBeVisible();
    expect(within(pages).getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(await entry('An older one')).toBeVisible();
    expect(within(pages).getByText('Page 2 of 2')).toBeVisible();
    expect(screen.queryByText('Price for 200 chairs')).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    expect(await entry('Price for 200 chairs')).toBeVisible();
  });

  it('asks for the record again when the server streams an activity event', async () => {
    const listeners: Record<string, () => void> = {};
    vi.stubGlobal(
      'EventSource',
      class {
        addEventListener(name: string, listener: () => void) {
          listeners[name] = listener;
        }
        close() {}
      },
    );
    const { calls } = setup();
    await entry('Price for 200 chairs');
    const before = dryRunGets(calls);
    listeners.activity!();
    await waitFor(() => expect(dryRunGets(calls)).toBe(before + 1));
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup();
    const dryRun = await screen.findByRole('region', { name: /Mode essai/ });
    expect(within(dryRun).getByTestId('dry-run-until')).toHaveTextContent(/^Mode essai jusqu’au 3 déc\. 2026/);
    expect(within(dryRun).getByRole('button', { name: 'Passer en mode réel' })).toBeVisible();
    expect(await within(dryRun).findByTestId('dry-run-figures')).toHaveTextContent('2 sur 4 vérifiés, 1 jugés faux');
    const quote = await entry('Price for 200 chairs');
    expect(within(quote).getByText('Catégorie : Quotes')).toBeVisible();
    expect(within(quote).getByText('Classer dans Quotes')).toBeVisible();
    await user.click(within(quote).getByRole('button', { name: 'Faux' }));
    expect(within(quote).getByRole('combobox', { name: 'Où il doit aller' })).toHaveDisplayValue('Clients');
    const held = await entry('Out of office');
    expect(
      within(held).getByText("Aurait retenu la réponse : c'est un message d'absence ou une autre réponse automatique"),
    ).toBeVisible();
  });
});
