import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { PluginsRoute } from './plugins';

function renderPlugins(
  at = '/plugins',
  addins: { outlook: string | null; gmail: string | null } = { outlook: null, gmail: null },
  settings: { provider: string } | null = null,
) {
  mockApi({
    'GET /api/session': { status: 200, body: sessionUser({ settings }) },
    'GET /api/auth-config': {
      status: 200,
      body: { google: true, microsoft: true, billing: false, mailbox: true, tutorialVideos: {}, addins },
    },
  });
  renderWithProviders(<PluginsRoute />, { path: '/plugins', at });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('PluginsRoute', () => {
  it('announces the Gmail extension in French with a button to connect a Gmail account', async () => {
    await i18n.changeLanguage('fr');
    renderPlugins();
    expect(await screen.findByRole('heading', { name: "L'extension Gmail arrive bientôt" })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Connecter un compte Gmail' })).toHaveAttribute(
      'href',
      '/email-settings/add?addon=gmail',
    );
  });

  it('has the English translation, the Outlook variant and the configured download', async () => {
    renderPlugins('/plugins?addin=outlook', { outlook: 'https://store.test/outlook', gmail: null });
    expect(await screen.findByRole('heading', { name: 'The Outlook add-in is coming soon' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Download the Outlook add-in' })).toHaveAttribute(
      'href',
      'https://store.test/outlook',
    );
  });

  it('leads a user whose mailbox is connected to the mailbox settings instead', async () => {
    renderPlugins('/plugins', { outlook: null, gmail: null }, { provider: 'gmail' });
    expect(await screen.findByRole('link', { name: 'Open the mailbox settings' })).toHaveAttribute('href', '/email-settings');
    expect(screen.queryByRole('link', { name: 'Connect a Gmail account' })).toBeNull();
  });
});
