import type { AiProviderView, AiUsage } from '@app/shared/ai-provider';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, type Answer, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { AiEngineSettings } from './ai-engine-settings';

const builtin: AiProviderView = { active: { engine: 'local', model: null, source: 'builtin' }, own: null };
const ownOpenAi: AiProviderView = {
  active: { engine: 'openai', model: 'gpt-4o-mini', source: 'own' },
  own: { provider: 'openai', model: 'gpt-4o-mini', baseUrl: null, hasKey: true, updatedAt: '2026-03-01T10:00:00.000Z' },
};
const noUsage: AiUsage = { days: [] };

/** The section against a mock API; `put` answers the PUT (by default it saves what was sent). */
function renderSection(initial: AiProviderView, put?: Answer) {
  let view = initial;
  const api = mockApi({
    'GET /api/ai-provider': () => ({ status: 200, body: view }),
    'GET /api/ai-provider/usage': { status: 200, body: noUsage },
    'PUT /api/ai-provider': ({ body }) => {
      if (put) return put;
      const input = body as { provider: 'openai'; model: string; baseUrl?: string };
      view = {
        active: { engine: input.provider, model: input.model, source: 'own' },
        own: {
          provider: input.provider,
          model: input.model,
          baseUrl: input.baseUrl ?? null,
          hasKey: true,
          updatedAt: '2026-03-02T10:00:00.000Z',
        },
      };
      return { status: 200, body: view };
    },
    'DELETE /api/ai-provider': () => {
      view = { active: { engine: 'mistral', model: 'mistral-small', source: 'operator' }, own: null };
      return { status: 200, body: { success: true } };
    },
  });
  renderWithProviders(<AiEngineSettings />);
  const sent = (method: string) => api.calls.filter((c) => c.method === method && c.path === '/api/ai-provider');
  return { sent };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('AiEngineSettings', () => {
  it('shows the built-in engine when the user has no provider, and no removal', async () => {
    renderSection(builtin);
    expect(await screen.findByText('Built-in engine (no AI provider)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'AI engine' })).toBeInTheDocument();
    expect(screen.getByText(/Your key is stored encrypted, never shown again/)).toBeInTheDocument();
    expect(screen.getByLabelText('Provider')).toHaveValue('openai');
    expect(screen.getByLabelText('Model')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove my key' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Server address')).not.toBeInTheDocument();
  });

  it('shows the user’s own key, its settings, and never its key', async () => {
    renderSection(ownOpenAi);
    expect(await screen.findByText('Your own key: OpenAI, gpt-4o-mini')).toBeInTheDocument();
    expect(screen.getByLabelText('Model')).toHaveValue('gpt-4o-mini');
    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toHaveAttribute('autocomplete', 'off');
    expect(key).toHaveValue('');
    expect(key).toHaveAccessibleDescription(/A key is saved: it is kept encrypted and never shown\. Enter the key again/);
    expect(screen.getByRole('button', { name: 'Remove my key' })).toBeInTheDocument();
  });

  it('tests and saves the provider, then shows it in use with the key field empty', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection(builtin);
    await user.selectOptions(await screen.findByLabelText('Provider'), 'OpenAI-compatible server');
    await user.type(screen.getByLabelText('Model'), 'llama3.1');
    await user.type(screen.getByLabelText('Server address'), 'https://llm.example.com/v1');
    await user.type(screen.getByLabelText('API key'), 'sk-secret');
    await user.click(screen.getByRole('button', { name: 'Test and save' }));

    await waitFor(() =>
      expect(sent('PUT').map((c) => c.body)).toEqual([
        { provider: 'openai-compatible', model: 'llama3.1', apiKey: 'sk-secret', baseUrl: 'https://llm.example.com/v1' },
      ]),
    );
    expect(await screen.findByText('Your own key: OpenAI-compatible server, llama3.1')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The provider answered: your AI engine is saved.');
    expect(screen.getByLabelText('API key')).toHaveValue('');
    expect(screen.getByLabelText('Model')).toHaveValue('llama3.1');
    expect(screen.getByLabelText('Server address')).toHaveValue('https://llm.example.com/v1');
  });

  it('says “Testing…” while the server tries the provider', async () => {
    const user = userEvent.setup();
    let answer: (value: Answer) => void = () => {};
    mockApi({
      'GET /api/ai-provider': { status: 200, body: builtin },
      'GET /api/ai-provider/usage': { status: 200, body: noUsage },
      'PUT /api/ai-provider': () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    renderWithProviders(<AiEngineSettings />);
    await user.type(await screen.findByLabelText('Model'), 'gpt-4o-mini');
    await user.type(screen.getByLabelText('API key'), 'sk-secret');
    await user.click(screen.getByRole('button', { name: 'Test and save' }));
    expect(await screen.findByRole('button', { name: 'Testing…' })).toBeDisabled();
    answer({ status: 200, body: ownOpenAi });
    expect(await screen.findByText('Your own key: OpenAI, gpt-4o-mini')).toBeInTheDocument();
  });

  it('checks the form with the shared schema before sending anything', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection(ownOpenAi);
    await user.clear(await screen.findByLabelText('Model'));
    await user.click(screen.getByRole('button', { name: 'Test and save' }));
    expect(await screen.findByText("Enter the model's name.")).toBeInTheDocument();
    // A hosted provider needs its key again on every save.
    expect(screen.getByText("Enter the provider's API key.")).toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
    expect(sent('PUT')).toEqual([]);
  });

  it('shows the server’s refusal in the user’s words and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderSection(ownOpenAi, apiError(400, 'AI_PROVIDER_REFUSED', 'aiProvider.errors.refused'));
    await user.selectOptions(await screen.findByLabelText('Provider'), 'Mistral');
    await user.clear(screen.getByLabelText('Model'));
    await user.type(screen.getByLabelText('Model'), 'mistral-large');
    await user.type(screen.getByLabelText('API key'), 'bad-key');
    await user.click(screen.getByRole('button', { name: 'Test and save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The provider refused the key or the model.');
    expect(screen.getByLabelText('Provider')).toHaveValue('mistral');
    expect(screen.getByLabelText('Model')).toHaveValue('mistral-large');
    expect(screen.getByLabelText('API key')).toHaveValue('bad-key');
    expect(screen.getByText('Your own key: OpenAI, gpt-4o-mini')).toBeInTheDocument();
  });

  it('says so when the server refuses more tests for now', async () => {
    const user = userEvent.setup();
    renderSection(builtin, apiError(429, 'RATE_LIMIT', 'aiProvider.errors.tooManyTests', { limit: 5 }));
    await user.type(await screen.findByLabelText('Model'), 'gpt-4o-mini');
    await user.type(screen.getByLabelText('API key'), 'sk-secret');
    await user.click(screen.getByRole('button', { name: 'Test and save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tests in a row: wait a minute and try again.');
  });

  it('removes the key after a confirmation, and shows the service’s default in use', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection(ownOpenAi);
    await user.click(await screen.findByRole('button', { name: 'Remove my key' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove your key?' });
    expect(sent('DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(sent('DELETE')).toHaveLength(1));
    expect(await screen.findByText("The service's default: Mistral, mistral-small")).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove my key' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Model')).toHaveValue('');
  });

  it('keeps the key when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const { sent } = renderSection(ownOpenAi);
    await user.click(await screen.findByRole('button', { name: 'Remove my key' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent('DELETE')).toEqual([]);
  });

  it('says when the settings could not be loaded', async () => {
    mockApi({
      'GET /api/ai-provider': apiError(500, 'SERVER_ERROR'),
      'GET /api/ai-provider/usage': { status: 200, body: noUsage },
    });
    renderWithProviders(<AiEngineSettings />);
    expect(await screen.findByText('Your AI engine could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is in French, the server’s refusal too', async () => {
    await i18n.changeLanguage('fr');
    const user = userEvent.setup();
    renderSection(ownOpenAi, apiError(400, 'AI_PROVIDER_UNREACHABLE', 'aiProvider.errors.hostRefused'));
    expect(await screen.findByText('Votre propre clé : OpenAI, gpt-4o-mini')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Moteur d'IA" })).toBeInTheDocument();
    expect(screen.getByLabelText("Clé d'API")).toHaveAccessibleDescription(
      /Saisissez de nouveau la clé pour modifier les réglages/,
    );
    expect(screen.getByRole('option', { name: 'Serveur compatible OpenAI' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Supprimer ma clé' })).toBeInTheDocument();
    expect(await screen.findByText("Aucune utilisation de l'IA pour l'instant.")).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tester et enregistrer' }));
    expect(await screen.findByText("Saisissez la clé d'API du fournisseur.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Clé d'API"), 'sk-secret');
    await user.click(screen.getByRole('button', { name: 'Tester et enregistrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Cette adresse n'est pas autorisée : elle désigne un réseau privé.",
    );
  });
});
