import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { FeedbackRoute } from './feedback';

const sent = { _id: 'f1', name: 'Ada', email: 'owner@example.com', message: 'Hi', createdAt: '2025-01-01T00:00:00.000Z' };

function renderFeedback(post: Parameters<typeof mockApi>[0][string] = { status: 201, body: sent }) {
  const api = mockApi({ 'GET /api/session': { status: 200, body: sessionUser() }, 'POST /api/feedback': post });
  renderWithProviders(<FeedbackRoute />, { path: '/feedback' });
  return { ...api, user: userEvent.setup() };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('FeedbackRoute', () => {
  it('asks for every field with the spec message and sends nothing', async () => {
    const { user, calls } = renderFeedback();
    await screen.findByDisplayValue('owner@example.com');
    await user.clear(screen.getByLabelText('Email'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument();
    for (const label of ['Name', 'Email', 'Message'])
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses a malformed address under the e-mail field', async () => {
    const { user, calls } = renderFeedback();
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ada@nowhere');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.queryByText('Please fill in all fields.')).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('sends the trimmed fields, shows the success message and clears the message', async () => {
    const { user, calls } = renderFeedback();
    await user.type(await screen.findByLabelText('Name'), '  Ada ');
    await user.type(screen.getByLabelText('Message'), 'Great product');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText("Message sent successfully! We'll be in touch soon.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Ada',
      email: 'owner@example.com',
      message: 'Great product',
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it.each([
    [apiError(500, 'SERVER_ERROR', 'boom'), 'An error occurred while sending your message. Please try again later.'],
    [
      apiError(429, 'FEEDBACK_RATE_LIMIT', 'At most 5'),
      'You have already sent several messages in the last hour. Please try again later.',
    ],
  ])('shows the failure of a %j answer', async (answer, text) => {
    const { user } = renderFeedback(answer);
    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Message')).toHaveValue('Hi');
  });

  it('speaks French', async () => {
    await i18n.changeLanguage('fr');
    const { user } = renderFeedback();
    await user.clear(await screen.findByLabelText('E-mail'));
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Veuillez remplir tous les champs.')).toBeInTheDocument();
  });
});
