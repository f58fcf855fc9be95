import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi, stubBrowserApis, type Answer, sessionUser } from '@/test/mock-api';
import { defaultConfigs, mailSetting } from '../testing/mock-api';
import { ConnectMailboxRoute } from './connect-mailbox';

const NOTICE = 'Please select how to process your incoming emails and your mailbox type.';

function setup(routes: Record<string, Answer> = {}, at = '/email-settings/add') {
  const api = mockApi({
    // Not Starter: the plan's limits have their own tests (connect-options.test.tsx).
    'GET /api/session': { status: 200, body: sessionUser({ plan: 'basic' }) },
    'GET /api/email-settings': { status: 200, body: null },
    'GET /api/default-configs': { status: 200, body: defaultConfigs() },
    ...routes,
  });
  const view = renderWithProviders(<ConnectMailboxRoute />, { path: '/email-settings/add', at });
  return { ...api, ...view, user: userEvent.setup() };
}

async function fillSmtp(user: ReturnType<typeof userEvent.setup>, patch: { host?: string; user?: string } = {}) {
  await user.type(screen.getByLabelText('E-mail address'), patch.user ?? 'me@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.type(screen.getByLabelText('SMTP host'), patch.host ?? 'smtp.example.com');
}

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('ConnectMailboxRoute', () => {
  it('shows the processing choice without the advanced settings, no red notice on arrival, the notice once a choice leaves the other missing; Save only for smtp', async () => {
    const { user } = setup();
    expect(await screen.findByRole('radio', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Advanced settings' })).not.toBeChecked();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Disable' }));
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'SMTP / IMAP' }));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('disables Gmail and Outlook when the server has no credentials for them', async () => {
    setup();
    const gmail = await screen.findByRole('radio', { name: 'Gmail' });
    expect(gmail).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Outlook' })).toBeDisabled();
    expect(screen.getAllByText('Not configured')).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'SMTP / IMAP' })).toBeEnabled();
  });

  it('offers the provider sign-in when Gmail is configured, and no Save button', async () => {
    const { user } = setup({
      'GET /api/default-configs': {
        status: 200,
        body: defaultConfigs({ providers: { gmail: true, outlook: false, smtp: true } }),
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Gmail' }));
    expect(screen.getByRole('button', { name: 'Connect with Google' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Not configured')).toHaveLength(1);
  });

  it('fills the IMAP host from the SMTP host until it is edited', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    expect(screen.getByRole('heading', { name: 'IMAP server' })).toBeInTheDocument();
    expect(screen.getByLabelText('SMTP port')).toHaveAttribute('placeholder', '465');
    expect(screen.getByLabelText('IMAP port')).toHaveValue(993);
    await user.type(screen.getByLabelText('SMTP host'), 'smtp.example.com');
    expect(screen.getByLabelText('IMAP host')).toHaveValue('imap.example.com');
    await user.clear(screen.getByLabelText('IMAP host'));
    await user.type(screen.getByLabelText('IMAP host'), 'mail.example.com');
    await user.type(screen.getByLabelText('SMTP host'), 'x');
    expect(screen.getByLabelText('IMAP host')).toHaveValue('mail.example.com');
  });

  it('shows the field messages of the shared schema', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    await fillSmtp(user, { host: 'https://smtp.example.com', user: 'me' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('SMTP host')).toHaveAccessibleDescription('Invalid URL (protocol not allowed)'),
    );
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('Invalid user');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows why the connection failed, by stage and reason', async () => {
    const { user, calls } = setup({
      'POST /api/email-settings': apiError(400, 'MAIL_CONNECTION_FAILED', 'Invalid credentials', {
        stage: 'imap',
        reason: 'auth',
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    await fillSmtp(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('IMAP login failed: the username or password was refused.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      provider: 'smtp',
      responseType: 2,
      isSyncEnabled: true,
      isClassificationEnabled: true,
      fetchRangeDates: { start: '2025-01-01', end: '2025-01-30' },
      settings: {
        host: 'smtp.example.com',
        port: 465,
        user: 'me@example.com',
        pass: 'secret',
        imapHost: 'imap.example.com',
        imapPort: 993,
      },
    });
  });

  it('sends IMAP and SMTP logins that differ from the address, and STARTTLS when chosen', async () => {
    const { user, calls } = setup({ 'POST /api/email-settings': { status: 201, body: mailSetting() } });
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    await fillSmtp(user);
    await user.type(screen.getByLabelText('IMAP username'), 'me-imap');
    await user.type(screen.getByLabelText('SMTP username'), 'me-smtp');
    await user.selectOptions(screen.getByLabelText('IMAP security'), 'STARTTLS');
    await user.selectOptions(screen.getByLabelText('SMTP security'), 'TLS');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      settings: { imapUser: 'me-imap', smtpUser: 'me-smtp', imapSecurity: 'starttls', smtpSecurity: 'tls' },
    });
  });

  it("puts the server's field issues under their fields", async () => {
    const { user } = setup({
      'POST /api/email-settings': apiError(400, 'BAD_REQUEST', 'mailSettings.validation.invalidHost', {
        issues: [{ path: 'settings.host', message: 'mailSettings.validation.invalidHost' }],
      }),
    });
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    await fillSmtp(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText('SMTP host')).toHaveAccessibleDescription('Invalid URL (protocol not allowed)'),
    );
  });

  it('goes to /email-settings once connected', async () => {
    const { user, router } = setup({ 'POST /api/email-settings': { status: 201, body: mailSetting() } });
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    await fillSmtp(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'));
    expect(router.state.location.state).toEqual({ message: 'mailSettings.guideMessage' });
  });

  it('advanced settings: three steps; "based on classification" turns classification on', async () => {
    const { user } = setup();
    await user.click(await screen.findByLabelText('Advanced settings'));
    expect(screen.getByRole('heading', { name: /Email Integration/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Save draft' })).toBeChecked();
    const classification = screen.getByRole('switch', { name: 'Classification' });
    await user.click(classification);
    expect(classification).not.toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Based on classification' }));
    expect(classification).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Automatic initialisation' })).toBeChecked();
    expect(screen.getByLabelText('Period of mail to fetch')).toHaveTextContent(/Jan 1, 2025.*Jan 30, 2025/);
  });

  it('add-in flow: provider preselected, response type disable, classification off', async () => {
    setup(
      {
        'GET /api/default-configs': {
          status: 200,
          body: defaultConfigs({ providers: { gmail: true, outlook: true, smtp: true } }),
        },
      },
      '/email-settings/add?addon=outlook&provider=outlook',
    );
    expect(await screen.findByRole('radio', { name: 'Outlook' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Disable' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Classification' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Connect with Microsoft' })).toBeInTheDocument();
  });

  it('does not preselect a provider the server cannot connect', async () => {
    setup({}, '/email-settings/add?provider=gmail');
    expect(await screen.findByRole('radio', { name: 'Gmail' })).not.toBeChecked();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
  });

  it('an error in the query shows as a toast and leaves the address', async () => {
    const { router } = setup({}, '/email-settings/add?provider=outlook&responseType=1&error=access_denied');
    await waitFor(() => expect(router.state.location.search).toBe('?provider=outlook&responseType=1'));
  });

  it('sends a user who already has a mailbox to /email-settings', async () => {
    const { router } = setup({ 'GET /api/session': { status: 200, body: sessionUser({ settings: { provider: 'smtp' } }) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'));
  });

  it('…or whose setting exists', async () => {
    const { router } = setup({ 'GET /api/email-settings': { status: 200, body: mailSetting() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'));
  });
});
