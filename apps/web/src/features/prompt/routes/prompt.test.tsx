import type { Prompt } from '@app/shared/prompts';
import { DEFAULT_PROMPTS } from '@app/shared/prompts-defaults';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, stubBrowserApis } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { PromptRoute } from './prompt';

const saved = (patch: Partial<Prompt> = {}): Prompt => ({
  _id: 'p1',
  userId: 'u1',
  enabled: true,
  useContext: false,
  section1: 'Friendly',
  section2: 'We sell bikes',
  section3: 'Answer fast',
  section4: '',
  section5: 'Anna',
  section6: 'Short',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...patch,
});

const renderPrompt = () => renderWithProviders(<PromptRoute />, { path: '/prompt' });

beforeEach(() => stubBrowserApis());
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PromptRoute', () => {
  it('shows the default instructions (at most 10 paragraphs) when there is no prompt yet, with Save hidden', async () => {
    mockApi({ 'GET /api/user-prompts': { status: 200, body: [] } });
    renderPrompt();
    expect(await screen.findByRole('radio', { name: 'Default' })).toBeChecked();
    // The built-in engine says which instructions it follows.
    expect(screen.getByText(/the assistant follows only: a signature/)).toBeVisible();
    expect(screen.getByText(DEFAULT_PROMPTS.en.section6)).toBeInTheDocument();
    expect(DEFAULT_PROMPTS.en.section6).toMatch(/10 paragraphs/);
    expect(screen.getByRole('switch', { name: 'Use these instructions' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('shows the French default to a French user', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /api/user-prompts': { status: 200, body: [] } });
    renderPrompt();
    expect(await screen.findByText(DEFAULT_PROMPTS.fr.section6)).toBeInTheDocument();
    expect(screen.getByText(/l’assistant suit seulement : une signature/)).toBeVisible();
    expect(DEFAULT_PROMPTS.fr.section6).toMatch(/10 paragraphes/);
  });

  it('shows Save only while enabled; without a prompt the switch calls nothing until Save creates it', async () => {
    const { calls } = mockApi({
      'GET /api/user-prompts': { status: 200, body: [] },
      'POST /api/user-prompts': ({ body }) => ({ status: 201, body: saved(body as Partial<Prompt>) }),
      'PATCH /api/user-prompts/p1': ({ body }) => ({ status: 200, body: saved({ ...DEFAULT_PROMPTS.en, ...(body as object) }) }),
    });
    renderPrompt();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Use these instructions' });
    await user.click(toggle);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The prompt was saved successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      enabled: true,
      useContext: true,
      ...DEFAULT_PROMPTS.en,
      section2: null,
    });
    // Now that the prompt exists, the switch saves at once.
    await user.click(toggle);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ enabled: false }]);
  });

  it('patches the enabled switch of an existing prompt at once', async () => {
    const { calls } = mockApi({
      'GET /api/user-prompts': { status: 200, body: [saved()] },
      'PATCH /api/user-prompts/p1': ({ body }) => ({ status: 200, body: saved(body as Partial<Prompt>) }),
    });
    renderPrompt();
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'Use these instructions' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ enabled: false }]);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('disables and clears section 2 while the context option is ticked, and saves the advanced sections', async () => {
    const { calls } = mockApi({
      'GET /api/user-prompts': { status: 200, body: [saved()] },
      'PATCH /api/user-prompts/p1': ({ body }) => ({ status: 200, body: saved(body as Partial<Prompt>) }),
    });
    renderPrompt();
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: 'Advanced' })).toBeChecked();
    const section2 = screen.getByLabelText('2. Company context');
    expect(section2).toHaveValue('We sell bikes');
    await user.click(screen.getByLabelText('Use my knowledge base as the company context'));
    expect(section2).toBeDisabled();
    expect(section2).toHaveValue('');
    await user.click(screen.getByLabelText('Use my knowledge base as the company context'));
    expect(section2).toBeEnabled();
    expect(section2).toHaveValue('');
    await user.click(screen.getByLabelText('Use my knowledge base as the company context'));
    await user.clear(screen.getByLabelText('1. Tone and style'));
    await user.type(screen.getByLabelText('1. Tone and style'), 'Formal');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The prompt was saved successfully.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      enabled: true,
      useContext: true,
      section1: 'Formal',
      section2: null,
      section3: 'Answer fast',
      section4: '',
      section5: 'Anna',
      section6: 'Short',
    });
  });

  it('opens a saved default prompt on the Default choice', async () => {
    mockApi({
      'GET /api/user-prompts': { status: 200, body: [saved({ ...DEFAULT_PROMPTS.fr, useContext: true })] },
    });
    renderPrompt();
    expect(await screen.findByRole('radio', { name: 'Default' })).toBeChecked();
    expect(screen.getByText(DEFAULT_PROMPTS.fr.section1)).toBeInTheDocument();
  });

  it('has an error state with a retry', async () => {
    let fail = true;
    mockApi({
      'GET /api/user-prompts': () =>
        fail
          ? { status: 500, body: { success: false, code: 'SERVER_ERROR', message: '', status: 500 } }
          : { status: 200, body: [] },
    });
    renderPrompt();
    const user = userEvent.setup();
    expect(await screen.findByText('Your instructions could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: 'Default' })).toBeInTheDocument();
  });
});
