import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { clearPersonalStorage } from '@/lib/session';
import { sessionUser, stubBrowserApis } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { chatStorageKey } from '../utils/chat-storage';
import { AgentRoute } from './agent';

const GREETING = 'Hello! I am your AI assistant. How can I help you today?';
const encoder = new TextEncoder();
const sse = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
const done = (answer: string) => sse('done', { success: true, answer, message: '', status: 200, engine: 'local' });

type Ask = { question: string; promptType: string; history: { role: string; content: string }[] };
type Reply = (ask: Ask) => Response | Promise<Response>;

/** The session, and the stream endpoint answering each question with the next reply. */
function mockServer(replies: Reply[]) {
  const asked: Ask[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
    if (path === '/api/session') return Response.json(sessionUser({ uid: 'u1' }));
    if (path !== '/api/ai/ask/stream') return Response.json({ success: false }, { status: 404 });
    const ask = JSON.parse(init!.body as string) as Ask;
    asked.push(ask);
    const reply = replies.shift();
    if (!reply) throw new Error('unexpected question');
    return reply(ask);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { asked, fetchMock };
}

/** A stream answer sent in one go. */
const answerWith =
  (answer: string): Reply =>
  () =>
    new Response(
      new ReadableStream({
        start(controller) {
          controller.enqueue(sse('delta', { text: answer }));
          controller.enqueue(done(answer));
          controller.close();
        },
      }),
      { headers: { 'Content-Type': 'text/event-stream' } },
    );

async function renderAgent() {
  const user = userEvent.setup();
  renderWithProviders(<AgentRoute />, { path: '/agent' });
  const input = await screen.findByLabelText('Your message');
  const send = async (text: string) => {
    await user.type(input, text);
    await user.click(screen.getByRole('button', { name: 'Send' }));
  };
  return { user, input, send };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const bubbles = () =>
  within(log())
    .getAllByRole('listitem')
    .filter((li) => li.textContent);

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

describe('AgentRoute', () => {
  it('shows the greeting and sends nothing empty or blank', async () => {
    const { fetchMock } = mockServer([]);
    const { user, input } = await renderAgent();
    expect(within(log()).getByText(GREETING)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(fetchMock.mock.calls.filter(([url]) => String(url as string).includes('/api/ai/'))).toHaveLength(0);
    expect(bubbles()).toHaveLength(1);
  });

  it('shows the answer token by token as it streams in', async () => {
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const { asked } = mockServer([
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              stream = controller;
            },
          }),
        ),
    ]);
    const { send, input } = await renderAgent();
    await send('Is there parking?');
    expect(within(log()).getByText('Is there parking?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(input).toHaveValue('');
    stream.enqueue(sse('delta', { text: 'Free parking ' }));
    expect(await within(log()).findByText('Free parking')).toBeInTheDocument();
    stream.enqueue(sse('delta', { text: 'behind the shop.' }));
    expect(await within(log()).findByText('Free parking behind the shop.')).toBeInTheDocument();
    stream.enqueue(done('Free parking is behind the shop.'));
    stream.close();
    expect(await within(log()).findByText('Free parking is behind the shop.')).toBeInTheDocument();
    expect(screen.getByText('Answered by the built-in local engine.')).toBeInTheDocument();
    expect(asked).toEqual([{ question: 'Is there parking?', promptType: 'ai', history: [] }]);
  });

  it('keeps a conversation per type once longer than 2 messages, restores it on switch, sends history for ai only', async () => {
    const { asked } = mockServer([answerWith('Answer one'), answerWith('Answer two'), answerWith('Draft'), answerWith('Three')]);
    const { user, send } = await renderAgent();
    await send('First question');
    expect(await within(log()).findByText('Answer one')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(chatStorageKey('u1', 'ai'))!)).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'Answer one' },
    ]);
    await send('Second question');
    expect(await within(log()).findByText('Answer two')).toBeInTheDocument();
    expect(asked[1]!.history).toEqual([
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'Answer one' },
    ]);

    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(bubbles()).toHaveLength(1);
    await send('Write to Carol');
    expect(await within(log()).findByText('Draft')).toBeInTheDocument();
    await send('Again');
    await within(log()).findByText('Three');
    expect(asked[3]).toMatchObject({ promptType: 'email', history: [] });

    await user.click(screen.getByRole('radio', { name: 'AI' }));
    expect(within(log()).getByText('Answer two')).toBeInTheDocument();
    expect(within(log()).queryByText('Draft')).not.toBeInTheDocument();
    expect(bubbles()).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: 'Email' }));
    expect(within(log()).getByText('Draft')).toBeInTheDocument();
  });

  it('clear goes back to the greeting alone and keeps the type', async () => {
    mockServer([answerWith('Categories answer')]);
    const { user, send } = await renderAgent();
    await user.click(screen.getByRole('radio', { name: 'Classification' }));
    await send('Which categories?');
    await within(log()).findByText('Categories answer');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(bubbles()).toHaveLength(1);
    expect(within(log()).getByText(GREETING)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Classification' })).toBeChecked();
    expect(localStorage.getItem(chatStorageKey('u1', 'classification'))).toBeNull();
  });

  it('shows failures in a red alert: the service message, the HTTP message or its default, the serialised error', async () => {
    mockServer([
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(sse('error', { success: false, code: 'AI_X', message: 'The model is overloaded', status: 503 }));
              controller.close();
            },
          }),
        ),
      () =>
        Response.json(
          { success: false, code: 'BAD_REQUEST', message: 'agent.validation.questionTooLong', status: 400 },
          { status: 400 },
        ),
      () => Response.json({}, { status: 400 }),
      () =>
        Response.json(
          { success: false, code: 'ASSISTANT_RATE_LIMIT', message: 'x', status: 429, retryAfter: 42 },
          { status: 429 },
        ),
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    const { send, input } = await renderAgent();
    const expectAlert = async (text: string) => {
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(input).toHaveValue('');
    };
    await send('One');
    await expectAlert('The model is overloaded');
    await send('Two');
    await expectAlert('Your message is too long.');
    await send('Three');
    await expectAlert('Invalid request parameters');
    await send('Four');
    await expectAlert('You have asked too many questions in a short time. Please wait 42 seconds and try again.');
    await send('Five');
    await expectAlert('TypeError: Failed to fetch');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled());
  });

  it('speaks French', async () => {
    mockServer([]);
    await i18n.changeLanguage('fr');
    try {
      renderWithProviders(<AgentRoute />, { path: '/agent' });
      expect(await screen.findByLabelText('Votre message')).toBeInTheDocument();
      expect(
        await screen.findByText('Bonjour ! Je suis votre assistant IA. Comment puis-je vous aider aujourd’hui ?'),
      ).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'IA' })).toBeChecked();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('chat storage at logout', () => {
  it('clears every personal key and nothing else', () => {
    localStorage.setItem(chatStorageKey('u1', 'ai'), '[]');
    localStorage.setItem(chatStorageKey('u2', 'email'), '[]');
    localStorage.setItem('i18nextLng', 'fr');
    clearPersonalStorage();
    expect(localStorage.getItem(chatStorageKey('u1', 'ai'))).toBeNull();
    expect(localStorage.getItem(chatStorageKey('u2', 'email'))).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('fr');
  });
});
