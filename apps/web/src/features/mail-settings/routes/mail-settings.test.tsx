import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi, sessionUser, stubBrowserApis, type Answer, type Handler } from '@/test/mock-api';
import { category, defaultConfigs, mailSetting } from '../testing/mock-api';
import { MailSettingsRoute } from './mail-settings';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LIMIT = 'The Starter plan offers AI classification or AI responses, not both. Upgrade your plan to use both.';

function setup(routes: Record<string, Answer | Handler> = {}, state?: unknown) {
  const api = mockApi({
    'GET /api/email-settings': { status: 200, body: mailSetting() },
    'GET /api/default-configs': { status: 200, body: defaultConfigs() },
    'GET /api/email-settings/activity': {
      status: 200,
      body: {
        engine: 'local',
        processed: 0,
        pending: 0,
        failed: 0,
        inDoubt: [],
        corrections: [],
        heldBack: [],
      },
    },
    'GET /api/s1/email-settings/mailboxes': { status: 200, body: { mailboxes: mailSetting().mailboxes } },
    'GET /api/email-settings/categories': {
      status: 200,
      body: [
        category(),
        category({ id: 'c2', _id: 'c2', name: '', existCategoryName: 'Clients', createdBy: 'AI', action: 0, email: null }),
      ],
    },
    ...routes,
  });
  const view = renderWithProviders(<MailSettingsRoute />, {
    path: '/email-settings',
    at: '/email-settings',
  });
  if (state !== undefined) void view.router.navigate('/email-settings', { state });
  return { ...api, ...view, user: userEvent.setup() };
}

