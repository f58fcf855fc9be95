import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi, stubBrowserApis } from '@/test/mock-api';
import { invitation, sessionUser } from '../testing/mock-api';
import { renderAt } from '../testing/render';
import { AddUserRoute } from './add-user';
import { EditUserRoute } from './edit-user';

const renderAdd = () => renderAt(<AddUserRoute />, { path: '/users/add' });

beforeEach(() => stubBrowserApis());

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('AddUserRoute', () => {
  it('requires the e-mail and the connection method', async () => {
    const { calls } = mockApi({ 'GET /api/session': { status: 200, body: sessionUser() } });
    renderAdd();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.path === '/api/invitations')).toEqual([]);
  });

  it.each(['not-an-email', 'a@b', 'jane@example'])('refuses %s with the spec text', async (address) => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() } });
    renderAdd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), address);
    await user.click(screen.getByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
  });

  it('sends the invitation (names optional) and goes to /users', async () => {
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'POST /api/invitations': { status: 201, body: invitation({ email: 'new@example.com' }) },
    });
    const { router } = renderAdd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), ' New@Example.com ');
    await user.type(screen.getByLabelText('First name'), 'Nina');
    await user.click(screen.getByRole('radio', { name: 'Microsoft' }));
    await user.click(screen.getByRole('radio', { name: 'Writing assistant only' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'new@example.com',
      firstName: 'Nina',
      lastName: '',
      connectionMethod: 'microsoft',
      metadata: { hasAiConfig: false },
    });
  });

  it('keeps AI configuration + writing assistant as the default access', async () => {
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'POST /api/invitations': { status: 201, body: invitation() },
    });
    renderAdd();
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: 'AI configuration + writing assistant' })).toBeChecked();
    await user.type(screen.getByLabelText('Email'), 'member@example.com');
    await user.click(screen.getByRole('radio', { name: 'Email/password' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent to member@example.com');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ metadata: { hasAiConfig: true } });
  });

  it.each([
    [
      apiError(409, 'TEAM_LIMIT_REACHED', 'Your plan allows 5 users, you included: upgrade to invite more'),
      'Your plan allows 5 users, you included: upgrade to invite more.',
    ],
    [apiError(409, 'INVITATION_EXISTS', 'member@example.com is already invited'), 'member@example.com is already invited.'],
    [apiError(409, 'USER_EXISTS', 'member@example.com already has an account'), 'member@example.com already has an account.'],
    [
      apiError(429, 'INVITATION_DAILY_LIMIT', 'At most 1000 invitations can be sent per day'),
      'At most 1000 invitations can be sent per day. Try again tomorrow.',
    ],
  ])('shows the server refusal %#, translated', async (answer, text) => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() }, 'POST /api/invitations': answer });
    const { router } = renderAdd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'member@example.com');
    await user.click(screen.getByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/users/add');
  });

  it('shows the limit in French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'POST /api/invitations': apiError(
        409,
        'TEAM_LIMIT_REACHED',
        'Your plan allows 1 user, you included: upgrade to invite more',
      ),
    });
    renderAdd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'member@example.com');
    await user.click(screen.getByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: "Envoyer l'invitation" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Votre offre permet 1 utilisateur, vous compris : passez à une offre supérieure pour inviter davantage.',
    );
  });

  it('puts the server validation issues under their fields', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'POST /api/invitations': {
        status: 400,
        body: {
          success: false,
          code: 'BAD_REQUEST',
          status: 400,
          message: 'invitations.validation.nameTooLong',
          issues: [{ path: 'lastName', message: 'invitations.validation.nameTooLong' }],
        },
      },
    });
    renderAdd();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'member@example.com');
    await user.click(screen.getByRole('radio', { name: 'Google' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    // The field error and the form's message appear one after the other: wait for both.
    await waitFor(() => expect(screen.getAllByText('Names are 100 characters at most.')).toHaveLength(2));
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('goes back to /users on Cancel', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() } });
    const { router } = renderAdd();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/users');
  });
});

describe('EditUserRoute', () => {
  const renderEdit = (state: unknown) => renderAt(<EditUserRoute />, { path: '/users/edit', state });

  it('shows the invitation with a read-only e-mail and saves everything but the e-mail', async () => {
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: sessionUser() },
      'PUT /api/invitations/inv-1': { status: 200, body: invitation({ lastName: 'Changed' }) },
    });
    const { router } = renderEdit({ invitation: invitation({ connectionMethod: 'google' }) });
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveValue('member@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(screen.getByText('The email address cannot be changed.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Google' })).toBeChecked();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Changed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invitation updated')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/users');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Mia',
      lastName: 'Changed',
      connectionMethod: 'google',
      metadata: { hasAiConfig: true },
    });
  });

  it('goes back to /users without an invitation in the navigation state', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() } });
    const { router } = renderEdit(null);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });

  it('goes back to /users on Cancel', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: sessionUser() } });
    const { router } = renderEdit({ invitation: invitation() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/users');
  });
});
