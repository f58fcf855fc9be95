import type { AccuracyReplayOffer } from '@app/shared/accuracy';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render';
import { mockApi, type Answer, type Handler } from '@/test/mock-api';
import { MailSettingsRoute } from '../routes/mail-settings';
import { report } from './accuracy';
import { EMPTY } from './dry-run';
import { category, defaultConfigs, mailSetting } from './mock-api';

/** The settings screen with its accuracy card, every request answered; `routes` overrides some. */

export const activity = (engine = 'local') => ({
  status: 200,
  body: { engine, processed: 0, pending: 0, failed: 0, inDoubt: [], corrections: [], heldBack: [] },
});

/** What measuring with an AI provider may cost (GET /api/email-settings/accuracy/replay). */
export const replayOffer = (patch: Partial<AccuracyReplayOffer> = {}): AccuracyReplayOffer => ({
  messages: 200,
  creditsPerMessage: 2,
  maxCredits: 400,
  balance: 1250,
  requested: false,
  ...patch,
});

export function setupAccuracyRoute(routes: Record<string, Answer | Handler> = {}) {
  const api = mockApi({
    'GET /api/email-settings': { status: 200, body: mailSetting() },
    'GET /api/default-configs': { status: 200, body: defaultConfigs() },
    'GET /api/email-settings/activity': activity(),
    'GET /api/s1/email-settings/mailboxes': { status: 200, body: { mailboxes: mailSetting().mailboxes } },
    'GET /api/email-settings/categories': {
      status: 200,
      body: [category(), category({ id: 'c2', _id: 'c2', name: '', existCategoryName: 'Clients', createdBy: 'AI' })],
    },
    'GET /api/email-settings/dry-run': { status: 200, body: EMPTY },
    'GET /api/email-settings/accuracy': { status: 200, body: report() },
    'GET /api/email-settings/accuracy/replay': { status: 200, body: replayOffer() },
    ...routes,
  });
  const view = renderWithProviders(<MailSettingsRoute />, { path: '/email-settings', at: '/email-settings' });
  return { ...api, ...view, user: userEvent.setup() };
}

/** The accuracy card, by its title. */
export const accuracyBlock = (name: string | RegExp = 'Accuracy on your past mail') => screen.findByRole('region', { name });
