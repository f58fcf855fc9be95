import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { BillingPortalRoute } from './billing-portal';

const owner = (patch = {}) => sessionUser({ billable: true, plan: 'pro', ...patch });
const renderPortal = () => renderWithProviders(<BillingPortalRoute />, { path: '/billing' });

afterEach(() => vi.unstubAllGlobals());

describe('BillingPortalRoute', () => {
  it("goes to the payment provider's portal", async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/billing/u1': { status: 200, body: { url: 'https://billing.stripe.com/p/session/bps_1' } },
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderPortal();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/bps_1'));
  });

  it('goes to /subscriptions when there is no portal', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner({ plan: 'free' }) },
      'GET /api/billing/u1': { status: 200, body: { url: null } },
    });
    const { router } = renderPortal();
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptions'));
  });

  it('says when the payment service cannot be reached, with a retry', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/billing/u1': apiError(503, 'BILLING_UNAVAILABLE', 'down'),
    });
    renderPortal();
    expect(await screen.findByText('The payment service is unavailable, please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('is not for users who are not billable', async () => {
    const { calls } = mockApi({ 'GET /api/session': { status: 200, body: owner({ billable: false }) } });
    renderPortal();
    expect(await screen.findByText(/Billing is turned off on this installation/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/billing'))).toBe(false);
  });
});
