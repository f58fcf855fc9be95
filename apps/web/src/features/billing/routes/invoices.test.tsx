import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { apiError, mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { InvoicesRoute } from './invoices';

const invoice = (patch = {}) => ({
  id: 'in_1',
  number: 'TEST-0001',
  status: 'paid',
  currency: 'eur',
  total: 88_800,
  amountPaid: 88_800,
  created: '2026-03-04T10:00:00.000Z',
  hostedInvoiceUrl: 'https://invoice.stripe.com/i/in_1',
  invoicePdf: 'https://pay.stripe.com/invoice/in_1/pdf',
  ...patch,
});
const owner = (patch = {}) => sessionUser({ billable: true, plan: 'pro', ...patch });
const renderInvoices = () => renderWithProviders(<InvoicesRoute />, { path: '/invoices' });

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('InvoicesRoute', () => {
  it('lists date, number, amount, status and the PDF link', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/users/u1/invoices': {
        status: 200,
        body: [invoice(), invoice({ id: 'in_2', number: 'TEST-0002', status: 'open', total: 3_900, invoicePdf: null })],
      },
    });
    renderInvoices();
    await screen.findByText('TEST-0001');
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Mar 4, 2026')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('€888.00')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'PDF' })).toHaveAttribute(
      'href',
      'https://pay.stripe.com/invoice/in_1/pdf',
    );
    expect(within(rows[1]!).getByText('Due')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('€39.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'View' })).toHaveAttribute('href', 'https://invoice.stripe.com/i/in_1');
  });

  it('formats amounts and dates in French', async () => {
    await i18n.changeLanguage('fr');
    mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/users/u1/invoices': { status: 200, body: [invoice({ total: 358_800 })] },
    });
    renderInvoices();
    await screen.findByText('TEST-0001');
    expect(screen.getByText((text) => text.replace(/\s/g, ' ') === '3 588,00 €')).toBeInTheDocument();
    expect(screen.getByText('Payée')).toBeInTheDocument();
    expect(screen.getByText('4 mars 2026')).toBeInTheDocument();
  });

  it('has an empty state leading to the plans, and an error state with a retry', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: owner() }, 'GET /api/users/u1/invoices': { status: 200, body: [] } });
    renderInvoices();
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscriptions');
  });

  it('shows a load error with a retry', async () => {
    mockApi({
      'GET /api/session': { status: 200, body: owner() },
      'GET /api/users/u1/invoices': apiError(503, 'BILLING_UNAVAILABLE', 'x'),
    });
    renderInvoices();
    expect(await screen.findByText('The payment service is unavailable, please try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says why there are no invoices: the free plan, or billing off', async () => {
    mockApi({ 'GET /api/session': { status: 200, body: owner({ plan: 'free' }) } });
    const first = renderInvoices();
    expect(await screen.findByText(/You are on the free plan: there are no invoices yet/)).toBeInTheDocument();
    first.unmount();
    mockApi({ 'GET /api/session': { status: 200, body: owner({ billable: false }) } });
    renderInvoices();
    expect(await screen.findByText(/Billing is turned off on this installation/)).toBeInTheDocument();
  });
});
