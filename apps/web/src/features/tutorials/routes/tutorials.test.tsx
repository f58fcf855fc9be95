import { TUTORIAL_IDS } from '@app/shared/tutorials';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { TutorialsRoute, visibleTutorials } from './tutorials';

const config = (tutorialVideos: Record<string, string>) => ({
  status: 200,
  body: {
    google: false,
    microsoft: false,
    billing: false,
    mailbox: true,
    tutorialVideos,
    addins: { outlook: null, gmail: null },
  },
});

/** The product's six videos: none for the Gmail connection and the Gmail plugin (spec 02 §9). */
const sixVideos = Object.fromEntries(
  TUTORIAL_IDS.filter((id) => id !== 'gmail-connection' && id !== 'gmail-plugin').map((id) => [id, `https://video.test/${id}`]),
);

afterEach(() => vi.unstubAllGlobals());

describe('TutorialsRoute', () => {
  it('has eight entries and shows only those with a video address, in order', () => {
    expect(TUTORIAL_IDS).toHaveLength(8);
    expect(visibleTutorials({ ...sixVideos, 'gmail-plugin': ' ' }).map((e) => e.id)).toEqual(Object.keys(sixVideos));
  });

  it('embeds each video in a titled frame', async () => {
    mockApi({ 'GET /api/auth-config': config(sixVideos) });
    renderWithProviders(<TutorialsRoute />, { path: '/tutorials' });
    const frame = await screen.findByTitle('Connect an Outlook mailbox');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://video.test/outlook-connection');
    expect(document.querySelectorAll('iframe')).toHaveLength(6);
    expect(screen.queryByTitle('Connect a Gmail mailbox')).toBeNull();
    expect(screen.queryByTitle('The Gmail plugin')).toBeNull();
    expect(within(frame.closest('article')!).getByRole('heading', { name: 'Connect an Outlook mailbox' })).toBeInTheDocument();
  });

  it('shows an empty state when no video is configured', async () => {
    mockApi({ 'GET /api/auth-config': config({}) });
    renderWithProviders(<TutorialsRoute />, { path: '/tutorials' });
    expect(await screen.findByText('No tutorial videos are available yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask us a question' })).toHaveAttribute('href', '/feedback');
  });
});
