import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi, sessionUser, stubBrowserApis } from '@/test/mock-api';
import { AppToaster } from '@/components/ui/toaster';
import { renderWithProviders } from '@/test/render';
import { confirmCardPayment } from '../utils/stripe';
import { SubscriptionsRoute } from './subscriptions';

vi.mock('../utils/stripe', () => ({ confirmCardPayment: vi.fn() }));

const owner = (patch = {}) => sessionUser({ billable: true, plan: 'free', ...patch });
const state = (plan: string, cycle = 'monthly') => ({
  billable: true,
  plan,
  subscriptionStatus: 'active',
  subscriptionBillingCycle: cycle,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
});
const renderPlans = (at = '/subscriptions') =>
  renderWithProviders(
    <>
      <SubscriptionsRoute />
      <AppToaster />
    </>,
    { path: '/subscriptions', at },
  );
/** A card by its plan name, and the text of its price with any spaces made plain. */
const card = (name: string) => screen.getByRole('article', { name });
const price = (name: string) => within(card(name)).getByTestId('plan-price').textContent.replace(/\s/g, ' ');

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubBrowserApis();
  assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.mocked(confirmCardPayment).mockReset();
  await i18n.changeLanguage('en');
});

describe('SubscriptionsRoute: the cards against the spec', () => {
  it('shows STARTER, BASIC, PRO (most popular) and BIZ at their monthly prices, FREE hidden', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: owner() } });
    renderPlans();
    await screen.findByRole('article', { name: 'PRO' });
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'STARTER',
      'BASIC',
      'PRO',
      'BIZ',
    ]);
    expect(['STARTER', 'BASIC', 'PRO', 'BIZ'].map(price)).toEqual(['€19', '€39', '€99', '€399']);
    expect(within(card('PRO')).getByText('Most popular')).toBeInTheDocument();
    const pro = card('PRO');
    for (const text of [
      '5 users',
      '21,000 credits per month',
      '1 h of setup assistance',
      'Extra credit: €0.005',
      'About 400 drafts a day, or 200 drafts plus classifications',
    ])
      expect(within(pro).getByText(text)).toBeInTheDocument();
    expect(within(card('STARTER')).getByText('7 free days')).toBeInTheDocument();
    expect(within(card('STARTER')).getByText('Classification or automatic response')).toBeInTheDocument();
    expect(within(card('BASIC')).getByText('30 min of setup assistance')).toBeInTheDocument();
    expect(within(card('BASIC')).getByText('Extra credit: €0.006')).toBeInTheDocument();
    expect(within(card('BIZ')).getByText('Unlimited users')).toBeInTheDocument();
    expect(within(card('BIZ')).getByText('100,000 credits per month')).toBeInTheDocument();
  });

  it('shows yearly prices as the 12-month total at 75% rounded down per month', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: owner() } });
    renderPlans();
    await userEvent.click(await screen.findByRole('switch', { name: 'Bill yearly' }));
    // 19→14, 39→29, 99→74, 399→299 a month; × 12.
    expect(['STARTER', 'BASIC', 'PRO', 'BIZ'].map(price)).toEqual(['€168', '€348', '€888', '€3,588']);
    expect(within(card('PRO')).getByText('€74 / month, billed annually')).toBeInTheDocument();
    expect(within(card('PRO')).getByText('/ year, billed annually')).toBeInTheDocument();
  });

  it('formats the prices the French way', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /api/session': { status: 200, body: owner() } });
    renderPlans();
    await screen.findByRole('article', { name: 'PRO' });
    expect(['STARTER', 'PRO', 'BIZ'].map(price)).toEqual(['19 €', '99 €', '399 €']);
    expect(
      within(card('PRO')).getByText((text) => text.replace(/\s/g, ' ') === 'Crédit supplémentaire : 0,005 €'),
    ).toBeInTheDocument();
    expect(within(card('BIZ')).getByText((text) => text.replace(/\s/g, ' ') === '100 000 crédits par mois')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Facturation annuelle' }));
    expect(price('BIZ')).toBe('3 588 €');
  });

  it('marks the current plan and cycle', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: owner({ plan: 'pro', subscriptionBillingCycle: 'yearly' }) } });
    renderPlans();
    const pro = await screen.findByRole('article', { name: 'PRO' });
    expect(within(pro).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(price('PRO')).toBe('€888');
    await userEvent.click(screen.getByRole('switch', { name: 'Bill yearly' }));
    expect(within(card('PRO')).getByRole('button', { name: 'Switch to PRO' })).toBeEnabled();
  });

  it('says why there is nothing to choose: billing off, or a team member', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: owner({ billable: false, plan: 'biz' }) } });
    renderPlans();
    expect(await screen.findByText(/Billing is turned off on this installation/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/home');
    expect(screen.queryByText('elsewhere')).not.toBeInTheDocument();
  });

  it('tells a team member that the owner holds the plan, in French too', async () => {
    await i18n.changeLanguage('fr');
    mockApi({ 'GET /api/session': { status: 200, body: owner({ billable: false, referrerId: 'owner-1' }) } });
    renderPlans();
    expect(await screen.findByText(/Le propriétaire de votre équipe détient l'abonnement/)).toBeInTheDocument();
  });
});