beforeEach(() => stubBrowserApis());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('MailSettingsRoute', () => {
  it('sets the showGuide flag once on entry when it is off (spec 02 §2), and not when it is on', async () => {
    const { calls } = setup({
      'GET /api/session': { status: 200, body: sessionUser({ profileId: 'p1', showGuide: false }) },
      'PUT /api/user-profiles/p1': { status: 200, body: { success: true } },
    });
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/user-profiles/p1').map((c) => c.body)).toEqual([
        { showGuide: true },
      ]),
    );
  });

  it('leaves the showGuide flag alone when it is already on', async () => {
    const { calls } = setup({ 'GET /api/session': { status: 200, body: sessionUser({ profileId: 'p1', showGuide: true }) } });
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/session')).toBe(true));
    expect((await screen.findAllByText('Automatic initialisation')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT' && c.path.startsWith('/api/user-profiles'))).toBe(false);
  });

  it('shows the add-email prompt when no mailbox is connected', async () => {
    setup({ 'GET /api/email-settings': { status: 200, body: null } });
    expect(await screen.findByRole('link', { name: 'Add an e-mail account' })).toHaveAttribute('href', '/email-settings/add');
  });

  it('names the response type in use, and "None" when replies are not managed', async () => {
    setup({ 'GET /api/email-settings': { status: 200, body: mailSetting({ responseType: 0 }) } });
    const responseType = await screen.findByText('Response type');
    expect(responseType.nextElementSibling).toHaveTextContent(/^None$/);
  });

  it('names a managed response type by its title', async () => {
    setup({ 'GET /api/email-settings': { status: 200, body: mailSetting({ responseType: 2 }) } });
    const responseType = await screen.findByText('Response type');
    expect(responseType.nextElementSibling).toHaveTextContent(/^Save draft$/);
  });

  it('says when the mailbox has stopped syncing and why', async () => {
    setup({
      'GET /api/email-settings': {
        status: 200,
        body: mailSetting({ syncError: 'IMAP login failed: the username or password was refused' }),
      },
    });
    expect(
      await screen.findByText(
        'This mailbox has stopped syncing: IMAP login failed: the username or password was refused. Check the connection, then verify it.',
      ),
    ).toBeVisible();
  });

  it('shows the activity of the last day, the engine, the sends in doubt and the initialisation progress', async () => {
    setup({
      'GET /api/email-settings': {
        status: 200,
        body: mailSetting({ batchStatus: 'processing', batchProgress: { job: 'initialisation', done: 2, total: 5 } }),
      },
      'GET /api/email-settings/activity': {
        status: 200,
        body: {
          engine: 'local',
          processed: 12,
          pending: 1,
          failed: 0,
          inDoubt: [{ id: 'a1', subject: 'Delivery date?', to: ['dora@client.test'], startedAt: '2026-11-20T10:00:00.000Z' }],
          corrections: [{ subject: 'Hedge price', from: 'Billing', to: 'Quotes', at: '2026-11-27T09:00:00.000Z' }],
          heldBack: [
            { subject: 'Out of Office: catering', action: 'draft', reason: 'autoreply_text', at: '2026-11-27T09:30:00.000Z' },
            { subject: 'You WON', action: null, reason: 'likely_spam', at: '2026-11-27T09:40:00.000Z' },
          ],
        },
      },
    });
    const activity = await screen.findByRole('region', { name: 'Activity' });
    expect(await within(activity).findByText('Last 24 hours: 12 handled, 1 waiting, 0 failed.')).toBeVisible();
    expect(within(activity).getByText('AI engine: built-in (runs on this server)')).toBeVisible();
    expect(
      within(activity).getByText(/sorts by the meaning of your category instructions, in English and in French/),
    ).toBeVisible();
    expect(within(activity).getByText('1 automatic send was interrupted and may not have left')).toBeVisible();
    expect(within(activity).getByText(/“Delivery date\?” to dora@client.test .*check your Sent folder/)).toBeVisible();
    expect(
      within(activity).getByText(
        /“Out of Office: catering” .*no draft, because it is an out-of-office or other automatic reply\./,
      ),
    ).toBeVisible();
    expect(within(activity).getByText(/“You WON” .*likely spam, left where it arrived and marked as junk/)).toBeVisible();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Learning from your category folders: 2 of 5');
  });

  it('fetches the activity again when the server streams an activity event', async () => {
    const sources: { url: string; listeners: Record<string, () => void>; closed: boolean }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        entry = { url: '', listeners: {} as Record<string, () => void>, closed: false };
        constructor(url: string) {
          this.entry.url = url;
          sources.push(this.entry);
        }
        addEventListener(name: string, listener: () => void) {
          this.entry.listeners[name] = listener;
        }
        close() {
          this.entry.closed = true;
        }
      },
    );
    const { calls } = setup();
    await screen.findByRole('region', { name: 'Activity' });
    await waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0]!.url).toBe('/api/email-settings/events');
    const before = calls.filter((c) => c.path === '/api/email-settings/activity').length;
    sources[0]!.listeners.activity!();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/email-settings/activity').length).toBe(before + 1));
  });

  it('shows the account, initialisation and classification blocks with the categories', async () => {
    setup();
    const account = await screen.findByRole('region', { name: 'Mail account' });
    expect(within(account).getByText('me@example.com')).toBeInTheDocument();
    expect(within(account).getByText('SMTP / IMAP')).toBeInTheDocument();
    expect(within(account).getByRole('switch', { name: 'Manage replies' })).toBeChecked();
    expect(within(account).getByRole('radio', { name: 'Save draft' })).toBeChecked();
    const sync = screen.getByRole('region', { name: /Automatic initialisation/ });
    expect(within(sync).getByText('Completed')).toHaveAttribute('data-status', 'completed');
    expect(within(sync).getByRole('button', { name: 'Reset' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Categories' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Quotes')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('sales@example.com, boss@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Create draft')).toBeInTheDocument();
    // An existing folder shows as its name; an AI category has the AI badge.
    expect(within(rows[2]!).getByText('Clients')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('AI')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('No action')).toBeInTheDocument();
  });

  it('moves likely spam to Junk only once the owner turns it on, off by default', async () => {
    const { user, calls } = setup({ 'PUT /api/email-settings': { status: 200, body: mailSetting({ moveSpamToJunk: true }) } });
    const toggle = await screen.findByRole('switch', { name: 'Move likely spam to the Junk folder' });
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/never hides a customer's mail/);
    await user.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 's1', moveSpamToJunk: true }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Move likely spam to the Junk folder' })).toBeChecked());
  });

  it('gives every switch back once its own change is answered, when two changes cross', async () => {
    let releaseFirst: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (releaseFirst = resolve));
    const { user } = setup({
      'PUT /api/email-settings': async ({ body }) => {
        const patch = body as Record<string, unknown>;
        if ('moveSpamToJunk' in patch) await held;
        return { status: 200, body: mailSetting({ moveSpamToJunk: true, isClassificationEnabled: false }) };
      },
    });
    const junk = await screen.findByRole('switch', { name: 'Move likely spam to the Junk folder' });
    await user.click(junk);
    await waitFor(() => expect(junk).toBeDisabled());
    await user.click(screen.getByRole('switch', { name: 'Classify incoming mail' }));
    // The second change is answered first, then the first one.
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Classify incoming mail' })).toBeEnabled());
    releaseFirst();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Move likely spam to the Junk folder' })).toBeEnabled());
    expect(toast.success).toHaveBeenCalledTimes(2);
  });

  it('opens the Starter plan modal on a 409 STARTER_PLAN_LIMIT, and upgrades', async () => {
    const { user, calls, router } = setup({ 'PUT /api/email-settings': apiError(409, 'STARTER_PLAN_LIMIT', 'Limits exceeded') });
    await user.click(await screen.findByRole('radio', { name: 'Based on classification' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(LIMIT)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 's1', responseType: 3 });
    expect(toast.error).not.toHaveBeenCalled();
    // The answer was not merged: the radios still say save draft (behind the modal).
    expect(screen.getByRole('radio', { name: 'Save draft', hidden: true })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('also on a code STARTER_PLAN_LIMIT in a 200 answer, without merging it', async () => {
    const { user } = setup({
      'PUT /api/email-settings': { status: 200, body: { ...mailSetting({ responseType: 0 }), code: 'STARTER_PLAN_LIMIT' } },
    });
    await user.click(await screen.findByRole('switch', { name: 'Manage replies' }));
    expect(await screen.findByText(LIMIT)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Manage replies', hidden: true })).toBeChecked();
  });

  it('merges a successful update and says so; other failures toast an error', async () => {
    let fail = false;
    const { user } = setup({
      'PUT /api/email-settings': ({ body }) =>
        fail ? apiError(500, 'SERVER_ERROR') : { status: 200, body: mailSetting(body as object) },
    });
    await user.click(await screen.findByRole('switch', { name: 'Manage replies' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Manage replies' })).not.toBeChecked());
    expect(toast.success).toHaveBeenCalledWith('Saved. Changes take effect in about 5 minutes.', { duration: 10_000 });
    expect(screen.getByRole('radio', { name: 'Save draft' })).toBeDisabled();
    fail = true;
    await user.click(screen.getByRole('switch', { name: 'Manage replies' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The change could not be saved.', { duration: 10_000 }));
  });

  it('asks before turning instant replies on, saying what is sent without review', async () => {
    const { user, calls } = setup({
      'PUT /api/email-settings': ({ body }) => ({ status: 200, body: mailSetting(body as object) }),
    });
    await user.click(await screen.findByRole('radio', { name: 'Instant reply' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send replies without review?' });
    expect(within(dialog).getByText(/answers each of them from your knowledge entries that may be quoted/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(screen.getByRole('radio', { name: 'Instant reply' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn on instant replies' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: 's1', responseType: 1 }));
  });

  it('asks before toggling the initialisation and sends the period', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    const { user, calls } = setup({ 'PUT /api/email-settings': { status: 200, body: mailSetting({ isSyncEnabled: false }) } });
    const toggle = await screen.findByRole('switch', { name: 'Automatic initialisation' });
    await user.click(toggle);
    expect(confirm).toHaveBeenLastCalledWith(
      'Disable the automatic initialisation? Past mail will not be read; new mail is still classified and answered.',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        id: 's1',
        isSyncEnabled: false,
        fetchRangeDates: { startDate: '2025-01-01', endDate: '2025-01-30' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument());
  });

  it('removes a category only once the server has deleted it', async () => {
    let ok = false;
    const { user } = setup({
      'DELETE /api/email-settings/categories/c1': () =>
        ok ? { status: 200, body: { success: true } } : apiError(500, 'SERVER_ERROR'),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Quotes' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Are you sure you want to delete this category\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('An error occurred. Please try again.', { duration: 10_000 }));
    expect(screen.getByText('Quotes')).toBeInTheDocument();

    ok = true;
    await user.click(screen.getByRole('button', { name: 'Delete Quotes' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Quotes')).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith('The category was deleted.', { duration: 10_000 });
  });

  it('offers to create categories when classification is on and there are none; AI creation queues', async () => {
    const { user, calls } = setup({
      'GET /api/email-settings/categories': { status: 200, body: [] },
      'POST /api/email-settings/ai-categorization': { status: 200, body: { success: true, batchCategorizeStatus: 'QUEUED' } },
    });
    const offer = await screen.findByRole('dialog', { name: 'Create your categories' });
    await user.click(within(offer).getByRole('button', { name: 'Create with AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create categories with AI' });
    const count = within(dialog).getByRole('spinbutton', { name: 'Number of categories' });
    expect(count).toHaveValue(5);
    expect(within(dialog).getByRole('combobox', { name: 'Language of the categories' })).toHaveTextContent('English');
    await user.clear(count);
    await user.type(count, '11');
    expect(within(dialog).getByText('Please enter a number between 1 and 10')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ numberOfCategories: 3, language: 'English' });
    const classification = screen.getByRole('region', { name: /Classification/ });
    expect(within(classification).getByText('Pending')).toHaveAttribute('data-status', 'queued');
    expect(within(classification).getByText(/The AI is creating your categories/)).toBeInTheDocument();
  });

  it('shows the message handed over in navigation state as sanitised HTML', async () => {
    setup({}, { message: '<strong>Connected</strong><img src=x onerror="alert(1)">' });
    const strong = await screen.findByText('Connected', undefined, { timeout: 4000 });
    expect(strong.tagName).toBe('STRONG');
    expect(document.querySelector('img')).toBeNull();
  });
});
