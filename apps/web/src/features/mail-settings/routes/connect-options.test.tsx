import type { MailDiscovery } from '@app/shared/mail-discovery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { apiError, mockApi, stubBrowserApis, type Answer, sessionUser } from '@/test/mock-api';
import { defaultConfigs, mailSetting } from '../testing/mock-api';
import { ConnectMailboxRoute } from './connect-mailbox';

/** Issue 35, item 3: servers filled in from the address, security "none" for private hosts, the Starter plan's choices. */

/** The address is read 400 ms after the last key: give a loaded machine room past testing-library's 1 s. */
const GUESSED = { timeout: 4000 };

const none: MailDiscovery = { source: 'none', preset: null, microsoft: false, imap: null, smtp: null };

function setup(routes: Record<string, Answer> = {}, plan = 'basic') {
  const api = mockApi({
    'GET /api/session': { status: 200, body: sessionUser({ plan }) },
    'GET /api/email-settings': { status: 200, body: null },
    'GET /api/default-configs': { status: 200, body: defaultConfigs() },
    ...routes,
  });
  renderWithProviders(<ConnectMailboxRoute />, { path: '/email-settings/add' });
  return { ...api, user: userEvent.setup() };
}

async function openSmtp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
}

const field = (label: string) => screen.getByLabelText(label);
const discoverCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/email-settings/discover').map((c) => c.query.get('email'));

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('servers filled in from the address', () => {
  it('fills in a known host from the bundled presets, with what it needs first, and asks the server nothing', async () => {
    const { user, calls } = setup();
    await openSmtp(user);
    await user.type(field('E-mail address'), 'someone@gmx.de');
    expect(await screen.findByText('Settings filled in for GMX; you can change them.', {}, GUESSED)).toBeInTheDocument();
    expect(field('SMTP host')).toHaveValue('mail.gmx.net');
    expect(field('SMTP port')).toHaveValue(465);
    expect(field('SMTP security')).toHaveValue('tls');
    expect(field('IMAP host')).toHaveValue('imap.gmx.net');
    expect(field('IMAP port')).toHaveValue(993);
    expect(field('IMAP security')).toHaveValue('tls');
    expect(screen.getByText(/Turn on IMAP access in your GMX settings first\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to turn it on' })).toHaveAttribute(
      'href',
      'https://hilfe.gmx.net/pop-imap/einschalten.html',
    );
    expect(discoverCalls(calls)).toEqual([]);
  });

  it('never overwrites what the user typed; a new address replaces only what the last guess filled', async () => {
    const { user, calls } = setup({ 'POST /api/email-settings': { status: 201, body: mailSetting() } });
    await openSmtp(user);
    await user.type(field('IMAP host'), 'mail.mine.example');
    await user.type(field('E-mail address'), 'me@orange.fr');
    expect(await screen.findByText('Settings filled in for Orange; you can change them.', {}, GUESSED)).toBeInTheDocument();
    expect(field('SMTP host')).toHaveValue('smtp.orange.fr');
    expect(field('IMAP host')).toHaveValue('mail.mine.example');
    expect(field('IMAP security')).toHaveValue('');

    await user.clear(field('E-mail address'));
    await user.type(field('E-mail address'), 'jean.dupont@free.fr');
    await waitFor(() => expect(field('SMTP host')).toHaveValue('smtp.free.fr'), GUESSED);
    expect(field('SMTP username')).toHaveValue('jean.dupont');
    expect(field('IMAP host')).toHaveValue('mail.mine.example');
    expect(field('IMAP username')).toHaveValue('');

    await user.type(field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      settings: {
        user: 'jean.dupont@free.fr',
        host: 'smtp.free.fr',
        port: 465,
        smtpSecurity: 'tls',
        smtpUser: 'jean.dupont',
        imapHost: 'mail.mine.example',
        imapPort: 993,
      },
    });
  });

  it("asks the server for a domain it does not know and fills in what the domain's DNS records name", async () => {
    const srv: MailDiscovery = {
      ...none,
      source: 'srv',
      imap: { host: 'imap.shop.example.org', port: 143, security: 'starttls' },
      smtp: { host: 'smtp.shop.example.org', port: 587, security: 'starttls' },
    };
    const { user, calls } = setup({ 'GET /api/email-settings/discover': { status: 200, body: srv } });
    await openSmtp(user);
    await user.type(field('E-mail address'), 'me@shop.example.org');
    expect(
      await screen.findByText('Settings filled in from the DNS records of shop.example.org; you can change them.', {}, GUESSED),
    ).toBeInTheDocument();
    expect(field('SMTP host')).toHaveValue('smtp.shop.example.org');
    expect(field('SMTP port')).toHaveValue(587);
    expect(field('SMTP security')).toHaveValue('starttls');
    expect(field('IMAP port')).toHaveValue(143);
    // Asked once, for the whole address, after the typing stopped.
    expect(discoverCalls(calls)).toEqual(['me@shop.example.org']);
  });

  it('sends Outlook.com and Microsoft 365 addresses to the Outlook card', async () => {
    const { user } = setup({
      'GET /api/default-configs': {
        status: 200,
        body: defaultConfigs({ providers: { gmail: false, outlook: true, smtp: true } }),
      },
    });
    await openSmtp(user);
    await user.type(field('E-mail address'), 'me@hotmail.fr');
    const notice = await screen.findByTestId('server-guess', {}, GUESSED);
    expect(notice).toHaveTextContent('Outlook.com and Microsoft 365 mailboxes refuse the passwords of other apps');
    expect(field('SMTP host')).toHaveValue('');
    await user.click(within(notice).getByRole('button', { name: 'Use the Outlook card' }));
    expect(screen.getByRole('radio', { name: 'Outlook' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Connect with Microsoft' })).toBeInTheDocument();
  });

  it('says so when the server found Microsoft 365 for a domain, and when Outlook is not configured here (in French)', async () => {
    await i18n.changeLanguage('fr');
    const { user } = setup({
      'GET /api/email-settings/discover': { status: 200, body: { ...none, source: 'mx', microsoft: true } },
    });
    await user.click(await screen.findByRole('radio', { name: 'SMTP / IMAP' }));
    await user.type(screen.getByLabelText('Adresse e-mail'), 'me@shop.example.org');
    const notice = await screen.findByTestId('server-guess', {}, GUESSED);
    expect(notice).toHaveTextContent('connectez celle-ci avec la carte Outlook');
    expect(notice).toHaveTextContent("La connexion Outlook n'est pas configurée sur ce serveur");
    expect(within(notice).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('security "none"', () => {
  it('is offered only when the server allows private hosts, and is sent as chosen', async () => {
    const { user, calls } = setup({
      'GET /api/default-configs': { status: 200, body: defaultConfigs({ privateMailHosts: true }) },
      'POST /api/email-settings': { status: 201, body: mailSetting() },
    });
    await openSmtp(user);
    await user.type(field('E-mail address'), 'me@nas.example.org');
    await user.type(field('Password'), 'secret');
    await user.type(field('SMTP host'), 'nas.example.org');
    await user.selectOptions(field('IMAP security'), 'None (private network only)');
    await user.selectOptions(field('SMTP security'), 'None (private network only)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      settings: { imapSecurity: 'none', smtpSecurity: 'none' },
    });
  });

  it('is not offered otherwise, and the server refusing it says why', async () => {
    const { user } = setup({
      'POST /api/email-settings': apiError(400, 'PLAIN_CONNECTION_REFUSED', 'x', { stage: 'imap', reason: 'public_host' }),
    });
    await openSmtp(user);
    for (const label of ['SMTP security', 'IMAP security']) {
      expect(within(field(label)).queryByRole('option', { name: 'None (private network only)' })).not.toBeInTheDocument();
      expect(
        within(field(label))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['By the port (465 and 993: TLS)', 'TLS', 'STARTTLS']);
    }
    await user.type(field('E-mail address'), 'me@nas.example.org');
    await user.type(field('Password'), 'secret');
    await user.type(field('SMTP host'), 'nas.example.org');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'A connection without encryption is only allowed to a mail server on a private network: choose TLS or STARTTLS.',
      ),
    ).toBeInTheDocument();
  });
});

describe('the Starter plan', () => {
  const REASON = /Your Starter plan offers AI responses or AI classification, not both/;

  it('is offered only the combinations it allows, with the reason shown before anything is sent', async () => {
    const { user, calls } = setup({ 'POST /api/email-settings': { status: 201, body: mailSetting() } }, 'starter');
    expect(await screen.findByText(REASON)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to use both' })).toHaveAttribute('href', '/subscriptions');
    const based = screen.getByRole('radio', { name: 'Based on classification' });
    expect(based).toBeDisabled();
    expect(based).toHaveAccessibleDescription('Not in the Starter plan: it needs AI responses and classification together.');
    expect(screen.getByRole('radio', { name: 'Save draft' })).toBeChecked();

    await user.click(screen.getByLabelText('Advanced settings'));
    const classification = screen.getByRole('switch', { name: 'Classification' });
    expect(classification).not.toBeChecked();
    expect(classification).toBeDisabled();
    expect(classification).toHaveAccessibleDescription('The Starter plan classifies mail only when responses are off (Disable).');

    await user.click(screen.getByRole('radio', { name: 'Disable' }));
    expect(classification).toBeEnabled();
    await user.click(classification);
    expect(classification).toBeChecked();
    // Choosing AI responses again turns classification off, as the notice says.
    await user.click(screen.getByRole('radio', { name: 'Save draft' }));
    expect(classification).not.toBeChecked();
    expect(classification).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'SMTP / IMAP' }));
    await user.type(field('E-mail address'), 'me@orange.fr');
    await user.type(field('Password'), 'secret');
    await waitFor(() => expect(field('SMTP host')).toHaveValue('smtp.orange.fr'), GUESSED);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ responseType: 2, isClassificationEnabled: false });
  });

  it('other plans are offered everything, with no notice (in French too)', async () => {
    await i18n.changeLanguage('fr');
    setup({}, 'pro');
    expect(await screen.findByRole('radio', { name: 'Selon la classification' })).toBeEnabled();
    expect(screen.queryByTestId('starter-plan-notice')).not.toBeInTheDocument();
  });

  it('the notice reads in French', async () => {
    await i18n.changeLanguage('fr');
    setup({}, 'starter');
    expect(await screen.findByTestId('starter-plan-notice')).toHaveTextContent(
      'Votre offre Starter propose les réponses par IA ou la classification par IA, pas les deux',
    );
    expect(screen.getByRole('radio', { name: 'Selon la classification' })).toBeDisabled();
  });
});
