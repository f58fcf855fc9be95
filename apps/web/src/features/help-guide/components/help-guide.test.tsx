import type { SessionUser } from '@app/shared/auth';
import type { GettingStarted } from '@app/shared/getting-started';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { parseProgress, progressKey } from '../utils/progress';
import { HelpGuide } from './help-guide';

const NOTHING_YET: GettingStarted = { mailbox: false, categories: false, knowledge: false, firstDraft: false };

function renderGuide(user: SessionUser = sessionUser(), at = '/home', done: GettingStarted = NOTHING_YET) {
  const { calls } = mockApi({
    'GET /api/getting-started': { status: 200, body: done },
    'PUT /api/user-profiles/p1': { status: 200, body: { success: true } },
  });
  return { ...renderWithProviders(<HelpGuide user={user} />, { path: '*', at }), calls };
}

const stored = (uid = 'u1') => parseProgress(localStorage.getItem(progressKey(uid)));
const dialog = () => screen.getByRole('dialog', { name: 'Getting started guide' });
// While the modal is open, Radix hides the rest of the page from assistive technology.
const progressbar = () => screen.getByRole('progressbar', { name: 'Help guide progress', hidden: true });
const floating = () => screen.getByRole('button', { name: /^Getting started/, hidden: true });
const dot = (number: number) => within(dialog()).getByRole('button', { name: new RegExp(`^Go to step ${number}:`) });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('HelpGuide', () => {
  it('opens by itself once when showGuide is set, and never again for that user', async () => {
    const user = userEvent.setup();
    const first = renderGuide(sessionUser({ showGuide: true }));
    expect(await screen.findByRole('dialog', { name: 'Getting started guide' })).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 1 of 6')).toBeInTheDocument();
    expect(stored()).toMatchObject({ openedFirstTime: true, totalViews: 1 });
    expect(stored().lastVisited).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();

    renderGuide(sessionUser({ showGuide: true }));
    expect(await screen.findByRole('button', { name: /^Getting started/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored().totalViews).toBe(1);
  });

  it('tells the server once it was seen and closed, and does not open by itself once seen in another browser', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/getting-started': { status: 200, body: NOTHING_YET },
      'PUT /api/user-profiles/p1': { status: 200, body: { success: true } },
    });
    const first = renderWithProviders(<HelpGuide user={sessionUser({ showGuide: true, profileId: 'p1' })} />, {
      path: '*',
      at: '/home',
    });
    expect(await screen.findByRole('dialog', { name: 'Getting started guide' })).toBeInTheDocument();
    // Open is not yet seen: a reload now would show it again.
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.keyboard('{Escape}');
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
        ['/api/user-profiles/p1', { helpGuideSeen: true }],
      ]),
    );
    first.unmount();

    // Another browser: nothing in its storage, but the server says the guide was seen.
    localStorage.clear();
    renderGuide(sessionUser({ showGuide: true, profileId: 'p1', helpGuideSeen: true }));
    expect(await screen.findByRole('button', { name: /^Getting started/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open by itself without showGuide; the floating button opens it', async () => {
    const user = userEvent.setup();
    renderGuide(sessionUser({ showGuide: false }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Getting started/ })).toHaveAccessibleName(
      'Getting started, Next: Connect your mailbox',
    );
    expect(progressbar()).toHaveAttribute('aria-valuenow', '0');
    await user.click(floating());
    expect(dialog()).toBeInTheDocument();
    expect(stored()).toMatchObject({ openedFirstTime: true, totalViews: 1 });
  });

  it('waits until the user has left the profile screen', async () => {
    const { router } = renderGuide(sessionUser({ showGuide: true }), '/profile');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => router.navigate('/email-settings/add'));
    expect(await screen.findByRole('dialog', { name: 'Getting started guide' })).toBeInTheDocument();
  });

  it('next marks the step done, previous and skip move without marking, dots and arrow keys jump', async () => {
    const user = userEvent.setup();
    renderGuide();
    await user.click(await screen.findByRole('button', { name: /^Getting started/ }));
    const next = within(dialog()).getByRole('button', { name: 'Next' });
    expect(within(dialog()).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(next);
    expect(within(dialog()).getByText('Step 2 of 6')).toBeInTheDocument();
    expect(within(dialog()).getByRole('heading', { name: 'Classification' })).toBeInTheDocument();
    expect(dot(1)).toHaveAccessibleName('Go to step 1: Connect your mailbox (done)');
    expect(dot(2)).toHaveAttribute('aria-current', 'step');
    // The Getting started button counts what is really set up, not the pages read.
    expect(floating()).toHaveAccessibleName('Getting started, Next: Connect your mailbox');

    await user.click(within(dialog()).getByRole('button', { name: 'Previous' }));
    expect(within(dialog()).getByText('Step 1 of 6')).toBeInTheDocument();

    await user.click(dot(2));
    await user.click(within(dialog()).getByRole('button', { name: 'Skip' }));
    expect(within(dialog()).getByText('Step 3 of 6')).toBeInTheDocument();
    expect(dot(2)).toHaveAccessibleName('Go to step 2: Classification');
    expect(stored()).toMatchObject({ currentStep: 2, completedSteps: [0] });

    await user.click(dot(5));
    expect(within(dialog()).getByRole('heading', { name: 'Knowledge base' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog()).getByText('Step 4 of 6')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(dialog()).getByText('Step 6 of 6')).toBeInTheDocument();
    expect(stored().completedSteps).toEqual([0]);
  });

  it('finish on the last step completes the guide and closes it; the button then says so', async () => {
    const user = userEvent.setup();
    renderGuide();
    await user.click(await screen.findByRole('button', { name: /^Getting started/ }));
    for (let step = 1; step < 6; step++) await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(within(dialog()).getByRole('heading', { name: /Advanced instructions/ })).toBeInTheDocument();
    expect(within(dialog()).getByText('Optional')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored()).toMatchObject({ guideCompleted: true, completedSteps: [0, 1, 2, 3, 4, 5] });
  });

  it('counts what the server sees set up, and goes away once everything is', async () => {
    const first = renderGuide(sessionUser(), '/home', { mailbox: true, categories: false, knowledge: true, firstDraft: false });
    expect(await screen.findByRole('button', { name: /^Getting started/ })).toHaveAccessibleName(
      'Getting started, Next: Create a category',
    );
    expect(progressbar()).toHaveAttribute('aria-valuenow', '50');
    expect(floating()).toHaveTextContent('2/4');
    first.unmount();

    const { calls } = renderGuide(sessionUser(), '/home', { mailbox: true, categories: true, knowledge: true, firstDraft: true });
    expect(await screen.findByRole('button', { name: 'Help guide' })).toBeInTheDocument();
    // Once the server has answered (before, the button is absent whatever the answer).
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/getting-started')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /^Getting started/ })).not.toBeInTheDocument();
  });

  it('once closed, the Getting started button stays closed; the header button still opens the guide', async () => {
    const user = userEvent.setup();
    const view = renderGuide();
    await user.click(await screen.findByRole('button', { name: 'Hide the help guide button' }));
    expect(screen.queryByRole('button', { name: /^Getting started/ })).not.toBeInTheDocument();
    expect(stored().buttonHidden).toBe(true);
    view.unmount();

    renderGuide();
    expect(screen.queryByRole('button', { name: /^Getting started/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Help guide' }));
    expect(dialog()).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(stored().buttonHidden).toBe(true);
    expect(screen.queryByRole('button', { name: /^Getting started/ })).not.toBeInTheDocument();
  });

  it('tells the server when the Getting started button is closed, and keeps it closed in another browser', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'GET /api/getting-started': { status: 200, body: NOTHING_YET },
      'PUT /api/user-profiles/p1': { status: 200, body: { success: true } },
    });
    const view = renderWithProviders(<HelpGuide user={sessionUser({ profileId: 'p1' })} />, { path: '*', at: '/home' });
    await user.click(await screen.findByRole('button', { name: 'Hide the help guide button' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ gettingStartedClosed: true }]),
    );
    view.unmount();

    localStorage.clear();
    renderGuide(sessionUser({ profileId: 'p1', gettingStartedClosed: true }));
    expect(await screen.findByRole('button', { name: 'Help guide' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /^Getting started/ })).not.toBeInTheDocument();
  });

  it('keeps each user their own progress', async () => {
    const user = userEvent.setup();
    const view = renderGuide(sessionUser({ uid: 'alice' }));
    await user.click(await screen.findByRole('button', { name: /^Getting started/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    view.unmount();

    const bob = renderGuide(sessionUser({ uid: 'bob', showGuide: true }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(within(dialog()).getByText('Step 1 of 6')).toBeInTheDocument();
    expect(stored('bob').completedSteps).toEqual([]);
    bob.unmount();

    renderGuide(sessionUser({ uid: 'alice', showGuide: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stored('alice')).toMatchObject({ currentStep: 1, completedSteps: [0] });
  });

  it("each step's button goes to its screen and closes the guide", async () => {
    const user = userEvent.setup();
    const { router } = renderGuide();
    await user.click(await screen.findByRole('button', { name: /^Getting started/ }));
    await user.click(dot(5));
    await user.click(within(dialog()).getByRole('button', { name: 'Open the knowledge base' }));
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(floating());
    await user.click(dot(1));
    await user.click(within(dialog()).getByRole('button', { name: 'Connect a mailbox' }));
    expect(router.state.location.pathname).toBe('/email-settings/add');
  });

  it('shows the French screenshots with French alt texts in French', async () => {
    const user = userEvent.setup();
    renderGuide();
    await user.click(await screen.findByRole('button', { name: /^Getting started/ }));
    const english = within(dialog()).getByRole('img');
    expect(english).toHaveAttribute('src', '/help-guide/en/step-1.webp');
    expect(english).toHaveAttribute('srcset', '/help-guide/en/step-1-640.webp 640w, /help-guide/en/step-1.webp 1000w');
    await act(() => i18n.changeLanguage('fr'));
    const image = within(screen.getByRole('dialog', { name: 'Guide de démarrage' })).getByRole('img');
    expect(image).toHaveAttribute('src', '/help-guide/fr/step-1.webp');
    expect(image).toHaveAccessibleName("L'écran de connexion de la boîte mail avec les cartes Gmail, Outlook et SMTP");
  });

  it('gives no guide to a member without the AI setup', () => {
    renderGuide(sessionUser({ referrerId: 'owner', metadata: { hasAiConfig: false }, showGuide: true }));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
