import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { SignInRoute } from './sign-in';

const email = vi.hoisted(() => vi.fn());
vi.mock('@/lib/auth-client', () => ({
  loadAuthClient: () => Promise.resolve({ signIn: { email } }),
  preloadAuthClient: () => undefined,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  email.mockReset();
});

function renderSignIn() {
  mockApi({
    'GET /api/auth-config': { status: 200, body: { google: false, microsoft: false, billing: false, mailbox: true } },
  });
  renderWithProviders(<SignInRoute />, { path: '/signin' });
  return userEvent.setup();
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Sign in' }));

describe('SignInRoute (spec 01 §5)', () => {
  it('asks for both fields, and drops the message once they are filled', async () => {
    const user = renderSignIn();
    await submit(user);
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    expect(screen.getByRole('alert')).toHaveTextContent('Email and password are required.');
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Email and password are required.')).not.toBeInTheDocument();
    expect(email).not.toHaveBeenCalled();
  });

  it('signs in with the e-mail trimmed, and says so when the pair is wrong without telling which', async () => {
    email.mockResolvedValue({ error: { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' } });
    const user = renderSignIn();
    await user.type(screen.getByLabelText('Email'), '  a@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await submit(user);
    await waitFor(() => expect(email).toHaveBeenCalledWith({ email: 'a@example.com', password: 'Secret1!' }));
    expect(await screen.findByText('Invalid login or password')).toBeInTheDocument();
  });

  it('names an unconfigured provider below its disabled button, as the button’s description', async () => {
    renderSignIn();
    const google = await screen.findByRole('button', { name: /google/i });
    await waitFor(() => expect(google).toBeDisabled());
    expect(google).toHaveAccessibleDescription(/google/i);
  });
});
