import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi } from '@/test/mock-api';
import { renderAt } from '../testing/render';
import { type ProviderSignInHook, providerErrorKey, SetPasswordRoute } from './set-password';
import { VerifyInvitationRoute } from './verify-invitation';

/** The provider sign-in the router composes in (the auth feature's): what it was given, what it answers. */
const providerSignIn = {
  options: null as Parameters<ProviderSignInHook>[0] | null,
  start: vi.fn(async () => {}),
  error: null as string | null,
};
const useProviderSignIn: ProviderSignInHook = (options) => {
  providerSignIn.options = options;
  return { start: providerSignIn.start, pending: null, error: providerSignIn.error };
};

const verified = {
  success: true,
  error: null,
  _id: 'inv-1',
  email: 'member@example.com',
  firstName: 'Mia',
  lastName: 'Member',
  connectionMethod: 'email/password',
};
const passedState = {
  invitation: {
    _id: 'inv-1',
    email: 'member@example.com',
    firstName: 'Mia',
    lastName: 'Member',
    connectionMethod: 'email/password',
  },
  token: 'tok-1',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('VerifyInvitationRoute', () => {
  const renderVerify = (at: string) => renderAt(<VerifyInvitationRoute />, { path: '/invitations/verify', at });

  it('is invalid without a token, and links to /signin', async () => {
    const { calls } = mockApi({});
    renderVerify('/invitations/verify');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No verification token provided. Please check the link or request a new verification email.',
    );
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/signin');
    expect(calls).toEqual([]);
  });

  it('shows verifying, then replaces the route with set-password, carrying the invitation and the token', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { router } = renderVerify('/invitations/verify?token=tok-1');
    expect(await screen.findByRole('status')).toHaveTextContent('Verifying your invitation…');
    answer(new Response(JSON.stringify(verified), { status: 200 }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/invitations/set-password'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual(passedState);
    expect(vi.mocked(fetch).mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ token: 'tok-1' }));
  });

  it.each([
    ['expired', 'This invitation has expired. Ask for a new one.'],
    ['used', 'This invitation has already been used.'],
    ['invalid', 'This invitation link is invalid.'],
  ])('shows why a %s token cannot be used', async (error, text) => {
    mockApi({ 'POST /api/invitations/verify': { status: 200, body: { success: false, error, message: 'server text' } } });
    renderVerify('/invitations/verify?token=tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeInTheDocument();
  });

  it('says it in French too', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'POST /api/invitations/verify': { status: 200, body: { success: false, error: 'expired', message: 'x' } } });
    renderVerify('/invitations/verify?token=tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette invitation a expiré. Demandez-en une nouvelle.');
  });

  it('shows the generic failure when the call fails', async () => {
    mockApi({ 'POST /api/invitations/verify': apiError(500, 'SERVER_ERROR') });
    renderVerify('/invitations/verify?token=tok-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error occurred while verifying your token. Please try again later.',
    );
  });
});