describe('SubscriptionsRoute: checkout and switch', () => {
  it('sends a FREE owner to the hosted checkout of the chosen plan and cycle', async () => {
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/users/u1/subscriptions/checkouts': {
        status: 200,
        body: { success: true, url: 'https://checkout.stripe.com/c/pay/cs_1', sessionId: 'cs_1', message: '' },
      },
    });
    renderPlans();
    await userEvent.click(await screen.findByRole('switch', { name: 'Bill yearly' }));
    await userEvent.click(within(card('BASIC')).getByRole('button', { name: 'Choose BASIC' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'));
    const call = calls.find((c) => c.path === '/api/users/u1/subscriptions/checkouts')!;
    expect(Object.fromEntries(call.query)).toEqual({ plan: 'basic', billingCycle: 'yearly' });
  });

  it('shows a checkout reply without a url as info or error, defaulting to Invalid request parameters', async () => {
    let answer: { status: number; body: unknown } = {
      status: 200,
      body: { success: true, url: null, sessionId: null, message: 'This is already your current plan' },
    };
    mockApi({ 'GET /api/session': { status: 200, body: owner() }, 'GET /api/users/u1/subscriptions/checkouts': () => answer });
    renderPlans();
    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'PRO' })).findByRole('button', { name: 'Choose PRO' }),
    );
    expect(await screen.findByText('This is already your current plan')).toBeInTheDocument();
    answer = { status: 400, body: { success: false, status: 400 } };
    await userEvent.click(within(card('BIZ')).getByRole('button', { name: 'Choose BIZ' }));
    expect(await screen.findByText('Invalid request parameters')).toBeInTheDocument();
    answer = apiError(503, 'BILLING_UNAVAILABLE', 'The payment service is unavailable, please try again later');
    await userEvent.click(within(card('BIZ')).getByRole('button', { name: 'Choose BIZ' }));
    expect(await screen.findByText('The payment service is unavailable, please try again later')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('switches a paying owner in place, then goes to /email-settings', async () => {
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'basic' }) },
      'POST /api/users/u1/subscriptions/switch': {
        status: 200,
        body: {
          success: true,
          status: 'active',
          clientSecret: null,
          publishableKey: null,
          subscription: state('pro'),
          message: '',
        },
      },
    });
    const { router } = renderPlans();
    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'PRO' })).findByRole('button', { name: 'Switch to PRO' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ newPlan: 'pro', billingCycle: 'monthly' });
    expect(confirmCardPayment).not.toHaveBeenCalled();
  });

  it('confirms a payment that requires action with Stripe.js and the client secret, then asks the server', async () => {
    vi.mocked(confirmCardPayment).mockResolvedValue({ ok: true });
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'basic' }) },
      'POST /api/users/u1/subscriptions/switch': {
        status: 200,
        body: {
          success: true,
          status: 'requires_action',
          clientSecret: 'pi_1_secret_2',
          publishableKey: 'pk_test_1',
          subscription: state('basic'),
          message: '',
        },
      },
      'GET /api/users/u1/payments/process': { status: 200, body: state('biz') },
    });
    const { router } = renderPlans();
    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'BIZ' })).findByRole('button', { name: 'Switch to BIZ' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'));
    expect(confirmCardPayment).toHaveBeenCalledWith('pk_test_1', 'pi_1_secret_2');
    expect(calls.some((c) => c.path === '/api/users/u1/payments/process')).toBe(true);
  });

  it('shows the card error and stays when the confirmation fails', async () => {
    vi.mocked(confirmCardPayment).mockResolvedValue({ ok: false, message: 'Your card was declined.' });
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'basic' }) },
      'POST /api/users/u1/subscriptions/switch': {
        status: 200,
        body: {
          success: true,
          status: 'requires_action',
          clientSecret: 'pi_1_secret_2',
          publishableKey: 'pk_test_1',
          subscription: state('basic'),
          message: '',
        },
      },
    });
    const { router } = renderPlans();
    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'BIZ' })).findByRole('button', { name: 'Switch to BIZ' }),
    );
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subscriptions');
    expect(calls.some((c) => c.path === '/api/users/u1/payments/process')).toBe(false);
  });

  it('says when a cancelled paid plan ends, in the reader language', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'pro' }) },
      'GET /api/users/u1/subscriptions': {
        status: 200,
        body: { ...state('pro'), currentPeriodEnd: '2026-12-20T14:03:05Z', cancelAtPeriodEnd: true },
      },
    });
    renderPlans();
    expect(
      await screen.findByText(
        'Your PRO plan ends on December 20, 2026; you then move to the FREE plan. Choose a plan before then to keep it.',
      ),
    ).toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await screen.findByText(/Votre offre PRO prend fin le 20 décembre 2026/)).toBeInTheDocument();
  });

  it('shows no end date for a paid plan that renews', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'pro' }) },
      'GET /api/users/u1/subscriptions': { status: 200, body: { ...state('pro'), currentPeriodEnd: '2026-12-20T14:03:05Z' } },
    });
    renderPlans();
    await screen.findByRole('article', { name: 'PRO' });
    await waitFor(() => expect(screen.queryByText(/plan ends on/)).not.toBeInTheDocument());
  });

  it('shows a failed switch message as an error, in the user language', async () => {
    await i18n.changeLanguage('fr');
    mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'basic' }) },
      'POST /api/users/u1/subscriptions/switch': apiError(
        409,
        'PAYMENT_PENDING',
        'A previous plan change is waiting for its payment',
      ),
    });
    renderPlans();
    await userEvent.click(
      await within(await screen.findByRole('article', { name: 'PRO' })).findByRole('button', { name: 'Passer à PRO' }),
    );
    expect(await screen.findByText("Un changement d'offre précédent attend son paiement")).toBeInTheDocument();
  });

  it('on the sid return waits for the session to complete, then goes to /email-settings', async () => {
    let status = 'open';
    const { calls } = mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/users/u1/checkouts/cs_test_1/status': () => ({
        status: 200,
        body: {
          sessionId: 'cs_test_1',
          status,
          paymentStatus: status === 'open' ? 'unpaid' : 'paid',
          subscription: state(status === 'open' ? 'free' : 'pro'),
        },
      }),
    });
    const { router } = renderPlans('/subscriptions?sid=cs_test_1');
    expect(await screen.findByText('Your payment is being confirmed…')).toBeInTheDocument();
    status = 'complete';
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-settings'), { timeout: 5000 });
    expect(calls.filter((c) => c.path.endsWith('/status')).length).toBeGreaterThanOrEqual(2);
  });

  it('shows an error for a session that is not the user’s', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/users/u1/checkouts/cs_test_x/status': apiError(404, 'NOT_FOUND', 'Checkout session not found'),
    });
    renderPlans('/subscriptions?sid=cs_test_x');
    expect(await screen.findByText('Checkout session not found')).toBeInTheDocument();
  });
});
