import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi, stubBrowserApis, type Answer, type Handler } from '@/test/mock-api';
import type { MailSetting } from '@app/shared/mail-settings';
import { category, defaultConfigs, mailSetting } from '../testing/mock-api';
import { MailSettingsRoute } from './mail-settings';

vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TITLE = "Receiving server's identity";

/** The settings screen for `setting`; PUT answers the setting with the sent change (as the server does). */
function setup(setting: Partial<MailSetting> = {}, routes: Record<string, Answer | Handler> = {}) {
  const api = mockApi({
    'GET /api/email-settings': { status: 200, body: mailSetting(setting) },
    'GET /api/default-configs': { status: 200, body: defaultConfigs() },
    'GET /api/email-settings/activity': {
      status: 200,
      body: { engine: 'local', processed: 0, pending: 0, failed: 0, inDoubt: [], corrections: [], heldBack: [] },
    },
    'GET /api/s1/email-settings/mailboxes': { status: 200, body: { mailboxes: mailSetting().mailboxes } },
    'GET /api/email-settings/categories': { status: 200, body: [category()] },
    'PUT /api/email-settings': ({ body }) => {
      const { authservId } = body as { authservId?: string | null };
      return {
        status: 200,
        body: mailSetting({ ...setting, authservId: authservId || null, authservIdSetByOwner: Boolean(authservId) }),
      };
    },
    ...routes,
  });
  renderWithProviders(<MailSettingsRoute />, { path: '/email-settings', at: '/email-settings' });
  return { ...api, user: userEvent.setup() };
}

const puts = (calls: ReturnType<typeof mockApi>['calls']) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);
const section = (name = TITLE) => screen.findByRole('region', { name });
const stateOf = (region: HTMLElement) => within(region).getByTestId('authserv-id-state');

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  await i18n.changeLanguage('en');
});

describe("Mail settings: the receiving server's identity", () => {
  it('shows for an IMAP mailbox, in the classification block, with the id still unknown', async () => {
    setup();
    const region = await section();
    expect(screen.getByRole('region', { name: /Classification/ })).toContainElement(region);
    expect(within(region).getByText(/replies to a different Reply-To address only when your mail server confirms/)).toBeVisible();
    expect(stateOf(region)).toHaveTextContent('Not known yet: it is learned from the mail you receive, or you can enter it.');
    const input = within(region).getByRole('textbox', { name: 'Authserv-id (as in the Authentication-Results header)' });
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'mx.example.com');
    expect(within(region).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(region).queryByRole('button', { name: 'Forget' })).not.toBeInTheDocument();
  });

  it('does not show for a Gmail mailbox', async () => {
    setup({ provider: 'gmail' });
    await screen.findByRole('switch', { name: 'Move likely spam to the Junk folder' });
    expect(screen.queryByRole('region', { name: TITLE })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Authserv-id/ })).not.toBeInTheDocument();
  });

  it('says whether the id was learned from the mail or set by the owner', async () => {
    setup({ authservId: 'mx.ovh.net', authservIdSetByOwner: false });
    const learned = await section();
    expect(stateOf(learned)).toHaveTextContent(/^mx\.ovh\.net \(learned from your mail\)$/);
    expect(within(learned).getByRole('button', { name: 'Forget' })).toBeEnabled();
  });

  it('names an id the owner entered as set by them', async () => {
    setup({ authservId: 'mail.example.org', authservIdSetByOwner: true });
    expect(stateOf(await section())).toHaveTextContent(/^mail\.example\.org \(set by you\)$/);
  });

  it('saves the trimmed id and shows it as set by the owner', async () => {
    const { user, calls } = setup();
    const region = await section();
    const input = within(region).getByRole('textbox', { name: /Authserv-id/ });
    await user.type(input, '  mx.ovh.net  ');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stateOf(region)).toHaveTextContent('mx.ovh.net (set by you)'));
    expect(puts(calls)).toEqual([{ id: 's1', authservId: 'mx.ovh.net' }]);
    expect(input).toHaveValue('');
    expect(toast.success).toHaveBeenCalledWith('Saved. Changes take effect in about 5 minutes.', { duration: 10_000 });
    expect(within(region).getByRole('button', { name: 'Forget' })).toBeInTheDocument();
  });

  it('forgets the id with Forget, and with an empty Save', async () => {
    const { user, calls } = setup({ authservId: 'mx.ovh.net', authservIdSetByOwner: false });
    const region = await section();
    await user.click(within(region).getByRole('button', { name: 'Forget' }));
    await waitFor(() => expect(stateOf(region)).toHaveTextContent(/^Not known yet/));
    expect(puts(calls)).toEqual([{ id: 's1', authservId: null }]);
    expect(within(region).queryByRole('button', { name: 'Forget' })).not.toBeInTheDocument();

    await user.type(within(region).getByRole('textbox', { name: /Authserv-id/ }), '   ');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({ id: 's1', authservId: null });
  });

  it('shows the translated refusal of the server under the field, not a toast', async () => {
    const { user, calls } = setup(
      {},
      {
        'PUT /api/email-settings': apiError(400, 'BAD_REQUEST', 'mailSettings.validation.authservId', {
          issues: [{ path: ['authservId'], message: 'mailSettings.validation.authservId' }],
        }),
      },
    );
    const region = await section();
    const input = within(region).getByRole('textbox', { name: /Authserv-id/ });
    await user.type(input, 'not an id!');
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    const error = await within(region).findByText('Enter a host name, such as mx.example.com.');
    expect(puts(calls)).toEqual([{ id: 's1', authservId: 'not an id!' }]);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a host name, such as mx.example.com.');
    expect(input).toHaveValue('not an id!');
    expect(toast.error).not.toHaveBeenCalled();
    expect(stateOf(region)).toHaveTextContent(/^Not known yet/);
    // Correcting the value clears the message.
    await user.type(input, 'x');
    expect(error).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('speaks French, and Enter saves', async () => {
    await i18n.changeLanguage('fr');
    const { user, calls } = setup({ authservId: 'mx.ovh.net', authservIdSetByOwner: false });
    const region = await section('Identité du serveur de réception');
    expect(stateOf(region)).toHaveTextContent('mx.ovh.net (apprise de votre courrier)');
    expect(within(region).getByText(/ne répond à une adresse de réponse \(Reply-To\) différente/)).toBeVisible();
    const input = within(region).getByRole('textbox', {
      name: 'Authserv-id (comme dans l’en-tête Authentication-Results)',
    });
    expect(within(region).getByRole('button', { name: 'Oublier' })).toBeInTheDocument();
    await user.type(input, 'mx1.example.fr{Enter}');
    await waitFor(() => expect(stateOf(region)).toHaveTextContent('mx1.example.fr (saisie par vous)'));
    expect(puts(calls)).toEqual([{ id: 's1', authservId: 'mx1.example.fr' }]);
  });

  it('shows the refusal in French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup({}, { 'PUT /api/email-settings': apiError(400, 'BAD_REQUEST', 'mailSettings.validation.authservId') });
    const region = await section('Identité du serveur de réception');
    expect(stateOf(region)).toHaveTextContent('Pas encore connue : elle est apprise du courrier reçu, ou vous pouvez la saisir.');
    await user.type(within(region).getByRole('textbox', { name: /Authserv-id/ }), 'pas valide{Enter}');
    expect(await within(region).findByText('Saisissez un nom d’hôte, par exemple mx.example.com.')).toBeVisible();
  });
});