describe('SetPasswordRoute', () => {
  const renderSet = (state: unknown, at = '/invitations/set-password') =>
    renderAt(<SetPasswordRoute useProviderSignIn={useProviderSignIn} />, { path: '/invitations/set-password', at, state });

  async function fill(password: string, confirm: string) {
    const user = userEvent.setup();
    if (password) await user.type(screen.getByLabelText('Password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
  }

  it.each([
    ['', '', 'Please fill in both password fields.'],
    ['Abc1!', '', 'Please fill in both password fields.'],
    ['Ab1!', 'Ab1!', 'Password must be at least 6 characters long.'],
    ['Secret1!', 'Secret2!', 'Passwords do not match.'],
    ['secret1!', 'secret1!', 'Password must contain at least one uppercase letter.'],
    ['SECRET1!', 'SECRET1!', 'Password must contain at least one lowercase letter.'],
    ['Secret!!', 'Secret!!', 'Password must contain at least one digit.'],
    ['Secret12', 'Secret12', 'Password must contain at least one special character (!@#$%^&*(),.?":{}|<>).'],
  ])('refuses %j / %j: %s', async (password, confirm, text) => {
    const { calls } = mockApi({});
    renderSet(passedState);
    await fill(password, confirm);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows the live checklist', async () => {
    mockApi({});
    renderSet(passedState);
    expect(screen.getByLabelText('Email')).toHaveValue('member@example.com');
    await userEvent.setup().type(screen.getByLabelText('Password'), 'abc');
    const items = screen.getByRole('list', { name: 'Password requirements' }).querySelectorAll('li');
    expect([...items].map((li) => li.dataset.met)).toEqual(['false', 'false', 'true', 'false', 'false']);
  });

  it('sets the password and replaces the route with /signin and its message', async () => {
    const { calls } = mockApi({ 'POST /api/invitations/set-password': { status: 200, body: { success: true } } });
    const { router } = renderSet(passedState);
    await fill('Secret1!', 'Secret1!');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.state).toEqual({ message: 'team.setPassword.success' });
    expect(i18n.t('team.setPassword.success')).toBe('Your password is set. Sign in to start.');
    expect(calls[0]?.body).toEqual({ token: 'tok-1', password: 'Secret1!', confirmPassword: 'Secret1!' });
  });

  it.each([
    [
      apiError(400, 'INVALID_INVITATION', 'This invitation has already been used.'),
      'This invitation link is no longer valid. Ask for a new one.',
    ],
    [apiError(409, 'USER_EXISTS', 'member@example.com already has an account'), 'member@example.com already has an account.'],
    [apiError(400, 'BAD_REQUEST', 'auth.password.special'), 'Password must contain at least one special character'],
    [apiError(500, 'SERVER_ERROR', ''), 'Failed to set password. Please try again.'],
  ])('shows the failure %#', async (answer, text) => {
    mockApi({ 'POST /api/invitations/set-password': answer });
    renderSet(passedState);
    await fill('Secret1!', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows the unexpected failure when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderSet(passedState);
    await fill('Secret1!', 'Secret1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred. Please try again.');
  });

  it('verifies the token of the address again after a reload without the state', async () => {
    const { calls } = mockApi({ 'POST /api/invitations/verify': { status: 200, body: verified } });
    renderSet(null, '/invitations/set-password?token=tok-2');
    expect(await screen.findByLabelText('Email')).toHaveValue('member@example.com');
    expect(calls[0]?.body).toEqual({ token: 'tok-2' });
  });

  it('is invalid with neither state nor token', () => {
    mockApi({});
    renderSet(null);
    expect(screen.getByRole('alert')).toHaveTextContent('No verification token provided.');
  });

  describe('a Microsoft or Google invitation', () => {
    const authConfig = (configured: boolean) => ({
      status: 200,
      body: { google: configured, microsoft: configured, billing: false, mailbox: true },
    });
    const providerState = (method: string) => ({
      ...passedState,
      invitation: { ...passedState.invitation, connectionMethod: method },
    });

    afterEach(() => {
      providerSignIn.error = null;
      providerSignIn.start.mockClear();
    });

    it.each([
      ['microsoft', 'Microsoft'],
      ['google', 'Google'],
    ])('starts the %s sign-in with the invitation token and a way back here', async (method, name) => {
      mockApi({ 'GET /api/auth-config': authConfig(true) });
      renderSet(providerState(method));
      expect(screen.getByText(`You were invited as member@example.com to sign in with ${name}.`)).toBeInTheDocument();
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      const button = screen.getByRole('button', { name: `Sign in with ${name}` });
      await vi.waitFor(() => expect(button).toBeEnabled());
      await userEvent.setup().click(button);
      expect(providerSignIn.start).toHaveBeenCalledWith(method);
      expect(providerSignIn.options).toMatchObject({
        callbackURL: '/',
        errorCallbackURL: '/invitations/set-password?token=tok-1',
        additionalData: { invitationToken: 'tok-1' },
        successURL: '/',
        errorKey: providerErrorKey,
      });
    });

    it.each([
      ['en', 'INVALID_INVITATION', 'This invitation can no longer be accepted this way.'],
      ['fr', 'INVALID_INVITATION', 'Cette invitation ne peut plus être acceptée ainsi.'],
      ['en', 'USER_EXISTS', 'member@example.com already has an account: sign in with it instead.'],
      ['fr', 'USER_EXISTS', 'member@example.com a déjà un compte : connectez-vous avec celui-ci.'],
      ['en', 'RATE_LIMIT', 'Signing in with Google failed. Please try again.'],
      ['fr', 'RATE_LIMIT', 'La connexion avec Google a échoué. Veuillez réessayer.'],
    ])('shows the refusal of the sign-in (%s, %s)', async (language, code, text) => {
      await i18n.changeLanguage(language);
      mockApi({ 'GET /api/auth-config': authConfig(true) });
      providerSignIn.error = providerErrorKey(code);
      renderSet(providerState('google'));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    });

    it.each([
      ['en', "The email address doesn't match the one associated with your invitation."],
      ['fr', "L'adresse e-mail ne correspond pas à celle associée à votre invitation."],
    ])('says which address to use when the provider returned another one (%s)', async (language, text) => {
      await i18n.changeLanguage(language);
      mockApi({ 'GET /api/auth-config': authConfig(true) });
      renderSet(providerState('google'), '/invitations/set-password?token=tok-1&error=INVITATION_EMAIL_MISMATCH');
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
    });

    it('is disabled, and says why, when the server has no credentials for the provider', async () => {
      mockApi({ 'GET /api/auth-config': authConfig(false) });
      renderSet(providerState('microsoft'));
      expect(await screen.findByText(/Signing in with Microsoft is not configured on this server/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeDisabled();
    });
  });
});
